import { readFileSync } from 'node:fs';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { mockURL } from '../support/mocks';

// The virtual robot trial end to end, through the real BFF and the simulator-pool mock: a visitor
// is sent to log in and comes back, applies, waits while the machine is created, copies the
// trial code, switches model (confirmed) without the timer being reset, is refused a switch that
// changes nothing, sees the trial end (the pool's clock is advanced by the trial's length) and
// applies again. The pool boots a machine in 3 s and switches in 6 s here (playwright.config.ts).

type Catalogue = {
  apply: Record<'title' | 'againTitle' | 'submit' | 'again' | 'ended', string>;
  creating: Record<'title', string>;
  trial: Record<'title' | 'copyLabel' | 'code' | 'copied' | 'modify' | 'sync' | 'synced' | 'length', string>;
  upgrading: Record<'title', string>;
  modify: Record<'title' | 'submit' | 'confirmTitle' | 'confirm', string>;
  guide: Record<'downloadLink' | 'label', string>;
};

/** The page's own texts (the web app's catalogue), so the journey reads what a visitor reads. */
function catalogue(lang: string): Catalogue {
  return JSON.parse(readFileSync(new URL(`../../web/src/i18n/locales/${lang}/virtual.json`, import.meta.url), 'utf8')) as Catalogue;
}

/** The server's texts (messages/, shared by the BFF and the web) in the wire language of a site language. */
function serverCatalogue(lang: string): Record<string, string> {
  const wire = lang === 'jp' ? 'ja' : lang === 'en_eu' || lang === 'en_us' ? 'en' : lang;
  return JSON.parse(readFileSync(new URL(`../../messages/${wire}.json`, import.meta.url), 'utf8')) as Record<string, string>;
}

const fill = (text: string, values: Record<string, string>) => text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');

/** Seconds of an `HH:MM:SS` timer. */
async function timerSeconds(page: Page): Promise<number> {
  const text = (await page.getByRole('timer').textContent()) ?? '';
  const [h, m, s] = text.split(':').map(Number);
  return (h ?? 0) * 3600 + (m ?? 0) * 60 + (s ?? 0);
}

/**
 * Serious or critical WCAG 2.1 A/AA violations of the page as it is now. The shell's toasts are
 * left out: a toast still fading in or out (opacity) reads as low contrast to axe.
 */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id} (${v.impact}): ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

const journeys = [
  { lang: 'zh', prefix: '', locale: 'zh-CN', account: '13800138000' },
  { lang: 'en', prefix: '/en', locale: 'en-US', account: 'demo@jaka.example' },
] as const;

