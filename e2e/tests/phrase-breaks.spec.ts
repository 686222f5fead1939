import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// Chinese titles break between phrases, never inside a word: "协作机器人" (cobot) is never cut
// into "协作机/器人" or leaves a lone "人", on a phone and at any width its box may take.

test.use({ locale: 'zh-CN' });

/**
 * The widths (of those tried) at which an occurrence of `word` in the element's text spreads over
 * two lines. The element's width is swept up to `to` px, as narrower or wider layouts would set
 * it, from the width the word itself needs (narrower, it must break: it cannot fit a line).
 */
async function brokenWidths(page: Page, selector: string, word: string, to: number): Promise<number[]> {
  return page.locator(selector).first().evaluate(
    (element, { word, to }) => {
      const target = element as HTMLElement;
      const textNodes: Text[] = [];
      const walker = document.createTreeWalker(target, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) textNodes.push(node as Text);
      const text = textNodes.map((node) => node.data).join('');
      const at = text.indexOf(word);
      if (at < 0) throw new Error(`"${word}" is not in "${text}"`);
      // The word's characters as ranges within the text nodes.
      const lineTops = () => {
        const tops = new Set<number>();
        let offset = 0;
        for (const node of textNodes) {
          for (let i = 0; i < node.data.length; i++, offset++) {
            if (offset < at || offset >= at + word.length) continue;
            const range = document.createRange();
            range.setStart(node, i);
            range.setEnd(node, i + 1);
            tops.add(Math.round(range.getBoundingClientRect().top));
          }
        }
        return tops.size;
      };
      const wordWidth = () => {
        const range = document.createRange();
        let offset = 0;
        for (const node of textNodes) {
          if (at >= offset && at < offset + node.data.length) range.setStart(node, at - offset);
          if (at + word.length > offset && at + word.length <= offset + node.data.length) range.setEnd(node, at + word.length - offset);
          offset += node.data.length;
        }
        return range.getBoundingClientRect().width;
      };
      const saved = target.style.width;
      target.style.width = '2000px';
      const from = Math.ceil(wordWidth()) + 2;
      const broken: number[] = [];
      for (let width = from; width <= to; width += 4) {
        target.style.width = `${width}px`;
        if (lineTops() > 1) broken.push(width);
      }
      target.style.width = saved;
      return broken;
    },
    { word, to },
  );
}

test('a product line title keeps 协作机器人 whole at 375 px and at every width of its box', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/productList/1');
  const title = page.getByRole('heading', { level: 1 });
  await expect(title).toHaveText('JAKA Zu 协作机器人');
  // Phrases from the server's render, kept by hydration (no mismatch reported).
  await expect(title.locator('.phrases wbr')).not.toHaveCount(0);
  expect(await brokenWidths(page, 'h1', '协作机器人', 340)).toEqual([]);
  expect(errors.filter((error) => error.includes('[hydrate]'))).toEqual([]);
});

test('news titles keep 协作机器人 whole on a phone, in the list and after a client-side navigation', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/news');
  const card = page.locator('main article h3', { hasText: '协作机器人' }).first();
  await expect(card.locator('.phrases')).toHaveCount(1);
  expect(await brokenWidths(page, 'main article h3:has-text("协作机器人")', '协作机器人', 340)).toEqual([]);

  // A page the browser renders itself: the model has loaded by then and splits its titles too.
  await page.evaluate(() => new Promise((resolve) => requestIdleCallback(resolve)));
  await page.locator('main').getByRole('link', { name: /协作机器人/ }).first().click();
  const heading = page.getByRole('heading', { level: 1 });
  await expect(heading).toContainText('协作机器人');
  await expect(heading.locator('.phrases')).toHaveCount(1);
  expect(await brokenWidths(page, 'h1', '协作机器人', 340)).toEqual([]);
});

test('the home page cards keep Japanese words whole on a phone (協働ロボット, ダイレクトティーチ)', async ({ page }) => {
  const errors: string[] = [];
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/jp/index');
  const products = page.locator('section[aria-labelledby="home-products"]');
  await products.scrollIntoViewIfNeeded();
  const zu = products.locator('h3', { hasText: 'JAKA Zu' });
  await expect(zu.locator('.phrases')).toHaveCount(1);
  expect(await brokenWidths(page, 'section[aria-labelledby="home-products"] h3:has-text("JAKA Zu")', '協働ロボット', 170)).toEqual([]);
  expect(await brokenWidths(page, 'section[aria-labelledby="home-products"] p:has-text("ダイレクトティーチ")', 'ダイレクトティーチ', 170)).toEqual([]);
  expect(errors.filter((error) => error.includes('[hydrate]'))).toEqual([]);
});

test('the home hero headline breaks at its space in Japanese on a phone, not inside シリーズ', async ({ page }) => {
  await page.setViewportSize({ width: 375, height: 812 });
  await page.goto('/jp/index');
  const headline = page.locator('[aria-roledescription="slide"][data-active="true"] h2');
  await expect(headline).toContainText('シリーズ');
  expect(await brokenWidths(page, '[aria-roledescription="slide"][data-active="true"] h2', 'シリーズ協働ロボット', 340)).toEqual([]);
});
