import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import styles from './not-found.module.css';

/** A page that threw while rendering or whose code failed to load (e.g. a stale chunk after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error('[route] page failed', error);
  return (
    <section className={styles.page} role="alert">
      <div className={`container ${styles.inner}`}>
        <h1 className={styles.title}>{t('routeError.title')}</h1>
        <p className={styles.text}>{t('routeError.description')}</p>
        <button type="button" className={`${styles.home} ${styles.reload}`} onClick={() => window.location.reload()}>
          {t('routeError.reload')}
        </button>
      </div>
    </section>
  );
}
