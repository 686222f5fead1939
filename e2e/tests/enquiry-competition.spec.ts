import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// The developer challenge sign-up on the activity page (customForm/4): the six required fields
// with their own messages, and the intellectual property agreement.

// Whole forms are filled in and sent through the BFF: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

/** The toasts on screen (sonner). */
const toasts = (page: Page) => page.locator('[data-sonner-toast]');

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('asks for all six fields with the messages of the competition', async ({ page }) => {
    await page.goto('/activity');
    const form = page.getByTestId('competition-form-slot');
    await form.getByRole('button', { name: '提交报名' }).click();
    for (const message of ['请选择参赛形式', '请选择职业类型', '请输入研究/工作领域及单位', '请选择所开发的具备智能产品型号', '请输入作品链接', '请阅读并同意知识产权协议']) {
      await expect(form.getByText(message, { exact: true })).toBeVisible();
    }
    await form.getByRole('radio', { name: '个人' }).check();
    await expect(form.getByText('请选择参赛形式', { exact: true })).toBeHidden();
    await expect(form.getByRole('link', { name: /知识产权协议/ })).toHaveAttribute('href', '/imprint?key=ip-agreement');
  });
});

test.describe('English', () => {
  test.use({ locale: 'en-US' });

  test('speaks English, and sends a complete entry', async ({ page }) => {
    await page.goto('/en/activity');
    const form = page.getByTestId('competition-form-slot');
    await form.getByRole('button', { name: 'Submit my entry' }).click();
    await expect(form.getByText('Please read and agree to the Intellectual Property Agreement')).toBeVisible();
    await expect(form.getByText('Please enter the link to your project')).toBeVisible();

    await form.getByRole('radio', { name: 'Individual' }).check();
    await form.getByLabel('Occupation').selectOption({ label: 'Student' });
    await form.getByLabel('Field of research or work, and organisation').fill('Robot vision, TU Munich');
    await form.getByLabel('JAKA model your project runs on').selectOption({ label: 'JAKA MiniCobo' });
    await form.getByLabel('Project link').fill('https://github.com/example/cobo');
    await form.getByRole('checkbox', { name: /Intellectual Property Agreement/ }).check();
    await form.getByRole('button', { name: 'Submit my entry' }).click();
    await expect(toasts(page).getByText('Your entry has been received')).toBeVisible();
    await expect(form.getByLabel('Project link')).toHaveValue('');
  });
});
