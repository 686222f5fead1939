/** Product cards per row by width band (lib/balanced-grid.ts); phones show them as a list. */
export const PRODUCT_COLUMNS = { wide: 5, mid: 3, narrow: 2, phone: 1 } as const;
