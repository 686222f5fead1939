import { expect, test } from '../support/test';
import { DEMO_PHONE, startSession } from '../support/accounts';
import { expectNoHorizontalScroll, reviewLanguages, settle } from '../support/page-widths';
import { animationsDone, watchRequests } from '../support/settle';

// Pictures of every page group as visitors see them, at the widths and in the languages the
// design is judged in (Chinese, English, Japanese, Thai and Russian: three scripts without
// spaces or with long words), written to e2e/screenshots for people to look at
// (`make screenshots`; not part of `make test`, whose page-widths.spec.ts and layout-fit.spec.ts
// check the same pages by measurement). File names: <page>-<language>-<width>.png.

// A Chinese browser, so that the unprefixed Chinese pages are not redirected by detection.
test.use({ locale: 'zh-CN' });

const widths = [
  { name: '375', width: 375, height: 812 },
  { name: '768', width: 768, height: 1024 },
  { name: '1280', width: 1280, height: 800 },
  { name: '1440', width: 1440, height: 900 },
] as const;

const languages = reviewLanguages;

type PageGroup = { name: string; path: string; login?: true };

/** One page or more of each group of the site map; pages behind a login get the demo account's session. */
const pageGroups: PageGroup[] = [
  { name: 'home', path: '/index' },
  { name: 'product-list', path: '/productList' },
  { name: 'product-line', path: '/productList/1' },
  { name: 'product-details', path: '/productDetails/103' },
  { name: 'product-comparison', path: '/productComparison?ids=101,201,301' },
  { name: 'solutions', path: '/solutionList' },
  { name: 'industry', path: '/industry/1' },
  { name: 'application', path: '/application/1' },
  { name: 'case-list', path: '/case' },
  { name: 'case-detail', path: '/caseDetail/1' },
  { name: 'news', path: '/news' },
  { name: 'news-detail', path: '/newsDetail/4?typeId=1' },
  { name: 'service', path: '/service' },
  { name: 'download', path: '/download' },
  { name: 'faq', path: '/commonQuestion' },
  { name: 'provider', path: '/provider' },
  { name: 'academy', path: '/jakaAcademy' },
  { name: 'jakaplus', path: '/jaka+' },
  { name: 'about', path: '/about' },
  { name: 'contact', path: '/contact' },
  { name: 'join', path: '/join' },
  { name: 'position', path: '/position' },
  { name: 'search', path: '/search?searchInfo=JAKA' },
  { name: 'enquiry', path: '/cooperationIntent' },
  { name: 'login', path: '/login' },
  { name: 'register', path: '/register' },
  { name: 'repair', path: '/repair', login: true },
  { name: 'repair-list', path: '/repairList', login: true },
  { name: 'virtual', path: '/virtual', login: true },
  { name: 'not-found', path: '/no-such-page' },
];

for (const group of pageGroups) {
  for (const l of languages) {
    for (const w of widths) {
      test(`${group.name}, ${l.code}, ${w.name}`, async ({ page, request }) => {
        await page.setViewportSize({ width: w.width, height: w.height });
        if (group.login) {
          const token = `screenshots-${group.name}-${l.code}-${w.name}-${Date.now()}`;
          await startSession(request, DEMO_PHONE, token);
          await page.addInitScript((value) => localStorage.setItem('jakaUserInfo', JSON.stringify({ token: value })), token);
        }
        const requests = watchRequests(page);
        await page.goto(`${l.prefix}${group.path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await settle(page, requests);
        await expectNoHorizontalScroll(page);
        await page.screenshot({ path: `screenshots/${group.name}-${l.code}-${w.name}.png`, fullPage: true });
      });
    }
  }
}

for (const l of languages) {
  test(`mobile menu open, ${l.code}`, async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto(`${l.prefix}/index`);
    await page.getByRole('banner').getByRole('button', { expanded: false }).last().click();
    const drawer = page.getByRole('dialog');
    await expect(drawer.getByRole('navigation')).toBeVisible();
    await drawer.getByRole('navigation').getByRole('button').first().click();
    await animationsDone(drawer);
    await page.screenshot({ path: `screenshots/menu-${l.code}-375.png` });
  });

  test(`mega-menu open, ${l.code}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${l.prefix}/index`);
    await page.getByRole('navigation').first().getByRole('button').first().hover();
    const menu = page.locator('[data-template="products"]');
    await expect(menu.locator('img').first()).toBeVisible();
    await animationsDone(page.getByRole('banner'));
    await page.screenshot({ path: `screenshots/mega-menu-${l.code}-1440.png` });
  });
}
