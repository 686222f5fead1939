import { Suspense, lazy, useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Outlet, ScrollRestoration, useLocation } from 'react-router';
import { setPageLanguage, setPreviewPage } from '@/lib/page-language';
import { pageTitleStore } from '@/lib/page-title';
import { siteOrigin } from '@/lib/render-context';
import { usePageHandle } from '@/lib/route-handle';
import { isPreviewPath } from '@/lib/routing';
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
 * The code that writes the head: the server sent the first page's head with its HTML, so it is
 * needed only once the page changes (it loads after the first render, off the critical path).
 */
const loadHeadWriter = () =>
  Promise.all([import('../page-head-of'), import('@/lib/page-head')]).then(([{ pageHeadOf }, { applyHead }]) => ({ pageHeadOf, applyHead }));

/**
 * The frame of every page: header, main content, footer, floating bar, overlays. Keeps
 * the head (`<html lang>`, title, description, alternates, `noindex` on previews) in step with the page.
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
  }, [lang, preview]);

  // The head (title, description, canonical, alternates, social card, structured data) follows
  // the page; the server sent the first page's head with its HTML (src/entry-server.tsx).
  // A page may describe itself by its content (lib/page-title.ts); only for its own path.
  const stored = useStore(pageTitleStore);
  const content = stored?.path === location.pathname ? stored : null;
  useEffect(() => {
    let current = true;
    loadHeadWriter().then(
      ({ pageHeadOf, applyHead }) => {
        // A later page (or content) has its own effect: only the latest writes the head.
        if (!current) return;
        const head = pageHeadOf({ lang, origin: siteOrigin(), pathname: location.pathname, search: location.search, handle, content, t });
        applyHead(head, document);
      },
      (error: unknown) => console.error('[head] its code failed to load; the head stays as it was', error),
    );
    return () => {
      current = false;
    };
  }, [lang, location.pathname, location.search, handle, content, t]);

  return (
    <div className={styles.shell}>
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

/** A personal page's place while its guard and data load in the browser (the server sends this). */
export function PageSkeleton() {
  return <div className={styles.pageSkeleton} aria-busy="true" />;
}