for (const { lang, prefix, locale, account } of journeys) {
  test.describe(`the virtual trial (${lang})`, () => {
    test.use({ locale, permissions: ['clipboard-read', 'clipboard-write'] });

    test.beforeEach(async ({ request }) => {
      // Every journey starts with an empty pool (another journey's trial would still be running).
      expect((await request.delete(`${mockURL('vm')}/__admin/trials`)).ok()).toBe(true);
    });

    test('log in, apply, wait, use, copy, switch, refused no-change, expire, apply again', async ({ page, request }) => {
      test.setTimeout(120_000);
      const t = catalogue(lang);
      const m = serverCatalogue(lang);
      const config = (await (await request.get(`${mockURL('vm')}/__admin/config`)).json()) as { trialHours: number };
      const fullLength = config.trialHours * 3600;
      const consoleErrors: string[] = [];
      page.on('console', (m) => m.type() === 'error' && consoleErrors.push(m.text()));

      // A visitor is sent to log in, and comes back.
      await page.goto(`${prefix}/virtual`);
      await expect(page).toHaveURL(new RegExp(`${prefix}/login\\?from=${encodeURIComponent(`${prefix}/virtual`)}$`));
      const loginForm = page.locator('form').filter({ has: page.locator('input[name="password"]') });
      await loginForm.locator('input[name="phoneOrEmail"]').fill(account);
      await loginForm.locator('input[name="password"]').fill('Jaka@2024');
      await loginForm.locator('button[type="submit"]').click();
      await expect(page).toHaveURL(new RegExp(`${prefix}/virtual$`));
      // The login steps and the software download (the download page's software category).
      await expect(page.getByRole('complementary', { name: t.guide.label }).getByRole('listitem')).toHaveCount(4);
      await expect(page.getByRole('link', { name: t.guide.downloadLink })).toHaveAttribute('href', `${prefix}/download?category=11`);

      // Apply: the catalogue's combinations only.
      const applyForm = page.getByRole('form', { name: t.apply.title });
      await expect(applyForm.getByRole('radio', { name: /^JAKA Zu 7 / })).toBeAttached();
      expect(await seriousViolations(page)).toEqual([]);
      await applyForm.getByRole('radio', { name: /^JAKA Zu 7 / }).check();
      await applyForm.getByRole('radio', { name: 'CAB 2.1', exact: true }).check();
      await applyForm.getByRole('button', { name: t.apply.submit }).click();

      // The wait prompt while the machine is created, then the trial.
      await expect(page.getByRole('heading', { name: t.creating.title })).toBeVisible();
      await expect(page.getByText(m['virtual.creating'])).toBeVisible();
      await expect(page.getByRole('heading', { name: t.trial.title })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByRole('timer')).toHaveText(/^0[34]:\d\d:\d\d$/);
      const first = await timerSeconds(page);
      expect(first).toBeGreaterThan(fullLength - 60);
      // The length the pool is configured with, in every language.
      await expect(page.getByText(fill(t.trial.length, { hours: String(config.trialHours) }), { exact: true })).toBeVisible();
      // It ticks.
      await expect.poll(() => timerSeconds(page), { timeout: 5_000 }).toBeLessThan(first);

      expect(await seriousViolations(page)).toEqual([]);

      // Copy the trial code.
      await page.getByRole('button', { name: fill(t.trial.copyLabel, { label: t.trial.code }) }).click();
      await expect(page.getByText(t.trial.copied)).toBeVisible();
      const code = await page.evaluate(() => navigator.clipboard.readText());
      expect(code).toMatch(/^JK-[2-9A-Z]{6}$/);
      await expect(page.getByText(code, { exact: true })).toBeVisible();

      // Synchronise data.
      await page.getByRole('button', { name: t.trial.sync }).click();
      await expect(page.getByText(m['virtual.data_synchronized'])).toBeVisible();

      // Switch model, confirmed: the upgrade notice blocks use, the timer keeps running.
      const beforeSwitch = await timerSeconds(page);
      const switchedAt = Date.now();
      await page.getByRole('button', { name: t.trial.modify }).click();
      const modifyForm = page.getByRole('form', { name: t.modify.title });
      await modifyForm.getByRole('radio', { name: /^JAKA Pro 12 / }).check();
      expect(await seriousViolations(page)).toEqual([]);
      await modifyForm.getByRole('button', { name: t.modify.submit }).click();
      const dialog = page.getByRole('alertdialog', { name: t.modify.confirmTitle });
      await expect(dialog).toContainText('JAKA Pro 12');
      await dialog.getByRole('button', { name: t.modify.confirm }).click();
      await expect(page.getByRole('heading', { name: t.upgrading.title })).toBeVisible();
      await expect(page.getByText(code, { exact: true })).toHaveCount(0);
      await expect(page.getByRole('heading', { name: t.trial.title })).toBeVisible({ timeout: 20_000 });
      await expect(page.getByText('JAKA Pro 12', { exact: true })).toBeVisible();
      const afterSwitch = await timerSeconds(page);
      const elapsed = (Date.now() - switchedAt) / 1000;
      expect(afterSwitch).toBeLessThan(beforeSwitch);
      expect(Math.abs(beforeSwitch - afterSwitch - elapsed)).toBeLessThanOrEqual(3);

      // The same model and version again: refused, nothing sent.
      await page.getByRole('button', { name: t.trial.modify }).click();
      await page.getByRole('form', { name: t.modify.title }).getByRole('button', { name: t.modify.submit }).click();
      await expect(page.getByText(m['virtual.no_change'])).toBeVisible();
      await expect(page.getByRole('alertdialog')).toHaveCount(0);

      // The trial ends (the pool's clock moves on by the trial's length); the visitor applies again.
      expect((await request.post(`${mockURL('vm')}/__admin/clock/advance?by=${config.trialHours}h`)).ok()).toBe(true);
      await page.reload();
      await expect(page.getByRole('heading', { name: t.apply.againTitle })).toBeVisible();
      await expect(page.getByText(fill(t.apply.ended, { model: 'JAKA Pro 12' }))).toBeVisible();
      await page.getByRole('button', { name: t.apply.again, exact: true }).click();
      await expect(page.getByRole('heading', { name: t.creating.title })).toBeVisible();
      await expect(page.getByRole('heading', { name: t.trial.title })).toBeVisible({ timeout: 20_000 });
      expect(await timerSeconds(page)).toBeGreaterThan(fullLength - 60);

      expect(consoleErrors).toEqual([]);
    });
  });
}
