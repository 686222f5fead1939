import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_EMAIL, DEMO_PASSWORD, createUser, readCode, uniqueEmail, uniquePhone } from '../support/accounts';

// Logging in, end to end: the demo user by e-mail and password (returning to the page the visitor
// came from), a wrong verification code, a password reset with the code from the mock's outbox,
// and an attempt to bounce the visitor to another site through ?from=.

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
      codeLogin: '验证码登录',
      getCode: '获取验证码',
      wrongCode: '验证码错误，请重新输入',
      forgot: '忘记密码？',
      newPassword: '新密码',
      confirm: '确认密码',
      setPassword: '设置新密码',
      resetDone: '密码重置成功，请使用新密码登录。',
      badCredentials: '账号或密码错误',
      menu: (name: string) => `账户菜单：${name}`,
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
      codeLogin: 'Code login',
      getCode: 'Get code',
      wrongCode: 'Verification Code is incorrect. Please re-enter',
      forgot: 'Forgot password?',
      newPassword: 'New password',
      confirm: 'Confirm password',
      setPassword: 'Set new password',
      resetDone: 'Password reset successfully. Please log in with your new password.',
      badCredentials: 'Incorrect account or password.',
      menu: (name: string) => `Account menu: ${name}`,
    },
  },
] as const;

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  // A refused login answers 401/422 on purpose; the browser logs those responses as errors.
  page.on('console', (m) => m.type() === 'error' && !/status of (401|404|422|429)/.test(m.text()) && errors.push(m.text()));
  return errors;
}

for (const { lang, locale, prefix, t } of LANGS) {
  test.describe(lang, () => {
    test.use({ locale });

    test('the demo user logs in by e-mail and password and returns to the page they came from', async ({ page }) => {
      const errors = collectConsoleErrors(page);
      await page.goto(`${prefix}/news`);
      await page.getByRole('banner').getByRole('link', { name: t.login }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));
      const form = page.getByRole('main');
      await form.getByLabel(t.account).fill(DEMO_EMAIL);
      await form.getByLabel(t.password, { exact: true }).fill('not-the-password');
      await form.getByRole('button', { name: t.login, exact: true }).click();
      await expect(form.getByRole('alert')).toHaveText(t.badCredentials);
      await expect(form.getByLabel(t.account)).toHaveValue(DEMO_EMAIL);

      await form.getByLabel(t.password, { exact: true }).fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: t.login, exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/news$`));
      await expect(page.getByRole('banner').getByRole('button', { name: t.menu('Demo User') })).toBeVisible();
      const stored = await page.evaluate(() =>
        ['jakaUserId', 'jakaUserName', 'jakaUserAccount', 'jakaUserAccountEmail'].map((key) => localStorage.getItem(key)),
      );
      expect(stored.slice(1)).toEqual(['Demo User', DEMO_EMAIL, DEMO_EMAIL]);
      expect(Number(stored[0])).toBeGreaterThan(0);

      // Logged in, /login is closed: the visitor goes back to where they were.
      await page.goto(`${prefix}/login`);
      await expect(page).not.toHaveURL(/\/login/);
      expect(errors).toEqual([]);
    });

    test('a wrong verification code is refused on the code field', async ({ page, request }) => {
      // A phone of its own: codes for one phone may be asked for once a minute.
      const phone = uniquePhone();
      await createUser(request, { phone, password: 'Code#Login1', name: 'Code Tester' });
      await page.goto(`${prefix}/login`);
      const form = page.getByRole('main');
      await form.getByRole('radio', { name: t.codeLogin }).check();
      await form.getByLabel(t.account).fill(phone);
      await form.getByLabel(t.code, { exact: true }).fill('123456');
      await form.getByRole('button', { name: t.login, exact: true }).click();
      // The SMS code has to be requested first.
      await expect(form.getByLabel(t.code, { exact: true })).toHaveAttribute('aria-invalid', 'true');
      await form.getByRole('button', { name: t.getCode }).click();
      const real = await readCode(request, phone, 'login');
      const wrong = real === '000000' ? '111111' : '000000';
      await form.getByLabel(t.code, { exact: true }).fill(wrong);
      await form.getByRole('button', { name: t.login, exact: true }).click();
      await expect(form.getByText(t.wrongCode)).toBeVisible();
      expect(await page.evaluate(() => localStorage.getItem('jakaUserInfo'))).toBeNull();
      await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));
    });

    test('a forgotten password is reset with a code and the new one works', async ({ page, request }) => {
      const account = lang === 'zh' ? uniquePhone() : uniqueEmail('reset');
      await createUser(request, { [lang === 'zh' ? 'phone' : 'email']: account, password: 'Old#Pass1', name: 'Reset Tester' });
      await page.goto(`${prefix}/login`);
      const form = page.getByRole('main');
      await form.getByRole('link', { name: t.forgot }).click();
      await expect(page).toHaveURL(/mode=reset/);
      // The reset form has replaced the login form (same account field) before it is filled.
      await expect(form.getByRole('button', { name: t.setPassword })).toBeVisible();
      await form.getByLabel(t.account).fill(account);
      await form.getByRole('button', { name: t.getCode }).click();
      const code = await readCode(request, account, 'reset_password');
      await form.getByLabel(t.code, { exact: true }).fill(code);
      await form.getByLabel(t.newPassword).fill('New#Pass2');
      await form.getByLabel(t.confirm).fill('New#Pass2');
      await form.getByRole('button', { name: t.setPassword }).click();
      await expect(page.getByText(t.resetDone)).toBeVisible();
      await expect(page).toHaveURL(new RegExp(`${prefix}/login$`));

      await expect(form.getByLabel(t.account)).toHaveValue(account);
      await form.getByLabel(t.password, { exact: true }).fill('Old#Pass1');
      await form.getByRole('button', { name: t.login, exact: true }).click();
      await expect(form.getByRole('alert')).toHaveText(t.badCredentials);
      await form.getByLabel(t.password, { exact: true }).fill('New#Pass2');
      await form.getByRole('button', { name: t.login, exact: true }).click();
      await expect(page.getByRole('banner').getByRole('button', { name: t.menu('Reset Tester') })).toBeVisible();
    });

    test('?from= never sends the visitor to another site', async ({ page, baseURL }) => {
      const origin = new URL(baseURL ?? '').origin;
      await page.goto(`${prefix}/login?from=${encodeURIComponent('//evil.example/steal')}`);
      const form = page.getByRole('main');
      await form.getByLabel(t.account).fill(DEMO_EMAIL);
      await form.getByLabel(t.password, { exact: true }).fill(DEMO_PASSWORD);
      await form.getByRole('button', { name: t.login, exact: true }).click();
      await expect(page).toHaveURL(`${origin}${prefix}/index`);

      // Logged in, the guard of /login sends the visitor away — but only within the site.
      for (const evil of ['https://evil.example/', '/\\evil.example', 'javascript:alert(1)', '//evil.example']) {
        await page.goto(`${prefix}/login?from=${encodeURIComponent(evil)}`);
        await expect(page).not.toHaveURL(/\/login/);
        expect(new URL(page.url()).origin, evil).toBe(origin);
      }
    });
  });
}
