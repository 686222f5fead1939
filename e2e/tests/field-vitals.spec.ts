import { type Page, type Request } from '@playwright/test';
import { adminPort, sitePort } from '../support/ports';
import { expect, test } from '../support/test';

// The site's field data: a page view measures its Core Web Vitals and reports them once, when the
// page is hidden or left, by route template, language and device class; the BFF counts them in
// /metrics on its admin port. The site under test measures every page view (bin/bff-dev starts
// its renderer with VITALS_SAMPLE_RATE=1); production measures a sample.

const metricsURL = `http://127.0.0.1:${adminPort}/metrics`;
const VITALS_PATH = '/prod-api/bff/vitals';

/** How many page views a histogram of the field vitals has counted under labels (0 before the first). */
async function counted(histogram: string, labels: string): Promise<number> {
  const text = await (await fetch(metricsURL)).text();
  const line = text.split('\n').find((l) => l.startsWith(`${histogram}_count{${labels}} `));
  return line ? Number(line.split(' ').at(-1)) : 0;
}

/** Waits until the page measures its vitals: their code loads once the page is idle, then marks it. */
async function measuring(page: Page): Promise<void> {
  await expect(page.locator('meta[name="vitals-sample-rate"]')).toHaveAttribute('content', '1');
  await page.waitForFunction(() => performance.getEntriesByName('field-vitals').length > 0);
}

test('leaving a Japanese product page reports its vitals under the page’s route template', async ({ page }) => {
  const labels = 'device="desktop",lang="jp",route="/productDetails/:id"';
  // A page that is left unloads without turning hidden first: its LCP and CLS must be in the report anyway.
  const histograms = ['bff_web_vitals_ttfb_seconds', 'bff_web_vitals_fcp_seconds', 'bff_web_vitals_lcp_seconds', 'bff_web_vitals_cls'];
  const before = await Promise.all(histograms.map((h) => counted(h, labels)));

  await page.goto('/jp/productDetails/103?utm_source=newsletter');
  await measuring(page);
  await page.goto('about:blank');

  // Other journeys may visit the page at the same time: the counts grow by this visit at least.
  for (const [i, histogram] of histograms.entries()) {
    await expect.poll(() => counted(histogram, labels), { message: histogram }).toBeGreaterThan(before[i]);
  }
});

test.describe('on a phone', () => {
  test.use({ viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true });

  test('a page that turns hidden sends one report without cookies or its address', async ({ page }) => {
    const labels = 'device="phone",lang="en",route="/news"';
    const before = await counted('bff_web_vitals_ttfb_seconds', labels);
    // A cookie of the site's own, which the report must not carry.
    await page.context().addCookies([{ name: 'lang', value: 'en', url: `http://127.0.0.1:${sitePort}` }]);
    const reports: Request[] = [];
    page.on('request', (request) => {
      if (request.url().endsWith(VITALS_PATH)) reports.push(request);
    });

    await page.goto('/en/news?q=robot&page=2');
    await measuring(page);
    // The visitor switches to another tab, comes back, and switches away again.
    await page.evaluate(() => {
      const turn = (state: DocumentVisibilityState) => {
        Object.defineProperty(document, 'visibilityState', { value: state, configurable: true });
        document.dispatchEvent(new Event('visibilitychange', { bubbles: true }));
      };
      turn('hidden');
      turn('visible');
      turn('hidden');
    });

    await expect.poll(() => reports.length).toBe(1);
    const [report] = reports;
    expect(report.method()).toBe('POST');
    const body = report.postData() ?? '';
    expect(JSON.parse(body)).toMatchObject({ route: '/news', lang: 'en', device: 'phone', ttfb: expect.any(Number) });
    expect(body, 'nothing of the address').not.toMatch(/robot|page=|http/);
    expect((await report.allHeaders()).cookie, 'sent without cookies').toBeUndefined();
    expect((await report.response())?.status()).toBe(200);
    await expect.poll(() => counted('bff_web_vitals_ttfb_seconds', labels)).toBeGreaterThan(before);
  });
});
