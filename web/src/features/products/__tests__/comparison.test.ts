import { describe, expect, it } from 'vitest';
import { alignParameters, formatIds, isIdentical, isUnavailable, parseIds, toggleId, visibleGroups } from '../utils/comparison';
import { comparisonHref } from '../utils/links';
import { comparison } from './fixtures';

type Row = (typeof comparison.parameters)[number];
const names = (groups: Array<{ name: string; rows: Row[] }>) => groups.map((g) => [g.name, g.rows.map((r) => r.name)]);

describe('the chosen products in the query string', () => {
  it('reads numbers in order, without repeats, at most four', () => {
    expect(parseIds('101,201,301')).toEqual([101, 201, 301]);
    expect(parseIds(' 101 , 101,abc,0,-5,1e3,201')).toEqual([101, 201]);
    expect(parseIds('1,2,3,4,5,6')).toEqual([1, 2, 3, 4]);
    expect(parseIds('')).toEqual([]);
    expect(parseIds(null)).toEqual([]);
    expect(parseIds('99999999999999999999')).toEqual([]);
  });

  it('writes them back and toggles one, never beyond four', () => {
    expect(formatIds([101, 201])).toBe('101,201');
    expect(toggleId([101, 201], 301)).toEqual([101, 201, 301]);
    expect(toggleId([101, 201, 301], 201)).toEqual([101, 301]);
    expect(toggleId([1, 2, 3, 4], 5)).toEqual([1, 2, 3, 4]);
  });

  it('builds comparison links with at most four products', () => {
    expect(comparisonHref([])).toBe('/productComparison');
    expect(comparisonHref([103])).toBe('/productComparison?ids=103');
    expect(comparisonHref([1, 2, 3, 4, 5])).toBe('/productComparison?ids=1,2,3,4');
  });
});

describe('the row filters', () => {
  it('tells identical rows and rows with an unavailable value', () => {
    expect(isIdentical({ values: ['6', '6', '6'] })).toBe(true);
    expect(isIdentical({ values: ['6', '6', '7'] })).toBe(false);
    expect(isIdentical({ values: [null, null] })).toBe(true);
    expect(isUnavailable({ values: [null, 'x'] })).toBe(true);
    expect(isUnavailable({ values: [' ', 'x'] })).toBe(true);
    expect(isUnavailable({ values: ['x', 'y'] })).toBe(false);
  });

  it('shows every row grouped when no filter is on', () => {
    expect(names(visibleGroups(comparison.parameters, { hideIdentical: false, hideUnavailable: false }))).toEqual([
      ['Performance', ['Payload', 'Degrees of freedom']],
      ['Environment', ['IP rating', 'Special protection']],
      ['Controller', ['Cabinet']],
    ]);
  });

  it('hides identical rows, and the groups left empty', () => {
    expect(names(visibleGroups(comparison.parameters, { hideIdentical: true, hideUnavailable: false }))).toEqual([
      ['Performance', ['Payload']],
      ['Environment', ['IP rating', 'Special protection']],
    ]);
  });

  it('hides rows with unavailable values', () => {
    expect(names(visibleGroups(comparison.parameters, { hideIdentical: false, hideUnavailable: true }))).toEqual([
      ['Performance', ['Payload', 'Degrees of freedom']],
      ['Environment', ['IP rating']],
      ['Controller', ['Cabinet']],
    ]);
  });

  it('applies both filters together', () => {
    expect(names(visibleGroups(comparison.parameters, { hideIdentical: true, hideUnavailable: true }))).toEqual([
      ['Performance', ['Payload']],
      ['Environment', ['IP rating']],
    ]);
  });
});

describe('alignParameters', () => {
  const item = (name: string, value: string, unit: string | null = null) => ({ name, value, unit });

  it('lines up the products’ parameters: one row each, a value per product, null where one lacks it', () => {
    const zu = { specGroups: [{ groupName: 'Performance', items: [item('Payload', '3', 'kg'), item('Reach', '626', 'mm')] }, { groupName: 'Controller', items: [item('Cabinet', 'Cab 2.1')] }] };
    const pro = {
      specGroups: [
        { groupName: 'Performance', items: [item('Payload', '5', 'kg'), item('Repeatability', '±0.02', 'mm'), item('Reach', '954', 'mm')] },
        { groupName: 'Environment', items: [item('IP rating', 'IP68')] },
        { groupName: 'Controller', items: [item('Cabinet', 'Cab 2.1')] },
      ],
    };
    expect(alignParameters([zu, pro])).toEqual([
      { groupName: 'Performance', name: 'Payload', unit: 'kg', values: ['3', '5'] },
      // What the first product lacks keeps its place between its neighbours.
      { groupName: 'Performance', name: 'Repeatability', unit: 'mm', values: [null, '±0.02'] },
      { groupName: 'Performance', name: 'Reach', unit: 'mm', values: ['626', '954'] },
      { groupName: 'Environment', name: 'IP rating', unit: null, values: [null, 'IP68'] },
      { groupName: 'Controller', name: 'Cabinet', unit: null, values: ['Cab 2.1', 'Cab 2.1'] },
    ]);
  });

  it('keeps the order of the products for the values, and leaves out empty groups', () => {
    const a = { specGroups: [{ groupName: 'G', items: [item('x', '1')] }, { groupName: 'Empty', items: [] }] };
    const b = { specGroups: [{ groupName: 'G', items: [item('y', '2')] }] };
    const c = { specGroups: [] };
    expect(alignParameters([c, a, b])).toEqual([
      { groupName: 'G', name: 'x', unit: null, values: [null, '1', null] },
      { groupName: 'G', name: 'y', unit: null, values: [null, null, '2'] },
    ]);
  });

  it('puts what the first products lack before their first parameter when a later product starts with it', () => {
    const a = { specGroups: [{ groupName: 'G', items: [item('2', 'a2'), item('3', 'a3')] }] };
    const b = { specGroups: [{ groupName: 'F', items: [item('0', 'b0')] }, { groupName: 'G', items: [item('1', 'b1'), item('2', 'b2')] }] };
    expect(alignParameters([a, b]).map((row) => [row.groupName, row.name, ...row.values])).toEqual([
      ['F', '0', null, 'b0'],
      ['G', '1', null, 'b1'],
      ['G', '2', 'a2', 'b2'],
      ['G', '3', 'a3', null],
    ]);
  });
});
