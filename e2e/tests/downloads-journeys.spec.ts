import { readFile } from 'node:fs/promises';
import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { mockURL } from '../support/mocks';

// The download page: a public document is downloaded (and the CMS records it); a document that
// needs login says so and sends the visitor to the login page with the return page stored;
// logged in, the visitor comes back to the document and downloads it — in Chinese and English.

/** axe-core (WCAG 2 A and AA): the serious and critical violations of the page. */
async function seriousViolations(page: Page): Promise<string[]> {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.help} — ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

interface DownloadEvent {
  downloadId: number;
  action: string;
  userId: number | null;
}

async function events(downloadId: number): Promise<DownloadEvent[]> {
  const response = await fetch(`${mockURL('content')}/__admin/download-events?downloadId=${downloadId}`);
  return ((await response.json()) as { events: DownloadEvent[] }).events;
}

const languages = [
  {
    prefix: '',
    locale: 'zh-CN',
    download: '下载',
    cad: '三维模型',
    message: '该文档需要登录后才能预览/下载',
    dialog: '需要登录',
    login: '去登录',
  },
  {
    prefix: '/en',
    locale: 'en-US',
    download: 'Download',
    cad: 'CAD models',
    message: 'This document requires login to preview / download',
    dialog: 'Login required',
    login: 'Log in',
  },
];

for (const l of languages) {
  test.describe(`downloads in ${l.prefix || 'zh'}`, () => {
    test.use({ locale: l.locale });

    test('a public document downloads, and the download is recorded', async ({ page }) => {
      const before = (await events(5003)).length;
      await page.goto(`${l.prefix}/download?category=2`);
      const row = page.getByRole('article').filter({ has: page.locator('#document-5003-title') });
      const downloading = page.waitForEvent('download');
      await row.getByRole('button', { name: new RegExp(`^${l.download} `) }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toMatch(/\.pdf$/);
      await expect.poll(async () => (await events(5003)).length).toBe(before + 1);
      expect((await events(5003))[0]).toMatchObject({ downloadId: 5003, action: 'download', userId: null });
    });

    test('a document that needs login sends the visitor to log in, and back', async ({ page }) => {
      const before = (await events(5014)).length;
      await page.goto(`${l.prefix}/download`);
      await page.getByRole('navigation').getByRole('button', { name: l.cad, exact: true }).click();
      await expect(page).toHaveURL(/[?&]category=6\b/);
      const row = page.getByRole('article').filter({ has: page.locator('#document-5014-title') });
      await row.getByRole('button', { name: new RegExp(`^${l.download} `) }).click();
      const dialog = page.getByRole('alertdialog', { name: l.dialog });
      await expect(dialog.getByText(l.message)).toBeVisible();
      await dialog.getByRole('button', { name: l.login }).click();

      const from = `${l.prefix}/download?category=6&id=5014`;
      await expect(page).toHaveURL(`${l.prefix}/login?from=${encodeURIComponent(from)}`);
      expect(await page.evaluate(() => localStorage.getItem('jakaWhereFrom'))).toBe(from);
      expect(await events(5014)).toHaveLength(before);

      // Logged in (the login page comes with the accounts work; here a session is started on
      // the identity mock), the visitor is back at the document and can download it.
      const token = `e2e-download-${l.prefix ? 'en' : 'zh'}-token-0001`;
      const started = await fetch(`${mockURL('account')}/__admin/sessions`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ account: '13800138000', token }),
      });
      expect(started.ok).toBe(true);
      await page.evaluate((t) => localStorage.setItem('jakaUserInfo', JSON.stringify({ token: t })), token);
      await page.goto(from);
      const back = page.getByRole('article').filter({ has: page.locator('#document-5014-title') });
      await expect(back).toHaveAttribute('data-highlighted', 'true');
      const downloading = page.waitForEvent('download');
      await back.getByRole('button', { name: new RegExp(`^${l.download} `) }).click();
      const file = await downloading;
      expect(file.suggestedFilename()).toBe('JAKA_Zu_7_CAD_STEP.zip');
      // The file came by the BFF's signed link, which names no storage path, and arrived whole.
      expect(new URL(file.url()).pathname).toMatch(/^\/document-files\/download\/[A-Za-z0-9_-]+$/);
      expect(file.url()).not.toContain('JAKA_Zu_7');
      expect(await file.failure()).toBeNull();
      const bytes = await readFile(await file.path());
      expect(bytes.subarray(0, 4).toString('latin1')).toBe('PK\x03\x04');
      expect(bytes.toString('latin1')).toContain('JAKA_Zu_7_CAD_STEP.zip');
      await expect.poll(async () => (await events(5014)).length).toBe(before + 1);
      expect((await events(5014))[0]?.userId).toEqual(expect.any(Number));
    });
  });
}

test('a login-only file is refused at its old media path and by an altered link', async ({ request }) => {
  // Anonymous, by the path the media library used to serve it under.
  for (const name of ['JAKA_Zu_7_CAD_STEP.zip', 'JAKA_SDK_2.3.1.zip', 'JAKA_Controller_Firmware_2.8.3.zip']) {
    const anonymous = await request.get(`/cms-assets/files/${name}`);
    expect(anonymous.status(), name).toBe(404);
    expect((await anonymous.body()).subarray(0, 2).toString('latin1'), name).not.toBe('PK');
  }
  // The details the page shows carry no path to the file.
  const details = await request.get('/prod-api/api/download/getDetails/5014', { headers: { lang: 'en' } });
  const item = ((await details.json()) as { data: Record<string, unknown> }).data;
  expect(item).toMatchObject({ loginRequired: true, url: null, previewUrl: null });

  // Logged in, the visitor's link works once signed; altered, it gives an error, never the file.
  const token = 'e2e-download-tamper-token-0001';
  const started = await fetch(`${mockURL('account')}/__admin/sessions`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json' },
    body: JSON.stringify({ account: '13800138000', token }),
  });
  expect(started.ok).toBe(true);
  const answer = await request.post('/prod-api/api/download/userDownload', {
    headers: { token, lang: 'en' },
    data: { downloadId: 5022, action: 'download' },
  });
  const link = ((await answer.json()) as { data: { url: string } }).data.url;
  expect(link).toMatch(/^\/document-files\/download\//);
  const altered = link.replace(/.(?=.{2}$)/, (c) => (c === 'A' ? 'B' : 'A'));
  const refused = await request.get(altered);
  expect(refused.status()).toBe(403);
  expect(await refused.json()).toMatchObject({ success: false, errorKey: 'download.link_invalid' });
  const fetched = await request.get(link);
  expect(fetched.status()).toBe(200);
  expect(fetched.headers()['content-disposition']).toBe('attachment; filename=JAKA_SDK_2.3.1.zip');
});

test('the download page and its login question have no serious accessibility violations', async ({ page }) => {
  await page.goto('/en/download?category=7');
  const row = page.getByRole('article').filter({ has: page.locator('#document-5014-title') });
  await row.waitFor();
  expect(await seriousViolations(page)).toEqual([]);
  await row.getByRole('button', { name: /^Download / }).click();
  await page.getByRole('alertdialog').waitFor();
  expect(await seriousViolations(page)).toEqual([]);
});
