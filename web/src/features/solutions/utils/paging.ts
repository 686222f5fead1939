/** Page arithmetic of the case list. */

/** Number of pages for `total` items (at least 1, so an empty list has a page 1). */
export function pageCount(total: number, pageSize: number): number {
  return Math.max(1, Math.ceil(Math.max(0, total) / Math.max(1, pageSize)));
}

/** A positive page number from the query ('2' → 2); 1 for anything else. */
export function parsePage(value: string | null | undefined): number {
  if (!value || !/^[1-9][0-9]{0,5}$/.test(value)) return 1;
  return Number(value);
}

/**
 * The page numbers to offer: all of them when few, otherwise the first, the last and the
 * neighbours of the current one, with null standing for a gap (`1 … 4 5 6 … 12`).
 */
export function pageItems(current: number, count: number): Array<number | null> {
  if (count <= 7) return Array.from({ length: count }, (_, i) => i + 1);
  const pages = new Set([1, count, current - 1, current, current + 1].filter((p) => p >= 1 && p <= count));
  const sorted = [...pages].sort((a, b) => a - b);
  const items: Array<number | null> = [];
  for (const [i, page] of sorted.entries()) {
    const previous = sorted[i - 1];
    if (previous !== undefined && page - previous > 1) items.push(page - previous === 2 ? previous + 1 : null);
    items.push(page);
  }
  return items;
}
