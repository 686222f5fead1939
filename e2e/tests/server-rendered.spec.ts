import { type APIRequestContext } from '@playwright/test';
import { expect, test } from '../support/test';

// What a crawler without JavaScript gets: every public page of spec section 2, in Chinese,
// English and Japanese, fetched as plain HTTP. Each answer must carry the page itself (its real
// content, not a loading state), its language, title, canonical URL and the 13 alternates.

const LANGUAGES = [
  { prefix: '', wire: 'zh', html: 'zh-CN' },
  { prefix: '/en', wire: 'en', html: 'en' },
  { prefix: '/jp', wire: 'ja', html: 'ja' },
] as const;

// Public pages (personal ones, behind a login, render only a frame on the server).
const PAGES = [
  'index', 'resource', 'thx', 'investment', 'ESG', 'search?searchInfo=JAKA',
  'productList', 'productList/1', 'productDetails/103', 'productComparison?ids=101,102',
  'solutionList', 'case', 'caseDetail/1', 'application/1', 'industry/1', 'productLevel/1',
  'service', 'showRoom', 'jakaAcademy', 'download', 'commonQuestion', 'provider',
  'jaka+', 'jakaHotline', 'jakaList/1', 'jakaDetail/1', 'about', 'contact', 'join', 'position',
  'news', 'newsDetail/4?typeId=1', 'flsm', 'imprint?key=terms', 'cooperationIntent', 'activity',
];

// Content whose name the CMS gives: the page's heading must be that name, in the page's language.
const NAMED_CONTENT: Record<string, { api: string; field: string }> = {
  'productDetails/103': { api: '/prod-api/api/productCenter/getProductById/1/103', field: 'productName' },
  'newsDetail/4?typeId=1': { api: '/prod-api/api/news/getNewsDetail/1/4', field: 'title' },
  'caseDetail/1': { api: '/prod-api/api/solution/getApplicationsDetails/2/1', field: 'title' },
};

async function contentName(request: APIRequestContext, api: string, field: string, lang: string): Promise<string> {
  const response = await request.get(api, { headers: { lang } });
  expect(response.ok(), `${api} in ${lang}`).toBe(true);
  const body = (await response.json()) as { data: Record<string, unknown> };
  const name = body.data[field];
  expect(typeof name).toBe('string');
  return name as string;
}

function decode(text: string): string {
  return text
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&amp;/g, '&');
}

/** The text of the first element matching a tag inside a piece of HTML, tags removed. */
function textOf(html: string, pattern: RegExp): string | null {
  const match = pattern.exec(html);
  return match ? decode(match[1].replace(/<[^>]+>/g, '')).trim() : null;
}

test.describe.configure({ mode: 'parallel' });

for (const { prefix, wire, html: htmlLang } of LANGUAGES) {
  test(`every public page in ${wire} is whole without JavaScript`, async ({ request, baseURL }) => {
    test.setTimeout(120_000);
    for (const page of PAGES) {
      const path = `${prefix}/${page}`;
      const response = await request.get(path, { maxRedirects: 0 });
      expect(response.status(), path).toBe(200);
      expect(response.headers()['content-type'], path).toContain('text/html');
      const html = await response.text();

      expect(html, `${path}: <html lang>`).toContain(`<html lang="${htmlLang}"`);
      // The CSP runs no inline script: data travels in JSON blocks, everything else in files.
      expect(html, `${path}: no inline script`).not.toMatch(/<script(?![^>]*type="application\/(?:ld\+)?json")(?![^>]*src=)[^>]*>/);
      expect(html, `${path}: the page's data for hydration`).toContain('<script type="application/json" id="ssr-state">');
      const title = textOf(html, /<title>([^<]*)<\/title>/);
      expect(title, `${path}: title`).toBeTruthy();
      expect(title, `${path}: a title of its own`).not.toBe('JAKA');

      const url = new URL(path, baseURL);
      const canonical = /<link rel="canonical" href="([^"]+)"/.exec(html)?.[1];
      expect(canonical && new URL(decode(canonical)).pathname, `${path}: canonical`).toBe(url.pathname);
      const alternates = [...html.matchAll(/<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"/g)];
      expect(alternates.map((a) => a[1]).sort(), `${path}: alternates`).toEqual(
        ['de', 'en', 'en-DE', 'en-US', 'es', 'fr', 'ja', 'ko', 'ru', 'th', 'x-default', 'zh-CN', 'zh-TW'].sort(),
      );

      const main = /<main[^>]*>([\s\S]*)<\/main>/.exec(html)?.[1] ?? '';
      const heading = textOf(main, /<h1[^>]*>([\s\S]*?)<\/h1>/);
      expect(heading, `${path}: a heading`).toBeTruthy();
      expect(decode(main.replace(/<[^>]+>/g, ' ')).replace(/\s+/g, ' ').trim().length, `${path}: text in main`).toBeGreaterThan(60);
      // The page is there, not its skeleton waiting for data.
      expect(main, `${path}: no loading state`).not.toMatch(/aria-busy="true"/);

      const named = NAMED_CONTENT[page];
      if (named) {
        const name = await contentName(request, named.api, named.field, wire);
        expect(heading, `${path}: the content's own name`).toBe(name);
      }
    }
  });
}

test('an unknown path answers 404 with the not-found page, unindexed', async ({ request }) => {
  for (const path of ['/no-such-page', '/en/no/such/page', '/xx/index', '/en/productDetails/999999']) {
    const response = await request.get(path, { maxRedirects: 0 });
    expect(response.status(), path).toBe(404);
    const html = await response.text();
    expect(html, path).toContain('<meta name="robots" content="noindex, nofollow"');
    expect(textOf(html, /<h1[^>]*>([\s\S]*?)<\/h1>/), path).toBeTruthy();
  }
});

test('previews are never indexed nor cached', async ({ request }) => {
  const response = await request.get('/en/preview/news', { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(response.headers()['x-robots-tag']).toContain('noindex');
  expect(response.headers()['cache-control']).toContain('no-store');
  expect(await response.text()).toContain('<meta name="robots" content="noindex, nofollow"');
});

test('a page behind a login is sent as its frame, never cached, and the browser takes over', async ({ request, page }) => {
  const response = await request.get('/en/repairList', { maxRedirects: 0 });
  expect(response.status()).toBe(200);
  expect(response.headers()['cache-control']).toContain('no-store');
  const html = await response.text();
  expect(html).toContain('<header');
  await page.goto('/en/repairList');
  await expect(page).toHaveURL(/\/en\/login\?from=/);
});
