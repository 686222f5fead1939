import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRouteAt } from '@/testing/render-route';
import { ProductComparisonRoute } from '../routes/product-comparison';
import { comparison, productDetail, productLines } from './fixtures';

// The first render of a file loads every catalogue; give it time on a busy machine.
configure({ asyncUtilTimeout: 5000 });
vi.setConfig({ testTimeout: 20_000 });

const PATTERN = 'productComparison';

const everyProduct: Array<{ id: number }> = [...comparison.products, ...productLines.flatMap((l): Array<{ id: number }> => l.children)];

/**
 * A product's own page data, with the parameters of the comparison fixture in its column (a
 * product outside the fixture has every parameter at '1'); a null value is a parameter the
 * product does not have.
 */
function detailOf(id: number, parameters: ReadonlyArray<{ groupName: string; name: string; unit: string | null; values: ReadonlyArray<string | null> }> = comparison.parameters) {
  const column = comparison.products.findIndex((p) => p.id === id);
  const specGroups: Array<{ groupName: string; items: Array<{ name: string; value: string; unit: string | null }> }> = [];
  for (const row of parameters) {
    const value = column >= 0 ? row.values[column] : '1';
    if (value === null || value === undefined) continue;
    let group = specGroups.find((g) => g.groupName === row.groupName);
    if (!group) {
      group = { groupName: row.groupName, items: [] };
      specGroups.push(group);
    }
    group.items.push({ name: row.name, value, unit: row.unit });
  }
  return { ...productDetail, ...everyProduct.find((p) => p.id === id), specGroups };
}

const idOf = (url: string) => Number(url.split('/').pop());

function stub() {
  return mockFetch([
    ['/api/productCenter/productLineList', { body: envelope(productLines) }],
    ['/api/productCenter/getProductById/1/', (request) => ({ body: envelope(detailOf(idOf(request.url))) })],
  ]);
}

/** The products' own data the page asked for, by product id. */
const detailCalls = (requests: { url: string }[]) => requests.filter((r) => r.url.includes('/getProductById/')).map((r) => idOf(r.url));
const contrastCalls = (requests: { url: string }[]) => requests.filter((r) => r.url.includes('productContrast'));
const bodyRows = () =>
  screen
    .getAllByRole('rowheader')
    .map((th) => th.textContent);

