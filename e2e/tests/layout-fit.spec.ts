import { type Page } from '@playwright/test';
import { expect, test } from '../support/test';

// Every language fits its header, footer and cards at every width: no two items of the header
// overlap, no text runs out of its box, the navigation's arrows keep their size; the same for
// the footer and the cards of a list page (product cards, news cards). One page load per
// language and width; everything is measured in one page.evaluate.

// A Chinese browser, so that the unprefixed Chinese pages are not redirected by detection.
test.use({ locale: 'zh-CN' });

const LANGUAGES = ['zh', 'zh_tw', 'en', 'en_eu', 'en_us', 'jp', 'ko', 'th', 'es', 'fr', 'de', 'ru'] as const;

// The header's two layouts meet at 1024 px (app/layout/header.module.css): the drawer below, the
// navigation bar from there. Product cards and news cards take turns, each at a phone, tablet
// or narrow laptop width and at a desktop width.
const WIDTHS = [
  { width: 375, page: '/productList', desktop: false },
  { width: 768, page: '/news', desktop: false },
  { width: 1024, page: '/productList', desktop: true },
  { width: 1200, page: '/news', desktop: true },
  { width: 1280, page: '/productList', desktop: true },
  { width: 1440, page: '/news', desktop: true },
] as const;

/** What the page measured: each list is empty when all is well. */
interface Fit {
  navShown: boolean;
  menuButtonShown: boolean;
  headerItems: number;
  overlaps: string[];
  overflows: string[];
  arrows: string[];
  footerTexts: number;
  cards: number;
}

