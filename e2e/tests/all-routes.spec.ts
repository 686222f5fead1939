import { expect, test } from '../support/test';
import { watchRequests } from '../support/settle';

// Every page of spec section 2 (and its preview mirror), visited in English as a visitor
// without an account: each comes rendered by the server, is hydrated without a mismatch, and
// must render something in its main region and log no error.
// Pages that need a login send the visitor to the login page, which must render too.
const pages = [
  'index', 'resource', 'thx', 'investment', 'ESG', 'search?searchInfo=JAKA',
  'login', 'register', 'wechatLogin', 'deregister',
  'productList', 'productList/1', 'productDetails/103', 'productComparison?ids=101,102',
  'solutionList', 'case', 'caseDetail/1', 'application/1', 'industry/1', 'productLevel/1',
  'service', 'repair', 'repairList', 'repairDetail/1', 'showRoom', 'jakaAcademy',
  'download', 'commonQuestion', 'provider', 'virtual', 'jaka+', 'jakaHotline', 'jakaList/1', 'jakaDetail/1',
  'about', 'contact', 'join', 'position', 'news', 'newsDetail/4?typeId=1', 'flsm', 'imprint?key=terms',
  'cooperationIntent', 'activity',
];
const previews = [
  'index', 'resource', 'investment', 'ESG', 'productList', 'productList/1', 'productDetails/103',
  'case', 'caseDetail/1', 'application/1', 'industry/1', 'productLevel/1', 'service', 'repair', 'repairList',
  'jakaAcademy', 'download', 'commonQuestion', 'commonQuestionDetail?id=1', 'provider', 'jaka+', 'jakaHotline',
  'jakaList/1', 'jakaDetail/1', 'about', 'contact', 'join', 'position', 'news', 'newsDetail/4?typeId=1',
];

for (const path of [...pages.map((p) => `/en/${p}`), ...previews.map((p) => `/en/preview/${p}`)]) {
  test(`${path} renders without errors`, async ({ page }) => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    const requests = watchRequests(page);
    await page.goto(path);
    // Server-rendered and hydrated: a mismatch with the server's HTML is logged as an error.
    await expect(page.locator('script#ssr-state[type="application/json"]')).toHaveCount(1);
    const main = page.locator('main');
    await expect(main).toBeVisible();
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await expect(main).not.toBeEmpty();
    await expect(page).not.toHaveURL(/NotFound/);
    // Let the page's reads settle before judging the console: every request it started has ended.
    await requests.settled();
    expect((await main.innerText()).trim().length, 'the main region has text').toBeGreaterThan(20);
    expect(errors, `console errors on ${path}`).toEqual([]);
  });
}
