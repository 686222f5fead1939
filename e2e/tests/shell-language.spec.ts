import { readFileSync } from 'node:fs';
import { expect, test } from '../support/test';
import { previewLink } from '../support/previews';

// Language detection (spec section 1), the switcher and the page head, through the real BFF.

test.describe('a Japanese browser', () => {
  test.use({ locale: 'ja-JP' });

  test('lands on the Japanese home page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/jp\/index$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'ja');
    await expect(page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('button', { name: '製品' })).toBeVisible();
  });
});

test.describe('a German browser', () => {
  test.use({ locale: 'de-DE' });

  test('lands on the European English home page', async ({ page }) => {
    await page.goto('/index');
    await expect(page).toHaveURL(/\/en_eu\/index$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en-150');
  });
});

test.describe('a French browser', () => {
  test.use({ locale: 'fr-FR' });

  test('stays on the Chinese home page', async ({ page }) => {
    await page.goto('/');
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
    await expect(page.getByRole('navigation', { name: '主导航' })).toBeVisible();
  });
});

test.describe('the language switcher', () => {
  test.use({ locale: 'en-US' });

  test('opens the same page, ids and query included, in the chosen language', async ({ page }) => {
    await page.goto('/en/productDetails/103?tab=specs');
    await expect(page.getByRole('heading', { level: 2, name: 'Overview' })).toBeVisible();
    await page.getByRole('button', { name: /^Language/ }).click();
    await page.getByRole('menuitem', { name: '日本語' }).click();
    await expect(page).toHaveURL(/\/jp\/productDetails\/103\?tab=specs$/);
    await expect(page.getByRole('heading', { level: 1, name: 'JAKA Zu 7' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '概要' })).toBeVisible();
    await expect(page).toHaveTitle('JAKA Zu 7 協働ロボット｜可搬質量 7 kg'); // the CMS's Japanese page title
    expect(await page.evaluate(() => localStorage.getItem('lang'))).toBe('jp');

    // Back to Chinese: no prefix; the choice is remembered over the English browser.
    await page.getByRole('button', { name: /^言語/ }).click();
    await page.getByRole('menuitem', { name: '简体中文' }).click();
    await expect(page).toHaveURL(/\/productDetails\/103\?tab=specs$/);
    await page.goto('/index');
    await expect(page).toHaveURL(/\/index$/);
    await expect(page.locator('html')).toHaveAttribute('lang', 'zh-CN');
  });

  test('works from the keyboard', async ({ page }) => {
    await page.goto('/en/news');
    const button = page.getByRole('button', { name: /^Language/ });
    await expect(button).toHaveAttribute('data-state', 'closed'); // the menu's code has arrived
    await button.focus();
    await page.keyboard.press('Enter');
    const menu = page.getByRole('menu');
    await expect(menu).toBeVisible();
    // The list may still be arriving when the menu opens: wait for it, then start from the top.
    const first = menu.getByRole('menuitem', { name: '简体中文' });
    await expect(first).toBeVisible();
    await page.keyboard.press('Home');
    await expect(first).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: 'English', exact: true })).toBeFocused();
    await page.keyboard.press('ArrowDown');
    await expect(menu.getByRole('menuitem', { name: '日本語' })).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(page).toHaveURL(/\/jp\/news$/);
  });
});

