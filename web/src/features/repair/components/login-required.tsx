import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { loginPath } from '@/lib/routing';
import { rememberReturnPage } from '@/lib/session';
import { usePageLanguage } from '@/lib/use-page-language';
import { buttonClass } from '@/components/ui/button';
import styles from './repair-pages.module.css';

/**
 * Shown in place of a repair page when there is no (longer a) login: after logging out on the
 * page, or when the server no longer accepts the token. Entering a repair page without a login
 * goes straight to the login page (the account guards' requireLogin); this covers what happens once the page is open.
 */
export function LoginRequired({ expired = false }: { expired?: boolean }) {
  const { t } = useTranslation('repair');
  const lang = usePageLanguage();
  const location = useLocation();
  const here = `${location.pathname}${location.search}`;
  return (
    <section className={styles.panel} aria-labelledby="repair-login-title">
      <span className={styles.panelIcon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path fill="none" stroke="currentColor" strokeWidth="1.6" d="M6 10V8a6 6 0 1 1 12 0v2M5 10h14v11H5zM12 14v3" />
        </svg>
      </span>
      <h2 id="repair-login-title" className={styles.panelTitle}>
        {expired ? t('login.expiredTitle') : t('login.title')}
      </h2>
      <p className={styles.panelText}>{t('login.text')}</p>
      <div className={styles.panelActions}>
        <Link to={loginPath(here, lang)} className={buttonClass({ variant: 'primary' })} onClick={() => rememberReturnPage(here)}>
          {t('login.action')}
        </Link>
      </div>
    </section>
  );
}
