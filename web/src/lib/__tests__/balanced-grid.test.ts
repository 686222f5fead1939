import { describe, expect, it } from 'vitest';
import { balancedColumns, balancedGrid } from '../balanced-grid';

describe('balanced grids', () => {
  it('never leave one item alone in the last row when fewer columns avoid it', () => {
    expect(balancedColumns(4, 3)).toBe(2); // 2 + 2, not 3 + 1
    expect(balancedColumns(5, 4)).toBe(3); // 3 + 2, not 4 + 1
    expect(balancedColumns(9, 4)).toBe(3); // 3 + 3 + 3, not 4 + 4 + 1
    expect(balancedColumns(4, 4)).toBe(4);
    expect(balancedColumns(2, 5)).toBe(2);
    expect(balancedColumns(1, 3)).toBe(1);
  });

  it('keep the widest count for a single row when items of several grids must match', () => {
    expect(balancedColumns(3, 5, true)).toBe(5);
    expect(balancedColumns(6, 5, true)).toBe(3);
  });

  it('let a last item that two columns leave alone span its row', () => {
    const style = balancedGrid(5, { wide: 5, mid: 3, narrow: 3, phone: 2 }) as Record<string, unknown>;
    expect(style).toMatchObject({ '--cols-wide': 5, '--cols-mid': 3, '--cols-narrow': 3, '--cols-phone': 2, '--last-phone': '1 / -1' });
    expect(style['--last-mid']).toBeUndefined();
  });
});
