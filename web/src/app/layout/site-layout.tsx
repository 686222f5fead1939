import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { htmlLang } from '@/lib/language';
import { setPageLanguage } from '@/lib/page-language';
import { usePageLanguage } from '@/lib/use-page-language';
import { isRouteHandle } from '../route-handle';
import { Footer } from './footer';
import { Header } from './header';
import styles from './site-layout.module.css';

/** The frame of every page: header, main content, footer; keeps <html lang> and the title in step. */
export function SiteLayout() {
  const lang = usePageLanguage();
  const { t } = useTranslation();
  const matches = useMatches();
  const navigation = useNavigation();
  const titleKey = matches
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1)?.titleKey;

  useLayoutEffect(() => {
    setPageLanguage(lang);
    document.documentElement.lang = htmlLang(lang);
  }, [lang]);

  useEffect(() => {
    if (titleKey) document.title = t('titles.template', { page: t(titleKey), site: t('site.name') });
  }, [titleKey, t]);

  return (
    <div className={styles.shell}>
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <div className={styles.progress} data-active={navigation.state !== 'idle'} aria-hidden="true" />
      <Header lang={lang} />
      <main id="main" tabIndex={-1} className={styles.main}>
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}

/** Shown while the first page's code and data load. */
export function BootFallback() {
  return <div className={styles.boot} aria-busy="true" />;
}
