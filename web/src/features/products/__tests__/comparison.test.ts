import { describe, expect, it } from 'vitest';
import { formatIds, isIdentical, isUnavailable, parseIds, toggleId, visibleGroups } from '../utils/comparison';
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
