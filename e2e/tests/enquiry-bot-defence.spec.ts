import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { mockURL } from '../support/mocks';

// A lead's bot defences as a person meets them, which is not at all: the puzzle is solved in
// the background while the form is filled in, and the lead reaches the CRM stand-in once. A
// lead refused as a bot's (its hidden trap field filled) says so and keeps what was typed.

test.describe.configure({ timeout: 90_000 });

interface StoredClue {
  payload: Record<string, unknown>;
}

async function clueNames(page: Page): Promise<unknown[]> {
  const response = await page.request.get(`${mockURL('crm')}/__admin/leads`);
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { clues: StoredClue[] }).clues.map((c) => (c.payload['contact'] as { name?: string } | undefined)?.name);
}

async function openDialog(page: Page) {
  await page.goto('/productList');
  await page.getByRole('contentinfo').waitFor();
  await page.mouse.wheel(0, 800);
  await page.getByRole('complementary', { name: '快捷联系' }).getByRole('button', { name: '在线咨询' }).click();
  const dialog = page.getByRole('dialog', { name: '在线咨询' });
  await expect(dialog.getByLabel('姓名')).toBeVisible();
  return dialog;
}

async function fill(dialog: ReturnType<Page['getByRole']>, name: string) {
  await dialog.getByLabel('姓名').fill(name);
  await dialog.getByLabel('手机号码').fill('13800138000');
  await dialog.getByLabel('电子邮箱').fill('bot-defence@example.cn');
  await dialog.getByLabel('公司名称').fill('深圳精工');
  await dialog.getByRole('radio', { name: '产品信息' }).check();
  await dialog.getByRole('combobox', { name: '省 / 地区' }).selectOption('广东省');
  await dialog.getByRole('combobox', { name: '城市' }).selectOption('深圳市');
  await dialog.getByLabel('具体需求').fill('焊接工作站');
  await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
}

test.describe('a lead against bots', () => {
  test.use({ locale: 'zh-CN' });

  test('is solved in the background while the form is filled in and reaches the CRM once', async ({ page }) => {
    const name = `后台求解 ${Date.now()}`;
    const challenges: number[] = [];
    page.on('request', (request) => {
      if (request.url().includes('/prod-api/api/leads/challenge')) challenges.push(Date.now());
    });
    const dialog = await openDialog(page);
    await fill(dialog, name);
    // Asked for while the visitor typed, before any submit.
    expect(challenges.length).toBe(1);

    const sent = page.waitForRequest((r) => r.url().includes('/prod-api/crm/addSaleClue'));
    await dialog.getByRole('button', { name: '提交咨询' }).click();
    const headers = (await sent).headers();
    const proof = JSON.parse(Buffer.from(headers['x-lead-proof'] ?? '', 'base64').toString()) as { number: number; took: number };
    expect(proof.number).toBeGreaterThanOrEqual(0);
    expect(headers['x-lead-trap']).toBe('');
    test.info().annotations.push({ type: 'solve time', description: `${proof.took} ms` });
    await expect(page).toHaveURL(/\/thx/);
    expect((await clueNames(page)).filter((n) => n === name)).toHaveLength(1);
  });

  test('a lead refused as a bot says so and keeps what was typed', async ({ page }) => {
    const name = `陷阱字段 ${Date.now()}`;
    const dialog = await openDialog(page);
    await fill(dialog, name);
    // What a program that fills every field does; a person never reaches this field.
    await page.locator('input[name="website"]').evaluate((input: HTMLInputElement) => {
      input.value = 'https://spam.example';
    });
    await dialog.getByRole('button', { name: '提交咨询' }).click();
    await expect(page.locator('[data-sonner-toast]').filter({ hasText: '此次提交疑似自动程序，未被受理' })).toBeVisible();
    await expect(dialog.getByLabel('姓名')).toHaveValue(name);
    await expect(dialog.getByLabel('具体需求')).toHaveValue('焊接工作站');
    await expect(dialog.getByLabel('电子邮箱')).toHaveValue('bot-defence@example.cn');
    expect(await clueNames(page)).not.toContain(name);
  });
});
