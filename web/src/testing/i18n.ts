import i18next, { type i18n as I18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Catalogue } from '@/i18n/catalogue';
import { I18N_OPTIONS } from '@/lib/i18n';
import { SITE_LANGUAGES, type SiteLanguage } from '@/lib/language';

const modules = import.meta.glob<{ default: Catalogue }>('../i18n/locales/*/common.json', { eager: true });

/** Every catalogue, keyed by site language (tests read them all at once). */
export function allCatalogues(): Record<SiteLanguage, Catalogue> {
  const entries = SITE_LANGUAGES.map((lang) => {
    const mod = modules[`../i18n/locales/${lang}/common.json`];
    if (!mod) throw new Error(`Missing catalogue file for ${lang}`);
    return [lang, mod.default] as const;
  });
  return Object.fromEntries(entries) as Record<SiteLanguage, Catalogue>;
}

/** A fresh i18next instance in one language, with that language's real catalogue. */
export async function createTestI18n(lang: SiteLanguage): Promise<I18n> {
  const instance = i18next.createInstance();
  await instance.use(initReactI18next).init({
    ...I18N_OPTIONS,
    lng: lang,
    resources: { [lang]: { common: allCatalogues()[lang] } },
  });
  return instance;
}
