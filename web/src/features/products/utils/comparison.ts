/**
 * The rules of the comparison page as pure functions: which products are chosen (kept in the
 * query string as `?ids=101,201`), and which parameter rows show under the two toggles.
 */
import type { ComparisonRow } from '@/api/generated/model/comparisonRow.zod';

/** Spec section 9: a comparison needs at least 2 products; the contract allows at most 4. */
export const MIN_COMPARED = 2;
export const MAX_COMPARED = 4;

/** The query parameter that keeps the choice. */
export const IDS_PARAM = 'ids';

const ID = /^[1-9][0-9]{0,15}$/;

/**
 * The chosen product ids from the query value (`101,201`): numbers only, no repeats, in the order
 * given, at most {@link MAX_COMPARED}. Anything else in the value is ignored.
 */
export function parseIds(value: string | null | undefined): number[] {
  if (!value) return [];
  const ids: number[] = [];
  for (const part of value.split(',')) {
    const text = part.trim();
    if (!ID.test(text)) continue;
    const id = Number(text);
    if (!Number.isSafeInteger(id) || ids.includes(id)) continue;
    ids.push(id);
    if (ids.length === MAX_COMPARED) break;
  }
  return ids;
}

/** The query value for a choice ('' for none). */
export function formatIds(ids: readonly number[]): string {
  return ids.join(',');
}

/** Adds a product at the end (when there is room and it is not chosen yet) or removes it. */
export function toggleId(ids: readonly number[], id: number): number[] {
  if (ids.includes(id)) return ids.filter((chosen) => chosen !== id);
  if (ids.length >= MAX_COMPARED) return [...ids];
  return [...ids, id];
}

/** A row whose values are all the same (an unavailable value counts as a value of its own). */
export function isIdentical(row: Pick<ComparisonRow, 'values'>): boolean {
  const [first, ...rest] = row.values;
  return rest.every((value) => value === first);
}

/** A row where at least one product has no value. */
export function isUnavailable(row: Pick<ComparisonRow, 'values'>): boolean {
  return row.values.some((value) => value === null || value === undefined || value.trim() === '');
}

export interface RowFilters {
  hideIdentical: boolean;
  hideUnavailable: boolean;
}

/** One parameter group of the table, in the order the rows came. */
export interface RowGroup<Row> {
  name: string;
  rows: Row[];
}

/**
 * The rows left after both toggles (they work together: a row is hidden when either hides it),
 * grouped by parameter group in the order of first appearance; groups with no rows left vanish.
 */
export function visibleGroups<Row extends Pick<ComparisonRow, 'groupName' | 'values'>>(
  rows: readonly Row[],
  filters: RowFilters,
): RowGroup<Row>[] {
  const groups: RowGroup<Row>[] = [];
  for (const row of rows) {
    if (filters.hideIdentical && isIdentical(row)) continue;
    if (filters.hideUnavailable && isUnavailable(row)) continue;
    let group = groups.find((g) => g.name === row.groupName);
    if (!group) {
      group = { name: row.groupName, rows: [] };
      groups.push(group);
    }
    group.rows.push(row);
  }
  return groups;
}
