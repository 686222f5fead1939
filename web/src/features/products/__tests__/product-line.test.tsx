import { configure, screen, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { pageTitleStore } from '@/lib/page-title';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRouteAt } from '@/testing/render-route';
import { ProductLineRoute } from '../routes/product-line';
import { lineDetail } from './fixtures';

// The first render of a file loads every catalogue; give it time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

describe('the product line page', () => {
  it('shows the line: description, features and its products, linked', async () => {
    const { requests } = mockFetch([['/api/productCenter/getProductLineDetails/1/1', { body: envelope(lineDetail) }]]);
    await renderRouteAt(<ProductLineRoute />, 'productList/:id', '/en/productList/1');
    expect(await screen.findByRole('heading', { level: 1, name: 'JAKA Zu Cobots' })).toBeTruthy();
    expect(requests[0]?.headers.get('lang')).toBe('en');
    expect(screen.getByText('The JAKA Zu series is the core line.')).toBeTruthy();
    const features = screen.getByRole('region', { name: 'Highlights' });
    expect(within(features).getAllByRole('heading', { level: 3 }).map((h) => h.textContent)).toEqual([
      'Hand-guided teaching',
      'Built to work beside people',
    ]);
    const models = screen.getByRole('region', { name: 'Models' });
    expect(within(models).getByRole('link', { name: 'JAKA Zu 3' }).getAttribute('href')).toBe('/en/productDetails/101');
    expect(within(models).getByRole('link', { name: 'Compare the models of this line' }).getAttribute('href')).toBe(
      '/en/productComparison?ids=101,103',
    );
    expect(pageTitleStore.get()).toMatchObject({ page: 'JAKA Zu Cobots', document: null, description: 'Six-axis cobots.' });
  });

  it('says when the line does not exist', async () => {
    mockFetch([['/api/productCenter/getProductLineDetails/1/77', { status: 404, body: { success: false, code: 404, msg: 'gone', data: null, errorKey: 'resource.not_found' } }]]);
    await renderRouteAt(<ProductLineRoute />, 'productList/:id', '/productList/77');
    expect((await screen.findByRole('alert')).textContent).toContain('该产品系列不存在或已下线。');
  });
});
