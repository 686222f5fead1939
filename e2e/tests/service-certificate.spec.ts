import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// Certificate lookup on the academy page (spec sections 1, 5, 6): looking up needs a login, so a
// visitor is sent to the login page and comes back to the lookup; found certificates can be
// downloaded as a picture, and a number without certificate says so.

const DEMO = { phone: '13800138000', password: 'Jaka@2024' };

/** Logs the demo user in through the accounts API and stores the session as the site does (lib/session.ts storeLogin). */
async function logIn(page: Page) {
  const response = await page.request.post('/prod-api/login/phonePasswordLogin', { data: DEMO });
  expect(response.ok()).toBe(true);
  const { data } = (await response.json()) as { data: { token: string; userId: number; userName: string; account: string; email: string | null } };
  await page.evaluate((login) => {
    const email = login.email ?? '';
    localStorage.setItem('jakaUserId', String(login.userId));
    localStorage.setItem('jakaUserName', login.userName);
    localStorage.setItem('jakaUserAccount', login.account);
    localStorage.setItem('jakaUserAccountEmail', email);
    localStorage.setItem('jakaUserInfo', JSON.stringify({ ...login, email }));
  }, data);
}

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    // The lookup of an unknown number answers 404 by contract; the browser logs that response.
    if (m.type() === 'error' && !/status of 404/.test(m.text())) errors.push(m.text());
  });
  return errors;
}

const cases = [
  {
    lang: 'zh',
    path: '/jakaAcademy',
    field: '手机号或证书编号',
    submit: '查询',
    loginNote: '查询证书需要登录，登录后将自动返回本页。',
    results: '证书',
    course: '协作机器人操作员认证（初级）',
    download: '下载证书 JK-P-2023-0001',
    notFound: '抱歉！未查询到该编号的证书',
    phoneError: '请输入正确的手机号',
  },
  {
    lang: 'en',
    path: '/en/jakaAcademy',
    field: 'Mobile number or certificate number',
    submit: 'Look up',
    loginNote: 'Looking up certificates requires logging in; you will come back here afterwards.',
    results: 'Certificates',
    course: 'Certified Cobot Operator (Primary)',
    download: 'Download certificate JK-P-2023-0001',
    notFound: 'Sorry! No certificate with this number was found',
    phoneError: 'Please enter a valid mobile number',
  },
];

for (const c of cases) {
  test.describe(`certificate lookup (${c.lang})`, () => {
    test('a visitor is sent to log in, comes back, and finds and downloads the certificates of a phone number', async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto(c.path);
      const field = page.getByRole('textbox', { name: c.field });
      await expect(page.getByText(c.loginNote)).toBeVisible();

      // An 11-character entry must be a phone number (checked on blur).
      await field.fill('1380013800x');
      await field.blur();
      await expect(page.getByText(c.phoneError)).toBeVisible();

      await field.fill(DEMO.phone);
      await page.getByRole('button', { name: c.submit, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`/login\\?from=${encodeURIComponent(c.path)}$`));
      expect(await page.evaluate(() => localStorage.getItem('jakaWhereFrom'))).toBe(c.path);

      await logIn(page);
      await page.goto(c.path);
      const list = page.getByRole('list', { name: c.results, exact: true });
      await expect(list.getByRole('listitem')).toHaveCount(2);
      await expect(list.getByRole('heading', { name: c.course })).toBeVisible();
      await expect(page.getByRole('textbox', { name: c.field })).toHaveValue(DEMO.phone);

      const downloading = page.waitForEvent('download');
      await list.getByRole('button', { name: c.download }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/\.png$/);
      expect(errors).toEqual([]);
    });

    test('a logged-in visitor is told when no certificate has the number', async ({ page }) => {
      const errors = watchConsole(page);
      await page.goto(c.path);
      await logIn(page);
      await page.reload();
      await page.getByRole('textbox', { name: c.field }).fill('JK-X-2099-0000');
      await page.getByRole('button', { name: c.submit, exact: true }).click();
      await expect(page.getByRole('alert').filter({ hasText: c.notFound })).toBeVisible();
      await expect(page.getByRole('list', { name: c.results, exact: true })).toHaveCount(0);

      // A certificate number finds its certificate too.
      await page.getByRole('textbox', { name: c.field }).fill('JK-P-2023-0001');
      await page.getByRole('button', { name: c.submit, exact: true }).click();
      await expect(page.getByRole('list', { name: c.results, exact: true }).getByRole('listitem')).toHaveCount(1);
      expect(errors).toEqual([]);
    });
  });
}
