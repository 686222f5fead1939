import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// The search page: from the header's search overlay to the grouped results and on to a hit;
// and a search that finds nothing — in Chinese (no prefix) and English.

/** axe-core (WCAG 2 A and AA): the serious and critical violations of the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const languages = [
  { prefix: '', locale: 'zh-CN', search: '搜索', dialog: '站内搜索', news: '新闻', explore: '了解详情', nothing: '未找到相关结果', clear: '清除搜索' },
  { prefix: '/en', locale: 'en-US', search: 'Search', dialog: 'Search the site', news: 'News', explore: 'Explore details', nothing: 'No relevant results found', clear: 'Clear search' },
];

for (const l of languages) {
  test.describe(`search in ${l.prefix || 'zh'}`, () => {
    test.use({ locale: l.locale });

    test('header overlay → results by kind → explore a hit', async ({ page }) => {
      await page.goto(`${l.prefix}/index`);
      await page.getByRole('banner').getByRole('button', { name: l.search, exact: true }).click();
      const input = page.getByRole('dialog', { name: l.dialog }).getByRole('searchbox');
      await input.fill('JAKA Zu');
      await input.press('Enter');
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/search\\?searchInfo=JAKA\\+Zu$`));

      const kinds = page.getByRole('main').getByRole('navigation').filter({ has: page.locator('a[href="#search-product"]') });
      await expect(kinds.locator('a[href="#search-product"]')).toContainText('5');
      const news = page.getByRole('region', { name: new RegExp(`^${l.news} \\d+$`) });
      await expect(news).toBeVisible();
      const hit = news.getByRole('link', { name: new RegExp(`^${l.explore}`) }).first();
      const href = (await hit.getAttribute('href')) ?? '';
      expect(href).toMatch(new RegExp(`^${l.prefix}/newsDetail/\\d+\\?typeId=\\d+$`));
      await hit.click();
      await expect(page).toHaveURL(new RegExp(`${href.replace('?', '\\?')}$`));
      await expect(page.getByRole('heading', { level: 1 })).toContainText('JAKA');
    });

    test('nothing found, then cleared', async ({ page }) => {
      await page.goto(`${l.prefix}/search?searchInfo=xyzzy-nothing`);
      await expect(page.getByText(l.nothing)).toBeVisible();
      await page.getByRole('main').getByRole('button', { name: l.clear }).click();
      await expect(page).toHaveURL(new RegExp(`${l.prefix}/search$`));
      await expect(page.getByRole('main').getByRole('searchbox')).toHaveValue('');
    });
  });
}

test('the search results have no serious accessibility violations', async ({ page }) => {
  await page.goto('/en/search?searchInfo=JAKA%20Zu');
  await page.getByRole('region', { name: /^Products \d+$/ }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});
