import { expect, test } from '../support/test';
import { previewLink, tamperedLink } from '../support/previews';

// Browsing the product centre: all lines → one line → one product (specs, downloads with the login
// gate, applications, enquiry), in Chinese and English; and the draft of a product on its preview
// page, shown only through an editor's preview link from the CMS.

test.use({ locale: 'zh-CN' });

const languages = [
  {
    code: 'zh',
    prefix: '',
    products: '产品中心',
    breadcrumb: '面包屑导航',
    line: 'JAKA Zu 协作机器人',
    explore: '了解该系列：JAKA Zu 协作机器人',
    lineTitle: 'JAKA Zu 协作机器人 | 3–18 kg 负载 | 节卡机器人',
    productTitle: 'JAKA Zu 7 协作机器人 | 7 kg 负载 | 节卡机器人',
    models: '全部型号',
    specs: '技术参数',
    performance: '性能',
    repeatability: '重复定位精度',
    downloads: '资料下载',
    locked: /登录后下载：控制器固件 2\.8\.3/,
    free: /下载：JAKA 产品画册 2026/,
    applications: '应用场景',
    assembly: /精密装配/,
    enquire: '咨询该产品',
    dialog: '联系我们',
  },
  {
    code: 'en',
    prefix: '/en',
    products: 'Products',
    breadcrumb: 'Breadcrumb',
    line: 'JAKA Zu Cobots',
    explore: 'Explore the line: JAKA Zu Cobots',
    lineTitle: 'JAKA Zu Collaborative Robots | 3–18 kg Payload | JAKA',
    productTitle: 'JAKA Zu 7 Cobot | 7 kg Payload, 819 mm Reach',
    models: 'Models',
    specs: 'Specifications',
    performance: 'Performance',
    repeatability: 'Repeatability',
    downloads: 'Downloads',
    locked: /Log in to download: Controller firmware 2\.8\.3/,
    free: /Download: JAKA product brochure 2026/,
    applications: 'Applications',
    assembly: /Precision Assembly/,
    enquire: 'Enquire about this product',
    dialog: 'Contact us',
  },
];

for (const l of languages) {
  test(`products → line → product, ${l.code}`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'error') errors.push(message.text());
    });

    await page.goto(`${l.prefix}/productList`);
    await expect(page.getByRole('heading', { level: 1, name: l.products })).toBeVisible();
    const zu = page.getByRole('region', { name: l.line });
    await expect(zu.getByRole('link', { name: 'JAKA Zu 7', exact: true })).toHaveAttribute('href', `${l.prefix}/productDetails/103`);
    // C and M products carry their badge.
    await expect(page.getByRole('heading', { name: /^JAKA C5 ./ })).toBeVisible();
    await expect(page.getByRole('heading', { name: /^JAKA Lumi M1 ./ })).toBeVisible();

    await zu.getByRole('link', { name: l.explore }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/productList/1$`));
    await expect(page.getByRole('heading', { level: 1, name: l.line })).toBeVisible();
    await expect(page).toHaveTitle(l.lineTitle);
    const models = page.getByRole('region', { name: l.models });
    await expect(models.getByRole('listitem')).toHaveCount(5);

    await models.getByRole('link', { name: 'JAKA Zu 7', exact: true }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/productDetails/103$`));
    await expect(page.getByRole('heading', { level: 1, name: 'JAKA Zu 7' })).toBeVisible();
    await expect(page).toHaveTitle(l.productTitle);
    await expect(page.getByRole('navigation', { name: l.breadcrumb }).getByRole('link').last()).toHaveAttribute('href', `${l.prefix}/productList`);

    const specs = page.getByRole('region', { name: l.specs });
    const performance = specs.getByRole('table', { name: l.performance });
    await expect(performance.getByRole('row', { name: new RegExp(l.repeatability) })).toContainText('±0.02 mm');

    const downloads = page.getByRole('region', { name: l.downloads });
    await expect(downloads.getByRole('link', { name: l.locked })).toHaveAttribute('href', `${l.prefix}/download?id=5024`);
    await expect(downloads.getByRole('link', { name: l.free })).toHaveAttribute('href', '/cms-assets/files/JAKA_Product_Brochure_2026.pdf');

    const applications = page.getByRole('region', { name: l.applications });
    await expect(applications.getByRole('link', { name: l.assembly })).toHaveAttribute('href', `${l.prefix}/application/1`);

    await page.getByRole('button', { name: l.enquire }).click();
    await expect(page.getByRole('dialog', { name: l.dialog })).toBeVisible();
    await page.keyboard.press('Escape');
    await expect(page.getByRole('dialog')).toBeHidden();

    // The login gate itself is the download centre's: the lock leads there with the document.
    await downloads.getByRole('link', { name: l.locked }).click();
    await expect(page).toHaveURL(new RegExp(`${l.prefix}/download\\?id=5024$`));
    expect(errors).toEqual([]);
  });
}

test('a missing product says so, with a way back to the products', async ({ page }) => {
  await page.goto('/en/productDetails/999999');
  const alert = page.getByRole('alert');
  await expect(alert).toContainText('This product does not exist or is no longer published.');
  await alert.getByRole('link', { name: 'See all products' }).click();
  await expect(page).toHaveURL(/\/en\/productList$/);
});

test('the preview page of a product shows its draft only through an editor\'s preview link', async ({ page, request }) => {
  const draftEn = page.getByText('now with the JAKA Force Control package as standard', { exact: false });
  const publishedEn = page.getByText('JAKA’s best-selling cobot', { exact: false });

  // A visitor who types a preview address sees the published product (marked as a preview).
  await page.goto('/en/preview/productDetails/103');
  await expect(publishedEn).toBeVisible();
  await expect(page.getByRole('note')).toContainText('Preview');
  await expect(draftEn).toHaveCount(0);

  // The editor's link from the CMS shows the draft, not indexed, and the token leaves the address.
  // The visitor's published answers are still in the browser's cache: `Vary: preview` keeps
  // them from answering the editor's calls.
  const link = await previewLink(request, '/en/preview/productDetails/103');
  await page.goto(link.url);
  await expect(draftEn).toBeVisible();
  await expect(page).toHaveURL(/\/en\/preview\/productDetails\/103$/);
  await expect(page.getByRole('note')).toContainText('Preview');
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
  await expect(page).toHaveTitle(/^Preview: /);

  // Other preview pages of the tab keep the token.
  await page.goto('/preview/productDetails/103');
  await expect(page.getByText('现已标配 JAKA 力控工艺包', { exact: false })).toBeVisible();

  // The published page keeps the published text.
  await page.goto('/en/productDetails/103');
  await expect(publishedEn).toBeVisible();
  await expect(page.getByText('now with the JAKA Force Control package', { exact: false })).toHaveCount(0);

  // A link whose token was edited (another editor, a later expiry) shows no draft.
  await page.goto(tamperedLink(link));
  await expect(publishedEn).toBeVisible();
  await expect(draftEn).toHaveCount(0);

  // Nor does an expired link: one that lived a second, opened once the BFF refuses it.
  // (The token opens product 103's reads only: its page's.)
  const shortLived = await previewLink(request, '/en/preview/productDetails/103', { ttl: '1s' });
  await expect
    .poll(async () => (await request.get('/prod-api/api/productCenter/getProductById/1/103', { headers: { preview: shortLived.token, lang: 'en' } })).text())
    .not.toContain('now with the JAKA Force Control package as standard');
  await page.goto(shortLived.url);
  await expect(publishedEn).toBeVisible();
  await expect(draftEn).toHaveCount(0);
});
