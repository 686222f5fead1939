import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// The news pages: the list with its types and hot news, an article, its previous and next
// article, and copying its link — in Chinese (no prefix) and English.

/** axe-core (WCAG 2 A and AA): the serious and critical violations of the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const languages = [
  { prefix: '', locale: 'zh-CN', tab: 'JAKA 周报', all: '全部新闻', previous: '上一篇', next: '下一篇', copy: '复制链接', copied: '链接已复制到剪贴板' },
  { prefix: '/en', locale: 'en-US', tab: 'JAKA Weekly', all: 'All news', previous: 'Previous article', next: 'Next article', copy: 'Copy link', copied: 'Link copied to clipboard' },
];

for (const l of languages) {
  test.describe(`news in ${l.prefix || 'zh'}`, () => {
    test.use({ locale: l.locale, permissions: ['clipboard-read', 'clipboard-write'] });

    test('list → a type → an article → previous and next → copy its link', async ({ page }) => {
      const errors: string[] = [];
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(message.text());
      });
      await page.goto(`${l.prefix}/news`);
      const tabs = page.getByRole('tablist');
      await expect(tabs.getByRole('tab', { name: l.all })).toHaveAttribute('aria-selected', 'true');
      const weekly = tabs.getByRole('tab', { name: new RegExp(l.tab, 'i') });
      await weekly.click();
      await expect(page).toHaveURL(/[?&]type=3\b/);
      const panel = page.getByRole('tabpanel');
      const first = panel.getByRole('article').first().getByRole('link');
      // The list of the type has replaced the list of all news.
      await expect(first).toHaveAttribute('href', /typeId=3$/);
      const title = (await first.getByRole('heading').textContent())?.trim() ?? '';
      await first.click();

      await expect(page).toHaveURL(new RegExp(`${l.prefix}/newsDetail/\\d+\\?typeId=3$`));
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
      const firstUrl = page.url();

      // The newest of its type has no next article; the previous one is older.
      const more = page.getByRole('navigation', { name: l.prefix ? 'More news' : '更多新闻' });
      const previous = more.getByRole('link', { name: new RegExp(l.previous) });
      await previous.click();
      await expect(page).not.toHaveURL(firstUrl);
      await expect(page).toHaveURL(/\?typeId=3$/);
      await more.getByRole('link', { name: new RegExp(l.next) }).click();
      await expect(page).toHaveURL(firstUrl);
      await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();

      await page.getByRole('button', { name: l.copy }).click();
      await expect(page.getByText(l.copied)).toBeVisible();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(firstUrl);
      expect(errors).toEqual([]);
    });

    test('a search by title and its clear', async ({ page }) => {
      await page.goto(`${l.prefix}/news`);
      const box = page.getByRole('search').getByRole('searchbox');
      await box.fill('CIIF');
      await box.press('Enter');
      await expect(page).toHaveURL(/[?&]q=CIIF/);
      const results = page.getByRole('region', { name: /CIIF/ });
      await expect(results.getByRole('article').first()).toContainText('CIIF');
      await page.getByRole('search').getByRole('button', { name: l.prefix ? 'Clear search' : '清除搜索' }).click();
      await expect(page.getByRole('tablist')).toBeVisible();
      await expect(box).toHaveValue('');
    });
  });
}

test('an old article link without its type still opens, and gains the type', async ({ page }) => {
  await page.goto('/en/newsDetail/35');
  await expect(page).toHaveURL(/\/en\/newsDetail\/35\?typeId=1$/);
  await expect(page.getByRole('heading', { level: 1 })).toContainText('JAKA Pro');
});

test('the news list and an article have no serious accessibility violations, on a phone too', async ({ page }) => {
  await page.goto('/en/news');
  await page.getByRole('tabpanel').getByRole('article').first().waitFor();
  await page.getByRole('contentinfo').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  await page.goto('/newsDetail/35?typeId=1');
  await page.getByRole('navigation', { name: '更多新闻' }).waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});
