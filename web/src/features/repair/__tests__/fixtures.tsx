import { type ReactElement } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { languageFromPath } from '@/lib/routing';
import { createTestI18n } from '@/testing/i18n';
import { createTestQueryClient } from '@/testing/render';
import type { WorkOrder, WorkOrderSummary } from '../api/work-orders';

export const TOKEN = 'test-token-1001';

/** Stores a session as a login does (the keys of spec section 3). */
export function logIn(account = '13800138000', name = '演示用户'): void {
  localStorage.setItem('jakaUserId', '1001');
  localStorage.setItem('jakaUserName', name);
  localStorage.setItem('jakaUserAccount', account);
  localStorage.setItem('jakaUserAccountEmail', account.includes('@') ? account : '');
  localStorage.setItem('jakaUserInfo', JSON.stringify({ token: TOKEN }));
}

/** Renders `ui` at `path` under the given route patterns (with and without language prefix). */
export async function renderRoute(ui: ReactElement, path: string, pattern = '*') {
  const i18n = await createTestI18n(languageFromPath(path));
  const queryClient = createTestQueryClient();
  const routes = pattern === '*' ? [{ path: '*', element: ui }] : [{ path: pattern, element: ui }, { path: `/:lang${pattern}`, element: ui }];
  const router = createMemoryRouter([...routes, { path: '*', element: <p>elsewhere</p> }], { initialEntries: [path] });
  const view = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...view, router, queryClient, i18n };
}

export function failure(status: number, errorKey: string, errors?: Array<{ field: string; message: string }>) {
  return { status, body: { success: false, code: status, msg: 'refused', data: null, errorKey, ...(errors ? { errors } : {}) } };
}

export const rows: WorkOrderSummary[] = [
  { id: 5003, serviceNumber: 'SR20261122-0001', reportTime: '2026-11-21T23:01:18Z', status: 'onlineReport', robotCode: null },
  { id: 5002, serviceNumber: 'SR20261119-0001', reportTime: '2026-11-19T01:01:18Z', status: 'inService', robotCode: 'JAKA-ZU12-2311-000457' },
  { id: 5001, serviceNumber: 'SR20261023-0001', reportTime: '2026-10-23T01:01:18Z', status: 'serviceCompleted', robotCode: 'JAKA-ZU7-2403-001234' },
];

export function workOrder(overrides: Partial<WorkOrder> = {}): WorkOrder {
  return {
    id: 5002,
    serviceNumber: 'SR20261119-0001',
    variant: 'repair',
    reportTime: '2026-11-19T01:01:18Z',
    status: 'inService',
    faultTime: '2026-11-18',
    robotCode: 'JAKA-ZU12-2311-000457',
    robotBody: 'JAKA Zu 12',
    cabinetCode: 'JAKA-CAB3-2311-002211',
    faultDescription: 'The teach pendant cannot connect to the cabinet.',
    issueInformation: null,
    attachments: [
      { id: 'att_demo_fault_photo', name: 'fault-alarm.png', url: '/repair-files/att_demo_fault_photo?t=abc', contentType: 'image/png', size: 1330 },
      { id: 'att_demo_video', name: 'noise.mp4', url: '/repair-files/att_demo_video?t=def', contentType: 'video/mp4', size: 2_000_000 },
    ],
    contactName: 'Demo User',
    contactPhone: '13800138000',
    contactEmail: 'demo.user@example.cn',
    customerAddress: '328 Xinghu Street, Suzhou',
    companyName: 'Suzhou Smart Manufacturing Co., Ltd.',
    steps: [
      { status: 'onlineReport', time: '2026-11-19T01:01:18Z' },
      { status: 'inService', time: '2026-11-19T19:01:18Z' },
      { status: 'serviceCompleted', time: null },
    ],
    ...overrides,
  };
}
