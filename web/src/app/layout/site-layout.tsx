import { Suspense, lazy, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { SITE_LANGUAGES, htmlLang } from '@/lib/language';
import { setPageLanguage, setPreviewPage } from '@/lib/page-language';
import { pageTitleStore, setMetaDescription } from '@/lib/page-title';
import { usePageHandle } from '@/lib/route-handle';
import { alternateLinks, isPreviewPath } from '@/lib/routing';
import { useStore } from '@/lib/store';
import { usePageLanguage } from '@/lib/use-page-language';
import { useAnchorScrolling } from './anchor-scrolling';
import { Header } from './header';
import { LoadingOverlay, useRouteChangeOverlay } from './loading-overlay';
import { NavigationProgress } from './navigation-progress';
import { ShellOverlays } from './shell-overlays';
import styles from './site-layout.module.css';

// Below the fold or shown only after scrolling: their code loads beside the page's own, not
// before the first paint.
const Footer = lazy(() => import('./footer').then((module) => ({ default: module.Footer })));
const FloatingBar = lazy(() => import('./floating-bar').then((module) => ({ default: module.FloatingBar })));

/**
 * The frame of every page: header, main content, footer, floating bar, overlays. Keeps
 * `<html lang>`, the title, the hreflang alternates and (on previews) `noindex` in step with the page.
 */
export function SiteLayout() {
  const lang = usePageLanguage();
  const { t } = useTranslation();
  const location = useLocation();
  const handle = usePageHandle();
  const preview = isPreviewPath(location.pathname);
  const overlay = useRouteChangeOverlay(location.pathname, handle?.loadingOverlay ?? true);
  useAnchorScrolling();

  useLayoutEffect(() => {
    setPageLanguage(lang);
    setPreviewPage(preview);
    document.documentElement.lang = htmlLang(lang);
  }, [lang, preview]);

  const titleKey = handle?.titleKey;
  // A page may name itself after its content (lib/page-title.ts); only for its own path.
  const stored = useStore(pageTitleStore);
  const content = stored?.path === location.pathname ? stored : null;
  useEffect(() => {
    if (!titleKey) return;
    const name = content?.page ?? t(titleKey);
    const page = handle?.preview ? t('titles.preview', { page: name }) : name;
    const seo = content?.document;
    if (seo) document.title = handle?.preview ? t('titles.preview', { page: seo }) : seo;
    else document.title = t('titles.template', { page, site: t('site.name') });
    setMetaDescription(content?.description ?? null);
  }, [titleKey, handle?.preview, t, content]);

  const alternates = alternateLinks(location.pathname, location.search, window.location.origin, SITE_LANGUAGES, htmlLang);

  return (
    <div className={styles.shell}>
      {/* React hoists these into <head>. Drafts are never indexed and have no alternates. */}
      {preview ? (
        <meta name="robots" content="noindex, nofollow" />
      ) : (
        alternates.map((link) => <link key={link.hrefLang} rel="alternate" hrefLang={link.hrefLang} href={link.href} />)
      )}
      <a className="skip-link" href="#main">
        {t('nav.skipToContent')}
      </a>
      <NavigationProgress />
      <Header />
      {preview ? (
        <p className={styles.previewNotice} role="note">
          {t('page.previewNotice')}
        </p>
      ) : null}
      <main id="main" tabIndex={-1} className={styles.main} aria-busy={overlay}>
        <Outlet />
      </main>
      <LoadingOverlay visible={overlay} />
      <Suspense fallback={null}>
        <Footer />
        <FloatingBar />
      </Suspense>
      <ShellOverlays />
      <ScrollRestoration />
    </div>
  );
}

/** Shown while the first page's code and data load. */
export function BootFallback() {
  return <div className={styles.boot} aria-busy="true" />;
}
