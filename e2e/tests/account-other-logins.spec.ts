import { expect, test } from '../support/test';
import { DEMO_EMAIL } from '../support/accounts';
import { mockURL } from '../support/mocks';

// The other ways in: WeChat's QR login (the mock's admin endpoints play the phone that scans and
// confirms) and a third-party login through the identity-service mock's simulated consent page.

test.describe('zh', () => {
  test.use({ locale: 'zh-CN' });

  test('WeChat QR login: scan, confirm on the phone, logged in and back to the origin page', async ({ page, request }) => {
    const created = page.waitForResponse((r) => r.url().includes('/prod-api/login/wxCode') && r.request().postData() === '{}');
    await page.goto('/login?from=%2Fdownload');
    await page.getByRole('main').getByRole('link', { name: /微信/ }).click();
    await expect(page).toHaveURL(/\/wechatLogin\?from=%2Fdownload$/);
    const { data } = (await (await created).json()) as { data: { sceneId: string } };
    const main = page.getByRole('main');
    await expect(main.getByRole('img', { name: '微信登录二维码' })).toBeVisible();
    await expect(main.getByText('请打开微信扫一扫')).toBeVisible();

    expect((await request.post(`${mockURL('account')}/__admin/wx/${data.sceneId}/scan`)).ok()).toBe(true);
    await expect(main.getByText('扫描成功，请在微信中确认登录')).toBeVisible();
    const confirmed = await request.post(`${mockURL('account')}/__admin/wx/${data.sceneId}/confirm`, { data: { account: DEMO_EMAIL } });
    expect(confirmed.ok()).toBe(true);

    await expect(page).toHaveURL(/\/download$/);
    await expect(page.getByRole('banner').getByRole('button', { name: '账户菜单：Demo User' })).toBeVisible();
  });
});

test.describe('en', () => {
  test.use({ locale: 'en-US' });

  test('third-party login: the provider asks for consent and sends the visitor back logged in', async ({ page }) => {
    await page.goto('/en/login?from=%2Fen%2Fnews');
    await page.getByRole('button', { name: 'Log in with Google' }).click();
    // The identity-service mock plays the provider's consent page.
    await expect(page.getByRole('heading', { name: /google \(simulated\)/ })).toBeVisible();
    await page.getByLabel('Name').fill('Grace Hopper');
    await page.getByLabel('E-mail').fill(`grace-${Date.now()}@google.example`);
    await page.getByRole('button', { name: 'Allow' }).click();

    await expect(page).toHaveURL(/\/en\/news$/);
    await expect(page.getByRole('banner').getByRole('button', { name: 'Account menu: Grace Hopper' })).toBeVisible();
  });

  test('third-party login: refusing at the provider comes back to the login page, still logged out', async ({ page }) => {
    await page.goto('/en/login');
    await page.getByRole('button', { name: 'Log in with LinkedIn' }).click();
    await page.getByRole('button', { name: 'Deny' }).click();
    await expect(page.getByRole('main').getByRole('alert')).toHaveText('The login with LinkedIn was cancelled.');
    await expect(page).toHaveURL(/\/en\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jakaUserInfo'))).toBeNull();
  });
});
