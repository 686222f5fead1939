/**
 * i18next set-up. Catalogues are code-split per language and namespace (one small chunk each)
 * and loaded on demand by a tiny backend: at start only the page language's module with its
 * `common` namespace is fetched (i18n/languages/); route loaders fetch the namespaces their page
 * needs before it renders.
 */
import i18next, { type BackendModule, type i18n as I18n, type ResourceKey } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_NAMESPACE, NAMESPACES, type Namespace } from '@/i18n/catalogue';
import type { LanguageCatalogues } from '@/i18n/languages/catalogues';
import { SITE_LANGUAGES, type SiteLanguage } from './language';
import { serverRender } from './render-context';

const languages: Record<SiteLanguage, () => Promise<{ default: LanguageCatalogues }>> = {
  zh: () => import('@/i18n/languages/zh'),
  zh_tw: () => import('@/i18n/languages/zh_tw'),
  en: () => import('@/i18n/languages/en'),
  en_eu: () => import('@/i18n/languages/en_eu'),
  en_us: () => import('@/i18n/languages/en_us'),
  jp: () => import('@/i18n/languages/jp'),
  ko: () => import('@/i18n/languages/ko'),
  th: () => import('@/i18n/languages/th'),
  es: () => import('@/i18n/languages/es'),
  fr: () => import('@/i18n/languages/fr'),
  de: () => import('@/i18n/languages/de'),
  ru: () => import('@/i18n/languages/ru'),
};

export async function loadCatalogue(lang: SiteLanguage, namespace: Namespace = DEFAULT_NAMESPACE): Promise<ResourceKey> {
  const language = languages[lang];
  if (!language) throw new Error(`No catalogues for ${lang}`);
  const catalogues = (await language()).default;
  return catalogues(namespace);
}

const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, namespace, callback) {
    loadCatalogue(language as SiteLanguage, namespace as Namespace).then(
      (resources) => callback(null, resources),
      (error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), false),
    );
  },
};

/** Options shared by the app's instance and the tests' instances. */
export const I18N_OPTIONS = {
  ns: [DEFAULT_NAMESPACE],
  defaultNS: DEFAULT_NAMESPACE,
  supportedLngs: [...SITE_LANGUAGES],
  // Site codes such as zh_tw and en_eu are used as they are: no fallback chain, no code cleaning.
  load: 'currentOnly',
  fallbackLng: false,
  nonExplicitSupportedLngs: false,
  interpolation: { escapeValue: false }, // React escapes
  react: { useSuspense: false },
} as const;

/** The start of the app's instance, once (on the server several renders may ask at the same time). */
let starting: Promise<unknown> | null = null;

/** Starts i18next in the given language, loading only that language's `common` catalogue. */
export async function initI18n(lang: SiteLanguage): Promise<I18n> {
  if (!i18next.isInitialized && !starting) {
    starting = i18next.use(lazyCatalogues).use(initReactI18next).init({ ...I18N_OPTIONS, lng: lang });
    await starting;
    return i18next;
  }
  await starting;
  await ensureLanguage(lang);
  return i18next;
}

/**
 * Switches the UI language once its catalogues are loaded: `common` and the given namespaces
 * (route loaders await this, so a page never renders keys instead of text).
 */
export async function ensureLanguage(lang: SiteLanguage, namespaces: readonly Namespace[] = []): Promise<void> {
  if (!i18next.isInitialized) await initI18n(lang);
  const wanted = namespaces.filter((ns) => ns !== DEFAULT_NAMESPACE && NAMESPACES.includes(ns));
  if (import.meta.env.SSR && serverRender()) {
    // On the server (the browser's build drops this), renders in several languages run at once, each translating with its own
    // instance over these catalogues (entry-server.tsx): the shared instance never switches.
    // loadLanguages adds the language to those kept loaded; loadNamespaces then loads every
    // registered namespace of each of them, or waits for the loads another render started.
    await i18next.loadLanguages(lang);
    await i18next.loadNamespaces(wanted);
    return;
  }
  // Registers the namespaces (and loads them for the language shown now); changeLanguage then
  // loads every registered namespace of the new language before it switches.
  if (wanted.length > 0) await i18next.loadNamespaces(wanted);
  if (i18next.language !== lang) await i18next.changeLanguage(lang);
}
