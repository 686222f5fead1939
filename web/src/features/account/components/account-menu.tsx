import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { localizePath } from '@/lib/routing';
import { type Session, rememberReturnPage, useSession } from '@/lib/session';
import { useDeferredMenu } from '@/lib/use-deferred-menu';
import { usePageLanguage } from '@/lib/use-page-language';
import styles from './account-menu.module.css';

const loadUserMenu = () => import('./user-menu').then((m) => m.UserMenu);

/** Login and register buttons, or the logged-in visitor's menu. */
export function AccountMenu() {
  const session = useSession();
  return session ? <DeferredUserMenu session={session} /> : <LoginLinks />;
}

/** The user menu's code (Radix DropdownMenu) loads after the first paint; a look-alike stands in. */
function DeferredUserMenu({ session }: { session: Session }) {
  const { t } = useTranslation();
  const { Menu, placeholderProps, menuProps } = useDeferredMenu(loadUserMenu);
  const name = session.displayName || t('header.myAccount');
  if (Menu) return <Menu name={name} {...menuProps} />;
  return (
    <button {...placeholderProps} className={styles.trigger} aria-label={t('header.userMenu', { name })}>
      <UserTriggerContent name={name} />
    </button>
  );
}

/** Person icon, name, chevron: the face of the user menu button. */
export function UserTriggerContent({ name }: { name: string }) {
  return (
    <>
      <UserIcon />
      <span className={styles.name}>{name}</span>
      <svg className={styles.chevron} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
        <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </>
  );
}

/** Login and register: both remember this page so the visitor can come back to it. */
export function LoginLinks({ stacked = false, onNavigate }: { stacked?: boolean; onNavigate?: () => void }) {
  const { t } = useTranslation();
  const lang = usePageLanguage();
  const location = useLocation();
  const remember = () => {
    rememberReturnPage(location.pathname + location.search);
    onNavigate?.();
  };
  return (
    <div className={styles.links} data-stacked={stacked}>
      <Link to={localizePath('/login', lang)} className={styles.login} onClick={remember}>
        {t('header.login')}
      </Link>
      <Link to={localizePath('/register', lang)} className={styles.register} onClick={remember}>
        {t('header.register')}
      </Link>
    </div>
  );
}

export function UserIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={styles.icon}>
      <circle cx="12" cy="8.5" r="3.8" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path d="M4.5 20c1.3-3.6 4.1-5.4 7.5-5.4s6.2 1.8 7.5 5.4" fill="none" stroke="currentColor" strokeWidth="1.6" />
    </svg>
  );
}
