import AxeBuilder from '@axe-core/playwright';
import { type Locator, type Page } from '@playwright/test';
import { expect, test } from '../support/test';
import { reviewLanguages } from '../support/page-widths';

// Where every enquiry lands: after a lead is accepted the visitor is on /thx, reads what happens
// next (an account manager within one business day, where the reply comes, the hotline), and the
// next steps (products, cases, downloads, home) lead to those pages in the visitor's language.
// Pictures of the page at phone and desktop widths go to e2e/screenshots.

// Whole forms are filled in and sent through the BFF: allow for a busy machine.
test.describe.configure({ timeout: 90_000 });

/** Serious and critical axe findings (WCAG 2 A/AA) on the page as it is. */
async function seriousViolations(page: Page) {
  // The toaster (the shell's) is left out: the success toast may still be on screen.
  const results = await new AxeBuilder({ page })
    .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'])
    .exclude('[data-sonner-toaster]')
    .analyze();
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

interface NextStep {
  name: RegExp;
  path: string;
}

/**
 * Follows each next step of the thank-you page and comes back: the link leads to the page in the
 * same language, which shows its heading (not the not-found page).
 */
async function followNextSteps(page: Page, region: Locator, steps: NextStep[], notFound: string) {
  for (const step of steps) {
    await region.getByRole('link', { name: step.name }).click();
    await expect(page).toHaveURL(new RegExp(`${step.path.replace(/\//g, '\\/')}$`));
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).not.toHaveText(notFound);
    await page.goBack();
    await expect(region).toBeVisible();
  }
}

test.describe('Chinese', () => {
  test.use({ locale: 'zh-CN' });

  test('after an enquiry the visitor lands on /thx, reads what happens next, and the next steps lead on', async ({ page }) => {
    await page.goto('/solutionList');
    await openFromFloatingBar(page, '快捷联系', '在线咨询');
    const dialog = page.getByRole('dialog', { name: '在线咨询' });
    await dialog.getByLabel('姓名').fill('赵先生 thx');
    await dialog.getByLabel('手机号码').fill('13800138000');
    await dialog.getByLabel('电子邮箱').fill('zhao@example.cn');
    await dialog.getByLabel('公司名称').fill('苏州精密');
    await dialog.getByRole('radio', { name: '产品信息' }).check();
    await dialog.getByRole('combobox', { name: '省 / 地区' }).selectOption('广东省');
    await dialog.getByRole('combobox', { name: '城市' }).selectOption('深圳市');
    await dialog.getByLabel('具体需求').fill('装配线，负载 5 kg');
    await dialog.getByRole('checkbox', { name: /我已阅读并同意/ }).check();
    await dialog.getByRole('button', { name: '提交咨询' }).click();

    await expect(page).toHaveURL(/\/thx$/);
    await expect(page.getByRole('heading', { level: 1, name: '提交成功，感谢您的关注' })).toBeVisible();
    await expect(page.getByText('客户经理将在 1 个工作日内与您联系。').first()).toBeVisible();
    await expect(page).toHaveTitle(/^提交成功/);

    const next = page.getByRole('region', { name: '后续安排' });
    await expect(next.getByRole('heading', { level: 3 })).toHaveText(['已收到您的需求', '客户经理与您联系', '留意我们的回复']);
    await expect(next.getByText(/垃圾邮件文件夹/)).toBeVisible();
    // The hotline and mailbox of the Chinese site, for an urgent question.
    const sooner = page.getByRole('complementary', { name: '需要尽快答复？' });
    await expect(sooner.getByRole('link', { name: '400-006-2665' })).toHaveAttribute('href', 'tel:4000062665');
    await expect(sooner.getByRole('link', { name: 'info@jaka.com' })).toHaveAttribute('href', 'mailto:info@jaka.com');
    expect(await seriousViolations(page)).toEqual([]);

    const explore = page.getByRole('region', { name: '等待期间，您还可以' });
    await followNextSteps(
      page,
      explore,
      [
        { name: /^产品中心/, path: '/productList' },
        { name: /^客户案例/, path: '/case' },
        { name: /^下载中心/, path: '/download' },
      ],
      '页面未找到',
    );
    await explore.getByRole('link', { name: '返回首页' }).click();
    await expect(page).toHaveURL(/\/index$/);
  });
});

test.describe('English', () => {
  test.use({ locale: 'en-US' });

  test('after an overseas enquiry the visitor lands on /en/thx, and the next steps stay in English', async ({ page }) => {
    await page.goto('/en/productList');
    await openFromFloatingBar(page, 'Quick contact', 'Contact us');
    const dialog = page.getByRole('dialog', { name: 'Contact us' });
    await dialog.getByLabel('Name', { exact: true }).fill('Sam Thx e2e');
    await dialog.getByLabel('Company', { exact: true }).fill('Thx Automation Ltd');
    await dialog.getByLabel('Email', { exact: true }).fill('sam@thx-automation.co.uk');
    await dialog.getByLabel('Phone', { exact: true }).fill('+44 20 7946 0959');
    await dialog.getByLabel('Industry').selectOption({ label: 'Electronics' });
    await dialog.getByLabel('Company type').selectOption({ index: 1 });
    await dialog.getByLabel('Country').selectOption({ label: 'United Kingdom' });
    await dialog.getByLabel('Message').fill('Palletising, one robot');
    await dialog.getByRole('checkbox', { name: /Terms of Service/ }).check();
    await dialog.getByRole('button', { name: 'Send enquiry' }).click();

    await expect(page).toHaveURL(/\/en\/thx$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Thank you, we have received your request' })).toBeVisible();
    const next = page.getByRole('region', { name: 'What happens next' });
    await expect(next.getByRole('heading', { level: 3 })).toHaveText(['Request received', 'An account manager contacts you', 'Look out for our reply']);
    await expect(next.getByText(/Within one business day, by phone or email/)).toBeVisible();
    await expect(page.getByRole('complementary', { name: 'Need an answer sooner?' }).getByRole('link', { name: '+86 21 6451 2788' })).toBeVisible();
    expect(await seriousViolations(page)).toEqual([]);

    const explore = page.getByRole('region', { name: 'While you wait' });
    await followNextSteps(
      page,
      explore,
      [
        { name: /^Products/, path: '/en/productList' },
        { name: /^Customer cases/, path: '/en/case' },
        { name: /^Downloads/, path: '/en/download' },
      ],
      'Page not found',
    );
    await explore.getByRole('link', { name: 'Back to the home page' }).click();
    await expect(page).toHaveURL(/\/en\/index$/);
  });
});

test.describe('pictures', () => {
  // A Chinese browser, so that the unprefixed Chinese page is not redirected by detection.
  test.use({ locale: 'zh-CN' });

  const widths = [375, 1280];

  for (const width of widths) {
    for (const l of reviewLanguages) {
      test(`thank-you page, ${l.code}, ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: width < 600 ? 812 : 900 });
        await page.goto(`${l.prefix}/thx`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        // The hotline box (site information) and the footer have arrived; fonts are ready.
        await expect(page.locator('aside[aria-labelledby="thx-sooner"] a[href^="mailto:"]')).toBeVisible();
        await expect(page.getByRole('contentinfo').getByRole('link', { name: /@/ }).first()).toBeVisible();
        await page.evaluate(() => document.fonts.ready);
        const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
        expect(overflow, 'no horizontal scrolling').toBeLessThanOrEqual(0);
        await page.screenshot({ path: `screenshots/thx-${l.code}-${width}.png`, fullPage: true });
      });
    }
  }
});
