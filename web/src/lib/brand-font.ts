import cyrillic from '@fontsource-variable/inter/files/inter-cyrillic-wght-normal.woff2?url';
import latin from '@fontsource-variable/inter/files/inter-latin-wght-normal.woff2?url';
import type { SiteLanguage } from './language';

/**
 * The one file of the brand typeface (styles/fonts.css) that a page's first screen is set in:
 * Latin for the Latin-script languages, Cyrillic for Russian. Chinese, Japanese, Korean and Thai
 * pages are set in their systems' fonts and preload nothing.
 */
export function brandFontFile(lang: SiteLanguage): string | null {
  switch (lang) {
    case 'en':
    case 'en_eu':
    case 'en_us':
    case 'es':
    case 'fr':
    case 'de':
      return latin;
    case 'ru':
      return cyrillic;
    default:
      return null;
  }
}

/**
 * The `<link rel="preload">` of the page's brand font file for the server's `<head>`, or '':
 * the text swaps to the brand face sooner, and the browser needs no code for it.
 */
export function brandFontPreload(lang: SiteLanguage): string {
  const file = brandFontFile(lang);
  return file ? `<link rel="preload" href="${file}" as="font" type="font/woff2" crossorigin="anonymous">` : '';
}
