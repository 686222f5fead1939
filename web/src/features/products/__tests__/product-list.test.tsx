import { configure, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRouteAt } from '@/testing/render-route';
import { ProductListRoute } from '../routes/product-list';
import { productBanners, productColumn, productLines } from './fixtures';

// The first render of a file loads every catalogue; give it time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const routes = (lines: unknown = productLines) =>
  [
    ['/api/productCenter/selectPublishDataById/1', { body: envelope(productColumn) }],
    ['/api/productCenter/productLineList', { body: envelope(lines) }],
    ['/api/banner/allList?type=10', { body: envelope(productBanners) }],
  ] as Parameters<typeof mockFetch>[0];

describe('the product list page', () => {
  it('asks for the column page, the lines and the type-10 banners in the page language', async () => {
    const { requests } = mockFetch(routes());
    await renderRouteAt(<ProductListRoute />, 'productList', '/jp/productList');
    await screen.findByRole('heading', { level: 2, name: 'JAKA Zu Cobots' });
    expect(requests.map((r) => r.url).sort()).toEqual([
      '/prod-api/api/banner/allList?type=10&status=0',
      '/prod-api/api/productCenter/productLineList',
      '/prod-api/api/productCenter/selectPublishDataById/1',
    ]);
    expect(requests.every((r) => r.headers.get('lang') === 'ja')).toBe(true);
  });

  it('shows the column title, subhead and sanitised intro', async () => {
    mockFetch(routes());
    await renderRouteAt(<ProductListRoute />, 'productList', '/en/productList');
    expect(await screen.findByRole('heading', { level: 1, name: 'Products' })).toBeTruthy();
    expect(await screen.findByText('Cobots from 3 to 18 kg')).toBeTruthy();
    expect(screen.getByText('integrated joints').tagName).toBe('STRONG');
    expect(document.querySelector('main script, script:not([src])')).toBeNull();
    expect(screen.getByRole('link', { name: 'Compare models' }).getAttribute('href')).toBe('/en/productComparison');
  });

  it('lists every line with its products as cards: picture, payload, reach, C/M badges, links', async () => {
    mockFetch(routes());
    await renderRouteAt(<ProductListRoute />, 'productList', '/en/productList');
    const zu = await screen.findByRole('region', { name: 'JAKA Zu Cobots' });
    expect(within(zu).getByRole('link', { name: 'Explore the line: JAKA Zu Cobots' }).getAttribute('href')).toBe('/en/productList/1');
    const card = within(zu).getByRole('link', { name: 'JAKA Zu 7' });
    expect(card.getAttribute('href')).toBe('/en/productDetails/103');
    const article = card.closest('article') as HTMLElement;
    expect(within(article).getByText('7 kg')).toBeTruthy();
    expect(within(article).getByText('819 mm')).toBeTruthy();

    const c = screen.getByRole('region', { name: 'JAKA C Series' });
    expect(within(c).getByRole('heading', { name: 'JAKA C5 Type C' })).toBeTruthy();
    const m = screen.getByRole('region', { name: 'JAKA Mobile Manipulators' });
    expect(within(m).getByRole('heading', { name: 'JAKA Lumi M1 Type M' })).toBeTruthy();
    // Reach does not apply to this one; accessories have neither figure.
    expect(within(m).queryByText('Reach')).toBeNull();
    const accessories = screen.getByRole('region', { name: 'Accessories' });
    expect(within(accessories).queryByText('Payload')).toBeNull();
  });

  it('offers a jump list to the lines', async () => {
    mockFetch(routes());
    await renderRouteAt(<ProductListRoute />, 'productList', '/en/productList');
    const nav = await screen.findByRole('navigation', { name: 'Product lines' });
    expect(within(nav).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['#line-1', '#line-2', '#line-3', '#line-4', '#line-5']);
  });

  it('shows the banners except the one leading to this page', async () => {
    mockFetch(routes());
    await renderRouteAt(<ProductListRoute />, 'productList', '/en/productList');
    const banner = await screen.findByRole('link', { name: /Compare models side by side/ });
    expect(banner.getAttribute('href')).toBe('/en/productComparison');
    expect(screen.queryByText('Cobots for every task')).toBeNull();
  });

  it('says so when no product is published', async () => {
    mockFetch(routes([]));
    await renderRouteAt(<ProductListRoute />, 'productList', '/en/productList');
    expect(await screen.findByText('No products are published in this language yet.')).toBeTruthy();
  });

  it('shows an error with retry when the lines fail, and recovers', async () => {
    let fail = true;
    mockFetch([
      ['/api/productCenter/selectPublishDataById/1', { body: envelope(productColumn) }],
      ['/api/banner/allList', { body: envelope([]) }],
      [
        '/api/productCenter/productLineList',
        () => (fail ? { status: 503, body: { success: false, code: 503, msg: 'down', data: null, errorKey: 'upstream.unavailable' } } : { body: envelope(productLines) }),
      ],
    ]);
    await renderRouteAt(<ProductListRoute />, 'productList', '/en/productList');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The service is temporarily unavailable.');
    fail = false;
    await userEvent.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'JAKA Zu Cobots' })).toBeTruthy();
  });

  it('shows a loading skeleton first', async () => {
    mockFetch(routes());
    await renderRouteAt(<ProductListRoute />, 'productList', '/en/productList');
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    await screen.findByRole('heading', { level: 2, name: 'JAKA Zu Cobots' });
  });
});
