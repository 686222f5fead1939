import { type Page, expect, test as base } from '@playwright/test';

/**
 * Playwright's `test` whose pages wait, after every `goto` and `reload`, until the site's code has
 * taken over the server-rendered page (main.tsx marks `<html data-ready>` once the page is
 * hydrated or rendered). Before that the page is the server's HTML: it shows everything, but its
 * buttons do nothing yet, so a journey must not click them. Documents that are not the site's
 * app (a file, an error text) have no `#root` and are not waited for.
 */
async function appReady(page: Page): Promise<void> {
  await page.waitForFunction(() => !document.getElementById('root') || document.documentElement.hasAttribute('data-ready'));
}

export const test = base.extend({
  page: async ({ page }, use) => {
    const goto = page.goto.bind(page);
    const reload = page.reload.bind(page);
    page.goto = async (...args: Parameters<Page['goto']>) => {
      const response = await goto(...args);
      await appReady(page);
      return response;
    };
    page.reload = async (...args: Parameters<Page['reload']>) => {
      const response = await reload(...args);
      await appReady(page);
      return response;
    };
    await use(page);
  },
});

export { expect };
