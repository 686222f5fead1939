import { expect, test } from '../support/test';
import { watchRequests } from '../support/settle';

// The messaging app's mini-program browser: Chinese by default; its JS SDK is loaded there only,
// and the page works when the SDK is missing or fails to load.

const SDK = /res\.wx\.qq\.com\/open\/js\/jweixin/;
// The site's own SDK loader, a chunk of its own (main.tsx imports it inside the mini-program only).
const LOADER = /\/assets\/mini-program-[^/]+\.js$/;
const MINI_PROGRAM_UA = 'Mozilla/5.0 (Linux; Android 13) AppleWebKit/537.36 Chrome/116 Mobile MicroMessenger/8.0.40 miniProgram';

test.describe('inside the mini-program', () => {
  test.use({ userAgent: MINI_PROGRAM_UA, locale: 'en-US', viewport: { width: 375, height: 812 } });

  test('defaults to Chinese and loads the SDK', async ({ page }) => {
    const requested: string[] = [];
    await page.route(SDK, (route) => {
      requested.push(route.request().url());
      return route.fulfill({ contentType: 'application/javascript', body: 'window.wx = { miniProgram: {} };' });
    });
    const requests = watchRequests(page);
    await page.goto('/index');
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect.poll(() => requested.length).toBe(1);
    expect(requests.urls().filter((url) => LOADER.test(url))).toHaveLength(1);
    await expect.poll(() => page.evaluate(() => typeof (window as { wx?: unknown }).wx)).toBe('object');
  });

  test('keeps working when the SDK cannot be loaded', async ({ page }) => {
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(String(error)));
    await page.route(SDK, (route) => route.abort());
    await page.goto('/index');
    await expect(page.locator('[aria-roledescription="carousel"] img').first()).toBeVisible();
    await page.getByRole('button', { name: '打开菜单' }).click();
    await expect(page.getByRole('dialog', { name: '网站菜单' })).toBeVisible();
    expect(errors).toEqual([]);
  });
});

test.describe('in an ordinary browser', () => {
  test.use({ locale: 'zh-CN' });

  test('never loads the SDK', async ({ page }) => {
    const requests = watchRequests(page);
    await page.goto('/index');
    await expect(page.locator('[aria-roledescription="carousel"] img').first()).toBeVisible();
    // The SDK would be asked for by the SDK loader's code, which main.tsx imports as it starts:
    // once every request of the page has ended, neither was ever asked for.
    await requests.settled();
    expect(requests.urls().filter((url) => SDK.test(url))).toEqual([]);
    expect(requests.urls().filter((url) => LOADER.test(url))).toEqual([]);
  });
});
