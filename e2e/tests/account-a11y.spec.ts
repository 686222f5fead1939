import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_EMAIL, startSession } from '../support/accounts';

// axe-core scans of the account pages (WCAG 2 A and AA), with their validation messages showing,
// on a desktop and on a phone: no serious or critical violations.

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

for (const { name, viewport, locale, prefix, submit } of [
  { name: 'desktop zh', viewport: { width: 1440, height: 900 }, locale: 'zh-CN', prefix: '', submit: { login: '登录', next: '下一步' } },
  { name: 'phone en', viewport: { width: 375, height: 812 }, locale: 'en-US', prefix: '/en', submit: { login: 'Log in', next: 'Next' } },
]) {
  test.describe(name, () => {
    test.use({ viewport, locale });

    test('login, reset and registration forms, with their messages', async ({ page }) => {
      test.slow(); // four pages, each scanned whole by axe
      await page.goto(`${prefix}/login`);
      await page.getByRole('main').getByRole('button', { name: submit.login, exact: true }).click();
      await expect(page.getByRole('main').locator('[aria-invalid="true"]').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`${prefix}/login?mode=reset`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`${prefix}/register`);
      await page.getByRole('main').getByRole('button', { name: submit.next }).click();
      await expect(page.getByRole('main').locator('[aria-invalid="true"]').first()).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);

      await page.goto(`${prefix}/wechatLogin`);
      await expect(page.getByRole('main').getByRole('img')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });

    test('the deregistration page', async ({ page }) => {
      await startSession(page.request, DEMO_EMAIL, `a11y-token-${name.replace(' ', '-')}-0001`);
      await page.goto(`${prefix}/news`);
      await page.evaluate((token) => localStorage.setItem('jakaUserInfo', JSON.stringify({ token })), `a11y-token-${name.replace(' ', '-')}-0001`);
      await page.goto(`${prefix}/deregister`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/deregister$`));
      await expect(page.getByRole('main').getByRole('checkbox')).toBeVisible();
      expect(await seriousViolations(page)).toEqual([]);
    });
  });
}
