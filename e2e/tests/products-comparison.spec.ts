import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// Comparing products: fewer than two are refused with a message (and nothing is asked of the
// server); each tick loads that product's data and nothing else (three products, three calls,
// none cancelled), and the table equals the CMS's own comparison; the two toggles hide rows,
// each and together; a product can be removed; the choice lives in the address. In Chinese and
// English, and on a phone, where every value stands beside its product's name.

test.use({ locale: 'zh-CN' });

const languages = [
  {
    code: 'zh',
    prefix: '',
    needTwo: '请至少选择 2 个产品进行对比。',
    identical: '隐藏相同项',
    unavailable: '隐藏不可用项',
    remove: '从对比中移除 JAKA Pro 5',
    shown: (n: number, total: number) => `显示 ${n} / ${total} 项参数`,
    special: '特殊防护',
  },
  {
    code: 'en',
    prefix: '/en',
    needTwo: 'Choose at least 2 products to compare.',
    identical: 'Hide identical items',
    unavailable: 'Hide unavailable items',
    remove: 'Remove JAKA Pro 5 from the comparison',
    shown: (n: number, total: number) => `${n} of ${total} parameters shown`,
    special: 'Special protection',
  },
];

/** Records the API calls the page makes (path only), and those that failed or were cancelled. */
function apiCalls(page: Page): { calls: string[]; failed: string[] } {
  const calls: string[] = [];
  const failed: string[] = [];
  page.on('request', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/prod-api/')) calls.push(url.pathname);
  });
  page.on('requestfailed', (request) => {
    const url = new URL(request.url());
    if (url.pathname.startsWith('/prod-api/')) failed.push(`${url.pathname}: ${request.failure()?.errorText ?? ''}`);
  });
  return { calls, failed };
}

const detail = (id: number) => `/prod-api/api/productCenter/getProductById/1/${id}`;

const rowCount = (page: Page) => page.getByRole('table').locator('tbody tr:not(:has(th[scope="colgroup"]))').count();

for (const l of languages) {
  test(`comparison of three products with the toggles, ${l.code}`, async ({ page }) => {
    const { calls, failed } = apiCalls(page);
    await page.goto(`${l.prefix}/productComparison?ids=101`);
    await expect(page.getByText(l.needTwo)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    // The server sent the page with its data: the browser asks for nothing.
    expect(calls).toEqual([]);

    // The choice goes into the address first; the boxes follow it. The third product is ticked
    // at once, while the first two may still be loading.
    await page.getByRole('checkbox', { name: 'JAKA Pro 5' }).click();
    await expect(page.getByRole('checkbox', { name: 'JAKA Pro 5' })).toBeChecked();
    await page.getByRole('checkbox', { name: /^JAKA C5/ }).click();
    await expect(page.getByRole('checkbox', { name: /^JAKA C5/ })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/productComparison\\?ids=101%2C201%2C301$`));
    const table = page.getByRole('table');
    await expect(table.locator('thead').getByRole('link')).toHaveText(['JAKA Zu 3', 'JAKA Pro 5', 'JAKA C5']);
    // Nothing is loading any more.
    await expect(table.locator('xpath=..')).toHaveAttribute('aria-busy', 'false');
    // Three products, three calls: each product's own data, once, none cancelled.
    expect([...calls].sort()).toEqual([detail(101), detail(201), detail(301)]);
    expect(failed).toEqual([]);

    // The table says what the CMS's own comparison of the three says, row by row.
    const contrast = await page.request.get(`/prod-api/api/productCenter/productContrast/101,201,301`, { headers: { lang: l.code } });
    const { data } = (await contrast.json()) as { data: { parameters: Array<{ name: string; values: Array<string | null> }> } };
    const shownRows = await table.locator('tbody tr:not(:has(th[scope="colgroup"]))').evaluateAll((rows) =>
      rows.map((row) => [
        row.querySelector('th')?.firstChild?.textContent ?? '',
        ...[...row.querySelectorAll('td')].map((cell) => (cell.querySelector('[aria-hidden="true"]') ? null : cell.textContent)),
      ]),
    );
    expect(shownRows).toEqual(data.parameters.map((row) => [row.name, ...row.values.map((v) => (v === null || v.trim() === '' ? null : v))]));

    const total = await rowCount(page);
    expect(total).toBeGreaterThan(10);
    await expect(page.getByText(l.shown(total, total))).toBeVisible();
    await expect(table.getByRole('rowheader', { name: l.special })).toBeVisible();

    const identical = page.getByRole('switch', { name: l.identical });
    const unavailable = page.getByRole('switch', { name: l.unavailable });
    await identical.check();
    const withoutIdentical = await rowCount(page);
    expect(withoutIdentical).toBeLessThan(total);
    await expect(page.getByText(l.shown(withoutIdentical, total))).toBeVisible();
    // Identical rows are gone, rows with an unavailable value stay.
    await expect(table.getByRole('rowheader', { name: l.special })).toBeVisible();

    await unavailable.check();
    const both = await rowCount(page);
    expect(both).toBeLessThan(withoutIdentical);
    await expect(table.getByRole('rowheader', { name: l.special })).toHaveCount(0);

    await identical.uncheck();
    const onlyUnavailable = await rowCount(page);
    expect(onlyUnavailable).toBe(total - 1);

    await unavailable.uncheck();
    expect(await rowCount(page)).toBe(total);

    await page.getByRole('button', { name: l.remove }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/productComparison\\?ids=101%2C301$`));
    await expect(table.locator('thead').getByRole('link')).toHaveText(['JAKA Zu 3', 'JAKA C5']);
    // Taking a product away asks for nothing.
    expect(calls).toHaveLength(3);
    await page.reload();
    await expect(page.getByRole('table').locator('thead').getByRole('link')).toHaveText(['JAKA Zu 3', 'JAKA C5']);
  });
}

