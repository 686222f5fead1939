/**
 * i18next set-up. Catalogues are code-split per language (one small chunk each) and loaded on
 * demand by a tiny backend: only the page's language is fetched at start.
 */
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { NAMESPACE } from '@/i18n/catalogue';
import { SITE_LANGUAGES, type SiteLanguage } from './language';

type CatalogueModule = { default: ResourceKey };

const loaders = import.meta.glob<CatalogueModule>('../i18n/locales/*/common.json');

export function loadCatalogue(lang: SiteLanguage): Promise<ResourceKey> {
  const load = loaders[`../i18n/locales/${lang}/common.json`];
  if (!load) return Promise.reject(new Error(`No catalogue for ${lang}`));
  return load().then((m) => m.default);
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    loadCatalogue(language as SiteLanguage).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Options shared by the app's instance and the tests' instances. */
export const I18N_OPTIONS = {
  ns: [NAMESPACE],
  defaultNS: NAMESPACE,
  supportedLngs: [...SITE_LANGUAGES],
  // Site codes such as zh_tw and en_eu are used as they are: no fallback chain, no code cleaning.
  load: 'currentOnly',
  fallbackLng: false,
  nonExplicitSupportedLngs: false,
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
} as const;

/** Starts i18next in the given language, loading only that language's catalogue. */
export async function initI18n(lang: SiteLanguage): Promise<I18n> {
  if (!i18next.isInitialized) {
    await i18next.use(lazyCatalogues).use(initReactI18next).init({ ...I18N_OPTIONS, lng: lang });
  } else {
    await ensureLanguage(lang);
  }
  return i18next;
}

/** Switches the UI language once its catalogue is loaded (route loaders await this). */
export async function ensureLanguage(lang: SiteLanguage): Promise<void> {
  if (!i18next.isInitialized) {
    await initI18n(lang);
    return;
  }
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
}