describe('the comparison page', () => {
  it('refuses fewer than two products with a message, without asking for a comparison', async () => {
    const { requests } = stub();
    await renderRouteAt(<ProductComparisonRoute />, PATTERN, '/en/productComparison?ids=101');
    expect(await screen.findByText('Choose at least 2 products to compare.')).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(detailCalls(requests)).toEqual([]);
    // The picker is open, with the one chosen product ticked.
    expect(screen.getByRole('checkbox', { name: 'JAKA Zu 3' })).toHaveProperty('checked', true);
  });

  it('refuses an empty choice the same way', async () => {
    const { requests } = stub();
    await renderRouteAt(<ProductComparisonRoute />, PATTERN, '/productComparison');
    expect(await screen.findByText('请至少选择 2 个产品进行对比。')).toBeTruthy();
    expect(detailCalls(requests)).toEqual([]);
  });

  it('compares the products of the query string, in its order, grouped by parameter group', async () => {
    const { requests } = stub();
    await renderRouteAt(<ProductComparisonRoute />, PATTERN, '/en/productComparison?ids=101,201,301');
    const table = await screen.findByRole('table', { name: 'Parameters of JAKA Zu 3, JAKA Pro 5, JAKA C5' });
    // Each product's own data, once; not the aggregate comparison.
    expect(detailCalls(requests).sort()).toEqual([101, 201, 301]);
    expect(contrastCalls(requests)).toEqual([]);
    const head = table.querySelector('thead') as HTMLElement;
    expect(within(head).getAllByRole('columnheader')[0]?.textContent).toBe('Parameter');
    expect(within(head).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['JAKA Zu 3', '/en/productDetails/101'],
      ['JAKA Pro 5', '/en/productDetails/201'],
      ['JAKA C5', '/en/productDetails/301'],
    ]);
    expect(within(table).getAllByRole('columnheader', { name: /Performance|Environment|Controller/ }).map((g) => g.textContent)).toEqual([
      'Performance',
      'Environment',
      'Controller',
    ]);
    expect(bodyRows()).toEqual(['Payload (kg)', 'Degrees of freedom', 'IP rating', 'Special protection', 'Cabinet']);
    const special = within(table).getByRole('rowheader', { name: 'Special protection' }).parentElement as HTMLElement;
    expect(within(special).getAllByRole('cell').map((c) => c.textContent)).toEqual(['—Not available', 'Dust-tight', '—Not available']);
    expect(screen.getByText('5 of 5 parameters shown')).toBeTruthy();
  });

  it('hides identical and unavailable items, each and together', async () => {
    stub();
    const user = userEvent.setup();
    await renderRouteAt(<ProductComparisonRoute />, PATTERN, '/en/productComparison?ids=101,201,301');
    await screen.findByRole('table');
    const identical = screen.getByRole('switch', { name: 'Hide identical items' });
    const unavailable = screen.getByRole('switch', { name: 'Hide unavailable items' });

    await user.click(identical);
    expect(bodyRows()).toEqual(['Payload (kg)', 'IP rating', 'Special protection']);
    expect(screen.queryByRole('columnheader', { name: 'Controller' })).toBeNull();
    expect(screen.getByText('3 of 5 parameters shown')).toBeTruthy();

    await user.click(unavailable);
    expect(bodyRows()).toEqual(['Payload (kg)', 'IP rating']);

    await user.click(identical);
    expect(bodyRows()).toEqual(['Payload (kg)', 'Degrees of freedom', 'IP rating', 'Cabinet']);

    await user.click(unavailable);
    expect(bodyRows()).toHaveLength(5);
  });

  it('says so when the filters hide every row', async () => {
    mockFetch([
      ['/api/productCenter/productLineList', { body: envelope(productLines) }],
      [
        '/api/productCenter/getProductById/1/',
        (request) => ({ body: envelope(detailOf(idOf(request.url), [{ groupName: 'G', name: 'Same', unit: null, values: ['1', '1'] }])) }),
      ],
    ]);
    await renderRouteAt(<ProductComparisonRoute />, PATTERN, '/en/productComparison?ids=101,201');
    await screen.findByRole('table');
    await userEvent.click(screen.getByRole('switch', { name: 'Hide identical items' }));
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText(/The filters hide every parameter/)).toBeTruthy();
  });

  it('removes a product from the table and the query string; one left is refused', async () => {
    const { requests } = stub();
    const user = userEvent.setup();
    const { router } = await renderRouteAt(<ProductComparisonRoute />, PATTERN, '/en/productComparison?ids=101,201,301');
    await screen.findByRole('table');
    await user.click(screen.getByRole('button', { name: 'Remove JAKA Pro 5 from the comparison' }));
    expect(router.state.location.search).toBe('?ids=101%2C301');
    expect(await screen.findByRole('table', { name: 'Parameters of JAKA Zu 3, JAKA C5' })).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Remove JAKA C5 from the comparison' }));
    expect(router.state.location.search).toBe('?ids=101');
    expect(await screen.findByText('Choose at least 2 products to compare.')).toBeTruthy();
    // Removing asks for nothing: the three products were each loaded once.
    expect(detailCalls(requests).sort()).toEqual([101, 201, 301]);
  });

  it('adds products from the picker, at most four', async () => {
    stub();
    const user = userEvent.setup();
    const { router } = await renderRouteAt(<ProductComparisonRoute />, PATTERN, '/en/productComparison?ids=101');
    await screen.findByText('Choose at least 2 products to compare.');
    await user.click(screen.getByRole('checkbox', { name: 'JAKA Pro 5' }));
    expect(router.state.location.search).toBe('?ids=101%2C201');
    await screen.findByRole('table');
    // The picker stays open while choosing; once a table shows it can fold away and come back.
    await user.click(screen.getByRole('button', { name: 'Hide the product list' }));
    expect(screen.queryByRole('checkbox', { name: 'JAKA C5 Type C' })).toBeNull();
    const change = screen.getByRole('button', { name: 'Change products' });
    expect(change.getAttribute('aria-expanded')).toBe('false');
    await user.click(change);
    expect(change.getAttribute('aria-expanded')).toBe('true');
    await user.click(screen.getByRole('checkbox', { name: 'JAKA C5 Type C' }));
    await user.click(screen.getByRole('checkbox', { name: 'JAKA Lumi M1 Type M' }));
    expect(router.state.location.search).toBe('?ids=101%2C201%2C301%2C401');
    expect(screen.getByText('4 of 4 chosen')).toBeTruthy();
    expect(screen.getByRole('checkbox', { name: 'JAKA Zu 7' })).toHaveProperty('disabled', true);
    expect(screen.getByText('You can compare up to 4 products. Remove one to add another.')).toBeTruthy();
  });

  it('loads only what a tick adds: three products are three calls, and none under way is cancelled', async () => {
    // The products' answers wait until the test lets them go, so that ticks land while earlier
    // products are still loading.
    const asked: Array<{ id: number; signal: AbortSignal | null | undefined; answer: () => void }> = [];
    vi.stubGlobal(
      'fetch',
      vi.fn((input: RequestInfo | URL, init?: RequestInit) => {
        const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
        if (url.includes('/productLineList')) return Promise.resolve(new Response(JSON.stringify(envelope(productLines))));
        if (!url.includes('/getProductById/1/')) return Promise.reject(new Error(`Unexpected request in test: ${url}`));
        return new Promise<Response>((resolve) => {
          asked.push({ id: idOf(url), signal: init?.signal, answer: () => resolve(new Response(JSON.stringify(envelope(detailOf(idOf(url)))))) });
        });
      }),
    );
    const user = userEvent.setup();
    const { router } = await renderRouteAt(<ProductComparisonRoute />, PATTERN, '/en/productComparison?ids=101');
    await screen.findByText('Choose at least 2 products to compare.');
    expect(asked).toEqual([]);

    await user.click(screen.getByRole('checkbox', { name: 'JAKA Pro 5' }));
    await waitFor(() => expect(asked.map((a) => a.id).sort()).toEqual([101, 201]));
    // A third tick while the first two are still loading asks for the third only.
    await user.click(screen.getByRole('checkbox', { name: 'JAKA C5 Type C' }));
    expect(router.state.location.search).toBe('?ids=101%2C201%2C301');
    await waitFor(() => expect(asked.map((a) => a.id).sort()).toEqual([101, 201, 301]));
    for (const request of asked) request.answer();

    expect(await screen.findByRole('table', { name: 'Parameters of JAKA Zu 3, JAKA Pro 5, JAKA C5' })).toBeTruthy();
    expect(asked.map((a) => a.id).sort()).toEqual([101, 201, 301]);
    expect(asked.filter((a) => a.signal?.aborted)).toEqual([]);
  });

  it('drops ids of products the site does not list', async () => {
    const { requests } = stub();
    await renderRouteAt(<ProductComparisonRoute />, PATTERN, '/en/productComparison?ids=101,999,201');
    await screen.findByRole('table');
    expect(detailCalls(requests).sort()).toEqual([101, 201]);
  });

  it('shows an error with retry when the comparison fails', async () => {
    mockFetch([
      ['/api/productCenter/productLineList', { body: envelope(productLines) }],
      ['/api/productCenter/getProductById/1/201', { status: 502, body: { success: false, code: 502, msg: 'bad', data: null, errorKey: 'upstream.bad_gateway' } }],
      ['/api/productCenter/getProductById/1/', (request) => ({ body: envelope(detailOf(idOf(request.url))) })],
    ]);
    await renderRouteAt(<ProductComparisonRoute />, PATTERN, '/en/productComparison?ids=101,201');
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
