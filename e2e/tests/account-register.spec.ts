import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { readCode, uniqueEmail, uniquePhone } from '../support/accounts';

// Registration, end to end through the BFF and the identity-service mock: the code is read from
// the mock's SMS/mail outbox, the complete-information step follows, registration logs the new
// user in, and the user logs out again from the header.

function collectConsoleErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  return errors;
}

async function logout(page: Page, menuName: RegExp, labels: { logout: string; confirm: string; done: string; login: string }) {
  const banner = page.getByRole('banner');
  await banner.getByRole('button', { name: menuName }).click();
  await page.getByRole('menuitem', { name: labels.logout }).click();
  await page.getByRole('alertdialog').getByRole('button', { name: labels.confirm }).click();
  await expect(page.getByText(labels.done)).toBeVisible();
  await expect(banner.getByRole('link', { name: labels.login })).toBeVisible();
  expect(await page.evaluate(() => localStorage.getItem('jakaUserInfo'))).toBeNull();
}

test.describe('zh', () => {
  test.use({ locale: 'zh-CN' });

  test('registers by phone code → complete information → logged in automatically → logs out', async ({ page, request }) => {
    const errors = collectConsoleErrors(page);
    const phone = uniquePhone();
    await page.goto('/productList');
    await page.getByRole('banner').getByRole('link', { name: '注册' }).click();
    await expect(page).toHaveURL(/\/register$/);
    await expect(page.getByRole('heading', { level: 1, name: '注册' })).toBeVisible();

    const form = page.getByRole('main');
    await form.getByLabel('手机号或邮箱').fill(phone);
    await form.getByRole('button', { name: '获取验证码' }).click();
    await expect(form.getByRole('button', { name: /秒后可重新获取验证码/ })).toBeDisabled();
    const code = await readCode(request, phone, 'register');
    await form.getByLabel('验证码', { exact: true }).fill(code);
    await form.getByLabel('密码', { exact: true }).fill('Robot#2024');
    await form.getByLabel('确认密码').fill('Robot#2024');
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: '下一步' }).click();

    await expect(form.getByRole('heading', { level: 2, name: '完善信息' })).toBeFocused();
    await form.getByLabel('姓名').fill('王工程师');
    await form.getByLabel('公司名称').fill('苏州智造科技有限公司');
    await form.getByRole('button', { name: '注册', exact: true }).click();

    await expect(form.getByRole('heading', { level: 2, name: '注册成功' })).toBeVisible();
    await expect(form.getByText('欢迎您，王工程师！您已自动登录。')).toBeVisible();
    const stored = await page.evaluate(() => ({
      name: localStorage.getItem('jakaUserName'),
      account: localStorage.getItem('jakaUserAccount'),
      info: JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}') as { token?: string },
    }));
    expect(stored.name).toBe('王工程师');
    expect(stored.account).toBe(phone);
    expect(stored.info.token).toBeTruthy();

    // The success screen takes the visitor back to where they were.
    await form.getByRole('button', { name: '继续' }).click();
    await expect(page).toHaveURL(/\/productList$/);
    await logout(page, /王工程师/, { logout: '退出登录', confirm: '退出登录', done: '退出登录成功', login: '登录' });
    expect(errors).toEqual([]);
  });
});

test.describe('en', () => {
  test.use({ locale: 'en-US' });

  test('registers a business e-mail with the enterprise details → logged in automatically → logs out', async ({ page, request }) => {
    const errors = collectConsoleErrors(page);
    const email = uniqueEmail('buyer');
    await page.goto('/en_eu/register');
    const form = page.getByRole('main');
    await form.getByLabel('E-mail').fill(email);
    await form.getByRole('button', { name: 'Get code' }).click();
    const code = await readCode(request, email, 'register');
    await form.getByLabel('Verification code').fill(code);
    await form.getByLabel('Password', { exact: true }).fill('Robot#2024');
    await form.getByLabel('Confirm password').fill('Robot#2024');
    await form.getByRole('button', { name: 'Next' }).click();
    await expect(form.getByText('Please check and agree to the service terms and privacy policy first.')).toBeVisible();
    await form.getByRole('checkbox').check();
    await form.getByRole('button', { name: 'Next' }).click();

    // The country defaults from the page language (en_eu → Germany), with its calling code.
    await expect(form.getByRole('combobox', { name: 'Country or region' })).toHaveValue('DE');
    await expect(form.getByLabel('Calling code')).toHaveValue('+49');
    await form.getByLabel('Name', { exact: true }).fill('Erika Muster');
    await form.getByLabel('Company name').fill('Muster Automation GmbH');
    const industry = form.getByRole('combobox', { name: 'Industry' });
    await expect(industry.locator('option')).not.toHaveCount(1);
    await industry.selectOption({ index: 1 });
    await form.getByLabel('Phone number').fill('30 1234567');
    await form.getByRole('button', { name: 'Register' }).click();

    await expect(form.getByRole('heading', { level: 2, name: 'Registration successful' })).toBeVisible();
    await expect(page.getByRole('banner').getByRole('button', { name: /Erika Muster/ })).toBeVisible();
    // Left alone, the success screen moves on to the home page after a few seconds.
    await expect(page).toHaveURL(/\/en_eu\/index$/, { timeout: 10_000 });
    await logout(page, /Erika Muster/, { logout: 'Log out', confirm: 'Log out', done: 'Logged out successfully', login: 'Log in' });
    expect(errors).toEqual([]);
  });
});
