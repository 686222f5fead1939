import { expect, test } from '../support/test';

// The spine, end to end through the real BFF and the CMS mock: a Chinese visitor lands on the
// home page, sees the Chinese navigation and banners, and switches to English.
test.use({ locale: 'zh-CN' });

test('a visitor lands on /index and switches the site to English', async ({ page }) => {
  const consoleErrors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));

  await page.goto('/');
  await expect(page).toHaveURL(/\/index$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');

  const nav = page.getByRole('navigation', { name: '主导航' });
  // Top-level items with a mega-menu are buttons that open it (their page is its overview link).
  await expect(nav.getByRole('button', { name: '产品中心', exact: true })).toBeVisible();
  await expect(nav.getByRole('button', { name: '解决方案', exact: true })).toBeVisible();
  const carousel = page.locator('[aria-roledescription="carousel"]');
  await expect(carousel.getByRole('heading', { name: 'JAKA Zu 系列协作机器人' })).toBeVisible();

  await page.getByRole('button', { name: /^语言/ }).click();
  await page.getByRole('menuitem', { name: 'English' }).click();

  await expect(page).toHaveURL(/\/en\/index$/);
  await expect(page.locator('html')).toHaveAttribute('lang', 'en');
  const enNav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(enNav.getByRole('button', { name: 'Products', exact: true })).toBeVisible();
  await expect(enNav.getByRole('button', { name: 'Service & Support', exact: true })).toBeVisible();
  await expect(page.locator('[aria-roledescription="carousel"]').getByRole('heading', { name: 'JAKA Zu collaborative robots' })).toBeVisible();
  await expect(enNav.getByText('产品中心')).toHaveCount(0);

  expect(consoleErrors).toEqual([]);
});

test('the Japanese menu comes from its own menu id and language', async ({ page }) => {
  await page.goto('/jp/index');
  const nav = page.getByRole('navigation', { name: 'メインナビゲーション' });
  await expect(nav.getByRole('button', { name: '製品', exact: true })).toBeVisible();
});

test('unknown paths answer 404 with the not-found page at their address, keeping the language', async ({ page }) => {
  const english = await page.goto('/en/no-such-page');
  expect(english?.status()).toBe(404);
  await expect(page).toHaveURL(/\/en\/no-such-page$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Page not found' })).toBeVisible();
  const chinese = await page.goto('/no-such-page');
  expect(chinese?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '页面未找到' })).toBeVisible();
});
