import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// Small things a visitor notices: the company's local name in the title of the product list,
// Thai names translated as Japanese and Korean do, a way on after a search that finds nothing,
// one headline at a time while the hero changes slides, and a logo that keeps its size from the
// server's HTML to the hydrated page.

test.describe('the product list names the company as every page does', () => {
  for (const l of [
    { prefix: '/jp', brand: 'JAKAロボティクス' },
    { prefix: '/ko', brand: 'JAKA 로보틱스' },
    { prefix: '/th', brand: 'JAKA โรโบติกส์' },
  ]) {
    test(l.prefix, async ({ page }) => {
      // Another page's title, built from the site's own template, names the company this way.
      await page.goto(`${l.prefix}/download`);
      await expect(page).toHaveTitle(new RegExp(`${l.brand}$`));
      await page.goto(`${l.prefix}/productList`);
      await expect(page).toHaveTitle(new RegExp(`${l.brand}$`));
      expect(await page.title()).not.toContain('JAKA Robotics');
    });
  }
});

test('Thai pages translate the series, the academy and the weekly', async ({ page }) => {
  for (const path of ['/th/productList', '/th/news', '/th/download']) {
    await page.goto(path);
    await page.getByRole('contentinfo').waitFor();
    const text = await page.locator('body').innerText();
    expect(text.match(/\b(?:\w+ Series|JAKA Academy|JAKA Weekly)\b/g), path).toBeNull();
  }
  await page.goto('/th/productList');
  await expect(page.getByRole('main').getByText('ซีรีส์ Zu').first()).toBeVisible();
});

test('a search in Chinese for "robot" finds nothing and leads on, to the English site among others', async ({ page }) => {
  await page.goto('/search?searchInfo=robot');
  await expect(page.getByText('未找到相关结果')).toBeVisible();
  const ways = page.getByRole('region', { name: '您还可以' });
  await expect(ways.getByRole('link')).toHaveText(['在英文网站中搜索“robot”', '浏览全部产品', '查看常见问题', '联系我们的团队']);
  await ways.getByRole('link', { name: '在英文网站中搜索“robot”' }).click();
  await expect(page).toHaveURL(/\/en\/search\?searchInfo=robot$/);
  await expect(page.getByText(/^Results for “robot”: \d+$/)).toBeVisible();
});

/**
 * Watches the hero's headlines on every frame until the incoming slide has faded in: the most
 * headlines seen at once (visible and not fully transparent).
 */
async function mostHeadlinesAtOnce(page: Page, change: () => Promise<void>): Promise<number> {
  await page.evaluate(() => {
    const w = window as unknown as { e2eMost?: Promise<number> };
    const carousel = document.querySelector('[aria-roledescription="carousel"]') as HTMLElement;
    const shown = (heading: Element) => {
      if (getComputedStyle(heading).visibility !== 'visible') return false;
      let opacity = 1;
      for (let e: Element | null = heading; e && e !== carousel; e = e.parentElement) opacity *= Number(getComputedStyle(e).opacity);
      return opacity > 0.01;
    };
    w.e2eMost = new Promise<number>((resolve) => {
      let most = 0;
      let done = false;
      // The incoming slide reports the end of its fade.
      carousel.addEventListener(
        'transitionend',
        (event) => {
          if ((event.target as HTMLElement).dataset.active === 'true' && event.propertyName === 'opacity') done = true;
        },
        { passive: true },
      );
      const frame = () => {
        most = Math.max(most, [...carousel.querySelectorAll('h2')].filter(shown).length);
        if (done) resolve(most);
        else requestAnimationFrame(frame);
      };
      requestAnimationFrame(frame);
    });
  });
  await change();
  return page.evaluate(() => (window as unknown as { e2eMost: Promise<number> }).e2eMost);
}

test.describe('the hero', () => {
  // A Chinese visitor (the address /index leads to the visitor's language).
  test.use({ locale: 'zh-CN' });

  test('shows one headline at a time while it changes slides', async ({ page }) => {
    await page.goto('/index');
    const carousel = page.locator('[aria-roledescription="carousel"]');
    await expect(carousel.getByRole('heading', { name: 'JAKA Zu 系列协作机器人' })).toBeVisible();
    // Paused, so that only the button changes the slide.
    await carousel.getByRole('button', { name: '暂停' }).click();
    for (let i = 0; i < 2; i++) {
      const most = await mostHeadlinesAtOnce(page, () => carousel.getByRole('button', { name: '下一张' }).click());
      expect(most).toBe(1);
    }
    // Screen readers are given the incoming slide only.
    await expect(carousel.getByRole('heading')).toHaveCount(1);
  });
});

test.describe('the logo keeps its size from the server HTML to the hydrated page', () => {
  for (const width of [375, 1280]) {
    test(`${width} px`, async ({ browser, baseURL }) => {
      // The server's HTML alone, measured before the logo's picture has arrived.
      const bare = await browser.newContext({ baseURL, javaScriptEnabled: false, viewport: { width, height: 800 } });
      const first = await bare.newPage();
      let requested!: () => void;
      const logoAsked = new Promise<void>((resolve) => (requested = resolve));
      const held: Array<() => Promise<void>> = [];
      await first.route('**/cms-assets/logos/**', (route) => {
        held.push(() => route.continue());
        requested();
      });
      await first.goto('/productList', { waitUntil: 'domcontentloaded' });
      await logoAsked;
      const logo = (page: Page) => page.getByRole('banner').getByRole('link').first();
      const before = await logo(first).boundingBox();
      for (const release of held) await release();
      await bare.close();

      // The hydrated page, with its picture loaded.
      const full = await browser.newContext({ baseURL, viewport: { width, height: 800 } });
      const page = await full.newPage();
      await page.goto('/productList');
      await page.waitForFunction(() => document.documentElement.hasAttribute('data-ready'));
      const picture = logo(page).locator('img');
      await expect(picture).toHaveJSProperty('complete', true);
      expect(await picture.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);
      const after = await logo(page).boundingBox();
      await full.close();

      expect(before).not.toBeNull();
      expect(after?.width).toBeGreaterThan(100);
      expect(before?.width).toBeCloseTo(after?.width ?? 0, 0);
      expect(before?.height).toBeCloseTo(after?.height ?? 0, 0);
      expect(before?.x).toBeCloseTo(after?.x ?? 0, 0);
    });
  }
});
