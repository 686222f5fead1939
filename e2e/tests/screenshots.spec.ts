import { expect, test } from '../support/test';
import { DEMO_PHONE, startSession } from '../support/accounts';
import { expectNoHorizontalScroll, featurePages, languages, settle, widths } from '../support/page-widths';
import { animationsDone, watchRequests } from '../support/settle';

// Pictures of the pages as visitors see them, at phone and desktop widths, in Chinese, English
// and Japanese, written to e2e/screenshots for people to look at (`make screenshots`; not part
// of `make test`, whose page-widths.spec.ts makes the same checks of the same pages).

// A Chinese browser, so that the unprefixed Chinese pages are not redirected by detection.
test.use({ locale: 'zh-CN' });

for (const w of widths) {
  for (const l of languages) {
    test(`home, ${l.code}, ${w.name}`, async ({ page }) => {
      await page.setViewportSize({ width: w.width, height: w.height });
      const requests = watchRequests(page);
      await page.goto(`${l.prefix}/index`);
      await expect(page.locator('[aria-roledescription="carousel"] img').first()).toBeVisible();
      await settle(page, requests);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `screenshots/home-${l.code}-${w.name}.png`, fullPage: true });
    });

    test(`list page, ${l.code}, ${w.name}`, async ({ page }) => {
      await page.setViewportSize({ width: w.width, height: w.height });
      const requests = watchRequests(page);
      await page.goto(`${l.prefix}/news`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: /@jaka\.com/ })).toBeVisible();
      await settle(page, requests);
      await expectNoHorizontalScroll(page);
      await page.screenshot({ path: `screenshots/news-${l.code}-${w.name}.png`, fullPage: true });
    });
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
    await page.screenshot({ path: `screenshots/menu-${l.code}-phone.png` });
  });
}

for (const l of languages) {
  test(`mega-menu open, ${l.code}`, async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${l.prefix}/index`);
    await page.getByRole('navigation').first().getByRole('button').first().hover();
    const menu = page.locator('[data-template="products"]');
    await expect(menu.locator('img').first()).toBeVisible();
    await animationsDone(page.getByRole('banner'));
    await page.screenshot({ path: `screenshots/mega-menu-${l.code}-desktop.png` });
  });
}

for (const w of widths) {
  for (const l of languages.filter((language) => language.code !== 'jp')) {
    for (const p of featurePages) {
      test(`${p.name}, ${l.code}, ${w.name}`, async ({ page, request }) => {
        await page.setViewportSize({ width: w.width, height: w.height });
        if ('login' in p) {
          const token = `screenshots-${p.name}-${l.code}-${w.name}-${Date.now()}`;
          await startSession(request, DEMO_PHONE, token);
          await page.addInitScript((value) => localStorage.setItem('jakaUserInfo', JSON.stringify({ token: value })), token);
        }
        const requests = watchRequests(page);
        await page.goto(`${l.prefix}${p.path}`);
        await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
        await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
        await settle(page, requests);
        await expectNoHorizontalScroll(page);
        await page.screenshot({ path: `screenshots/${p.name}-${l.code}-${w.name}.png`, fullPage: true });
      });
    }
  }
}
