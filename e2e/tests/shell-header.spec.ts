import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_EMAIL, startSession } from '../support/accounts';

// The header through the real BFF and CMS mock: mega-menus, search overlay, login and logout.

test.use({ locale: 'en-US' });

test.describe('the mega-menus', () => {
  test('open on hover with the product lines, badges and pictures', async ({ page }) => {
    await page.goto('/en/index');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Products', exact: true }).hover();
    const c5 = nav.getByRole('link', { name: /JAKA C5/ });
    await expect(c5).toBeVisible();
    await expect(c5).toContainText('type C');
    await expect(nav.getByRole('link', { name: /JAKA Lumi M1/ })).toContainText('type M');
    await expect(nav.getByRole('link', { name: 'JAKA Zu Cobots' })).toHaveAttribute('href', '/en/productList/1');
    await expect(nav.locator('[data-template="products"] img').first()).toBeVisible();

    // Moving to another item swaps the panel: solutions by industry and by application.
    await nav.getByRole('button', { name: 'Solutions', exact: true }).hover();
    await expect(nav.getByRole('region', { name: 'By industry' }).getByRole('link', { name: 'Electronics' })).toBeVisible();
    await expect(nav.getByRole('region', { name: 'By application' }).getByRole('link', { name: 'Welding' })).toBeVisible();
  });

  test('hide hidden items and open external links in a new tab', async ({ page }) => {
    await page.goto('/en/index');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'Insights', exact: true }).click();
    const linkedIn = nav.getByRole('link', { name: /JAKA on LinkedIn/ });
    await expect(linkedIn).toHaveAttribute('target', '_blank');
    await expect(linkedIn).toHaveAttribute('rel', 'noopener noreferrer');
    await expect(nav.getByText('Developer Challenge')).toHaveCount(0); // status 1
  });

  test('are operable from the keyboard: Enter opens, Tab enters, Escape closes', async ({ page }) => {
    await page.goto('/en/index');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    const trigger = nav.getByRole('button', { name: 'Service & Support', exact: true });
    await trigger.focus();
    await page.keyboard.press('Enter');
    await expect(trigger).toHaveAttribute('aria-expanded', 'true');
    await page.keyboard.press('Tab');
    await expect(nav.getByRole('link', { name: 'Service & Support overview' })).toBeFocused();
    await page.keyboard.press('Escape');
    await expect(trigger).toHaveAttribute('aria-expanded', 'false');
    await expect(trigger).toBeFocused();
  });

  test('take the visitor to a page and close', async ({ page }) => {
    await page.goto('/en/index');
    const nav = page.getByRole('navigation', { name: 'Main navigation' });
    await nav.getByRole('button', { name: 'About JAKA', exact: true }).hover();
    await nav.getByRole('link', { name: 'Careers' }).click();
    await expect(page).toHaveURL(/\/en\/join$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Careers' })).toBeVisible();
    await expect(nav.getByRole('link', { name: 'Careers' })).toHaveCount(0);
  });
});

test.describe('the sticky header', () => {
  test('stays on top and changes its style after any scroll', async ({ page }) => {
    await page.goto('/en/index');
    const header = page.getByRole('banner');
    await expect(header).toHaveAttribute('data-scrolled', 'false');
    await page.mouse.wheel(0, 30);
    await expect(header).toHaveAttribute('data-scrolled', 'true');
    // The utility bar above it (language, account) scrolls away; the row with the logo, the
    // navigation and the search stays at the top.
    await page.mouse.wheel(0, 600);
    const nav = header.getByRole('navigation', { name: 'Main navigation' });
    await expect.poll(() => nav.evaluate((el) => Math.round(el.getBoundingClientRect().top))).toBe(0);
    await expect(header.getByRole('link', { name: 'JAKA Robotics home page' })).toBeInViewport();
    await expect(header.getByRole('button', { name: 'Search' })).toBeInViewport();
  });
});

