/** Site paths of the product pages (without language prefix; SmartLink adds it). */
import { IDS_PARAM, MAX_COMPARED, formatIds } from './comparison';

export function lineHref(id: number): string {
  return `/productList/${id}`;
}

export function productHref(id: number): string {
  return `/productDetails/${id}`;
}

/** The comparison page with (up to four of) the given products chosen. */
export function comparisonHref(ids: readonly number[]): string {
  const chosen = ids.slice(0, MAX_COMPARED);
  return chosen.length > 0 ? `/productComparison?${IDS_PARAM}=${formatIds(chosen)}` : '/productComparison';
}
