import { expect, test } from '../support/test';
import { DEMO_EMAIL, startSession } from '../support/accounts';
import { nextFrames, wheelHandled } from '../support/settle';

// Page-level behaviour: NotFound, page frames, the floating bar, the enquiry dialog, the loading
// overlay, anchors, the virtual page's token, and a page whose code cannot be loaded.

test.use({ locale: 'en-US' });

test('unknown paths show NotFound in their language at their address, with a way home', async ({ page }) => {
  await page.goto('/jp/no/such/page');
  await expect(page).toHaveURL(/\/jp\/no\/such\/page$/);
  await expect(page.getByRole('heading', { level: 1, name: 'ページが見つかりません' })).toBeVisible();
  await expect(page).toHaveTitle('ページが見つかりません | JAKAロボティクス');
  await page.getByRole('link', { name: 'ホームに戻る' }).click();
  await expect(page).toHaveURL(/\/jp\/index$/);

  const unknownLanguage = await page.goto('/xx/news');
  expect(unknownLanguage?.status()).toBe(404);
  await expect(page.getByRole('heading', { level: 1, name: '页面未找到' })).toBeVisible();
});

test('a page has its frame: breadcrumb up the site, its own title as h1 and in the tab', async ({ page }) => {
  await page.goto('/en/caseDetail/5');
  const breadcrumb = page.getByRole('navigation', { name: 'Breadcrumb' });
  await expect(breadcrumb.getByRole('link')).toHaveText(['Home', 'Solutions', 'Customer cases']);
  const title = 'Battery module palletizing at Xinneng Power';
  await expect(page.getByRole('heading', { level: 1, name: title })).toBeVisible();
  await expect(page).toHaveTitle(new RegExp(`^${title}.*\\| JAKA Robotics$`));
  await breadcrumb.getByRole('link', { name: 'Customer cases' }).click();
  await expect(page).toHaveURL(/\/en\/case$/);
});

test('/imprint?key=… opens the legal page, linked from the footer', async ({ page }) => {
  await page.goto('/en/news');
  await page.getByRole('contentinfo').getByRole('navigation', { name: 'Legal' }).getByRole('link', { name: 'Privacy policy' }).click();
  await expect(page).toHaveURL(/\/en\/imprint\?key=privacy$/);
  await expect(page.getByRole('heading', { level: 1, name: 'Terms and policies' })).toBeVisible();
});

test('the footer shows the hotline, mailbox, address, legal links and licence lines', async ({ page }) => {
  await page.goto('/news');
  const footer = page.getByRole('contentinfo');
  await expect(footer.getByRole('link', { name: '400-006-2665' })).toHaveAttribute('href', 'tel:4000062665');
  await expect(footer.getByRole('link', { name: 'info@jaka.com' })).toHaveAttribute('href', 'mailto:info@jaka.com');
  await expect(footer.getByText('上海市闵行区剑川路 610 号 33 幢')).toBeVisible();
  await expect(footer.getByRole('link', { name: /沪ICP备/ })).toBeVisible();
  await expect(footer.getByRole('link', { name: /沪公网安备/ })).toHaveAttribute('href', /beian\.mps\.gov\.cn/);
  await expect(footer.getByText(/^© 2023–\d{4} /)).toBeVisible();
  await expect(page.getByRole('region', { name: '与 JAKA 应用工程师交流您的项目' })).toBeVisible();
});

