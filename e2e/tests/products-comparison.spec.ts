import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// Comparing products: fewer than two are refused with a message (and nothing is asked of the
// server); three products give a table whose rows the two toggles hide, each and together; a
// product can be removed; the choice lives in the address. In Chinese and English, and on a phone.

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

/** Records the comparison calls the page makes. */
function contrastCalls(page: Page): string[] {
  const calls: string[] = [];
  page.on('request', (request) => {
    if (request.url().includes('/prod-api/api/productCenter/productContrast/')) calls.push(request.url());
  });
  return calls;
}

const rowCount = (page: Page) => page.getByRole('table').locator('tbody tr:not(:has(th[scope="colgroup"]))').count();

for (const l of languages) {
  test(`comparison of three products with the toggles, ${l.code}`, async ({ page }) => {
    const calls = contrastCalls(page);
    await page.goto(`${l.prefix}/productComparison?ids=101`);
    await expect(page.getByText(l.needTwo)).toBeVisible();
    await expect(page.getByRole('table')).toHaveCount(0);
    expect(calls).toEqual([]);

    // The choice goes into the address first; the boxes follow it.
    await page.getByRole('checkbox', { name: 'JAKA Pro 5' }).click();
    await expect(page.getByRole('checkbox', { name: 'JAKA Pro 5' })).toBeChecked();
    await page.getByRole('checkbox', { name: /^JAKA C5/ }).click();
    await expect(page.getByRole('checkbox', { name: /^JAKA C5/ })).toBeChecked();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/productComparison\\?ids=101%2C201%2C301$`));
    const table = page.getByRole('table');
    await expect(table.locator('thead').getByRole('link')).toHaveText(['JAKA Zu 3', 'JAKA Pro 5', 'JAKA C5']);
    expect(calls.at(-1)).toMatch(/productContrast\/101,201,301$/);

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

test('on a phone the table scrolls sideways with the parameter names kept in view', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/en/productComparison?ids=101,201,301,401');
  const region = page.getByRole('region', { name: /Parameters of JAKA Zu 3/ });
  await expect(region.getByRole('table')).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth)).toBeLessThanOrEqual(0);
  const scroller = await region.evaluate((el) => ({ client: el.clientWidth, scroll: el.scrollWidth }));
  expect(scroller.scroll).toBeGreaterThan(scroller.client);
  const firstHeader = region.getByRole('rowheader').first();
  const before = await firstHeader.boundingBox();
  // Scrolled sideways once the region reports the end of its scroll (scrollend).
  const scrolled = await region.evaluate(
    (el) =>
      new Promise<number>((resolve) => {
        el.addEventListener('scrollend', () => resolve(el.scrollLeft), { once: true });
        el.scrollBy({ left: 300 });
      }),
  );
  expect(scrolled).toBeGreaterThan(0);
  const after = await firstHeader.boundingBox();
  expect(after?.x).toBeCloseTo(before?.x ?? 0, 0);
});
