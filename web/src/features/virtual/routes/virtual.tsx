import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { PageFrame } from '@/components/ui/page-frame';
import { loginPath } from '@/lib/routing';
import { rememberReturnPage, useSession } from '@/lib/session';
import { usePageLanguage } from '@/lib/use-page-language';
import { TrialWorkspace } from '../components/trial-workspace';
import { buttonClass } from '@/components/ui/button';
import styles from '../components/virtual.module.css';

/**
 * A visitor whose login ended while on the page (logged out in the header or another tab, or
 * a token the server refused): the way to log in and come back. Visitors who arrive without a
 * login never see it: the route sends them to the login page first (the account guards' requireLogin).
 */
function LoginPrompt() {
  const { t } = useTranslation('virtual');
  const lang = usePageLanguage();
  const location = useLocation();
  const returnPath = `${location.pathname}${location.search}`;
  return (
    <section className={`${styles.card} ${styles.loginCard}`} aria-labelledby="virtual-login-title">
      <h2 id="virtual-login-title" className={styles.cardTitle}>
        {t('login.title')}
      </h2>
      <p className={styles.cardLead}>{t('login.text')}</p>
      <Link to={loginPath(returnPath, lang)} className={buttonClass({ variant: 'primary' })} onClick={() => rememberReturnPage(returnPath)}>
        {t('login.action')}
      </Link>
    </section>
  );
}

/**
 * /virtual: the virtual robot trial (spec sections 2, 4 and 7). The route table stores a
 * mini-program's `?token=` as the login and sends visitors without one to the login page.
 *
 * The trial's length is shown as the pool reports it (`durationHours`), in every language: the
 * legacy texts of traditional Chinese and Thai that say 2 hours are treated as outdated copy
 * (openapi.yaml, VirtualTrial.durationHours), so no text states a fixed length.
 */
export function VirtualRoute() {
  const { t } = useTranslation('virtual');
  const session = useSession();
  return (
    <PageFrame lead={t('lead')}>
      {session ? <TrialWorkspace key={session.token} token={session.token} /> : <LoginPrompt />}
    </PageFrame>
  );
}
