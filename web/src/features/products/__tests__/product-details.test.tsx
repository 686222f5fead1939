import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi, onTestFinished } from 'vitest';
import { enquiryDialogStore } from '@/lib/enquiry-dialog';
import { pageTitleStore } from '@/lib/page-title';
import { storePreviewToken } from '@/lib/preview-token';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRouteAt } from '@/testing/render-route';
import { ProductDetailsRoute } from '../routes/product-details';
import { productDetail } from './fixtures';

// The first render of a file loads every catalogue; give it time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const PATTERN = 'productDetails/:id';
const notFound = { status: 404, body: { success: false, code: 404, msg: 'gone', data: null, errorKey: 'resource.not_found' } };

afterEach(() => {
  enquiryDialogStore.set({ open: false, intent: 'contact' });
  vi.restoreAllMocks();
});

describe('the product page', () => {
  it('asks for the product by id under the product column, in the page language', async () => {
    const { requests } = mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope(productDetail) }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/ko/productDetails/103');
    await screen.findByRole('heading', { level: 1, name: 'JAKA Zu 7' });
    // Only the product: the structured data naming its maker is built on the server alone.
    const product = requests.filter((r) => r.url.includes('/getProductById/'));
    expect(product).toHaveLength(1);
    expect(requests).toHaveLength(1);
    expect(product[0]?.headers.get('lang')).toBe('ko');
    expect(product[0]?.headers.get('preview')).toBeNull();
  });

  it('asks for drafts on the preview mirror', async () => {
    // An editor opened a preview link: the tab holds its token.
    storePreviewToken('an-editors-token');
    onTestFinished(() => storePreviewToken(''));
    const { requests } = mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope({ ...productDetail, summary: 'Draft summary' }) }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/preview/productDetails/103');
    expect(await screen.findByText('Draft summary')).toBeTruthy();
    expect(requests[0]?.headers.get('preview')).toBe('an-editors-token');
  });

  it('shows name, summary, line, key figures, gallery and sanitised description', async () => {
    mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope(productDetail) }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/productDetails/103');
    await screen.findByRole('heading', { level: 1, name: 'JAKA Zu 7' });
    expect(screen.getByText('Best seller.')).toBeTruthy();
    expect(screen.getByRole('link', { name: 'JAKA Zu Cobots' }).getAttribute('href')).toBe('/en/productList/1');
    expect(screen.getAllByText('7 kg').length).toBeGreaterThan(0);
    expect(screen.getByRole('img', { name: 'JAKA Zu 7, picture 1 of 3' })).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Show picture 2 of 3' }));
    expect(screen.getByRole('img', { name: 'JAKA Zu 7, picture 2 of 3' }).getAttribute('src')).toBe('/img/zu-7-cell.svg');
    expect(screen.getByRole('button', { name: 'Show picture 2 of 3' }).getAttribute('aria-pressed')).toBe('true');
    expect(screen.getByText('JAKA Zu 7 is the most widely used model.')).toBeTruthy();
    expect(document.querySelector('[onerror]')).toBeNull();
  });

  it('lists the full specification by groups, value with unit', async () => {
    mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope(productDetail) }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/productDetails/103');
    const specs = await screen.findByRole('region', { name: 'Specifications' });
    const performance = within(specs).getByRole('table', { name: 'Performance' });
    expect(within(performance).getByRole('rowheader', { name: 'Repeatability' }).nextElementSibling?.textContent).toBe('±0.02 mm');
    expect(within(performance).getByRole('rowheader', { name: 'Degrees of freedom' }).nextElementSibling?.textContent).toBe('6');
    expect(within(specs).getByRole('table', { name: 'Physical' })).toBeTruthy();
    expect(within(specs).queryByRole('table', { name: 'Empty group' })).toBeNull();
  });

  it('links the applications it is used in, leaving hidden ones out', async () => {
    mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope(productDetail) }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/productDetails/103');
    const section = await screen.findByRole('region', { name: 'Applications' });
    expect(within(section).getByRole('link', { name: /Precision Assembly/ }).getAttribute('href')).toBe('/en/application/1');
    expect(screen.queryByText('Hidden dispensing')).toBeNull();
  });

  it('lists downloads: free ones directly, login-required ones with a lock through the download centre', async () => {
    mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope(productDetail) }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/productDetails/103');
    const section = await screen.findByRole('region', { name: 'Downloads' });
    const items = within(section).getAllByRole('listitem');
    expect(items[0]?.textContent).toContain('JAKA Zu user manual');
    expect(items[0]?.textContent).toContain('PDF · 18.4 MB · Version V2.4');
    const free = within(items[0] as HTMLElement).getByRole('link', { name: /Download: JAKA Zu user manual/ });
    expect(free.getAttribute('href')).toBe('/files/5001.pdf');
    expect(free.getAttribute('target')).toBe('_blank');
    expect(items[1]?.textContent).toContain('ZIP · 29 MB');
    expect(items[1]?.textContent).toContain('Login required');
    const locked = within(items[1] as HTMLElement).getByRole('link', { name: /Log in to download: JAKA Zu 7 CAD model/ });
    expect(locked.getAttribute('href')).toBe('/en/download?id=5014');
  });

  it('sends every download through the download centre inside the mini-program browser', async () => {
    vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue('Mozilla/5.0 MicroMessenger miniProgram');
    mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope(productDetail) }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/productDetails/103');
    const section = await screen.findByRole('region', { name: '资料下载' });
    expect(within(section).getByRole('link', { name: /下载：JAKA Zu user manual/ }).getAttribute('href')).toBe('/download?id=5001');
  });

  it('folds a long download list behind a button', async () => {
    const downloads = Array.from({ length: 9 }, (_, i) => ({ ...productDetail.downloads[0], id: 6000 + i, title: `Doc ${i + 1}` }));
    mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope({ ...productDetail, downloads }) }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/productDetails/103');
    const section = await screen.findByRole('region', { name: 'Downloads' });
    expect(within(section).getAllByRole('listitem')).toHaveLength(6);
    const more = within(section).getByRole('button', { name: 'Show all 9 documents' });
    expect(more.getAttribute('aria-expanded')).toBe('false');
    await userEvent.click(more);
    expect(within(section).getAllByRole('listitem')).toHaveLength(9);
    expect(within(section).getByRole('button', { name: 'Show fewer documents' }).getAttribute('aria-expanded')).toBe('true');
  });

  it('opens the enquiry dialog and offers the comparison', async () => {
    mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope(productDetail) }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/productDetails/103');
    await userEvent.click(await screen.findByRole('button', { name: 'Enquire about this product' }));
    expect(enquiryDialogStore.get()).toEqual({ open: true, intent: 'contact' });
    expect(screen.queryByRole('button', { name: 'Request a prototype' })).toBeNull();
    expect(screen.getAllByRole('link', { name: 'Compare with other models' })[0]?.getAttribute('href')).toBe('/en/productComparison?ids=103');
  });

  it('offers a prototype request in Chinese', async () => {
    mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope(productDetail) }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/productDetails/103');
    await userEvent.click(await screen.findByRole('button', { name: '申请样机' }));
    expect(enquiryDialogStore.get()).toEqual({ open: true, intent: 'prototype' });
  });

  it('names the page after the product, with the SEO title and description from the CMS', async () => {
    vi.stubEnv('SSR', true); // structured data is built where crawlers read it: on the server
    mockFetch([['/api/productCenter/getProductById/1/103', { body: envelope(productDetail) }]]);
    const { unmount } = await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/productDetails/103');
    await screen.findByRole('heading', { level: 1, name: 'JAKA Zu 7' });
    const origin = window.location.origin;
    expect(pageTitleStore.get()).toEqual({
      path: '/en/productDetails/103',
      page: 'JAKA Zu 7',
      document: 'JAKA Zu 7 Cobot | 7 kg Payload',
      description: 'JAKA Zu 7: 7 kg payload.',
      // Its pictures are SVG, which social networks do not show: the site's card stands in.
      image: null,
      type: 'product',
      structuredData: [
        {
          '@context': 'https://schema.org',
          '@type': 'Product',
          name: 'JAKA Zu 7',
          description: 'Best seller.',
          image: [`${origin}/img/zu-7.svg`, `${origin}/img/zu-7-cell.svg`, `${origin}/img/zu-7-detail.svg`],
          brand: { '@type': 'Brand', name: 'JAKA Robotics' },
          manufacturer: { '@type': 'Organization', '@id': `${origin}/#organization`, name: 'JAKA Robotics', url: `${origin}/en/index` },
          category: 'JAKA Zu Cobots',
          url: `${origin}/en/productDetails/103`,
        },
      ],
    });
    unmount();
    expect(pageTitleStore.get()).toBeNull();
  });

  it('says when the product does not exist, with a way back', async () => {
    mockFetch([['/api/productCenter/getProductById/1/999', notFound]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/productDetails/999');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('This product does not exist or is no longer published.');
    expect(within(alert).getByRole('link', { name: 'See all products' }).getAttribute('href')).toBe('/en/productList');
    expect(within(alert).queryByRole('button')).toBeNull();
  });

  it('treats a malformed id as not found without asking the server', async () => {
    const { requests } = mockFetch([]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/productDetails/abc');
    expect((await screen.findByRole('alert')).textContent).toContain('This product does not exist');
    expect(requests.filter((r) => r.url.includes('/productCenter/'))).toHaveLength(0);
  });

  it('offers a retry when the server fails', async () => {
    mockFetch([['/api/productCenter/getProductById/1/103', { status: 504, body: { success: false, code: 504, msg: 'slow', data: null, errorKey: 'upstream.timeout' } }]]);
    await renderRouteAt(<ProductDetailsRoute />, PATTERN, '/en/productDetails/103');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
