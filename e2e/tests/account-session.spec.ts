import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { createUser, readCode, uniqueEmail, uniquePhone } from '../support/accounts';

// The session over time: deregistration with a code (data removed, logged out, home), a token
// that stops working while the visitor browses (checked on every route change), and the guards
// of the account pages.

const LANGS = [
  {
    lang: 'zh',
    locale: 'zh-CN',
    prefix: '',
    t: {
      login: '登录',
      account: '手机号或邮箱',
      password: '密码',
      code: '验证码',
      getCode: '获取验证码',
      deregisterItem: '注销账户',
      warning: '注销后无法恢复',
      acknowledge: /我已了解/,
      submit: '注销账号',
      confirm: '确认注销',
      done: '账号已注销',
      notRegistered: '账号或密码错误',
      expired: '登录已过期，请重新登录',
      menu: (name: string) => `账户菜单：${name}`,
      news: '新闻中心',
    },
  },
  {
    lang: 'en',
    locale: 'en-US',
    prefix: '/en',
    t: {
      login: 'Log in',
      account: 'Mobile number or e-mail',
      password: 'Password',
      code: 'Verification code',
      getCode: 'Get code',
      deregisterItem: 'Delete account',
      warning: 'This cannot be undone',
      acknowledge: /I understand/,
      submit: 'Delete my account',
      confirm: 'Delete account',
      done: 'Your account has been deleted.',
      notRegistered: 'Incorrect account or password.',
      expired: 'Your login has expired. Please log in again.',
      menu: (name: string) => `Account menu: ${name}`,
      news: 'News',
    },
  },
] as const;

async function login(page: Page, prefix: string, t: (typeof LANGS)[number]['t'], account: string, password: string) {
  await page.goto(`${prefix}/login`);
  const form = page.getByRole('main');
  await form.getByLabel(t.account).fill(account);
  await form.getByLabel(t.password, { exact: true }).fill(password);
  await form.getByRole('button', { name: t.login, exact: true }).click();
  await expect(page).not.toHaveURL(/\/login/);
}

for (const { lang, locale, prefix, t } of LANGS) {
  test.describe(lang, () => {
    test.use({ locale });

    test('deregisters with a code after the warning, is logged out and sent home', async ({ page, request }) => {
      const account = lang === 'zh' ? uniquePhone() : uniqueEmail('leaver');
      await createUser(request, { [lang === 'zh' ? 'phone' : 'email']: account, password: 'Leave#123', name: 'Leaver' });
      await login(page, prefix, t, account, 'Leave#123');

      await page.getByRole('banner').getByRole('button', { name: t.menu('Leaver') }).click();
      await page.getByRole('menuitem', { name: t.deregisterItem }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/deregister$`));
      const form = page.getByRole('main');
      await expect(form.getByRole('heading', { name: t.warning })).toBeVisible();
      await expect(form.getByLabel(t.account)).toHaveValue(account);
      await form.getByRole('button', { name: t.getCode }).click();
      const code = await readCode(request, account, 'deregister');
      await form.getByLabel(t.code, { exact: true }).fill(code);
      await form.getByRole('checkbox', { name: t.acknowledge }).check();
      await form.getByRole('button', { name: t.submit }).click();
      await page.getByRole('alertdialog').getByRole('button', { name: t.confirm }).click();

      await expect(page.getByText(t.done)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${prefix}/index$`));
      await expect(page.getByRole('banner').getByRole('link', { name: t.login })).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('jakaUserInfo'))).toBeNull();

      // The account is gone: logging in with it fails; re-registration would be needed.
      await page.goto(`${prefix}/login`);
      await form.getByLabel(t.account).fill(account);
      await form.getByLabel(t.password, { exact: true }).fill('Leave#123');
      await form.getByRole('button', { name: t.login, exact: true }).click();
      await expect(form.getByRole('alert')).toHaveText(t.notRegistered);
    });

    test('a token that stopped working is noticed on the next route change', async ({ page, request, browser }) => {
      const account = uniqueEmail(`expiry-${lang}`);
      await createUser(request, { email: account, password: 'Expire#123', name: 'Short Lived' });
      await login(page, prefix, t, account, 'Expire#123');
      await expect(page.getByRole('banner').getByRole('button', { name: t.menu('Short Lived') })).toBeVisible();
      const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}') as { token: string }).token);

      // The session ends elsewhere (another device logs out through the API).
      const other = await browser.newContext();
      const ended = await other.request.post('/prod-api/login/logout', { headers: { token } });
      expect(ended.ok()).toBe(true);
      await other.close();

      await page.getByRole('contentinfo').getByRole('link', { name: t.news, exact: true }).first().click();
      await expect(page.getByText(t.expired)).toBeVisible();
      await expect(page.getByRole('banner').getByRole('link', { name: t.login })).toBeVisible();
      const stored = await page.evaluate(() => ['jakaUserId', 'jakaUserName', 'jakaUserAccount', 'jakaUserInfo'].map((k) => localStorage.getItem(k)));
      expect(stored).toEqual([null, null, null, null]);

      // Without a login the deregister page refuses access.
      await page.goto(`${prefix}/deregister`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/index$`));
    });

    test('going to the deregister page with an expired session leads home', async ({ page, browser }) => {
      const account = uniqueEmail(`expiry2-${lang}`);
      await createUser(page.request, { email: account, password: 'Expire#123', name: 'Gone Soon' });
      await login(page, prefix, t, account, 'Expire#123');
      // The session ends only after the news page's own check of the token has been answered.
      const newsChecked = page.waitForResponse((response) => response.url().includes('/prod-api/login/validateToken'));
      await page.goto(`${prefix}/news`);
      await newsChecked;
      const menu = page.getByRole('banner').getByRole('button', { name: t.menu('Gone Soon') });
      await expect(menu).toBeVisible();
      const token = await page.evaluate(() => (JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}') as { token: string }).token);
      const other = await browser.newContext();
      await other.request.post('/prod-api/login/logout', { headers: { token } });
      await other.close();

      await menu.click();
      await page.getByRole('menuitem', { name: t.deregisterItem }).click();
      await expect(page.getByText(t.expired)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${prefix}/index$`));
      expect(await page.evaluate(() => localStorage.getItem('jakaUserInfo'))).toBeNull();
    });

    test('logged in, /register and /wechatLogin are not shown', async ({ page, request }) => {
      const account = uniqueEmail(`guard-${lang}`);
      await createUser(request, { email: account, password: 'Guard#123', name: 'Guarded' });
      await login(page, prefix, t, account, 'Guard#123');
      for (const path of ['/register', '/wechatLogin', '/login']) {
        await page.goto(`${prefix}${path}`);
        await expect(page).not.toHaveURL(new RegExp(`${path}$`));
        await expect(page.getByRole('banner').getByRole('button', { name: t.menu('Guarded') })).toBeVisible();
      }
    });
  });
}
