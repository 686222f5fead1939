import { type Request } from '@playwright/test';
import { expect, test } from '../support/test';

// A visitor who opens page after page in one browser: every request the pages send is answered
// promptly, also when the browser's HTTP cache holds earlier answers of the same content calls
// (the header's menus and banners are asked for on every page). A request still pending after
// 5 s fails the test at once, naming the request.

const PENDING_LIMIT_MS = 5_000;
const PAGES = ['/en/index', '/en/news', '/en/productList', '/index', '/en/solutionList', '/en/download'];

test('thirty pages opened and closed one after another in one browser never leave a request pending', async ({ context }) => {
  test.setTimeout(240_000);
  const started = new Map<Request, number>();
  const stuck: string[] = [];
  context.on('request', (request) => started.set(request, Date.now()));
  const settle = (request: Request) => started.delete(request);
  context.on('requestfinished', settle);
  context.on('requestfailed', settle);
  // Every 250 ms (a poll of the condition, not a wait for time), any request older than the
  // limit is a failure; pages that close take their requests with them as failed or finished.
  const watch = setInterval(() => {
    const now = Date.now();
    for (const [request, at] of started) {
      if (now - at > PENDING_LIMIT_MS) {
        stuck.push(`${request.method()} ${request.url()} pending for more than ${PENDING_LIMIT_MS} ms`);
        started.delete(request);
      }
    }
  }, 250);
  try {
    for (let i = 0; i < 30; i++) {
      const page = await context.newPage();
      await page.goto(PAGES[i % PAGES.length]);
      // The header's content calls have all answered once the main navigation shows its items.
      await expect(page.getByRole('banner').getByRole('navigation').first()).toBeVisible();
      // Then every request of the page settles, or one is reported stuck.
      await expect
        .poll(() => stuck.length > 0 || ![...started.keys()].some((r) => r.frame().page() === page), { timeout: 15_000 })
        .toBe(true);
      expect(stuck, `page ${i + 1}, ${PAGES[i % PAGES.length]}:\n${stuck.join('\n')}`).toEqual([]);
      await page.close();
      // A closed page's requests end with it; the browser reports no event for them.
      for (const request of started.keys()) if (request.frame().page() === page) started.delete(request);
    }
  } finally {
    clearInterval(watch);
  }
  expect(stuck, stuck.join('\n')).toEqual([]);
});
