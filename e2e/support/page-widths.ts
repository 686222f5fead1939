import { type Page } from '@playwright/test';
import { expect } from './test';
import { type RequestWatch, animationsDone } from './settle';

// The pages every run checks at phone and desktop widths, in Chinese, English, Japanese and Russian
// (page-widths.spec.ts, `make test`), and how a page is made ready to be judged or pictured
// (screenshots.spec.ts, `make screenshots`, pictures every page group).

export const widths = [
  { name: 'phone', width: 375, height: 812 },
  { name: 'desktop', width: 1440, height: 900 },
] as const;

export const languages = [
  { code: 'zh', prefix: '' },
  { code: 'en', prefix: '/en' },
  { code: 'jp', prefix: '/jp' },
  // The longest words and labels (a select of FAQ sections once widened a phone's page).
  { code: 'ru', prefix: '/ru' },
] as const;

/**
 * The languages the design is judged in, in pictures: Chinese, English, Japanese, Thai and
 * Russian (three scripts without spaces, and long words).
 */
export const reviewLanguages = [
  { code: 'zh', prefix: '' },
  { code: 'en', prefix: '/en' },
  { code: 'jp', prefix: '/jp' },
  { code: 'th', prefix: '/th' },
  { code: 'ru', prefix: '/ru' },
] as const;

/** The feature pages, in every language above but Japanese; pages behind a login get a session of the demo account first. */
export const featurePages = [
  { name: 'product-list', path: '/productList' },
  { name: 'product-details', path: '/productDetails/103' },
  { name: 'case-list', path: '/case' },
  { name: 'download', path: '/download' },
  { name: 'faq', path: '/commonQuestion' },
  { name: 'contact', path: '/contact' },
  { name: 'login', path: '/login' },
  { name: 'repair', path: '/repair', login: true },
  { name: 'virtual', path: '/virtual', login: true },
] as const;

/**
 * Scrolls through the page so that lazy pictures load, then back to the top; waits until the
 * fonts are ready, every request of the page has ended and the floating bar has faded out.
 */
export async function settle(page: Page, requests: RequestWatch): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const height = await page.evaluate(() => document.documentElement.scrollHeight);
  for (let y = 0; y < height; y += 600) await page.evaluate((top) => window.scrollTo(0, top), y);
  await page.evaluate(() => window.scrollTo(0, 0));
  await requests.settled();
  const bar = page.locator('aside[data-visible]');
  await expect(bar).toHaveAttribute('data-visible', 'false');
  await animationsDone(bar);
}

export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
}
