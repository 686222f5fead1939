import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRouteAt } from '@/testing/render-route';
import { selectSolutionMenu } from '../api/get-solution-menu';
import { SolutionListRoute } from '../routes/solution-list';
import { caseRow, solutionBanners, solutionMenu } from './fixtures';

// The first render of a file loads every catalogue; give it time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const stub = (menu: unknown = solutionMenu) =>
  mockFetch([
    ['/api/solution/solutionPullDown/2', { body: envelope(menu) }],
    ['/api/banner/allList?type=16', { body: envelope(solutionBanners) }],
    ['/api/solution/applicationsList', { body: envelope({ total: 11, rows: [caseRow(12), caseRow(5), caseRow(3)] }) }],
  ]);

describe('the solution menu', () => {
  it('keeps shown industries (isShow 0) and shown applications (flag not 1), every level', () => {
    const menu = selectSolutionMenu(envelope(solutionMenu) as Parameters<typeof selectSolutionMenu>[0]);
    expect(menu.industries.map((i) => i.id)).toEqual([1, 2]);
    expect(menu.applications.map((a) => a.id)).toEqual([1, 2]);
    expect(menu.productLevels.map((l) => l.id)).toEqual([1, 2]);
  });
});

describe('the solutions page', () => {
  it('asks for the menu of column 2, the type-16 banners and the first cases, in the page language', async () => {
    const { requests } = stub();
    await renderRouteAt(<SolutionListRoute />, 'solutionList', '/th/solutionList');
    await screen.findByRole('link', { name: /Automotive & Parts/ });
    expect(requests.map((r) => r.url).sort()).toEqual([
      '/prod-api/api/banner/allList?type=16&status=0',
      '/prod-api/api/solution/applicationsList?pageNum=1&pageSize=3',
      '/prod-api/api/solution/solutionPullDown/2',
    ]);
    expect(requests.every((r) => r.headers.get('lang') === 'th')).toBe(true);
  });

  it('shows industries, applications and levels, without the hidden ones', async () => {
    stub();
    await renderRouteAt(<SolutionListRoute />, 'solutionList', '/en/solutionList');
    const industries = await screen.findByRole('region', { name: 'By industry' });
    expect(within(industries).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/en/industry/1', '/en/industry/2']);
    expect(screen.queryByText('Logistics')).toBeNull();
    const applications = screen.getByRole('region', { name: 'By application' });
    expect(within(applications).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/en/application/1', '/en/application/2']);
    expect(screen.queryByText('Gluing & Dispensing')).toBeNull();
    const levels = screen.getByRole('region', { name: 'By payload class' });
    expect(within(levels).getByRole('link', { name: /Medium payload/ }).getAttribute('href')).toBe('/en/productLevel/2');
  });

  it('shows the banners, the one of this page without a link', async () => {
    stub();
    await renderRouteAt(<SolutionListRoute />, 'solutionList', '/en/solutionList');
    expect(await screen.findByText('Solutions by industry and application')).toBeTruthy();
    expect(screen.getByText('Solutions by industry and application').closest('a')).toBeNull();
    expect(screen.getByRole('link', { name: /Customer cases: cobots at work/ }).getAttribute('href')).toBe('/en/case');
  });

  it('teases the latest cases with a link to all of them', async () => {
    stub();
    await renderRouteAt(<SolutionListRoute />, 'solutionList', '/en/solutionList');
    const cases = await screen.findByRole('region', { name: 'Customer cases' });
    expect(await within(cases).findByRole('link', { name: 'Case 12' })).toBeTruthy();
    expect(within(cases).getByRole('link', { name: 'Case 12' }).getAttribute('href')).toBe('/en/caseDetail/12');
    expect(within(cases).getByRole('link', { name: 'See all cases' }).getAttribute('href')).toBe('/en/case');
  });

  it('says so when nothing is published', async () => {
    stub({ industries: [], applications: [], productLevels: [] });
    await renderRouteAt(<SolutionListRoute />, 'solutionList', '/en/solutionList');
    expect(await screen.findByText('No solutions are published in this language yet.')).toBeTruthy();
  });
});
