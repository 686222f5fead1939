import { expect, test } from '../support/test';
import { DEMO_PHONE, startSession } from '../support/accounts';
import { expectNoHorizontalScroll, featurePages, languages, settle, widths } from '../support/page-widths';
import { watchRequests } from '../support/settle';

// The pages of the screenshots (screenshots.spec.ts), checked on every run without taking the
// pictures: at phone and desktop widths, in Chinese, English, Japanese and Russian, each page shows its
// content, no error, and never scrolls sideways once its lazy pictures have loaded; the phone's
// menu and the desktop's mega-menu open.

// A Chinese browser, so that the unprefixed Chinese pages are not redirected by detection.
test.use({ locale: 'zh-CN' });

for (const w of widths) {
  for (const l of languages) {
    test(`${l.code} at ${w.width} px: the pages show their content and never scroll sideways`, async ({ page, request }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: w.width, height: w.height });
      const requests = watchRequests(page);

      await page.goto(`${l.prefix}/index`);
      await expect(page.locator('[aria-roledescription="carousel"] img').first()).toBeVisible();
      await settle(page, requests);
      await expectNoHorizontalScroll(page);

      if (w.name === 'phone') {
        await page.getByRole('banner').getByRole('button', { expanded: false }).last().click();
        const drawer = page.getByRole('dialog');
        await expect(drawer.getByRole('navigation')).toBeVisible();
        await drawer.getByRole('navigation').getByRole('button').first().click();
      } else {
        await page.getByRole('navigation').first().getByRole('button').first().hover();
        await expect(page.locator('[data-template="products"] img').first()).toBeVisible();
      }

      await page.goto(`${l.prefix}/news`);
      await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
      await expect(page.getByRole('contentinfo').getByRole('link', { name: /@jaka\.com/ })).toBeVisible();
      await settle(page, requests);
      await expectNoHorizontalScroll(page);

      if (l.code === 'jp') return;
      for (const p of featurePages) {
        if ('login' in p) {
          const token = `page-widths-${p.name}-${l.code}-${w.name}-${Date.now()}`;
          await startSession(request, DEMO_PHONE, token);
          await page.addInitScript((value) => localStorage.setItem('jakaUserInfo', JSON.stringify({ token: value })), token);
        }
        await test.step(p.name, async () => {
          await page.goto(`${l.prefix}${p.path}`);
          await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
          await expect(page.getByRole('main').getByRole('alert')).toHaveCount(0);
          await settle(page, requests);
          await expectNoHorizontalScroll(page);
        });
      }
    });
  }
}