test.describe('the page head', () => {
  test.use({ locale: 'zh-CN' });

  test('names every language and x-default as alternates, and the language in <html lang>', async ({ page }) => {
    await page.goto('/ko/news?page=2');
    await expect(page.locator('html')).toHaveAttribute('lang', 'ko');
    const alternates = page.locator('head link[rel="alternate"]');
    await expect(alternates).toHaveCount(13);
    const links = await alternates.evaluateAll((els) => els.map((el) => [el.getAttribute('hreflang'), new URL(el.getAttribute('href') ?? '').pathname + new URL(el.getAttribute('href') ?? '').search]));
    expect(Object.fromEntries(links)).toMatchObject({
      'zh-CN': '/news?page=2',
      'zh-TW': '/zh_tw/news?page=2',
      ja: '/jp/news?page=2',
      'en-DE': '/en_eu/news?page=2',
      'en-US': '/en_us/news?page=2',
      ko: '/ko/news?page=2',
      'x-default': '/news?page=2',
    });
    await expect(page).toHaveTitle('뉴스 | JAKA 로보틱스');
  });

  test('sends the page language to the API, ja for jp, and the editor\'s preview token from preview pages', async ({ page, request }) => {
    // Each call is told apart by the page that sent it: the previous page may still send a
    // late call (one that waited for the browser to be idle) after the next navigation began.
    const seen: Array<{ from: string; url: string; lang: string | undefined; preview: string | undefined }> = [];
    page.on('request', (request) => {
      if (request.url().includes('/prod-api/')) {
        const headers = request.headers();
        seen.push({ from: new URL(headers.referer ?? 'about:blank').pathname, url: request.url(), lang: headers.lang, preview: headers.preview });
      }
    });
    const sentFrom = (path: string) => seen.filter((r) => r.from === path);

    // The page comes from the server with its data; what the visitor asks for next (another
    // type of news) the browser fetches, in the page's language.
    await page.goto('/jp/news');
    await expect(page.getByRole('heading', { level: 1, name: 'ニュース' })).toBeVisible();
    await page.getByRole('tablist').getByRole('tab').nth(1).click();
    await expect.poll(() => sentFrom('/jp/news').length).toBeGreaterThan(0);
    expect(sentFrom('/jp/news').filter((r) => !(r.lang === 'ja' && r.preview === undefined))).toEqual([]);

    // A preview page opened from an editor's link sends its token; the address loses it.
    const link = await previewLink(request, '/en/preview/news');
    await page.goto(link.url);
    await expect(page).toHaveURL(/\/en\/preview\/news$/);
    await expect(page.getByRole('note')).toHaveText('Preview: this page may show unpublished drafts.');
    await expect(page.locator('head meta[name="robots"]')).toHaveAttribute('content', 'noindex, nofollow');
    await page.getByRole('tablist').getByRole('tab').nth(1).click();
    await expect.poll(() => sentFrom('/en/preview/news').length).toBeGreaterThan(0);
    expect(sentFrom('/en/preview/news').filter((r) => !(r.lang === 'en' && r.preview === link.token))).toEqual([]);
    expect(seen.filter((r) => r.from !== '/jp/news' && r.from !== '/en/preview/news')).toEqual([]);
  });
});

test.describe('the Japanese page', () => {
  test.use({ locale: 'ja-JP' });

  test('has no English left in its chrome (header, footer, floating bar, menus)', async ({ page }) => {
    const english = flatten(JSON.parse(readFileSync(new URL('../../web/src/i18n/locales/en/common.json', import.meta.url), 'utf8')) as Record<string, unknown>);
    const japanese = flatten(JSON.parse(readFileSync(new URL('../../web/src/i18n/locales/jp/common.json', import.meta.url), 'utf8')) as Record<string, unknown>);
    // UI texts of the English catalogue that differ from the Japanese one (brand names excluded).
    const forbidden = [...english.entries()]
      .filter(([key, value]) => japanese.get(key) !== value && !value.includes('{{'))
      .map(([, value]) => value);

    await page.goto('/jp/news');
    await expect(page.getByRole('heading', { level: 1, name: 'ニュース' })).toBeVisible();
    await page.mouse.wheel(0, 400);
    await expect(page.getByRole('complementary', { name: 'クイックコンタクト' })).toBeVisible();
    await page.getByRole('navigation', { name: 'メインナビゲーション' }).getByRole('button', { name: 'サービス・サポート' }).click();
    await expect(page.getByRole('link', { name: 'サービス・サポートトップ' })).toBeVisible();

    const chrome = await page.evaluate(() => {
      const parts = [...document.querySelectorAll('header, footer, aside, nav, [role="note"], .skip-link')];
      const texts = parts.map((el) => (el as HTMLElement).innerText);
      const labels = parts.flatMap((el) => [...el.querySelectorAll('[aria-label]')].map((l) => l.getAttribute('aria-label') ?? ''));
      return [...texts, ...labels, document.title].join('\n');
    });
    const leftovers = forbidden.filter((text) => chrome.includes(text));
    expect(leftovers).toEqual([]);
  });
});

function flatten(tree: Record<string, unknown>, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value as Record<string, unknown>, path)) out.set(k, v);
  }
  return out;
}
