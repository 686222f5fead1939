import { expect, test } from '../support/test';

// Solutions: the solutions page (shown industries only, hidden applications left out) → an
// industry → one of its cases; the case list filtered by industry; in Chinese and English.

test.use({ locale: 'zh-CN' });

const languages = [
  {
    code: 'zh',
    prefix: '',
    title: '解决方案',
    byIndustry: '按行业',
    byApplication: '按应用',
    industry: '汽车及零部件',
    hiddenIndustry: '物流仓储',
    hiddenApplication: '涂胶点胶',
    challenges: '我们解决的挑战',
    cases: '客户案例',
    case: '北方制动：制动钳混线装配',
    customer: '长春北方制动系统有限公司',
    productsUsed: '使用的产品',
    facts: '项目概况',
    filter: '按行业筛选案例',
    electronics: '3C 电子',
  },
  {
    code: 'en',
    prefix: '/en',
    title: 'Solutions',
    byIndustry: 'By industry',
    byApplication: 'By application',
    industry: 'Automotive & Parts',
    hiddenIndustry: 'Logistics & Warehousing',
    hiddenApplication: 'Gluing & Dispensing',
    challenges: 'Challenges we solve',
    cases: 'Customer cases',
    case: 'Brake caliper assembly at Beifang Brake Systems',
    customer: 'Beifang Brake Systems (Changchun)',
    productsUsed: 'Products used',
    facts: 'At a glance',
    filter: 'Filter cases by industry',
    electronics: 'Electronics',
  },
];

for (const l of languages) {
  test(`solutions → industry → case, ${l.code}`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });
    await page.goto(`${l.prefix}/solutionList`);
    await expect(page.getByRole('heading', { level: 1, name: l.title })).toBeVisible();
    const industries = page.getByRole('region', { name: l.byIndustry });
    await expect(industries.getByRole('listitem')).toHaveCount(6);
    await expect(page.getByText(l.hiddenIndustry)).toHaveCount(0);
    const applications = page.getByRole('region', { name: l.byApplication });
    await expect(applications.getByRole('listitem')).toHaveCount(7);
    await expect(page.getByText(l.hiddenApplication)).toHaveCount(0);

    await industries.getByRole('link', { name: new RegExp(l.industry) }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/industry/1$`));
    await expect(page.getByRole('heading', { level: 1, name: l.industry })).toBeVisible();
    await expect(page.getByRole('region', { name: l.challenges }).getByRole('listitem')).toHaveCount(3);

    await page.getByRole('region', { name: l.cases }).getByRole('link', { name: l.case }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/caseDetail/1$`));
    await expect(page.getByRole('heading', { level: 1, name: l.case })).toBeVisible();
    const facts = page.getByRole('complementary', { name: l.facts });
    await expect(facts.getByText(l.customer)).toBeVisible();
    await expect(facts.getByRole('link', { name: /JAKA Zu 7/ })).toHaveAttribute('href', `${l.prefix}/productDetails/103`);
    expect(errors).toEqual([]);
  });

  test(`case list filtered by industry, ${l.code}`, async ({ page }) => {
    await page.goto(`${l.prefix}/case`);
    const chips = page.getByRole('navigation', { name: l.filter });
    await expect(chips.getByRole('link')).toHaveCount(7);
    const all = await page.getByRole('main').getByRole('heading', { level: 2 }).count();
    await chips.getByRole('link', { name: l.electronics }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/case\\?industry=2$`));
    await expect(chips.getByRole('link', { name: l.electronics })).toHaveAttribute('aria-current', 'page');
    await expect.poll(() => page.getByRole('main').getByRole('heading', { level: 2 }).count()).toBeLessThan(all);
  });
}

test('an industry hidden from the lists still opens by its address', async ({ page }) => {
  await page.goto('/en/industry/7');
  await expect(page.getByRole('heading', { level: 1, name: 'Logistics & Warehousing' })).toBeVisible();
});
