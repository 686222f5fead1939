#!/usr/bin/env node
/**
 * Draws the site's default social card, web/public/social-card.png (1200 × 630, the size Open
 * Graph and Twitter cards show best): the brand mark and name of the header (wordmark.tsx,
 * favicon.svg) in the brand's colours (src/styles/tokens.css), with the tagline in English and
 * Chinese. Pages without a picture of their own share it (lib/page-head.ts).
 *
 * Run after changing the brand: `node web/scripts/social-card.mjs` (uses the e2e workspace's
 * Playwright with Chromium; CHROMIUM_PATH, default /usr/bin/chromium). Commit the PNG.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const out = join(web, 'public', 'social-card.png');

/** The design tokens the card uses, read from the one place they are defined. */
function token(name) {
  const css = readFileSync(join(web, 'src', 'styles', 'tokens.css'), 'utf8');
  const match = new RegExp(`--${name}:\\s*([^;]+);`).exec(css);
  if (!match) throw new Error(`token --${name} not found in tokens.css`);
  return match[1].trim();
}

function tagline(lang) {
  return JSON.parse(readFileSync(join(web, 'src', 'i18n', 'locales', lang, 'common.json'), 'utf8')).site.tagline;
}

const brand = token('color-brand');
const inverse = token('color-surface-inverse');
const onInverse = token('color-on-inverse');

const html = `<!doctype html>
<html><head><meta charset="utf-8"><style>
  html, body { margin: 0; width: 1200px; height: 630px; overflow: hidden; }
  body {
    position: relative; background: ${inverse}; color: ${onInverse};
    font-family: 'Helvetica Neue', Arial, 'Nimbus Sans', 'Noto Sans CJK SC', sans-serif;
  }
  .slash { position: absolute; top: 0; bottom: 0; right: -40px; width: 520px; }
  .content { position: absolute; left: 96px; top: 150px; right: 520px; }
  .brand { display: flex; align-items: center; gap: 28px; }
  .name { font-size: 132px; font-weight: 800; letter-spacing: 0.12em; line-height: 1; }
  .rule { width: 96px; height: 8px; background: ${brand}; margin: 56px 0 36px; }
  .tagline { font-size: 40px; line-height: 1.3; font-weight: 500; }
  .tagline + .tagline { margin-top: 14px; font-size: 34px; opacity: 0.8; font-family: 'Noto Sans CJK SC', sans-serif; }
</style></head><body>
  <svg class="slash" viewBox="0 0 520 630" preserveAspectRatio="none" aria-hidden="true">
    <path d="M230 0h290v630H60z" fill="${brand}"/>
    <path d="M440 0h80v630H270z" fill="${onInverse}"/>
  </svg>
  <div class="content">
    <div class="brand">
      <svg viewBox="0 0 28 28" width="120" height="120" aria-hidden="true">
        <path d="M6 4h16l-6 20H0z" fill="${brand}"/><path d="M22 4h6l-6 20h-6z" fill="${onInverse}" opacity="0.9"/>
      </svg>
      <span class="name">JAKA</span>
    </div>
    <div class="rule"></div>
    <p class="tagline">${tagline('en')}</p>
    <p class="tagline">${tagline('zh')}</p>
  </div>
</body></html>`;

const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium' });
try {
  const page = await browser.newPage({ viewport: { width: 1200, height: 630 }, deviceScaleFactor: 1 });
  await page.setContent(html);
  // eslint-disable-next-line no-undef -- evaluated in the page, where document exists
  await page.evaluate(() => document.fonts.ready);
  writeFileSync(out, await page.screenshot({ type: 'png' }));
  console.log(`wrote ${out}`);
} finally {
  await browser.close();
}
