import type { APIRequestContext } from '@playwright/test';

import { mockURL } from '../support/mocks';
import { expect, test } from '../support/test';

// An editor's change in the CMS reaches visitors in seconds, not when the caches expire: the CMS
// stand-in notifies the site (its signed webhook to /hooks/cms, README "Publishing"), and the BFF
// drops the content answers and pages built from the changed product. The product is one no
// other journey reads by name, renamed in English only, and its name is given back afterwards.
const product = 203;
const original = 'JAKA Pro 16';

async function rename(request: APIRequestContext, name: string): Promise<void> {
  const response = await request.post(`${mockURL('content')}/__admin/products/${product}`, { data: { lang: 'en', name } });
  expect(response.ok(), await response.text()).toBe(true);
}

test.afterEach(async ({ request }) => {
  await rename(request, original);
});

test('a product an editor renames shows its new name on the next reload within 2 s', async ({ page, request }) => {
  // Seen once before the change: its page and its content are in the caches now.
  await page.goto(`/en/productDetails/${product}`);
  await expect(page.getByRole('heading', { level: 1, name: original, exact: true })).toBeVisible();

  const renamed = `${original} Neo`;
  const started = Date.now();
  await rename(request, renamed);
  await expect(async () => {
    await page.reload();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(renamed, { timeout: 250 });
  }).toPass({ timeout: Math.max(0, 2000 - (Date.now() - started)), intervals: [100, 200, 250] });
  const took = Date.now() - started;
  test.info().annotations.push({ type: 'publish', description: `the new name showed ${took} ms after the editor's call` });
  expect(took).toBeLessThanOrEqual(2000);
});
