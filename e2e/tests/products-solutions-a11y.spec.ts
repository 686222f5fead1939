import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// axe-core scans (WCAG 2 A and AA) of the product and solution pages, at desktop and phone
// widths: no serious or critical violations, no horizontal scrolling of the page.

async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const pages = [
  { path: '/en/productList', ready: 'JAKA Zu Cobots' },
  { path: '/productList/3', ready: '全部型号' },
  { path: '/en/productDetails/301', ready: 'Specifications' },
  { path: '/en/productComparison?ids=101,201,301', ready: 'Parameters' },
  { path: '/solutionList', ready: '按行业' },
  { path: '/en/industry/3', ready: 'Challenges we solve' },
  { path: '/en/application/4', ready: 'Benefits' },
  { path: '/en/productLevel/2', ready: 'Recommended products' },
  { path: '/en/case', ready: 'Case' },
  { path: '/caseDetail/5', ready: '项目概况' },
];

test.use({ locale: 'zh-CN' });

for (const width of [1440, 375]) {
  test(`product and solution pages are accessible at ${width} px`, async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width, height: 900 });
    for (const p of pages) {
      await page.goto(p.path);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('main').getByText(p.ready, { exact: false }).first()).toBeVisible();
      await page.getByRole('contentinfo').waitFor();
      expect(await seriousViolations(page), p.path).toEqual([]);
      expect(await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), p.path).toBeLessThanOrEqual(0);
    }
  });
}
