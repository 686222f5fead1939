import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { mockURL } from '../support/mocks';

// The enquiry dialog over any page, through the real BFF and the CRM mock: the Chinese and the
// overseas variant, the policy consent, a city the CRM does not serve yet, success → /thx, and
// the lead arriving in the CRM exactly once.

// Whole forms are filled in and sent through the BFF: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The toasts on screen (sonner). */
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

interface StoredClue {
  clueId: string;
  kind: 'domestic' | 'overseas';
  idempotencyKey?: string;
  payload: Record<string, unknown>;
}

async function clues(page: Page): Promise<StoredClue[]> {
  const response = await page.request.get(`${mockURL('crm')}/__admin/leads`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { clues: StoredClue[] }).clues;
}

/** Serious and critical axe findings (WCAG 2 A/AA) on the page as it is. */
async function seriousViolations(page: Page) {
  const results = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
  return results.violations
    .filter((v) => v.impact === 'serious' || v.impact === 'critical')
    .map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
}

/** Scrolls so that the floating bar shows, then presses one of its buttons. */
async function openFromFloatingBar(page: Page, bar: string, button: string) {
  await page.getByRole('contentinfo').waitFor();
  await page.mouse.wheel(0, 800);
  await page.getByRole('complementary', { name: bar }).getByRole('button', { name: button }).click();
}

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });

  async function fillChinese(page: Page, dialog: ReturnType<Page['getByRole']>, name: string) {
    await dialog.getByLabel('姓名').fill(name);
    await dialog.getByLabel('手机号码').fill('13800138000');
    await dialog.getByLabel('电子邮箱').fill('zhang@example.cn');
    await dialog.getByLabel('公司名称').fill('深圳精工');
    await dialog.getByRole('radio', { name: '产品信息' }).check();
    await dialog.getByRole('combobox', { name: '省 / 地区' }).selectOption('广东省');
    await dialog.getByRole('combobox', { name: '城市' }).selectOption('深圳市');
    await dialog.getByLabel('具体需求').fill('焊接工作站，负载 7 kg');
  }

  test('refuses without the consent, then sends the lead, thanks and goes to /thx; the CRM has it once', async ({ page }) => {
    await page.goto('/productList');
    await openFromFloatingBar(page, '快捷联系', '在线咨询');
    const dialog = page.getByRole('dialog', { name: '在线咨询' });
    await expect(dialog.getByLabel('姓名')).toBeVisible();
    expect(await page.evaluate(() => document.body.hasAttribute('data-scroll-locked'))).toBe(true);

    // Rules run when a field is left.
    await dialog.getByLabel('电子邮箱').fill('zhang@example');
    await dialog.getByLabel('电子邮箱').blur();
    await expect(dialog.getByText('请输入正确的邮箱')).toBeVisible();

    await fillChinese(page, dialog, '张先生 e2e');
    await dialog.getByRole('button', { name: '提交咨询' }).click();
    await expect(dialog.getByText('请先勾选同意服务条款和隐私政策。')).toBeVisible();
    // Said at the box only: no toast over the form (counted now: a toast would go after 3 s).
    expect(await toasts(page).count()).toBe(0);
    expect(await seriousViolations(page)).toEqual([]);
    await expect(page.getByRole('dialog', { name: '在线咨询' })).toBeVisible();

    await expect(dialog.getByRole('link', { name: '《服务条款》' })).toHaveAttribute('href', '/imprint?key=terms');
    await expect(dialog.getByRole('link', { name: '《隐私政策》' })).toHaveAttribute('target', '_blank');
    await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    // A double click is still one lead.
    await dialog.getByRole('button', { name: '提交咨询' }).dblclick();

    await expect(toasts(page).getByText('提交成功')).toBeVisible();
    await expect(toasts(page).getByText('客户经理将在 1 个工作日内与您联系。')).toBeVisible();
    await expect(page).toHaveURL(/\/thx$/);
    await expect(page.getByRole('dialog')).toHaveCount(0);
    expect(await page.evaluate(() => document.body.hasAttribute('data-scroll-locked'))).toBe(false);

    const mine = (await clues(page)).filter((c) => (c.payload.contact as { name: string }).name === '张先生 e2e');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.kind).toBe('domestic');
    expect(mine[0]?.idempotencyKey).toBeTruthy();
    expect(mine[0]?.payload).toMatchObject({
      company: '深圳精工',
      topic: 'product_info',
      district: '福田区',
      tags: ['官网询盘'],
      channel: 'website',
      sourcePage: '/productList',
    });

    // Opened again, the form is empty and the consent unticked.
    await openFromFloatingBar(page, '快捷联系', '在线咨询');
    const again = page.getByRole('dialog', { name: '在线咨询' });
    await expect(again.getByLabel('姓名')).toHaveValue('');
    await expect(again.getByRole('checkbox', { name: /我已阅读并同意/ })).not.toBeChecked();
  });

  test('a city the CRM does not serve yet: a warning, and the lead is filed under the province', async ({ page }) => {
    await page.route('**/prod-api/crm/getDistrict**', (route) =>
      route.fulfill({
        contentType: 'application/json',
        body: JSON.stringify({ success: true, code: 200, msg: '该城市暂未开通', data: { province: '广东省', city: '深圳市', district: null } }),
      }),
    );
    await page.goto('/news');
    await openFromFloatingBar(page, '快捷联系', '在线咨询');
    const dialog = page.getByRole('dialog', { name: '在线咨询' });
    await fillChinese(page, dialog, '李女士 e2e');
    await expect(toasts(page).getByText('该城市暂未开通')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await dialog.getByRole('button', { name: '提交咨询' }).click();
    await expect(page).toHaveURL(/\/thx$/);
    const mine = (await clues(page)).filter((c) => (c.payload.contact as { name: string }).name === '李女士 e2e');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.payload.district).toBe('广东省');
  });

  test('a prototype request from the floating bar is a form record', async ({ page }) => {
    await page.goto('/news');
    await openFromFloatingBar(page, '快捷联系', '申请样机');
    const dialog = page.getByRole('dialog', { name: '申请样机' });
    await expect(dialog.getByText(/2 周免费样机试用/)).toBeVisible();
    await dialog.getByRole('button', { name: '提交样机申请' }).click();
    await expect(dialog.getByText('请输入公司名称')).toBeVisible();
    await expect(dialog.getByText('请选择城市')).toBeVisible();
    await expect(dialog.getByText('请先勾选同意服务条款和隐私政策。')).toBeVisible();
  });
});