test.describe('the search overlay', () => {
  test('searches on Enter in the current language', async ({ page }) => {
    await page.goto('/en/news');
    await page.getByRole('banner').getByRole('button', { name: 'Search' }).click();
    const dialog = page.getByRole('dialog', { name: 'Search the site' });
    await expect(dialog).toBeVisible();
    const input = dialog.getByRole('searchbox', { name: 'Search term' });
    await expect(input).toBeFocused();
    await expect(dialog.getByRole('region', { name: 'Popular searches' }).getByRole('link', { name: 'JAKA Zu 7' })).toBeVisible();
    await input.fill('palletizing cobot');
    await input.press('Enter');
    await expect(page).toHaveURL(/\/en\/search\?searchInfo=palletizing\+cobot$/);
    await expect(dialog).toBeHidden();
    await expect(page.getByRole('heading', { level: 1, name: 'Search results' })).toBeVisible();
  });

  test('searches a popular keyword, in Chinese without a prefix', async ({ page }) => {
    await page.goto('/news');
    await page.getByRole('banner').getByRole('button', { name: '搜索' }).click();
    const dialog = page.getByRole('dialog', { name: '站内搜索' });
    const keyword = dialog.getByRole('region', { name: '热门搜索' }).getByRole('button').first();
    const text = (await keyword.textContent()) ?? '';
    await keyword.click();
    await expect(page).toHaveURL(/\/search\?searchInfo=/);
    expect(new URL(page.url()).searchParams.get('searchInfo')).toBe(text);
    await page.getByRole('banner').getByRole('button', { name: '搜索' }).click();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();
  });
});

// Stored tokens are verified on every route change, so the seeded one is a live session. Each
// test gets its own token: the BFF remembers a token's verdict for a while, also the verdict on a
// token another test has logged out.
let seeded = 0;

async function seedSession(page: Page): Promise<string> {
  const token = `e2e-token-shell-header-${process.pid}-${++seeded}`;
  await startSession(page.request, DEMO_EMAIL, token);
  await page.goto('/en/news');
  await page.evaluate((token) => {
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token }));
    localStorage.setItem('jakaUserName', 'Ada Lovelace');
    localStorage.setItem('jakaUserId', '42');
    localStorage.setItem('jakaUserAccount', 'ada@example.com');
    localStorage.setItem('jakaWhereFrom', '/en/news');
  }, token);
  await page.reload();
  return token;
}

async function openLogout(page: Page) {
  await page.getByRole('button', { name: 'Account menu: Ada Lovelace' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Log out?' });
  await expect(dialog).toBeVisible();
  return dialog;
}

test.describe('login, register and logout', () => {
  test('visitors get login and register, remembering the page', async ({ page }) => {
    await page.goto('/en/news?page=2');
    await page.getByRole('banner').getByRole('link', { name: 'Log in' }).click();
    await expect(page).toHaveURL(/\/en\/login$/);
    expect(await page.evaluate(() => localStorage.getItem('jakaWhereFrom'))).toBe('/en/news?page=2');
    await expect(page.getByRole('banner').getByRole('link', { name: 'Register' })).toHaveAttribute('href', '/en/register');
  });

  test('cancelling logout keeps the session and says so', async ({ page }) => {
    const token = await seedSession(page);
    const dialog = await openLogout(page);
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByText('Logout cancelled')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Account menu: Ada Lovelace' })).toBeFocused();
    expect(await page.evaluate(() => localStorage.getItem('jakaUserInfo'))).toContain(token);
  });

  test('confirming logout clears the session and says so', async ({ page }) => {
    await seedSession(page);
    const menu = page.getByRole('button', { name: 'Account menu: Ada Lovelace' });
    await menu.click();
    await expect(page.getByRole('menuitem', { name: 'Delete account' })).toHaveAttribute('href', '/en/deregister');
    await page.keyboard.press('Escape');
    // The menu is opened again only once it has finished closing.
    await expect(page.getByRole('menu')).toBeHidden();
    const dialog = await openLogout(page);
    await dialog.getByRole('button', { name: 'Log out' }).click();
    await expect(page.getByText('Logged out successfully')).toBeVisible();
    const stored = await page.evaluate(() =>
      ['jakaUserId', 'jakaUserName', 'jakaUserAccount', 'jakaUserInfo', 'jakaWhereFrom'].map((key) => localStorage.getItem(key)),
    );
    expect(stored).toEqual([null, null, null, null, null]);
    await expect(page.getByRole('banner').getByRole('link', { name: 'Log in' })).toBeVisible();
  });
});
