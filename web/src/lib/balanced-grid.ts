/**
 * Grids chosen by their number of items, so that no row ends with one lonely item: four
 * highlights are 4 or 2 + 2, never 3 + 1; five tiles are 3 + 2, never 4 + 1. The grid's
 * stylesheet composes components/ui/balanced-grid.module.css, which reads the columns from the
 * custom properties this returns (set on the grid element), one per width band.
 */
import type { CSSProperties } from 'react';

/** The width bands of balanced-grid.module.css, widest first. */
export const GRID_BANDS = ['wide', 'mid', 'narrow', 'phone'] as const;
export type GridBand = (typeof GRID_BANDS)[number];

/**
 * The columns for `count` items with at most `max` in a row, rows as even as they can be:
 * as few rows as `max` allows, then as few columns as fill them (4 of 3 → 2, 5 of 4 → 3,
 * 9 of 4 → 3). With `keepMax`, a single row keeps `max` columns, so that the items of several
 * grids (the lines of the product list) have the same width.
 */
export function balancedColumns(count: number, max: number, keepMax = false): number {
  if (count <= 1 || max <= 1) return 1;
  const rows = Math.ceil(count / max);
  if (rows === 1 && keepMax) return max;
  return Math.ceil(count / rows);
}

/**
 * The grid's custom properties: `--cols-<band>` for every band, and `--last-<band>` where even
 * balanced rows leave one item alone (an odd count in two columns): that item then spans the row.
 */
export function balancedGrid(count: number, max: Record<GridBand, number>, keepMax = false): CSSProperties {
  const style: Record<string, string | number> = {};
  for (const band of GRID_BANDS) {
    const columns = balancedColumns(count, max[band], keepMax);
    style[`--cols-${band}`] = columns;
    if (columns > 1 && count > columns && count % columns === 1) style[`--last-${band}`] = '1 / -1';
  }
  return style;
}
