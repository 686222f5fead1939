import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { enquiryDialogStore } from '@/lib/enquiry-dialog';
import { pageTitleStore } from '@/lib/page-title';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRouteAt } from '@/testing/render-route';
import { CaseDetailRoute } from '../routes/case-detail';
import { CaseListRoute } from '../routes/case-list';
import { pageItems, pageCount, parsePage } from '../utils/paging';
import { caseDetail, caseRow, solutionMenu } from './fixtures';

// The first render of a file loads every catalogue; give it time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

function stubCases(total = 20) {
  return mockFetch([
    ['/api/solution/solutionPullDown/2', { body: envelope(solutionMenu) }],
    [
      '/api/solution/applicationsList',
      (request) => {
        const params = new URL(request.url, 'http://x').searchParams;
        const page = Number(params.get('pageNum'));
        const size = Number(params.get('pageSize'));
        const industry = params.get('industryId');
        const count = industry === '2' ? 0 : total;
        const rows = Array.from({ length: Math.max(0, Math.min(size, count - (page - 1) * size)) }, (_, i) => caseRow((page - 1) * size + i + 1));
        return { body: envelope({ total: count, rows }) };
      },
    ],
  ]);
}

const caseCalls = (requests: { url: string }[]) => requests.filter((r) => r.url.includes('applicationsList')).map((r) => r.url);

describe('page arithmetic', () => {
  it('counts pages, reads page numbers and lists the pages to offer', () => {
    expect(pageCount(0, 9)).toBe(1);
    expect(pageCount(20, 9)).toBe(3);
    expect(parsePage('3')).toBe(3);
    expect(parsePage('0')).toBe(1);
    expect(parsePage('x')).toBe(1);
    expect(pageItems(1, 3)).toEqual([1, 2, 3]);
    expect(pageItems(6, 12)).toEqual([1, null, 5, 6, 7, null, 12]);
    expect(pageItems(1, 12)).toEqual([1, 2, null, 12]);
    expect(pageItems(3, 12)).toEqual([1, 2, 3, 4, null, 12]);
  });
});

describe('the case list', () => {
  it('lists the first page of all cases with the industry chips of the solution menu', async () => {
    const { requests } = stubCases();
    await renderRouteAt(<CaseListRoute />, 'case', '/en/case');
    expect(await screen.findByRole('link', { name: 'Case 1' })).toBeTruthy();
    expect(caseCalls(requests)).toEqual(['/prod-api/api/solution/applicationsList?pageNum=1&pageSize=9']);
    const chips = screen.getByRole('navigation', { name: 'Filter cases by industry' });
    expect(within(chips).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href'), a.getAttribute('aria-current')])).toEqual([
      ['All industries', '/en/case', 'page'],
      ['Automotive & Parts', '/en/case?industry=1', null],
      ['Electronics', '/en/case?industry=2', null],
    ]);
    expect(screen.getByText('Cases found: 20')).toBeTruthy();
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(9);
  });

  it('filters by industry and pages through the results, keeping both in the address', async () => {
    const { requests } = stubCases();
    const user = userEvent.setup();
    const { router } = await renderRouteAt(<CaseListRoute />, 'case', '/en/case?industry=1');
    await screen.findByRole('link', { name: 'Case 1' });
    expect(screen.getByRole('link', { name: 'Automotive & Parts' }).getAttribute('aria-current')).toBe('page');
    const pages = screen.getByRole('navigation', { name: 'Pages' });
    expect(within(pages).getByRole('link', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    await user.click(within(pages).getByRole('link', { name: 'Next' }));
    expect(router.state.location.search).toBe('?industry=1&page=2');
    expect(await screen.findByRole('link', { name: 'Case 10' })).toBeTruthy();
    await user.click(within(screen.getByRole('navigation', { name: 'Pages' })).getByRole('link', { name: 'Page 3' }));
    expect(await screen.findByRole('link', { name: 'Case 19' })).toBeTruthy();
    expect(within(screen.getByRole('navigation', { name: 'Pages' })).getByText('Next').getAttribute('aria-disabled')).toBe('true');
    expect(caseCalls(requests)).toEqual([
      '/prod-api/api/solution/applicationsList?pageNum=1&pageSize=9&industryId=1',
      '/prod-api/api/solution/applicationsList?pageNum=2&pageSize=9&industryId=1',
      '/prod-api/api/solution/applicationsList?pageNum=3&pageSize=9&industryId=1',
    ]);
  });

  it('says so when an industry has no cases, with a way to all of them', async () => {
    stubCases();
    await renderRouteAt(<CaseListRoute />, 'case', '/en/case?industry=2');
    expect(await screen.findByText('There are no published cases for this industry yet.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Show all cases' }).getAttribute('href')).toBe('/en/case');
    expect(screen.queryByRole('navigation', { name: 'Pages' })).toBeNull();
  });

  it('shows an error with retry when the cases fail', async () => {
    mockFetch([
      ['/api/solution/solutionPullDown/2', { body: envelope(solutionMenu) }],
      ['/api/solution/applicationsList', { status: 502, body: { success: false, code: 502, msg: 'x', data: null, errorKey: 'upstream.bad_gateway' } }],
    ]);
    await renderRouteAt(<CaseListRoute />, 'case', '/case');
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: '重试' })).toBeTruthy();
  });
});

describe('the case page', () => {
  it('shows the story, its facts and the products used', async () => {
    const { requests } = mockFetch([['/api/solution/getApplicationsDetails/2/12', { body: envelope(caseDetail) }]]);
    await renderRouteAt(<CaseDetailRoute />, 'caseDetail/:id', '/en/caseDetail/12');
    expect(await screen.findByRole('heading', { level: 1, name: 'Case 12' })).toBeTruthy();
    expect(requests[0]?.headers.get('lang')).toBe('en');
    expect(screen.getByRole('heading', { level: 3, name: 'The challenge' })).toBeTruthy();
    expect(document.querySelector('a[href^="javascript"]')).toBeNull();
    const facts = screen.getByRole('complementary', { name: 'At a glance' });
    expect(within(facts).getByText('Naniwa Bakery Co., Ltd.')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: 'Food & Beverage' }).getAttribute('href')).toBe('/en/case?industry=6');
    expect(within(facts).getByText('Nov 12, 2025')).toBeTruthy();
    expect(within(facts).getByRole('link', { name: /JAKA Pro 12/ }).getAttribute('href')).toBe('/en/productDetails/202');
    await userEvent.click(within(facts).getByRole('button', { name: 'Talk to an expert' }));
    expect(enquiryDialogStore.get().open).toBe(true);
    enquiryDialogStore.set({ open: false, intent: 'contact' });
    expect(pageTitleStore.get()).toMatchObject({ page: 'Case 12', description: 'Tray handling at a bakery.' });
  });

  it('says when the case does not exist', async () => {
    mockFetch([['/api/solution/getApplicationsDetails/2/404', { status: 404, body: { success: false, code: 404, msg: 'x', data: null, errorKey: 'resource.not_found' } }]]);
    await renderRouteAt(<CaseDetailRoute />, 'caseDetail/:id', '/caseDetail/404');
    expect((await screen.findByRole('alert')).textContent).toContain('该客户案例不存在或已下线。');
  });
});
