/**
 * The account part of the mobile menu: the same choices as plain buttons and links. Only the
 * mobile menu (loaded when opened) uses it.
 */
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { localizePath } from '@/lib/routing';
import { useSession } from '@/lib/session';
import { usePageLanguage } from '@/lib/use-page-language';
import { confirmLogout } from '../utils/logout';
import { LoginLinks } from './account-menu';
import base from './account-menu.module.css';
import styles from './user-menu.module.css';

export function AccountPanel({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const session = useSession();
  const lang = usePageLanguage();
  if (!session) return <LoginLinks stacked onNavigate={onNavigate} />;
  const name = session.displayName || t('header.myAccount');
  return (
    <div className={styles.panel}>
      <p className={styles.label}>
        <span className={styles.labelHint}>{t('header.signedInAs')}</span>
        <span className={styles.labelName}>{name}</span>
      </p>
      <div className={base.links} data-stacked="true">
        <Link to={localizePath('/deregister', lang)} className={base.login} onClick={onNavigate}>
          {t('header.deregister')}
        </Link>
        <button type="button" className={base.register} onClick={(event) => void confirmLogout(t, event.currentTarget)}>
          {t('header.logout')}
        </button>
      </div>
    </div>
  );
}
