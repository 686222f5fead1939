import type { Page } from '@playwright/test';
import { createUser, startSession, uniquePhone } from '../support/accounts';
import { expect, test } from '../support/test';

// The site's look holds together: one kind of button everywhere, a call to action that fits the
// page (or none), words that read on phones where pictures are, the networks' own marks, no
// summary cut short where there is room and no item left alone in a grid's last row, balanced
// account pages.

// A Chinese browser, so that the unprefixed Chinese pages are not redirected by detection.
test.use({ locale: 'zh-CN' });

const BRAND = 'rgb(230, 0, 18)';

/**
 * Logs in as an account of this test's own: the demo account's virtual trial and repairs change
 * under the one-at-a-time journeys running beside this file.
 */
async function loginAs(page: Page, token: string): Promise<void> {
  const phone = uniquePhone();
  await createUser(page.request, { phone, password: 'Look#Check1', name: 'Look Check' });
  await startSession(page.request, phone, token);
  await page.addInitScript((value) => localStorage.setItem('jakaUserInfo', JSON.stringify({ token: value })), token);
}

/** Scrolls through the page so that lazy sections and the footer render, then back to the top. */
async function scrollThrough(page: Page): Promise<void> {
  await page.evaluate(async () => {
    // At most 40 steps (20,000 px): a page whose height changes while it is scrolled (sections
    // arriving) cannot keep the loop going.
    for (let y = 0, step = 0; y < document.documentElement.scrollHeight && step < 40; y += 500, step++) {
      window.scrollTo(0, y);
      await new Promise((resolve) => requestAnimationFrame(resolve));
    }
    window.scrollTo(0, 0);
  });
}

interface ButtonLook {
  text: string;
  radius: string;
  height: number;
  color: string;
  weight: string;
  fontSize: string;
}

/** Every visible link or button of the page (outside the header) filled with the brand red. */
async function redButtons(page: Page): Promise<ButtonLook[]> {
  return page.evaluate((brand) => {
    const header = document.querySelector('header');
    return [...document.querySelectorAll<HTMLElement>('a, button')]
      .filter((el) => !header?.contains(el) && el.getClientRects().length > 0 && getComputedStyle(el).backgroundColor === brand)
      .map((el) => {
        const style = getComputedStyle(el);
        return {
          text: (el.textContent ?? '').trim().slice(0, 40),
          radius: style.borderTopLeftRadius,
          height: Math.round(el.getBoundingClientRect().height),
          color: style.color,
          weight: style.fontWeight,
          fontSize: style.fontSize,
        };
      });
  }, BRAND);
}

test.describe('buttons', () => {
  const pages = [
    { path: '/en/index', login: false },
    { path: '/en/productDetails/103', login: false },
    { path: '/en/login', login: false },
    { path: '/en/contact', login: false },
    { path: '/en/service', login: false },
    { path: '/repair', login: true },
    { path: '/virtual', login: true },
  ];
  test('every primary button has one shape, one height and one set of colours', async ({ page }) => {
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    await loginAs(page, `look-buttons-${Date.now()}`);
    const seen: Array<ButtonLook & { page: string }> = [];
    for (const { path } of pages) {
      await page.goto(path);
      await expect(page.getByRole('heading', { level: 1 })).toBeAttached();
      await scrollThrough(page);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      const buttons = await redButtons(page);
      expect(buttons.length, `red buttons on ${path}`).toBeGreaterThan(0);
      seen.push(...buttons.map((button) => ({ ...button, page: path })));
    }
    // The enquiry dialog's submit too.
    await page.goto('/en/productDetails/103');
    await page.getByRole('main').getByRole('button', { name: /Enquire/ }).first().click();
    const dialog = page.getByRole('dialog');
    await expect(dialog.getByRole('button', { name: /Send|Submit/ })).toBeVisible();
    seen.push(...(await redButtons(page)).map((button) => ({ ...button, page: 'enquiry dialog' })));

    const first = seen[0];
    for (const button of seen) {
      const where = `"${button.text}" on ${button.page}`;
      expect(button.radius, where).toBe(first.radius);
      expect(button.height, where).toBe(first.height);
      expect(button.color, where).toBe(first.color);
      expect(button.weight, where).toBe(first.weight);
      expect(button.fontSize, where).toBe(first.fontSize);
    }
    expect(first.radius).toBe('999px');
    expect(first.height).toBe(44);
    expect(first.color).toBe('rgb(255, 255, 255)');
  });

  test('the download actions are buttons of the same shape and height', async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto('/en/download');
    const actions = page.getByRole('main').getByRole('button', { name: /^(Download|Preview|Open|Log in)/ });
    await expect(actions.first()).toBeVisible();
    const looks = await actions.evaluateAll((elements) =>
      elements.map((el) => ({ radius: getComputedStyle(el).borderTopLeftRadius, height: Math.round(el.getBoundingClientRect().height) })),
    );
    for (const look of looks) expect(look).toEqual({ radius: '999px', height: 44 });
  });
});

