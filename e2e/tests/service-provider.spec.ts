import { expect, test } from '../support/test';

// Channel partners (spec sections 1 and 5): a partner is found by its FULL company name only (a
// prefix finds nothing), and the partners of a region are listed.

const cases = [
  {
    lang: 'zh',
    path: '/provider',
    field: '企业全称',
    verify: '查询',
    full: '上海启卡自动化设备有限公司',
    prefix: '上海启卡',
    notFound: '暂未查询到对应的供应商',
    certificate: 'JAKA-CN-2026-EC-0001',
    province: { label: '省份', value: '江苏' },
    find: '查询伙伴',
    regionPartner: '苏州智协机器人科技有限公司',
  },
  {
    lang: 'en',
    path: '/en/provider',
    field: 'Full company name',
    verify: 'Verify',
    full: 'Robotec Automation GmbH',
    prefix: 'Robotec Automation',
    notFound: 'Corresponding suppliers not found for the time being',
    certificate: 'JAKA-DE-2026-0001',
    country: { label: 'Country or region', value: 'DE' },
    find: 'Find partners',
    regionPartner: 'Kessler Roboterzellen GmbH & Co. KG',
  },
];

for (const c of cases) {
  test(`a partner is found by its full name, not by a prefix, and by region (${c.lang})`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && !/status of 404/.test(m.text()) && errors.push(m.text()));
    await page.goto(c.path);

    const field = page.getByRole('textbox', { name: c.field });
    await field.fill(c.full);
    await page.getByRole('button', { name: c.verify, exact: true }).click();
    const card = page.getByRole('article', { name: c.full });
    await expect(card).toBeVisible();
    await expect(card.getByText(c.certificate)).toBeVisible();

    await field.fill(c.prefix);
    await page.getByRole('button', { name: c.verify, exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: c.notFound })).toBeVisible();
    await expect(page.getByRole('article', { name: c.full })).toHaveCount(0);

    if (c.province) await page.getByRole('combobox', { name: c.province.label }).selectOption(c.province.value);
    if (c.country) await page.getByRole('combobox', { name: c.country.label }).selectOption(c.country.value);
    await page.getByRole('button', { name: c.find, exact: true }).click();
    await expect(page.getByRole('heading', { name: c.regionPartner })).toBeVisible();
    expect(errors).toEqual([]);
  });
}
