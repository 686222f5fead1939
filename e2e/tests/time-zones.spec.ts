import { expect, test } from '../support/test';
import { watchRequests } from '../support/settle';

// A visitor anywhere on earth sees the dates the server rendered: the calendar day of the content
// in its own offset (a CMS instant such as 2026-10-27T10:00:00+08:00 is 27 October), and React
// hydrates the server's HTML without a mismatch. West of UTC+8 a date formatted in the browser's
// own time zone was a day earlier than the server's, and React threw the page away (#418).
const zones = ['America/Los_Angeles', 'America/New_York', 'Europe/London', 'Asia/Tokyo'];
const pages = ['/en_us/index', '/en_us/news', '/en_us/download', '/en_us/case', '/en/newsDetail/4?typeId=1', '/en/position'];

/** Each `<time>` of a page: its machine-readable value and the words shown. */
interface ShownDate {
  value: string;
  text: string;
}

function datesInHtml(html: string): ShownDate[] {
  return [...html.matchAll(/<time[^>]*\bdatetime="([^"]*)"[^>]*>([^<]*)<\/time>/gi)].map(([, value = '', text = '']) => ({
    value,
    text: text.trim(),
  }));
}

for (const timezoneId of zones) {
  test.describe(`a visitor in ${timezoneId}`, () => {
    test.use({ timezoneId });

    for (const path of pages) {
      test(`${path} keeps the server's dates`, async ({ page }) => {
        const errors: string[] = [];
        page.on('console', (m) => {
          if (m.type() === 'error') errors.push(m.text());
        });
        page.on('pageerror', (e) => errors.push(e.message));
        const requests = watchRequests(page);
        const response = await page.goto(path);
        expect(response?.status()).toBe(200);
        const served = datesInHtml(await response!.text());
        expect(served.length, 'the page shows dates').toBeGreaterThan(0);
        for (const { value, text } of served) {
          // The day of the month written in the content is the day shown, in any zone.
          expect(text, `${value} is shown on its own day`).toContain(String(Number(value.slice(8, 10))));
        }
        await requests.settled();
        const hydrated: ShownDate[] = await page.locator('time[datetime]').evaluateAll((nodes) =>
          nodes.map((node) => ({ value: node.getAttribute('datetime') ?? '', text: (node.textContent ?? '').trim() })),
        );
        // After hydration every date still reads as the server wrote it.
        const servedTexts = (value: string) => served.filter((d) => d.value === value).map((d) => d.text);
        const compared = hydrated.filter((d) => servedTexts(d.value).length > 0);
        expect(compared.length, 'the hydrated page shows the served dates').toBeGreaterThan(0);
        for (const { value, text } of compared) expect(servedTexts(value), `${value} after hydration`).toContain(text);
        expect(errors, `console errors on ${path}`).toEqual([]);
      });
    }
  });
}
