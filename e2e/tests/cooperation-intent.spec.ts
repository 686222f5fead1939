import AxeBuilder from '@axe-core/playwright';
import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { mockURL } from '../support/mocks';

// The cooperation intent page: the CMS form (customForm/1), its rules, and the record arriving
// in the CRM.

// Whole forms are filled in and sent through the BFF: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The toasts on screen (sonner). */
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

interface StoredRecord {
  formId: number;
  idempotencyKey?: string;
  payload: { formId: number; sourcePage: string; fields: Record<string, string> };
}

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('names every missing field, then sends the record and goes to /thx', async ({ page }) => {
    await page.goto('/cooperationIntent');
    await expect(page.getByRole('heading', { level: 1, name: '合作意向' })).toBeVisible();
    await expect(page.getByRole('heading', { level: 2, name: '合作意向登记' })).toBeVisible();

    await page.getByRole('button', { name: '提交', exact: true }).click();
    for (const message of ['请输入公司名称', '请输入联系人', '请输入联系电话', '请选择城市', '请选择职位类型', '请选择计划应用场景', '请选择需求数量', '请选择获取产品信息的渠道']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByLabel('单位名称')).toBeFocused();
    // The errors stand under their fields; no toast repeats them over the form (counted now: a
    // toast would go after 3 s).
    expect(await page.locator('[data-sonner-toast]').count()).toBe(0);
    const axe = await new AxeBuilder({ page }).withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa']).analyze();
    const serious = axe.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
    expect(serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`)).toEqual([]);

    await page.getByLabel('单位名称').fill('节卡合作伙伴 e2e');
    await page.getByLabel('联系人').fill('王经理');
    await page.getByLabel('联系电话').fill('12');
    await page.getByLabel('联系电话').blur();
    await expect(page.getByText('请输入正确的联系电话')).toBeVisible();
    await page.getByLabel('联系电话').fill('13800138000');
    await page.getByRole('combobox', { name: '省 / 地区' }).selectOption('浙江省');
    await page.getByRole('combobox', { name: '城市' }).selectOption('杭州市');
    await page.getByRole('radio', { name: '科研人员' }).check();
    await page.getByLabel('计划应用场景').selectOption({ label: '教育科研' });
    await page.getByRole('radio', { name: '5–20 台' }).check();
    await page.getByLabel('获取产品信息的渠道').selectOption({ label: '百度搜索' });
    await page.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await page.getByRole('button', { name: '提交', exact: true }).click();

    await expect(toasts(page).getByText('提交成功')).toBeVisible();
    await expect(page).toHaveURL(/\/thx$/);
    const response = await page.request.get(`${mockURL('crm')}/__admin/leads`);
    const records = ((await response.json()) as { formRecords: StoredRecord[] }).formRecords;
    const mine = records.filter((r) => r.payload.fields.companyName === '节卡合作伙伴 e2e');
    expect(mine).toHaveLength(1);
    expect(mine[0]?.formId).toBe(1);
    expect(mine[0]?.payload.fields).toMatchObject({
      customerName: '王经理',
      phoneNumber: '13800138000',
      city: '浙江省 杭州市',
      positionType: 'researcher',
      scene: 'education_research',
      requireCount: '5_to_20',
      productInfoGetChannel: 'baidu_search',
    });
    expect(mine[0]?.payload.sourcePage).toBe('/cooperationIntent');
  });
});

test.describe('English', () => {
  test.use({ locale: 'en-US' });

  test('the same form and rules in English', async ({ page }) => {
    await page.goto('/en/cooperationIntent');
    await expect(page.getByRole('heading', { level: 2, name: 'Register your interest in working with us' })).toBeVisible();
    await page.getByRole('button', { name: 'Submit', exact: true }).click();
    for (const message of ['Please enter the company name', 'Please enter the contact person', 'Please select your role', 'Please select the quantity']) {
      await expect(page.getByText(message, { exact: true })).toBeVisible();
    }
    await expect(page.getByRole('radiogroup', { name: 'Units required' }).getByRole('radio')).toHaveCount(3);
  });
});
