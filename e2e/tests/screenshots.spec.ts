import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { DEMO_PHONE, startSession } from '../support/accounts';

// A Chinese browser, so that the unprefixed Chinese pages are not redirected by detection.
test.use({ locale: 'zh-CN' });

// Pictures of the pages as visitors see them, at phone and desktop widths, in Chinese, English
// and Japanese, written to e2e/screenshots for people to look at.
const widths = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
];
const languages = [
  { code: 'zh', prefix: '' },
  { code: 'en', prefix: '/en' },
  { code: 'jp', prefix: '/jp' },
];

/** Scrolls through the page so lazy pictures load, then back to the top; fonts ready. */
async function settle(page: Page) {
  await page.evaluate(() => document.fonts.ready);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
  await page.waitForLoadState('networkidle');
  await page.waitForTimeout(400); // the floating bar fades out
}

async function expectNoHorizontalScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
}

for (const w of widths) {
  for (const l of languages) {
    test(`home, ${l.code}, ${w.name}`, async ({ page }) => {
      await page.setViewportSize({ width: w.width, height: w.height });
      await page.goto(`${l.prefix}/index`);
      await expect(page.locator('[aria-roledescription="carousel"] img').first()).toBeVisible();
      await settle(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `screenshots/home-${l.code}-${w.name}.png`, fullPage: true });
    });

    test(`list page, ${l.code}, ${w.name}`, async ({ page }) => {
      await page.setViewportSize({ width: w.width, height: w.height });
      await page.goto(`${l.prefix}/news`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: /@jaka\.com/ })).toBeVisible();
      await settle(page);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `screenshots/news-${l.code}-${w.name}.png`, fullPage: true });
    });
  }
}

for (const l of languages) {
  test(`mobile menu open, ${l.code}`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${l.prefix}/index`);
    await page.getByRole('banner').getByRole('button', { expanded: false }).last().click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation')).toBeVisible();
    await drawer.getByRole('navigation').getByRole('button').first().click();
    await page.waitForTimeout(300);
    await page.screenshot({ path: `screenshots/menu-${l.code}-phone.png` });
  });
}

for (const l of languages) {
  test(`mega-menu open, ${l.code}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${l.prefix}/index`);
    await page.getByRole('navigation').first().getByRole('button').first().hover();
    await expect(page.locator('[data-template="products"] img').first()).toBeVisible();
    await page.waitForTimeout(400);
    await page.screenshot({ path: `screenshots/mega-menu-${l.code}-desktop.png` });
  });
}

// The feature pages, in Chinese and English at both widths. Pages behind a login get a session
// of the demo account first (see support/accounts.ts).
const featurePages = [
  { name: 'product-list', path: '/productList' },
  { name: 'product-details', path: '/productDetails/103' },
  { name: 'case-list', path: '/case' },
  { name: 'download', path: '/download' },
  { name: 'faq', path: '/commonQuestion' },
  { name: 'contact', path: '/contact' },
  { name: 'login', path: '/login' },
  { name: 'repair', path: '/repair', login: true },
  { name: 'virtual', path: '/virtual', login: true },
];

for (const w of widths) {
  for (const l of languages.filter((language) => language.code !== 'jp')) {
    for (const p of featurePages) {
      test(`${p.name}, ${l.code}, ${w.name}`, async ({ page, request }) => {
        await page.setViewportSize({ width: w.width, height: w.height });
        if (p.login) {
          const token = `screenshots-${p.name}-${l.code}-${w.name}-${Date.now()}`;
          await startSession(request, DEMO_PHONE, token);
          await page.addInitScript((value) => localStorage.setItem('jakaUserInfo', JSON.stringify({ token: value })), token);
        }
        await page.goto(`${l.prefix}${p.path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
        await settle(page);
        await expectNoHorizontalScroll(page);
        await page.screenshot({ path: `screenshots/${p.name}-${l.code}-${w.name}.png`, fullPage: true });
      });
    }
  }
}
