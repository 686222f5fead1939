import * as Dialog from '@radix-ui/react-dialog';
import { useTranslation } from 'react-i18next';
import { AccountPanel } from '@/features/account/components/account-panel';
import { LanguageList } from '@/features/language-switcher/components/language-list';
import { MobileNav } from '@/features/navigation/components/mobile-nav';
import { returnFocusToOpener } from '@/lib/focus-return';
import { closeHeaderOverlay, openHeaderOverlay } from '@/lib/overlays';
import styles from './mobile-drawer.module.css';

export interface MobileDrawerProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The mobile menu: a full-screen dialog (focus trapped, Escape closes, page scroll locked) with
 * search, the navigation as an accordion, the languages and the account.
 */
export function MobileDrawer({ open, onOpenChange }: MobileDrawerProps) {
  const { t } = useTranslation();
  const close = () => closeHeaderOverlay();
  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        {/* The overlay is what locks the page's scroll (Radix puts RemoveScroll on it). */}
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content onCloseAutoFocus={returnFocusToOpener} className={styles.drawer} aria-describedby={undefined} id="mobile-menu">
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>{t('nav.mobileMenu')}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('nav.closeMenu')}>
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" fill="none" />
              </svg>
            </Dialog.Close>
          </div>
          <div className={styles.body}>
            <button type="button" className={styles.search} onClick={() => openHeaderOverlay('search')}>
              <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
                <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" />
              </svg>
              {t('header.search')}
            </button>
            <MobileNav onNavigate={close} />
            <section className={styles.section} aria-labelledby="mobile-menu-language">
              <h2 id="mobile-menu-language" className={styles.sectionTitle}>
                {t('language.label')}
              </h2>
              <LanguageList onNavigate={close} />
            </section>
            <section className={styles.section} aria-labelledby="mobile-menu-account">
              <h2 id="mobile-menu-account" className={styles.sectionTitle}>
                {t('nav.account')}
              </h2>
              <AccountPanel onNavigate={close} />
            </section>
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