test.describe('English', () => {
  test.use({ locale: 'en-US' });

  test('refuses without the consent, then sends the overseas lead and goes to /en/thx', async ({ page }) => {
    await page.goto('/en/about');
    await openFromFloatingBar(page, 'Quick contact', 'Contact us');
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await expect(dialog.getByLabel('Country')).toHaveValue('');
    await dialog.getByLabel('Name', { exact: true }).fill('Jo Bloggs e2e');
    await dialog.getByLabel('Company', { exact: true }).fill('Bloggs Automation Ltd');
    await dialog.getByLabel('Email', { exact: true }).fill('jo@bloggs.co.uk');
    await dialog.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0958');
    await dialog.getByLabel('Industry').selectOption({ label: 'Electronics' });
    await dialog.getByLabel('Company type').selectOption({ index: 1 });
    await dialog.getByLabel('Country').selectOption({ label: 'United Kingdom' });
    await dialog.getByLabel('Message').fill('Screwdriving cell, <b>two</b> robots');

    await dialog.getByRole('button', { name: 'Send enquiry' }).click();
    await expect(dialog.getByText('Please check and agree to the service terms and privacy policy first.')).toBeVisible();
    await dialog.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();

    await expect(toasts(page).getByText('Submitted successfully')).toBeVisible();
    await expect(page).toHaveURL(/\/en\/thx$/);
    const mine = (await clues(page)).filter((c) => (c.payload.contact as { name: string }).name === 'Jo Bloggs e2e');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.payload).toMatchObject({
      company: 'Bloggs Automation Ltd',
      industries: ['electronics'],
      country: 'UK',
      message: 'Screwdriving cell, <b>two</b> robots',
      sourcePage: '/en/about',
    });
  });
});