test('the product page leads to the comparison with that product chosen', async ({ page }) => {
  await page.goto('/en/productDetails/103');
  await page.getByRole('link', { name: 'Compare with other models' }).first().click();
  await expect(page).toHaveURL(/\/en\/productComparison\?ids=103$/);
  await expect(page.getByText('Choose at least 2 products to compare.')).toBeVisible();
  await expect(page.getByRole('checkbox', { name: 'JAKA Zu 7' })).toBeChecked();
});

for (const l of languages) {
  test(`on a phone every value stands beside its product's name, without sideways scrolling, ${l.code}`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${l.prefix}/productComparison?ids=101,201,301,401`);
    const table = page.getByRole('table');
    await expect(table.locator('thead').getByRole('link')).toHaveCount(4);
    expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
    const names = await table.locator('thead').getByRole('link').allTextContents();

    // Each parameter: its name, then under it one line per product: the product's name, then its
    // value, side by side and inside the screen.
    const rows = await table.locator('tbody tr:not(:has(th[scope="colgroup"]))').evaluateAll((trs) =>
      trs.map((tr) => {
        const header = (tr.querySelector('th') as HTMLElement).getBoundingClientRect();
        return {
          name: tr.querySelector('th')?.textContent ?? '',
          headerBottom: header.bottom,
          cells: [...tr.querySelectorAll('td')].map((td) => {
            const box = td.getBoundingClientRect();
            const label = getComputedStyle(td, '::before').content;
            return { label, top: box.top, left: box.left, right: box.right };
          }),
        };
      }),
    );
    expect(rows.length).toBeGreaterThan(10);
    for (const row of rows) {
      expect(row.cells.map((cell) => cell.label), row.name).toEqual(names.map((name) => JSON.stringify(name)));
      for (const [i, cell] of row.cells.entries()) {
        expect(cell.top, row.name).toBeGreaterThanOrEqual(row.headerBottom - 1);
        if (i > 0) expect(cell.top, row.name).toBeGreaterThan(row.cells[i - 1]?.top ?? 0);
        expect(cell.left).toBeGreaterThanOrEqual(0);
        expect(cell.right).toBeLessThanOrEqual(375);
      }
    }
    // Still a table with its headers for screen readers, and axe finds nothing serious.
    await expect(table.getByRole('rowheader').first()).toBeVisible();
    await expect(table.getByRole('columnheader', { name: names[0] })).toBeVisible();
    const axe = await new AxeBuilder({ page }).include('main').withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    expect(axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id)).toEqual([]);
  });
}

test('on a phone three products stand as two cards and a whole-row third, none alone at half width', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/en/productComparison?ids=101,201,301');
  const cards = page.getByRole('table').locator('thead th[scope="col"]').filter({ has: page.getByRole('link') });
  await expect(cards).toHaveCount(3);
  const boxes = await cards.evaluateAll((ths) => ths.map((th) => th.getBoundingClientRect()).map((r) => ({ top: r.top, width: r.width })));
  expect(boxes[0].top).toBe(boxes[1].top);
  expect(boxes[2].top).toBeGreaterThan(boxes[0].top);
  expect(boxes[2].width).toBeGreaterThan(boxes[0].width + boxes[1].width);
});
