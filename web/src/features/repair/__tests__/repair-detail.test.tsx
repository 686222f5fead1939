import { screen, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { RepairDetailRoute, orderIdOf } from '../routes/repair-detail';
import { failure, logIn, renderRoute, workOrder } from './fixtures';

vi.setConfig({ testTimeout: 20_000 });

const PATTERN = '/repairDetail/:id';

beforeEach(() => logIn());

describe('the work order page', () => {
  it('shows the steps with the current one marked and their times', async () => {
    mockFetch([['/api/itr/detail/5002', { body: envelope(workOrder()) }]]);
    await renderRoute(<RepairDetailRoute />, '/en/repairDetail/5002', PATTERN);
    expect(await screen.findByRole('heading', { level: 1, name: 'Work order SR20261119-0001' }, { timeout: 5000 })).toBeTruthy();
    const steps = within(screen.getByRole('list', { name: 'Progress' })).getAllByRole('listitem');
    expect(steps.map((step) => step.getAttribute('data-state'))).toEqual(['done', 'current', 'todo']);
    expect(steps[1]?.getAttribute('aria-current')).toBe('step');
    expect(steps[1]?.textContent).toMatch(/In service.*Nov 19, 2026/);
    expect(steps[2]?.textContent).toContain('Not yet');
  });

  it('shows the product and the work order: fault time, description, attachments with previews, contact, address', async () => {
    mockFetch([['/api/itr/detail/5002', { body: envelope(workOrder()) }]]);
    await renderRoute(<RepairDetailRoute />, '/en/repairDetail/5002', PATTERN);
    const product = await screen.findByRole('region', { name: 'Product information' }, { timeout: 5000 });
    expect(within(product).getByText('JAKA Zu 12')).toBeTruthy();
    expect(within(product).getByText('JAKA-ZU12-2311-000457')).toBeTruthy();
    const order = screen.getByRole('region', { name: 'Work order information' });
    expect(within(order).getByText('Nov 18, 2026')).toBeTruthy();
    expect(within(order).getByText('The teach pendant cannot connect to the cabinet.')).toBeTruthy();
    expect(within(order).getByRole('img', { name: 'fault-alarm.png' }).getAttribute('src')).toBe('/repair-files/att_demo_fault_photo?t=abc');
    expect(within(order).getByLabelText('noise.mp4').tagName).toBe('VIDEO');
    expect(within(order).getByText('demo.user@example.cn')).toBeTruthy();
    expect(within(order).getByText('328 Xinghu Street, Suzhou')).toBeTruthy();
  });

  it('shows a consultation with what it is about, and no product', async () => {
    mockFetch([
      [
        '/api/itr/detail/5003',
        {
          body: envelope(
            workOrder({ id: 5003, variant: 'consultation', robotCode: null, robotBody: null, cabinetCode: null, faultTime: null, issueInformation: 'Zu 7 vision', attachments: [], customerAddress: null, companyName: null, status: 'onlineReport' }),
          ),
        },
      ],
    ]);
    await renderRoute(<RepairDetailRoute />, '/repairDetail/5003', PATTERN);
    const order = await screen.findByRole('region', { name: '工单信息' }, { timeout: 5000 });
    expect(within(order).getByText('Zu 7 vision')).toBeTruthy();
    expect(within(order).getByText('技术咨询')).toBeTruthy();
    expect(within(order).getByText('无附件')).toBeTruthy();
    expect(screen.queryByRole('region', { name: '产品信息' })).toBeNull();
  });

  it("answers another user's order (404) with the not-found state, never with data", async () => {
    mockFetch([['/api/itr/detail/5001', failure(404, 'repair.order_not_found')]]);
    await renderRoute(<RepairDetailRoute />, '/en/repairDetail/5001', PATTERN);
    expect(await screen.findByRole('heading', { name: 'Work order not found' }, { timeout: 5000 })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to my repair orders' }).getAttribute('href')).toBe('/en/repairList');
  });

  it('does not ask the server for an id that cannot be one', async () => {
    const { requests } = mockFetch([]);
    await renderRoute(<RepairDetailRoute />, '/en/repairDetail/abc', PATTERN);
    expect(await screen.findByRole('heading', { name: 'Work order not found' }, { timeout: 5000 })).toBeTruthy();
    expect(requests).toHaveLength(0);
    expect(orderIdOf('0')).toBeNull();
    expect(orderIdOf('5001')).toBe(5001);
  });

  it('offers to try again when the order cannot be loaded', async () => {
    mockFetch([['/api/itr/detail/5002', failure(504, 'upstream.timeout')]]);
    await renderRoute(<RepairDetailRoute />, '/en/repairDetail/5002', PATTERN);
    const alert = await screen.findByRole('alert', {}, { timeout: 5000 });
    expect(within(alert).getByText('The work order could not be loaded.')).toBeTruthy();
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
