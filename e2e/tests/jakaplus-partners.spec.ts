import { expect, test } from '../support/test';

// The JAKA+ ecosystem: partners by category, a partner's products, a product page, the hotline.

for (const c of [
  { lang: 'zh', prefix: '', category: '电动夹爪', products: '查看产品', specs: '技术参数', hotline: 'JAKA+ 服务热线' },
  { lang: 'en', prefix: '/en', category: 'Electric grippers', products: 'View products', specs: 'Specifications', hotline: 'JAKA+ hotline' },
]) {
  test(`a visitor goes from a partner to its product and to the hotline (${c.lang})`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => m.type() === 'error' && errors.push(m.text()));
    await page.goto(`${c.prefix}/jaka+`);
    const tabs = page.getByRole('tablist');
    await expect(tabs.getByRole('tab').first()).toHaveAttribute('aria-selected', 'true');
    const all = await page.getByRole('tabpanel').getByRole('heading', { level: 3 }).count();
    await tabs.getByRole('tab', { name: c.category }).click();
    const panel = page.getByRole('tabpanel');
    await expect(panel.getByRole('heading', { level: 3 })).toHaveCount(1);
    expect(all).toBeGreaterThan(1);
    await panel.getByRole('link', { name: new RegExp(`^${c.products}`) }).click();

    await expect(page).toHaveURL(new RegExp(`${c.prefix}/jakaList/1$`));
    await page.getByRole('link', { name: /GR-E40/ }).click();
    await expect(page).toHaveURL(new RegExp(`${c.prefix}/jakaDetail/1$`));
    await expect(page.getByRole('heading', { level: 1, name: 'GR-E40' })).toBeVisible();
    await expect(page.getByRole('region', { name: c.specs }).getByRole('table')).toHaveCount(5);

    await page.goto(`${c.prefix}/jaka+`);
    await page.getByRole('link', { name: c.hotline }).click();
    await expect(page).toHaveURL(new RegExp(`${c.prefix}/jakaHotline$`));
    await expect(page.locator('main a[href^="tel:"]')).toBeVisible();
    await expect(page.getByRole('table').getByRole('row', { name: /Grivo Robotics/ })).toBeVisible();
    expect(errors).toEqual([]);
  });
}
