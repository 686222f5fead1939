import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { previewLink } from '../support/previews';

// The company pages render their CMS content: about (profile, timeline, offices), ESG (report
// chapters as tabs), investment, the legal texts (imprint?key=…, flsm), and every page of this
// group in English without a console error and with a non-empty main region; their drafts only
// through an editor's preview link.

function watchConsole(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
  page.on('pageerror', (e) => errors.push(String(e)));
  return errors;
}

test('zh: about, ESG and the legal texts show their content', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/about');
  await expect(page.getByRole('heading', { level: 1, name: '关于节卡' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: '公司简介' })).toBeVisible();
  const journey = page.getByRole('region', { name: '发展历程' });
  await expect(journey.getByText('2014')).toBeHidden();
  await journey.getByRole('button', { name: /查看更早的历程/ }).click();
  await expect(journey.getByText('2014')).toBeVisible();
  await expect(page.getByRole('region', { name: '全球分支机构' }).getByRole('link', { name: 'info@jaka.com' })).toBeVisible();

  await page.goto('/ESG');
  await expect(page.getByRole('heading', { level: 1, name: 'ESG 可持续发展' })).toBeVisible();
  const tabs = page.getByRole('region', { name: '报告章节' }).getByRole('tab');
  await expect(tabs).toHaveCount(3);
  await tabs.nth(0).focus();
  await page.keyboard.press('ArrowRight');
  await expect(tabs.nth(1)).toHaveAttribute('aria-selected', 'true');
  await expect(page.getByRole('tabpanel')).toContainText('社会');

  await page.goto('/imprint?key=privacy');
  await expect(page.getByRole('heading', { level: 2, name: '隐私政策' })).toBeVisible();
  await page.getByRole('navigation', { name: '法律文件' }).getByRole('link', { name: '服务条款' }).click();
  await expect(page).toHaveURL(/\/imprint\?key=terms$/);
  await expect(page.getByRole('heading', { level: 2, name: '服务条款' })).toBeVisible();

  await page.goto('/flsm');
  await page.getByRole('tab', { name: '隐私政策' }).click();
  await expect(page.getByRole('heading', { level: 2, name: '隐私政策' })).toBeVisible();
  expect(errors).toEqual([]);
});

test('en: about, ESG, investment and the imprint show their content', async ({ page }) => {
  const errors = watchConsole(page);
  await page.goto('/en/about');
  await expect(page.getByRole('heading', { level: 1, name: 'About JAKA' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Company profile' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'JAKA Robotics founded in Shanghai' })).toBeHidden();

  await page.goto('/en/ESG');
  const chapters = page.getByRole('region', { name: 'Report chapters' });
  await chapters.getByRole('tab', { name: 'Chapter 3: Governance' }).click();
  await expect(chapters.getByRole('tabpanel')).toContainText('Governance');
  await expect(chapters.getByRole('tab')).toHaveCount(3);

  await page.goto('/en/investment');
  const announcements = page.getByRole('region', { name: 'Announcements' });
  await expect(announcements.locator('summary')).toHaveCount(3);
  await announcements.getByText('2025 business update').click();
  await expect(announcements.getByText(/Revenue grew 38%/)).toBeVisible();

  await page.goto('/en/imprint?key=ip-agreement');
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and policies' })).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: /Intellectual Property/i })).toBeVisible();
  await page.goto('/en/imprint?key=no-such-text');
  await expect(page.getByText('This document could not be found')).toBeVisible();
  expect(errors.filter((e) => !/status of 404/.test(e))).toEqual([]);
});

test('the unannounced investor day shows only through an editor\'s preview link', async ({ page, request }) => {
  const errors = watchConsole(page);
  const announcements = page.getByRole('region', { name: 'Announcements' });
  // Typing the preview address is not enough: the published announcements, and no draft.
  await page.goto('/en/preview/investment');
  await expect(announcements.locator('summary')).toHaveCount(3);
  await expect(page.getByText('Invitation to the 2026 investor day')).toHaveCount(0);

  const link = await previewLink(request, '/en/preview/investment', { editor: 'ir@jaka.example' });
  await page.goto(link.url);
  await expect(announcements.getByText('Invitation to the 2026 investor day')).toBeVisible();
  await expect(announcements.locator('summary')).toHaveCount(4);
  // The ESG preview of the same tab shows its draft chapter too.
  await page.goto('/en/preview/ESG');
  await expect(page.getByRole('tablist').getByRole('tab')).toHaveCount(4);
  expect(errors).toEqual([]);
});

const PAGES = [
  '/en/about',
  '/en/contact',
  '/en/ESG',
  '/en/investment',
  '/en/resource',
  '/en/showRoom',
  '/en/service',
  '/en/jakaAcademy',
  '/en/provider',
  '/en/jaka+',
  '/en/jakaList/1',
  '/en/jakaDetail/1',
  '/en/jakaHotline',
  '/en/join',
  '/en/position',
  '/en/flsm',
  '/en/imprint?key=cookies',
  '/en/activity',
  '/en/preview/about',
  '/en/preview/ESG',
];

test('every page of the group renders without console errors, also at 375 px', async ({ page }) => {
  test.setTimeout(240_000);
  const errors = watchConsole(page);
  for (const width of [1440, 375]) {
    await page.setViewportSize({ width, height: 900 });
    for (const path of PAGES) {
      await page.goto(path);
      const main = page.getByRole('main');
      await expect(main.getByRole('heading', { level: 1 })).toHaveCount(1);
      await expect(main.getByRole('status').filter({ hasText: /Loading/ })).toHaveCount(0);
      expect((await main.innerText()).trim().length, path).toBeGreaterThan(100);
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, `${path} at ${width}px scrolls sideways`).toBeLessThanOrEqual(0);
    }
  }
  expect(errors).toEqual([]);
});