test('the floating bar appears after 100 px and takes the visitor back to the top', async ({ page }) => {
  await page.goto('/en/index');
  await page.getByRole('contentinfo').getByRole('link', { name: 'info@jaka.com' }).waitFor();
  const bar = page.getByRole('complementary', { name: 'Quick contact' });
  await expect(bar).toBeHidden();
  await page.mouse.wheel(0, 60);
  // At 60 px the bar stays hidden: once the page is there and has rendered the frame that
  // reports the scroll, the header (same scroll source) shows it saw the scroll, and the bar
  // has had its chance to appear.
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(60);
  await nextFrames(page);
  await expect(page.getByRole('banner')).toHaveAttribute('data-scrolled', 'true');
  // (Hidden, the bar is out of the accessibility tree: its element is found by its marker.)
  await expect(page.locator('aside[data-visible]')).toHaveAttribute('data-visible', 'false');
  await expect(bar).toBeHidden();
  await page.mouse.wheel(0, 800);
  await expect(bar).toBeVisible();
  await expect(bar.getByRole('link', { name: 'Email us' })).toHaveAttribute('href', 'mailto:info@jaka.com');
  await bar.getByRole('button', { name: 'Back to top' }).click();
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  await expect(bar).toBeHidden();
});

test('the enquiry dialog opens over the page from the floating bar, locking page scroll', async ({ page }) => {
  // A visitor who chose Chinese with the switcher (which keeps the choice in storage and in a cookie).
  await page.addInitScript(() => localStorage.setItem('lang', 'zh'));
  await page.context().addCookies([{ name: 'lang', value: 'zh', domain: '127.0.0.1', path: '/' }]);
  await page.goto('/index');
  await page.getByRole('contentinfo').getByRole('link', { name: 'info@jaka.com' }).waitFor();
  await page.mouse.wheel(0, 600);
  const bar = page.getByRole('complementary', { name: '快捷联系' });
  await bar.getByRole('button', { name: '申请样机' }).click();
  const dialog = page.getByRole('dialog', { name: '申请样机' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('link', { name: '400-006-2665' })).toBeVisible();

  const before = await page.evaluate(() => window.scrollY);
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).toBe('hidden');
  await page.mouse.move(20, 400);
  await wheelHandled(page, 0, 500);
  expect(await page.evaluate(() => window.scrollY)).toBe(before);

  await dialog.getByRole('button', { name: '关闭' }).click();
  await expect(dialog).toBeHidden();
  expect(await page.evaluate(() => getComputedStyle(document.body).overflow)).not.toBe('hidden');
  await page.mouse.wheel(0, 300);
  await expect.poll(() => page.evaluate(() => window.scrollY)).toBeGreaterThan(before);

  // Other languages: contact us.
  await page.goto('/en/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'info@jaka.com' }).waitFor();
  await page.mouse.wheel(0, 600);
  await page.getByRole('complementary', { name: 'Quick contact' }).getByRole('button', { name: 'Contact us' }).click();
  await expect(page.getByRole('dialog', { name: 'Contact us' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByRole('dialog')).toBeHidden();
});

test('a route change shows the loading overlay and the progress bar, FAQ pages no overlay', async ({ page }) => {
  await page.goto('/en/news');
  const overlay = page.getByTestId('loading-overlay');
  await expect(overlay).toHaveAttribute('data-visible', 'false');
  // The overlay shows for a quarter of a second: every change of it is recorded in the page, with
  // the page it happened on, so that a busy machine cannot make the test miss (or invent) one.
  await page.evaluate(() => {
    const w = window as unknown as { e2eOverlay: Array<{ visible: string | null; path: string }> };
    w.e2eOverlay = [];
    const element = document.querySelector('[data-testid="loading-overlay"]')!;
    new MutationObserver(() => w.e2eOverlay.push({ visible: element.getAttribute('data-visible'), path: location.pathname })).observe(element, {
      attributes: true,
      attributeFilter: ['data-visible'],
    });
  });
  const changes = () => page.evaluate(() => (window as unknown as { e2eOverlay: Array<{ visible: string | null; path: string }> }).e2eOverlay);

  await page.getByRole('contentinfo').getByRole('link', { name: 'Downloads' }).click();
  await expect(page).toHaveURL(/\/en\/download$/);
  await expect.poll(changes).toContainEqual({ visible: 'true', path: '/en/download' });
  await expect(overlay).toHaveAttribute('data-visible', 'false');

  await page.getByRole('contentinfo').getByRole('link', { name: 'FAQ' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'FAQ' })).toBeVisible();
  await expect(overlay).toHaveAttribute('data-visible', 'false');
  // The next page's overlay comes from the effect that follows the FAQ page's own: once it has
  // shown, the FAQ page has had every chance to show the overlay, and it never did.
  await page.getByRole('contentinfo').getByRole('link', { name: 'News' }).click();
  await expect.poll(changes).toContainEqual({ visible: 'true', path: '/en/news' });
  expect((await changes()).filter((change) => change.path !== '/en/download' && change.path !== '/en/news')).toEqual([]);
});

test('links to an anchor scroll there smoothly, below the sticky header', async ({ page }) => {
  await page.goto('/en/index');
  await page.getByRole('heading', { name: 'Latest news' }).waitFor();
  await page.evaluate(() => {
    const link = document.createElement('a');
    link.href = '#home-news';
    link.textContent = 'Jump to news';
    link.id = 'e2e-anchor';
    document.querySelector('main')?.prepend(link);
  });
  // Record every scroll position on the way, in the page, so that a busy machine delaying this
  // test's own timers cannot hide (or fake) the animation.
  await page.evaluate(() => {
    const w = window as unknown as { e2eScrolls: number[] };
    w.e2eScrolls = [];
    window.addEventListener('scroll', () => w.e2eScrolls.push(window.scrollY));
  });
  await page.getByRole('link', { name: 'Jump to news' }).click();
  await expect(page).toHaveURL(/#home-news$/);
  // The animation hands focus to its target when it ends.
  await expect(page.locator('#home-news')).toBeFocused();
  const top = await page.getByRole('heading', { name: 'Latest news' }).evaluate((el) => el.getBoundingClientRect().top);
  // What the sticky header covers: its bottom edge in the window (from 1024 px its utility bar
  // has scrolled away above the window's top, and only the main row stays).
  const headerBottom = await page.getByRole('banner').evaluate((el) => el.getBoundingClientRect().bottom);
  expect(top).toBeGreaterThanOrEqual(headerBottom);
  expect(top).toBeLessThan(headerBottom + 40);
  const positions = await page.evaluate(() => (window as unknown as { e2eScrolls: number[] }).e2eScrolls);
  const final = positions[positions.length - 1];
  const onTheWay = positions.filter((y) => y > 0 && y < final);
  expect(onTheWay.length, 'the page passes through positions on its way: a smooth scroll, not a jump').toBeGreaterThan(1);
});

test('the virtual page logs its token in as the user the server names and drops it from the address', async ({ page }) => {
  // The mini-program hands over a live session (stored tokens are verified on every route change).
  await startSession(page.request, DEMO_EMAIL, 'mini-program-token');
  await page.goto('/virtual?token=mini-program-token');
  await expect(page).toHaveURL(/\/virtual$/);
  // The token leaves the address at once; the session is stored once the server has named its user.
  await expect
    .poll(() => page.evaluate((): unknown => JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}')))
    .toMatchObject({ token: 'mini-program-token', email: DEMO_EMAIL });
  expect(await page.evaluate(() => localStorage.getItem('jakaUserId'))).toMatch(/^\d+$/);
  await expect(page.getByRole('heading', { level: 1, name: '虚拟体验' })).toBeVisible();
});

test('a page whose code cannot be loaded shows a retry panel, not a blank page', async ({ page }) => {
  await page.route(/\/assets\/news-list-[^/]+\.js$/, (route) => route.abort());
  await page.goto('/en/about');
  await page.getByRole('contentinfo').getByRole('link', { name: 'News' }).click();
  const alert = page.getByRole('main').getByRole('alert');
  await expect(alert.getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeVisible();
  await expect(page.getByRole('banner')).toBeVisible();

  await page.unroute(/\/assets\/news-list-[^/]+\.js$/);
  await alert.getByRole('button', { name: 'Retry' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'News' })).toBeVisible();
});
