/**
 * The rules of the comparison page as pure functions: which products are chosen (kept in the
 * query string as `?ids=101,201`), how their parameters line up, and which parameter rows show
 * under the two toggles.
 */
import type { ComparisonRow } from '@/api/generated/model/comparisonRow.zod';
import type { SpecGroup } from '@/api/generated/model/specGroup.zod';

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

interface AlignedGroup {
  name: string;
  rows: ComparisonRow[];
}

/**
 * Where the entry named `name` stands in `list`. One not there yet is put right after the entry
 * this product named before it (`after`), or, if it is the product's first, right before the
 * first of the product's later entries already listed (`later`), else at the end: an entry one
 * product lacks keeps its place between its neighbours.
 */
function place<T extends { name: string }>(list: T[], name: string, after: number, later: readonly string[], make: () => T): number {
  const at = list.findIndex((entry) => entry.name === name);
  if (at >= 0) return at;
  let to = after + 1;
  if (after < 0) {
    const next = list.findIndex((entry) => later.includes(entry.name));
    to = next >= 0 ? next : list.length;
  }
  list.splice(to, 0, make());
  return to;
}

/**
 * The parameters of products side by side, from each product's own parameter groups: one row
 * per parameter any of them has (matched by group and name), with one value per product in the
 * order of `products` (null where a product lacks it). Groups and rows keep the order the
 * products list them in, as the CMS's own comparison does.
 */
export function alignParameters(products: readonly { specGroups: readonly SpecGroup[] }[]): ComparisonRow[] {
  const groups: AlignedGroup[] = [];
  products.forEach((product, column) => {
    const groupNames = product.specGroups.map((g) => g.groupName);
    let group = -1;
    product.specGroups.forEach((specGroup, g) => {
      group = place(groups, specGroup.groupName, group, groupNames.slice(g + 1), () => ({ name: specGroup.groupName, rows: [] }));
      const { rows } = groups[group] as AlignedGroup;
      const itemNames = specGroup.items.map((i) => i.name);
      let row = -1;
      specGroup.items.forEach((item, i) => {
        row = place(rows, item.name, row, itemNames.slice(i + 1), () => ({
          groupName: specGroup.groupName,
          name: item.name,
          unit: item.unit ?? null,
          values: products.map(() => null),
        }));
        (rows[row] as ComparisonRow).values[column] = item.value;
      });
    });
  });
  return groups.flatMap((g) => g.rows);
}
