/**
 * The country list of the overseas forms (spec section 3): two-letter codes, the United Kingdom
 * as `UK`, names in the page language. Codes and names come from i18n-iso-countries (MIT); the
 * browser's Intl.DisplayNames, where it knows a code, gives the everyday name instead of the
 * official one ("China", not "People's Republic of China") and the Traditional Chinese names
 * the package lacks. One language file (about 10 kB) is loaded when a country list is shown.
 */
import type { SiteLanguage } from './language';

export interface Country {
  /** Code sent to the server: ISO 3166-1 alpha-2, except `UK` for the United Kingdom. */
  code: string;
  name: string;
}

type CountryNames = Record<string, string | string[]>;
type NamesModule = { default: { countries: CountryNames } };

/** The package's language files the site uses; each a chunk of its own. */
const LOADERS = {
  en: () => import('i18n-iso-countries/langs/en.json'),
  zh: () => import('i18n-iso-countries/langs/zh.json'),
  ja: () => import('i18n-iso-countries/langs/ja.json'),
  ko: () => import('i18n-iso-countries/langs/ko.json'),
  th: () => import('i18n-iso-countries/langs/th.json'),
  es: () => import('i18n-iso-countries/langs/es.json'),
  fr: () => import('i18n-iso-countries/langs/fr.json'),
  de: () => import('i18n-iso-countries/langs/de.json'),
  ru: () => import('i18n-iso-countries/langs/ru.json'),
} satisfies Record<string, () => Promise<unknown>>;

type PackageLocale = keyof typeof LOADERS;

/** The package's language and the BCP 47 locale (names, sorting) of a site language. */
export function countryLocale(lang: SiteLanguage): { file: PackageLocale; bcp47: string } {
  switch (lang) {
    case 'zh':
      return { file: 'zh', bcp47: 'zh-CN' };
    case 'zh_tw':
      return { file: 'zh', bcp47: 'zh-TW' };
    case 'jp':
      return { file: 'ja', bcp47: 'ja' };
    case 'ko':
    case 'th':
    case 'es':
    case 'fr':
    case 'de':
    case 'ru':
      return { file: lang, bcp47: lang };
    default:
      return { file: 'en', bcp47: 'en' };
  }
}

/** The code the CRM takes for an ISO code (GB travels as UK). */
export function toSiteCountryCode(iso: string): string {
  return iso === 'GB' ? 'UK' : iso;
}

function displayNames(bcp47: string): Intl.DisplayNames | null {
  try {
    return typeof Intl.DisplayNames === 'function' ? new Intl.DisplayNames([bcp47], { type: 'region', fallback: 'none' }) : null;
  } catch {
    return null;
  }
}

/** The list from one language file of the package, sorted by name in the page language. */
export function toCountries(names: CountryNames, bcp47: string): Country[] {
  const intl = displayNames(bcp47);
  const collator = new Intl.Collator(bcp47);
  return Object.entries(names)
    .map(([iso, value]) => {
      const official = Array.isArray(value) ? (value[0] ?? iso) : value;
      let name = official;
      try {
        const everyday = intl?.of(iso);
        if (everyday && everyday !== iso) name = everyday;
      } catch {
        // An unknown code for this browser: keep the package's name.
      }
      return { code: toSiteCountryCode(iso), name };
    })
    .sort((a, b) => collator.compare(a.name, b.name));
}

const cache = new Map<SiteLanguage, Promise<Country[]>>();

/** The country list in a page language; loaded once per language (a failed load can be retried). */
export function loadCountries(lang: SiteLanguage): Promise<Country[]> {
  let list = cache.get(lang);
  if (!list) {
    const { file, bcp47 } = countryLocale(lang);
    list = (LOADERS[file]() as Promise<NamesModule>).then((mod) => toCountries(mod.default.countries, bcp47));
    list.catch(() => cache.delete(lang));
    cache.set(lang, list);
  }
  return list;
}
