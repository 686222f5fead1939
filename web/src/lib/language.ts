/**
 * The site's languages and the rules that relate them to URLs, the wire, browsers and content.
 * Everything here is a pure function of its arguments (spec sections 1, 2 and 9).
 */

/** Site language codes, as used in URL prefixes and in localStorage `lang`. */
export const SITE_LANGUAGES = [
  'zh',
  'zh_tw',
  'en',
  'en_eu',
  'en_us',
  'jp',
  'ko',
  'th',
  'es',
  'fr',
  'de',
  'ru',
] as const;

export type SiteLanguage = (typeof SITE_LANGUAGES)[number];

/** Language codes of the `lang` request header: the site's `jp` travels as `ja`. */
export type WireLanguage = Exclude<SiteLanguage, 'jp'> | 'ja';

/** Chinese is the default language and the only one without a URL prefix. */
export const DEFAULT_LANGUAGE = 'zh' satisfies SiteLanguage;

export function isSiteLanguage(value: unknown): value is SiteLanguage {
  return typeof value === 'string' && (SITE_LANGUAGES as readonly string[]).includes(value);
}

/** True when `segment` is a valid first path segment, i.e. a site language other than zh. */
export function isPrefixLanguage(segment: unknown): segment is Exclude<SiteLanguage, 'zh'> {
  return isSiteLanguage(segment) && segment !== DEFAULT_LANGUAGE;
}

/** The code sent in the `lang` header. */
export function toWireLanguage(lang: SiteLanguage): WireLanguage {
  return lang === 'jp' ? 'ja' : lang;
}

/** The URL prefix of a language: '' for Chinese, '/{lang}' for every other language. */
export function languagePrefix(lang: SiteLanguage): string {
  return lang === DEFAULT_LANGUAGE ? '' : `/${lang}`;
}

const COUNTRY: Record<SiteLanguage, string> = {
  zh: 'CN',
  en: '',
  jp: 'JP',
  th: 'TH',
  ko: 'KR',
  es: 'ES',
  de: 'DE',
  fr: 'FR',
  ru: 'RU',
  en_eu: 'DE',
  en_us: 'US',
  zh_tw: 'TW',
};

/** Default country of forms for a page language (spec section 1); '' means none. */
export function defaultCountry(lang: SiteLanguage): string {
  return COUNTRY[lang];
}

/** Id of the header navigation tree (buildProgramaTree) for a page language. */
export function headerMenuId(lang: SiteLanguage): number {
  switch (lang) {
    case 'jp':
      return 37;
    case 'th':
      return 108;
    case 'ko':
      return 71;
    default:
      return 8;
  }
}

const HTML_LANG: Record<SiteLanguage, string> = {
  zh: 'zh-CN',
  zh_tw: 'zh-TW',
  en: 'en',
  en_eu: 'en-150',
  en_us: 'en-US',
  jp: 'ja',
  ko: 'ko',
  th: 'th',
  es: 'es',
  fr: 'fr',
  de: 'de',
  ru: 'ru',
};

/** BCP 47 tag for `<html lang>`. */
export function htmlLang(lang: SiteLanguage): string {
  return HTML_LANG[lang];
}

/**
 * The tag of a language in `hreflang` (the pages' alternates and the BFF's sitemaps, whose table
 * in bff/internal/sitemap/languages.go must say the same). As `<html lang>`, except that search
 * engines read only a country as region, never a UN M.49 area such as 150 (Europe): the European
 * office's English is en-DE, its default country (German browsers get en_eu, spec section 1).
 */
export function hreflang(lang: SiteLanguage): string {
  return lang === 'en_eu' ? 'en-DE' : HTML_LANG[lang];
}

const ENDONYMS: Record<SiteLanguage, string> = {
  zh: '简体中文',
  zh_tw: '繁體中文',
  en: 'English',
  en_eu: 'English (Europe)',
  en_us: 'English (US)',
  jp: '日本語',
  ko: '한국어',
  th: 'ไทย',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ru: 'Русский',
};

/**
 * The language's own name, used on the switcher button before the server's language list
 * (whose `languageName` wins in the list itself) has arrived.
 */
export function endonym(lang: SiteLanguage): string {
  return ENDONYMS[lang];
}

/**
 * Maps one browser language tag (navigator.language) to a site language:
 * zh* → zh, except zh-TW, zh-Hant* and "tw" → zh_tw; en* → en; ja → jp; th → th; ko → ko;
 * de → en_eu; anything else → zh.
 */
export function siteLanguageFromBrowserTag(tag: string): SiteLanguage {
  const t = tag.trim().toLowerCase().replace(/_/g, '-');
  const primary = t.split('-')[0] ?? '';
  if (t === 'tw' || t.startsWith('zh-tw') || t.startsWith('zh-hant')) return 'zh_tw';
  switch (primary) {
    case 'zh':
      return 'zh';
    case 'en':
      return 'en';
    case 'ja':
      return 'jp';
    case 'th':
      return 'th';
    case 'ko':
      return 'ko';
    case 'de':
      return 'en_eu';
    default:
      return DEFAULT_LANGUAGE;
  }
}

/** What the browser tells about itself; a plain object so detection stays testable. */
export interface BrowserInfo {
  /** navigator.languages (most preferred first); may be empty. */
  languages: readonly string[];
  /** navigator.language. */
  language?: string | undefined;
  userAgent: string;
  /** window.__wxjs_environment of the messaging app's web view. */
  wxEnvironment?: string | undefined;
}

/** True inside a messaging app's mini-program web view. */
export function isMiniProgram(browser: Pick<BrowserInfo, 'userAgent' | 'wxEnvironment'>): boolean {
  return browser.wxEnvironment === 'miniprogram' || /miniProgram/i.test(browser.userAgent);
}

/**
 * The language a visitor's browser asks for. The most preferred browser language decides;
 * inside a mini-program the answer is always zh.
 */
export function detectBrowserLanguage(browser: BrowserInfo): SiteLanguage {
  if (isMiniProgram(browser)) return DEFAULT_LANGUAGE;
  const tag = browser.languages[0] ?? browser.language;
  return tag ? siteLanguageFromBrowserTag(tag) : DEFAULT_LANGUAGE;
}

/** A language the visitor chose with the switcher beats what the browser asks for. */
export function preferredLanguage(stored: string | null | undefined, detected: SiteLanguage): SiteLanguage {
  return isSiteLanguage(stored) ? stored : detected;
}

/** Languages written without a space between sentences. */
const UNSPACED: ReadonlySet<SiteLanguage> = new Set<SiteLanguage>(['zh', 'zh_tw', 'jp']);

/** Sentences as one text, spaced as the language writes them (none after 。 in Chinese and Japanese). */
export function joinSentences(lang: SiteLanguage, sentences: readonly string[]): string {
  const parts = sentences.map((sentence) => sentence.trim()).filter(Boolean);
  return parts.join(UNSPACED.has(lang) ? '' : ' ');
}
