/** Site paths of the solution pages (without language prefix; SmartLink adds it). */

export const industryHref = (id: number) => `/industry/${id}`;
export const applicationHref = (id: number) => `/application/${id}`;
export const productLevelHref = (id: number) => `/productLevel/${id}`;
export const caseHref = (id: number) => `/caseDetail/${id}`;
export const productHref = (id: number) => `/productDetails/${id}`;

/** The case list, optionally filtered by industry and on a page other than the first. */
export function caseListHref({ industryId, page }: { industryId?: number | null; page?: number } = {}): string {
  const params = new URLSearchParams();
  if (industryId) params.set(INDUSTRY_PARAM, String(industryId));
  if (page && page > 1) params.set(PAGE_PARAM, String(page));
  const query = params.toString();
  return query ? `/case?${query}` : '/case';
}

export const INDUSTRY_PARAM = 'industry';
export const PAGE_PARAM = 'page';
