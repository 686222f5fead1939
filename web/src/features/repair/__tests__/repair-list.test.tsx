import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '@/testing/fixtures';
import { type RecordedRequest, mockFetch } from '@/testing/mock-fetch';
import { RepairListRoute } from '../routes/repair-list';
import { TOKEN, failure, logIn, renderRoute, rows } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

const bodies = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.url.includes('/api/itr/processList')).map((r) => JSON.parse(r.body ?? '{}') as Record<string, unknown>);

beforeEach(() => logIn());

describe('the list of work orders', () => {
  it('shows service number, report time and status of each order, newest first, with links to the details', async () => {
    const { requests } = mockFetch([['/api/itr/processList', { body: envelope({ total: 3, rows }) }]]);
    await renderRoute(<RepairListRoute />, '/en/repairList');
    const table = await screen.findByRole('table', {}, { timeout: 5000 });
    const [header, ...lines] = within(table).getAllByRole('row');
    expect(within(header as HTMLElement).getAllByRole('columnheader').map((c) => c.textContent)).toEqual(['Service number', 'Report time', 'Status', 'Actions']);
    expect(lines).toHaveLength(3);
    const first = within(lines[0] as HTMLElement);
    expect(first.getByRole('link', { name: 'SR20261122-0001' }).getAttribute('href')).toBe('/en/repairDetail/5003');
    expect(first.getByText('Online report')).toBeTruthy();
    expect(first.getByText(/Nov 2[12], 2026/)).toBeTruthy();
    expect(within(lines[2] as HTMLElement).getByText('Service completed')).toBeTruthy();
    expect(bodies(requests)).toEqual([{ pageNum: 1, pageSize: 10, status: 'all' }]);
    expect(requests[0]?.headers.get('token')).toBe(TOKEN);
  });

  it('filters by the tabs All, Pending and Completed, keeping the tab in the address', async () => {
    const { requests } = mockFetch([['/api/itr/processList', { body: envelope({ total: 1, rows: rows.slice(0, 1) }) }]]);
    const user = userEvent.setup();
    const { router } = await renderRoute(<RepairListRoute />, '/repairList');
    const tabs = await screen.findAllByRole('tab', {}, { timeout: 5000 });
    expect(tabs.map((tab) => tab.textContent)).toEqual(['全部', '待处理', '已完成']);
    await user.click(screen.getByRole('tab', { name: '待处理' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending'));
    expect(screen.getByRole('tab', { name: '待处理' }).getAttribute('aria-selected')).toBe('true');
    await user.keyboard('{ArrowRight}');
    await waitFor(() => expect(router.state.location.search).toBe('?status=completed'));
    await waitFor(() => expect(bodies(requests).map((b) => b.status)).toEqual(['all', 'pending', 'completed']));
  });

  it('pages through the orders, ten to a page', async () => {
    const { requests } = mockFetch([['/api/itr/processList', { body: envelope({ total: 23, rows }) }]]);
    const user = userEvent.setup();
    const { router } = await renderRoute(<RepairListRoute />, '/en/repairList?status=pending');
    const pager = await screen.findByRole('navigation', { name: 'Pages of repair orders' }, { timeout: 5000 });
    expect(within(pager).getByRole('button', { name: 'Page 3' })).toBeTruthy();
    await user.click(within(pager).getByRole('button', { name: 'Next' }));
    await waitFor(() => expect(router.state.location.search).toBe('?status=pending&page=2'));
    await waitFor(() => expect(bodies(requests).at(-1)).toEqual({ pageNum: 2, pageSize: 10, status: 'pending' }));
  });

  it("says 'No data' with the advice to check the status filter or report a new order", async () => {
    mockFetch([['/api/itr/processList', { body: envelope({ total: 0, rows: [] }) }]]);
    const user = userEvent.setup();
    const { router } = await renderRoute(<RepairListRoute />, '/en/repairList?status=completed');
    expect(await screen.findByText('No data', {}, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByText('No repair orders here. Check the status filter, or submit a new repair order.')).toBeTruthy();
    const reports = screen.getAllByRole('link', { name: 'Report a repair' });
    expect(reports.every((link) => link.getAttribute('href') === '/en/repair')).toBe(true);
    await user.click(screen.getByRole('button', { name: 'Show all orders' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('offers to try again when the list cannot be loaded (after one quiet retry)', async () => {
    let calls = 0;
    mockFetch([
      [
        '/api/itr/processList',
        () => {
          calls += 1;
          return calls <= 2 ? failure(502, 'upstream.unavailable') : { body: envelope({ total: 3, rows }) };
        },
      ],
    ]);
    const user = userEvent.setup();
    await renderRoute(<RepairListRoute />, '/en/repairList');
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('Your repair orders could not be loaded.')).toBeTruthy();
    expect(calls).toBe(2);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('link', { name: 'SR20261122-0001' })).toBeTruthy();
  });

  it('asks to log in again when the server no longer accepts the token', async () => {
    mockFetch([['/api/itr/processList', failure(401, 'auth.token_invalid')]]);
    await renderRoute(<RepairListRoute />, '/en/repairList');
    expect(await screen.findByRole('heading', { name: 'Your login has expired' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/en/login?from=%2Fen%2FrepairList');
  });
});
