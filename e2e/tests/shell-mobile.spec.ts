import { expect, test } from '../support/test';

// The mobile menu at phone width: a full-screen dialog with accordion levels.

test.use({ locale: 'en-US', viewport: { width: 375, height: 812 }, hasTouch: true });

test('the menu button opens the menu; levels open in place; a link closes it', async ({ page }) => {
  await page.goto('/en/index');
  // At this width the bar is hidden; the button stands in.
  await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeHidden();
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await toggle.click();

  const drawer = page.getByRole('dialog', { name: 'Site menu' });
  await expect(drawer).toBeVisible();
  const box = await drawer.boundingBox();
  expect(box?.width).toBeCloseTo(375, 0);
  const nav = drawer.getByRole('navigation', { name: 'Main navigation' });
  const products = nav.getByRole('button', { name: 'Products', exact: true });
  await expect(products).toHaveAttribute('aria-expanded', 'false');
  await expect(nav.getByRole('button', { name: 'JAKA Pro Protective Cobots' })).toBeHidden();
  await products.click();
  await expect(products).toHaveAttribute('aria-expanded', 'true');
  const line = nav.getByRole('button', { name: 'JAKA Pro Protective Cobots' });
  await expect(nav.getByRole('link', { name: 'JAKA Pro 12' })).toBeHidden();
  await line.click();
  await nav.getByRole('link', { name: 'JAKA Pro 12' }).click();

  await expect(page).toHaveURL(/\/en\/productDetails\/202$/);
  await expect(drawer).toBeHidden();
  await expect(page.getByRole('heading', { level: 1, name: 'JAKA Pro 12' })).toBeVisible();
});

test('keeps focus inside, closes with Escape and gives focus back to its button', async ({ page }) => {
  await page.goto('/en/news');
  const toggle = page.getByRole('button', { name: 'Open menu' });
  await toggle.click();
  const drawer = page.getByRole('dialog', { name: 'Site menu' });
  await expect(drawer).toBeVisible();
  await expect(drawer.getByRole('link', { name: '日本語' })).toBeVisible();
  for (let i = 0; i < 40; i += 1) {
    await page.keyboard.press('Tab');
    expect(await drawer.evaluate((el) => el.contains(document.activeElement))).toBe(true);
  }
  // The page behind does not scroll while the menu is open.
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.keyboard.press('Escape');
  await expect(drawer).toBeHidden();
  await expect(toggle).toBeFocused();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
});

test('offers languages, search and the account in the menu', async ({ page }) => {
  await page.goto('/en/news?page=2');
  await page.getByRole('button', { name: 'Open menu' }).click();
  const drawer = page.getByRole('dialog', { name: 'Site menu' });
  await expect(drawer.getByRole('link', { name: 'Log in' })).toHaveAttribute('href', '/en/login');
  await drawer.getByRole('link', { name: '한국어' }).click();
  await expect(page).toHaveURL(/\/ko\/news\?page=2$/);
  await expect(page.getByRole('dialog')).toBeHidden();

  await page.getByRole('button', { name: '메뉴 열기' }).click();
  await page.getByRole('dialog', { name: '사이트 메뉴' }).getByRole('button', { name: '검색' }).click();
  await expect(page.getByRole('dialog', { name: '사이트 검색' })).toBeVisible();
});
