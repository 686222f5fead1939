import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enquiryDialogStore } from '@/lib/enquiry-dialog';
import { pageTitleStore } from '@/lib/page-title';
import { storePreviewToken } from '@/lib/preview-token';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRouteAt } from '@/testing/render-route';
import { ApplicationRoute } from '../routes/application';
import { IndustryRoute } from '../routes/industry';
import { ProductLevelRoute } from '../routes/product-level';
import { applicationDetail, hiddenIndustry, industryDetail, levelDetail } from './fixtures';

// The first render of a file loads every catalogue; give it time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const notFound = { status: 404, body: { success: false, code: 404, msg: 'gone', data: null, errorKey: 'resource.not_found' } };

afterEach(() => enquiryDialogStore.set({ open: false, intent: 'contact' }));

describe('the industry page', () => {
  it('asks for the industry under the solutions column and shows its content', async () => {
    const { requests } = mockFetch([['/api/solution/getIndustryDetails/2/1', { body: envelope(industryDetail) }]]);
    await renderRouteAt(<IndustryRoute />, 'industry/:id', '/de/industry/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Automotive & Parts' })).toBeTruthy();
    expect(requests.map((r) => [r.url, r.headers.get('lang')])).toEqual([['/prod-api/api/solution/getIndustryDetails/2/1', 'de']]);
    expect(screen.getByText('Assembly and welding.')).toBeTruthy();
    expect(screen.getByText('Carmakers face shorter model cycles.')).toBeTruthy();
    expect(document.querySelector('iframe')).toBeNull();
  });

  it('lists challenges, shown applications, recommended products and cases', async () => {
    mockFetch([['/api/solution/getIndustryDetails/2/1', { body: envelope(industryDetail) }]]);
    await renderRouteAt(<IndustryRoute />, 'industry/:id', '/en/industry/1');
    const challenges = await screen.findByRole('region', { name: 'Challenges we solve' });
    expect(within(challenges).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual(['Frequent model changes', 'Night-shift staffing']);
    const applications = screen.getByRole('region', { name: 'By application' });
    expect(within(applications).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/en/application/1', '/en/application/2']);
    const products = screen.getByRole('region', { name: 'Recommended products' });
    expect(within(products).getByRole('link', { name: /JAKA C5 Type C/ }).getAttribute('href')).toBe('/en/productDetails/301');
    expect(within(products).getByRole('link', { name: /JAKA Zu 7/ }).textContent).toContain('7 kg · 819 mm');
    const cases = screen.getByRole('region', { name: 'Customer cases' });
    expect(within(cases).getByRole('link', { name: 'Case 1' }).getAttribute('href')).toBe('/en/caseDetail/1');
    expect(within(cases).getByRole('link', { name: 'See all cases' }).getAttribute('href')).toBe('/en/case?industry=1');
    const jump = screen.getByRole('navigation', { name: 'On this page' });
    expect(within(jump).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '#solution-blocks',
      '#solution-applications',
      '#solution-products',
      '#solution-cases',
    ]);
    expect(pageTitleStore.get()).toMatchObject({ page: 'Automotive & Parts', document: 'Cobots for Automotive & Parts | JAKA' });
  });

  it('shows an industry hidden from the lists when it is opened by its address', async () => {
    mockFetch([['/api/solution/getIndustryDetails/2/7', { body: envelope(hiddenIndustry) }]]);
    await renderRouteAt(<IndustryRoute />, 'industry/:id', '/en/industry/7');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logistics' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Customer cases' })).toBeNull();
  });

  it('opens the enquiry dialog', async () => {
    mockFetch([['/api/solution/getIndustryDetails/2/1', { body: envelope(industryDetail) }]]);
    await renderRouteAt(<IndustryRoute />, 'industry/:id', '/en/industry/1');
    await userEvent.click(await screen.findByRole('button', { name: 'Talk to an expert' }));
    expect(enquiryDialogStore.get().open).toBe(true);
  });

  it('says when the industry does not exist, with a way back', async () => {
    mockFetch([['/api/solution/getIndustryDetails/2/99', notFound]]);
    await renderRouteAt(<IndustryRoute />, 'industry/:id', '/en/industry/99');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This industry page does not exist or is no longer published.');
    expect(within(alert).getByRole('link', { name: 'See all solutions' }).getAttribute('href')).toBe('/en/solutionList');
  });

  it('offers a retry on a server failure, and asks for drafts with the editor token on the preview mirror', async () => {
    const { requests } = mockFetch([['/api/solution/getIndustryDetails/2/1', { status: 503, body: { success: false, code: 503, msg: 'x', data: null, errorKey: 'upstream.unavailable' } }]]);
    storePreviewToken('v1.editor.sig'); // opened from an editor's preview link
    await renderRouteAt(<IndustryRoute />, 'industry/:id', '/preview/industry/1');
    expect(within(await screen.findByRole('alert')).getByRole('button', { name: '重试' })).toBeTruthy();
    expect(requests[0]?.headers.get('preview')).toBe('v1.editor.sig');
  });
});

describe('the application page', () => {
  it('shows an application hidden from the lists (flag 1) when opened by its address', async () => {
    mockFetch([['/api/solution/getApplyDetails/2/8', { body: envelope(applicationDetail) }]]);
    await renderRouteAt(<ApplicationRoute />, 'application/:id', '/en/application/8');
    expect(await screen.findByRole('heading', { level: 1, name: 'Gluing & Dispensing' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Benefits' })).toBeTruthy();
    expect(screen.getByRole('region', { name: 'Recommended products' })).toBeTruthy();
    expect(screen.queryByRole('region', { name: 'Customer cases' })).toBeNull();
  });

  it('says when the application does not exist', async () => {
    mockFetch([['/api/solution/getApplyDetails/2/55', notFound]]);
    await renderRouteAt(<ApplicationRoute />, 'application/:id', '/en/application/55');
    expect((await screen.findByRole('alert')).textContent).toContain('This application page does not exist');
  });
});

describe('the product-level page', () => {
  it('shows the guidance, the products of the class and cases', async () => {
    const { requests } = mockFetch([['/api/solution/getProductApplyDetails/2/1', { body: envelope(levelDetail) }]]);
    await renderRouteAt(<ProductLevelRoute />, 'productLevel/:id', '/en/productLevel/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Light payload (≤ 5 kg)' })).toBeTruthy();
    expect(requests[0]?.url).toBe('/prod-api/api/solution/getProductApplyDetails/2/1');
    expect(screen.getByText('Cobots with up to 5 kg payload.')).toBeTruthy();
    expect(screen.getByRole('link', { name: /JAKA Lumi M1 Type M/ })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Case 7' })).toBeTruthy();
  });

  it('treats a malformed id as not found without asking the server', async () => {
    const { requests } = mockFetch([]);
    await renderRouteAt(<ProductLevelRoute />, 'productLevel/:id', '/en/productLevel/0');
    expect((await screen.findByRole('alert')).textContent).toContain('This page does not exist');
    expect(requests).toHaveLength(0);
  });
});
