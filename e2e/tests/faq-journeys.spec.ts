import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// The FAQ page: a search opens the matching answer, and a link to one question opens it — in
// Chinese (no prefix) and English. No loading overlay on these pages.

/** axe-core (WCAG 2 A and AA): the serious and critical violations of the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const languages = [
  { prefix: '', locale: 'zh-CN', words: '灵敏度', question: /碰撞检测灵敏度/, all: '全部问题' },
  { prefix: '/en', locale: 'en-US', words: 'sensitivity', question: /collision sensitivity/, all: 'All questions' },
];

for (const l of languages) {
  test.describe(`FAQ in ${l.prefix || 'zh'}`, () => {
    test.use({ locale: l.locale });

    test('a search opens the matching answer', async ({ page }) => {
      await page.goto(`${l.prefix}/commonQuestion`);
      await expect(page.getByRole('navigation').getByRole('button', { name: l.all })).toHaveAttribute('aria-current', 'true');
      const box = page.getByRole('search').getByRole('searchbox');
      await box.fill(l.words);
      await box.press('Enter');
      const question = page.getByRole('button', { name: l.question });
      await expect(question).toHaveAttribute('aria-expanded', 'true');
      await expect(page.getByRole('region', { name: l.question })).toBeVisible();
      await expect(page.locator('[data-testid="loading-overlay"][data-visible="true"]')).toHaveCount(0);
    });

    test('a link to one question opens it in its category', async ({ page }) => {
      await page.goto(`${l.prefix}/commonQuestion?id=18`);
      const question = page.getByRole('button', { name: l.question });
      await expect(question).toHaveAttribute('aria-expanded', 'true');
      await expect(question).toBeFocused();
      await question.click();
      await expect(question).toHaveAttribute('aria-expanded', 'false');
    });
  });
}

test('the FAQ page has no serious accessibility violations, on a phone too', async ({ page }) => {
  await page.goto('/en/commonQuestion?id=18');
  await expect(page.getByRole('button', { name: /collision sensitivity/ })).toHaveAttribute('aria-expanded', 'true');
  expect(await seriousViolations(page)).toEqual([]);
  await page.setViewportSize({ width: 375, height: 800 });
  expect(await seriousViolations(page)).toEqual([]);
});
