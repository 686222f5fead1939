import i18next, { type Resource, type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { type Catalogues, LOCALE_NAMESPACES, NAMESPACES, SERVER_NAMESPACE } from '@/i18n/catalogue';
import { I18N_OPTIONS } from '@/lib/i18n';
import { SITE_LANGUAGES, type SiteLanguage, toWireLanguage } from '@/lib/language';

const modules = import.meta.glob<{ default: unknown }>('../i18n/locales/*/*.json', { eager: true });
const serverModules = import.meta.glob<{ default: Record<string, string> }>('../../../messages/*.json', { eager: true });

/** The file of the server's catalogue a site language reads: its wire language; the regional Englishes read en. */
export function serverCatalogueFile(lang: SiteLanguage): string {
  const wire = toWireLanguage(lang);
  return `${wire === 'en_eu' || wire === 'en_us' ? 'en' : wire}.json`;
}

/** The server's catalogue in a site language (key → text). */
export function serverCatalogue(lang: SiteLanguage): Record<string, string> {
  const mod = serverModules[`../../../messages/${serverCatalogueFile(lang)}`];
  if (!mod) throw new Error(`Missing server catalogue ${serverCatalogueFile(lang)}`);
  return mod.default;
}

/** Every catalogue, keyed by site language and namespace (tests read them all at once). */
export function allCatalogues(): Record<SiteLanguage, Catalogues> {
  const entries = SITE_LANGUAGES.map((lang) => {
    const namespaces = LOCALE_NAMESPACES.map((ns) => {
      const mod = modules[`../i18n/locales/${lang}/${ns}.json`];
      if (!mod) throw new Error(`Missing catalogue file ${lang}/${ns}.json`);
      return [ns, mod.default] as const;
    });
    return [lang, Object.fromEntries([...namespaces, [SERVER_NAMESPACE, serverCatalogue(lang)]])] as const;
  });
  return Object.fromEntries(entries) as unknown as Record<SiteLanguage, Catalogues>;
}

/** Catalogue files that exist on disk, as `lang/namespace` (to catch a stray or misnamed file). */
export function catalogueFiles(): string[] {
  return Object.keys(modules).map((path) => path.replace('../i18n/locales/', '').replace(/\.json$/, ''));
}

/** A fresh i18next instance in one language, with all of that language's real catalogues. */
export async function createTestI18n(lang: SiteLanguage): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    ns: [...NAMESPACES],
    lng: lang,
    resources: { [lang]: allCatalogues()[lang] } as unknown as Resource,
  });
  return instance;
}
