import { useTranslation } from 'react-i18next';
import { isRouteErrorResponse, useRouteError } from 'react-router';
import { isChunkLoadError } from '@/lib/lazy-page';
import { reloadPage } from '@/lib/reload';
import { NotFoundRoute } from './not-found';
import styles from './not-found.module.css';

/**
 * An unknown path (a 404 its loader threw) shows the not-found page at that address. A page that
 * threw while rendering, or whose code could not be loaded (offline, or a stale chunk after a
 * deploy), shows a panel with a retry instead of a blank page. Retrying reloads the document,
 * which also fetches the current version of the site's code.
 */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status === 404) return <NotFoundRoute />;
  const chunk = isChunkLoadError(error);
  console.error(chunk ? '[route] page code failed to load' : '[route] page failed', error);
  return (
    <section className={styles.page} role="alert" data-error={chunk ? 'chunk' : 'render'}>
      <div className={`container ${styles.inner}`}>
        <h1 className={styles.title}>{chunk ? t('routeError.chunkTitle') : t('routeError.title')}</h1>
        <p className={styles.text}>{chunk ? t('routeError.chunkDescription') : t('routeError.description')}</p>
        <button type="button" className={styles.home} onClick={reloadPage}>
          {chunk ? t('routeError.retry') : t('routeError.reload')}
        </button>
      </div>
    </section>
  );
}