test.describe('the call to action above the footer', () => {
  const band = (page: Page) => page.locator('section[aria-labelledby="footer-banner-title"]');

  test('fits the page group: an engineer on product pages, a repair on service pages, the CMS banner on company pages', async ({ page }) => {
    await page.goto('/en/productList');
    await scrollThrough(page);
    await expect(band(page).getByRole('heading', { name: 'Which cobot fits your task?' })).toBeVisible();
    await band(page).getByRole('button', { name: 'Ask an engineer' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();

    await page.goto('/en/service');
    await scrollThrough(page);
    await expect(band(page).getByRole('heading', { name: 'Need help with your robot?' })).toBeVisible();
    await expect(band(page).getByRole('link', { name: 'Request a repair' })).toHaveAttribute('href', '/en/repair');
    await expect(band(page).getByRole('link', { name: 'Find a service partner' })).toHaveAttribute('href', '/en/provider');

    await page.goto('/en/news');
    await scrollThrough(page);
    await expect(band(page)).toHaveAttribute('data-cta', 'company');
    await expect(band(page).getByRole('link', { name: 'Get in touch' })).toBeVisible();
  });

  test('is left out where it makes no sense, and home ends with its own once', async ({ page }) => {
    await loginAs(page, `look-cta-${Date.now()}`);
    for (const path of ['/en/login', '/en/register', '/en/no-such-page', '/repairList', '/en/search?keyword=robot', '/en/cooperationIntent']) {
      await page.goto(path);
      await scrollThrough(page);
      await expect(page.getByRole('contentinfo')).toBeVisible();
      await expect(band(page), path).toHaveCount(0);
    }
    await page.goto('/en/index');
    await scrollThrough(page);
    await expect(page.getByRole('contentinfo')).toBeVisible();
    await expect(page.locator('#home-contact')).toHaveCount(1);
    await expect(band(page)).toHaveCount(0);
  });
});

/** The contrast ratio of two `rgb()` colours (WCAG 2). */
function contrast(a: string, b: string): number {
  const luminance = (css: string) => {
    const [r, g, bl] = (css.match(/[\d.]+/g) ?? []).slice(0, 3).map(Number).map((v) => {
      const c = v / 255;
      return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
    });
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x);
  return (hi + 0.05) / (lo + 0.05);
}

/** Where the words are, whether they overlap the picture, and their colours against the panel behind them. */
async function wordsAndPicture(page: Page, root: string, picture: string, words: string[], panel: string) {
  return page.evaluate(
    ({ root, picture, words, panel }) => {
      const scope = document.querySelector(root)!;
      const box = (el: Element) => el.getBoundingClientRect();
      const image = box(scope.querySelector(picture)!);
      const ground = getComputedStyle(scope.querySelector(panel) ?? scope).backgroundColor;
      return words.map((selector) => {
        const el = scope.querySelector(selector)!;
        const r = box(el);
        const overlap = r.left < image.right && r.right > image.left && r.top < image.bottom && r.bottom > image.top;
        return { selector, overlap, color: getComputedStyle(el).color, ground };
      });
    },
    { root, picture, words, panel },
  );
}

test.describe('words where pictures are, on a phone', () => {
  test.use({ viewport: { width: 375, height: 812 } });

  for (const lang of ['en', 'ru', 'th']) {
    test(`the home hero's words sit below its picture on a solid panel (${lang})`, async ({ page }) => {
      await page.goto(`/${lang}/index`);
      const slide = '[aria-roledescription="slide"][data-active="true"]';
      await expect(page.locator(`${slide} h2`)).toBeVisible();
      const found = await wordsAndPicture(page, slide, 'img', ['h2', 'p'], 'h2 ~ *, .container');
      const panel = await page.locator(`${slide} h2`).evaluate((el) => getComputedStyle(el.parentElement!).backgroundColor);
      for (const word of found) {
        expect(word.overlap, `${word.selector} over the picture`).toBe(false);
        expect(contrast(word.color, panel), `${word.selector} contrast`).toBeGreaterThanOrEqual(4.5);
      }
    });
  }

  test('the footer band reads on a phone: its words below its picture, on the dark panel', async ({ page }) => {
    await page.goto('/en/productList');
    await scrollThrough(page);
    const band = page.locator('section[data-cta]');
    await band.scrollIntoViewIfNeeded();
    await expect(band.locator('img')).toBeVisible();
    const found = await wordsAndPicture(page, 'section[data-cta]', 'img', ['h2', 'p'], 'section[data-cta]');
    for (const word of found) {
      expect(word.overlap, `${word.selector} over the picture`).toBe(false);
      expect(contrast(word.color, 'rgb(17, 20, 23)'), `${word.selector} contrast`).toBeGreaterThanOrEqual(4.5);
    }
  });
});

test.describe('words beside pictures, on every width', () => {
  const pages = [
    { name: 'home', path: '/en/index', tiles: 'section[aria-labelledby="home-industries"] li a' },
    { name: 'solutions centre', path: '/en/solutionList', tiles: 'section[aria-labelledby="by-industry"] li a' },
  ];
  for (const { name, path, tiles: selector } of pages) {
    for (const width of [1440, 768, 375]) {
      test(`the ${name}'s industry tiles show their words below their pictures with AA contrast, ${width} px`, async ({ page }) => {
        await page.setViewportSize({ width, height: 900 });
        await page.goto(path);
        const tiles = page.locator(selector);
        await tiles.first().scrollIntoViewIfNeeded();
        await expect(tiles.first().locator('img')).toBeVisible();
        const problems = await tiles.evaluateAll((links) =>
          links.flatMap((link) => {
            const image = link.querySelector('img')!.getBoundingClientRect();
            const ground = getComputedStyle(link).backgroundColor;
            const texts = [...link.querySelectorAll('span')].filter((el) => el.childElementCount === 0 && el.getBoundingClientRect().height > 0);
            return texts.flatMap((el) => {
              const r = el.getBoundingClientRect();
              const overlap = r.left < image.right && r.right > image.left && r.top < image.bottom && r.bottom > image.top;
              return [{ text: (el.textContent ?? '').slice(0, 20), overlap, color: getComputedStyle(el).color, ground }];
            });
          }),
        );
        expect(problems.length, 'tiles with words').toBeGreaterThan(0);
        for (const word of problems) {
          expect(word.overlap, `"${word.text}" over its picture`).toBe(false);
          expect(contrast(word.color, word.ground), `"${word.text}" contrast`).toBeGreaterThanOrEqual(4.5);
        }
      });
    }
  }
});

test.describe('brand marks', () => {
  test('the footer follows the networks with their own marks and names them', async ({ page }) => {
    await page.goto('/en/news');
    await scrollThrough(page);
    const footer = page.getByRole('contentinfo');
    for (const name of ['LinkedIn', 'YouTube', 'Facebook', 'X']) {
      const link = footer.getByRole('link', { name: new RegExp(`^JAKA on ${name}\\b`) });
      await expect(link).toBeVisible();
      await expect(link.locator('svg path')).toHaveAttribute('d', /\S{20,}/);
      await expect(link.locator('img')).toHaveCount(0);
    }
    await page.goto('/news');
    await scrollThrough(page);
    const wechat = page.getByRole('contentinfo').getByRole('button', { name: /WeChat/ });
    await expect(wechat.locator('svg path').first()).toHaveAttribute('d', /\S{20,}/);
  });

  test('the other logins show the providers’ marks beside their names', async ({ page }) => {
    await page.goto('/en/login');
    for (const name of ['Google', 'LinkedIn']) {
      const button = page.getByRole('button', { name: `Log in with ${name}` });
      await expect(button).toBeVisible();
      await expect(button.locator('svg path')).toHaveAttribute('d', /\S{20,}/);
    }
    await page.goto('/login');
    for (const name of ['QQ', '微博']) await expect(page.getByRole('button', { name: `使用 ${name} 登录` }).locator('svg path')).toBeAttached();
    await expect(page.getByRole('link', { name: /微信/ }).locator('svg path')).toBeAttached();
  });
});

/** Grids in the page whose last row holds one item while a row above holds several, and summaries cut short. */
async function lonelyAndCut(page: Page, selectors: string[]) {
  return page.evaluate((selectors) => {
    const problems: string[] = [];
    for (const selector of selectors) {
      for (const grid of document.querySelectorAll(selector)) {
        if (getComputedStyle(grid).display !== 'grid') continue;
        const items = [...grid.children].filter((child) => child.getClientRects().length > 0);
        const tops = items.map((child) => Math.round(child.getBoundingClientRect().top));
        const rows = [...new Set(tops)];
        if (rows.length < 2) continue;
        const inRow = (top: number) => tops.filter((t) => t === top).length;
        if (inRow(rows.at(-1)!) === 1 && inRow(rows[0]) > 1) {
          const alone = items.at(-1)!.getBoundingClientRect();
          // A lone last item that spans the row is a choice, not a leftover.
          if (alone.width < grid.getBoundingClientRect().width * 0.9) problems.push(`${selector}: ${items.length} items, one alone in the last row`);
        }
      }
    }
    for (const el of document.querySelectorAll<HTMLElement>('main *')) {
      const clamp = getComputedStyle(el).webkitLineClamp;
      if (clamp && clamp !== 'none' && el.scrollHeight > el.clientHeight + 1) problems.push(`cut after ${clamp} lines: "${(el.textContent ?? '').slice(0, 40)}"`);
    }
    return problems;
  }, selectors);
}

test.describe('grids and summaries', () => {
  const cases = [
    { path: '/en/index', grids: ['section[aria-labelledby="home-products"] ul', 'section[aria-labelledby="home-industries"] ul'] },
    { path: '/en/productList', grids: ['main section ul'] },
    // Russian summaries are the longest.
    { path: '/ru/productList', grids: ['main section ul'] },
    { path: '/en/productDetails/103', grids: ['main ul', 'main dl'] },
    { path: '/en/about', grids: ['main ul'] },
    { path: '/en/service', grids: ['main ul'] },
  ];
  for (const width of [1440, 1280, 1024, 768, 375]) {
    test(`no item alone in a grid's last row and no summary cut where there is room, ${width} px`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      for (const { path, grids } of cases) {
        await page.goto(path);
        await scrollThrough(page);
        await expect(page.getByRole('contentinfo')).toBeVisible();
        // Phones: a tile shows its name only; below 1024 px the home tiles show two lines more at most.
        const problems = (await lonelyAndCut(page, grids)).filter((problem) => width >= 1024 || !problem.startsWith('cut'));
        expect(problems, path).toEqual([]);
      }
    });
  }
});

test.describe('account pages', () => {
  test('log in and register: form and benefits side by side on a desktop, one column on a phone', async ({ page }) => {
    for (const path of ['/en/login', '/en/register']) {
      await page.setViewportSize({ width: 1440, height: 900 });
      await page.goto(path);
      const form = page.getByRole('main').locator('section').filter({ has: page.locator('form') }).first();
      const aside = page.getByRole('complementary', { name: 'Your JAKA account' });
      await expect(form).toBeVisible();
      await expect(aside).toBeVisible();
      const [f, a] = [(await form.boundingBox())!, (await aside.boundingBox())!];
      expect(a.x, `${path}: benefits beside the form`).toBeGreaterThan(f.x + f.width);
      expect(Math.abs(a.y - f.y), `${path}: tops aligned`).toBeLessThanOrEqual(1);
      expect(Math.abs(a.height - f.height), `${path}: as high as each other`).toBeLessThanOrEqual(1);
      const container = (await page.getByRole('main').locator('.container').last().boundingBox())!;
      expect(a.x + a.width, `${path}: across the page`).toBeGreaterThan(container.x + container.width - 60);
      // Nothing decorative sticks out of the panel or is cut by it.
      expect(await aside.evaluate((el) => getComputedStyle(el, '::after').content)).toBe('none');

      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(path);
      const phoneForm = (await form.boundingBox())!;
      expect(phoneForm.width, `${path}: the form takes the phone's width`).toBeGreaterThan(320);
      await expect(aside).toBeHidden();
    }
  });

  for (const lang of ['th', 'ru', 'de']) {
    test(`the login methods' labels stay inside their halves on a phone (${lang})`, async ({ page }) => {
      await page.setViewportSize({ width: 375, height: 812 });
      await page.goto(`/${lang}/login`);
      const methods = page.getByRole('main').getByRole('radio');
      await expect(methods).toHaveCount(2);
      const boxes = await methods.evaluateAll((inputs) =>
        inputs.map((input) => {
          const label = input.closest('label')!;
          const text = label.querySelector('span')!;
          const range = document.createRange();
          range.selectNodeContents(text);
          const [l, t] = [label.getBoundingClientRect(), range.getBoundingClientRect()];
          return { text: text.textContent, inside: t.left >= l.left && t.right <= l.right && t.top >= l.top && t.bottom <= l.bottom };
        }),
      );
      for (const box of boxes) expect(box.inside, `"${box.text}" inside its half`).toBe(true);
    });
  }
});