/** Measures the header, the footer and the cards of the page (runs in the browser). */
function measure(): Fit {
  const TOLERANCE = 1;
  const label = (el: Element) => `${el.tagName.toLowerCase()} "${(el.textContent ?? '').trim().slice(0, 30)}"`;
  // Shown to the eye: not hidden, and not text for screen readers only (.visually-hidden: 1 px, clipped).
  const shown = (el: Element) => {
    const box = el.getBoundingClientRect();
    if (box.width <= 1 || box.height <= 1 || getComputedStyle(el).visibility === 'hidden') return false;
    for (let at: Element | null = el; at; at = at.parentElement) if (getComputedStyle(at).clip !== 'auto') return false;
    return true;
  };
  const intersect = (a: DOMRect, b: DOMRect) =>
    Math.min(a.right, b.right) - Math.max(a.left, b.left) > TOLERANCE && Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > TOLERANCE;
  /** Sideways to the pixel; up and down by `slack` (a font's ascent and descent may pass a tight line height). */
  const outside = (inner: DOMRect, outer: DOMRect, slack = TOLERANCE) =>
    inner.left < outer.left - TOLERANCE || inner.right > outer.right + TOLERANCE || inner.top < outer.top - slack || inner.bottom > outer.bottom + slack;

  const overlaps: string[] = [];
  const overflows: string[] = [];
  const pairwise = (where: string, items: Element[]) => {
    const boxes = items.map((el) => el.getBoundingClientRect());
    for (let i = 0; i < items.length; i++) {
      for (let j = i + 1; j < items.length; j++) {
        if (items[i].contains(items[j]) || items[j].contains(items[i])) continue;
        if (intersect(boxes[i], boxes[j])) overlaps.push(`${where}: ${label(items[i])} overlaps ${label(items[j])}`);
      }
    }
  };
  /** Elements with text of their own, and the box their text must stay inside (its nearest non-inline ancestor-or-self). */
  const texts = (root: Element) => {
    const found: { el: Element; text: DOMRect; box: DOMRect; slack: number }[] = [];
    for (const el of root.querySelectorAll('*')) {
      if (!shown(el)) continue;
      const own = [...el.childNodes].filter((node) => node.nodeType === Node.TEXT_NODE && (node.textContent ?? '').trim() !== '');
      if (own.length === 0) continue;
      // Shortened on purpose (an ellipsis, a line clamp): the cut is the design, not an overflow.
      let boxEl: Element = el;
      while (getComputedStyle(boxEl).display === 'inline' && boxEl.parentElement) boxEl = boxEl.parentElement;
      const style = getComputedStyle(boxEl);
      if (style.textOverflow === 'ellipsis' || style.webkitLineClamp !== 'none') continue;
      const range = document.createRange();
      range.setStartBefore(own[0]);
      range.setEndAfter(own[own.length - 1]);
      const slack = Math.max(TOLERANCE, parseFloat(getComputedStyle(el).fontSize) * 0.3);
      found.push({ el, text: range.getBoundingClientRect(), box: boxEl.getBoundingClientRect(), slack });
    }
    return found;
  };
  const contained = (where: string, root: Element) => {
    const found = texts(root);
    for (const { el, text, box, slack } of found) if (outside(text, box, slack)) overflows.push(`${where}: ${label(el)} runs out of its box`);
    return found;
  };

  // The header: its controls (logo, navigation items, search, language, account, menu button).
  const header = document.querySelector('header')!;
  const nav = header.querySelector('nav');
  const navItems = nav && shown(nav) ? [...nav.querySelectorAll(':scope > ul > li, :scope > div > ul > li')] : [];
  const controls = [...header.querySelectorAll('a, button')].filter((el) => shown(el) && !el.closest('nav'));
  const headerItems = [...controls, ...navItems].filter(shown);
  pairwise('header', headerItems);
  contained('header', header);
  for (const item of headerItems) {
    const box = item.getBoundingClientRect();
    const headerBox = header.getBoundingClientRect();
    if (box.left < -TOLERANCE || box.right > window.innerWidth + TOLERANCE || box.bottom > headerBox.bottom + TOLERANCE) {
      overflows.push(`header: ${label(item)} lies outside the header`);
    }
  }
  const arrows = navItems
    .flatMap((item) => [...item.querySelectorAll('svg')])
    .map((svg) => svg.getBoundingClientRect())
    .filter((box) => Math.round(box.width) !== 12 || Math.round(box.height) !== 12)
    .map((box) => `an arrow of ${box.width}×${box.height} px`);

  // The footer: its texts stay in their boxes and never cover each other.
  const footer = document.querySelector('footer');
  const footerTexts = footer ? contained('footer', footer) : [];
  pairwise(
    'footer',
    footerTexts.map((t) => t.el),
  );

  // The cards of the list: inside their boxes, never on top of one another.
  const cards = [...document.querySelectorAll('main article')].filter(shown);
  pairwise('cards', cards);
  for (const card of cards) {
    const cardBox = card.getBoundingClientRect();
    for (const { el, text, slack } of contained('card', card)) {
      if (outside(text, cardBox, slack)) overflows.push(`card: ${label(el)} runs out of the card`);
    }
  }

  // The header's dialog buttons: search, then the mobile menu.
  const menuButton = [...header.querySelectorAll('button[aria-haspopup="dialog"]')].at(-1);
  return {
    navShown: Boolean(nav && shown(nav)),
    menuButtonShown: Boolean(menuButton && shown(menuButton)),
    headerItems: headerItems.length,
    overlaps,
    overflows,
    arrows,
    footerTexts: footerTexts.length,
    cards: cards.length,
  };
}

async function loaded(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
  await expect(page.getByRole('contentinfo').getByRole('link', { name: /@jaka\.com/ })).toBeVisible();
  await expect(page.locator('main article').first()).toBeVisible();
  await page.evaluate(() => document.fonts.ready);
}

for (const lang of LANGUAGES) {
  for (const w of WIDTHS) {
    test(`${lang} at ${w.width} px: header, footer and cards fit`, async ({ page }) => {
      await page.setViewportSize({ width: w.width, height: 900 });
      await page.goto(`${lang === 'zh' ? '' : `/${lang}`}${w.page}`);
      await loaded(page);
      const fit = await page.evaluate(measure);

      expect(fit.navShown, 'the navigation bar shows from 1024 px, the drawer below').toBe(w.desktop);
      expect(fit.menuButtonShown, 'the menu button shows where the navigation bar does not').toBe(!w.desktop);
      expect(fit.headerItems).toBeGreaterThanOrEqual(w.desktop ? 8 : 4);
      expect(fit.footerTexts).toBeGreaterThan(5);
      expect(fit.cards).toBeGreaterThan(1);
      expect(fit.overlaps, 'no two items overlap').toEqual([]);
      expect(fit.overflows, 'no text runs out of its box').toEqual([]);
      expect(fit.arrows, 'every arrow of the navigation is 12 × 12 px').toEqual([]);
    });
  }
}
