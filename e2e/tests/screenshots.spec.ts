import { expect, test } from '@playwright/test';

// A Chinese browser, so that the unprefixed Chinese pages are not redirected by detection.
test.use({ locale: 'zh-CN' });

// Pictures of the pages as visitors see them, at phone and desktop widths, in Chinese, English
// and Japanese, written to e2e/screenshots for people to look at.
const widths = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
];
const languages = [
  { code: 'zh', path: '/index' },
  { code: 'en', path: '/en/index' },
  { code: 'jp', path: '/jp/index' },
];

for (const w of widths) {
  for (const l of languages) {
    test(`home, ${l.code}, ${w.name}`, async ({ page }) => {
      await page.setViewportSize({ width: w.width, height: w.height });
      await page.goto(l.path);
      await expect(page.locator('[aria-roledescription="carousel"] img').first()).toBeVisible();
      await page.evaluate(() => document.fonts.ready);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
      await page.screenshot({ path: `screenshots/home-${l.code}-${w.name}.png`, fullPage: true });
    });
  }
}
