import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { useSiteInfo } from '@/api/site-info';
import { AccountMenu } from '@/features/account/components/account-menu';
import { LanguageSwitcher } from '@/features/language-switcher/components/language-switcher';
import { MainNav } from '@/features/navigation/components/main-nav';
import { headerOverlayStore, openHeaderOverlay } from '@/lib/overlays';
import { homePath } from '@/lib/routing';
import { useScrolledPast } from '@/lib/scroll';
import { useStore } from '@/lib/store';
import { usePageContext } from '@/lib/use-page-language';
import styles from './header.module.css';
import { Wordmark } from './wordmark';

/**
 * The sticky header. Wide: the language and account sit in a slim bar above the main row (logo,
 * navigation, search), which scrolls away while the main row stays. Narrow: logo, search, the
 * language as a globe and the mobile menu, which holds the navigation and the account. Where one
 * layout turns into the other depends on the language, as the navigation's words are longer in
 * some (header.module.css): pure CSS, the same in the server's HTML and after hydration.
 */
export function Header() {
  const { t } = useTranslation();
  const context = usePageContext();
  const scrolled = useScrolledPast(0);
  const overlay = useStore(headerOverlayStore);
  const menuOpen = overlay === 'menu';

  return (
    <header className={styles.header} data-scrolled={scrolled}>
      <div className={`container ${styles.inner}`}>
        <Link to={homePath(context.lang)} className={styles.logo} aria-label={t('nav.home')}>
          <SiteLogo />
        </Link>
        <div className={styles.nav}>
          <MainNav />
        </div>
        <button
          type="button"
          className={styles.search}
          aria-label={t('header.search')}
          aria-haspopup="dialog"
          aria-expanded={overlay === 'search'}
          onClick={() => openHeaderOverlay('search')}
        >
          <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
            <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
            <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" />
          </svg>
        </button>
        <div className={styles.utilities}>
          <div className={styles.language}>
            <LanguageSwitcher />
          </div>
          <div className={styles.account}>
            <AccountMenu />
          </div>
        </div>
        <button
          type="button"
          className={styles.menuButton}
          aria-haspopup="dialog"
          aria-expanded={menuOpen}
          aria-controls={menuOpen ? 'mobile-menu' : undefined}
          aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
          onClick={() => openHeaderOverlay('menu')}
        >
          <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
        </button>
      </div>
    </header>
  );
}

/** The logo of the site information; the wordmark while it loads, if it fails, or if the picture breaks. */
function SiteLogo() {
  const site = useSiteInfo(usePageContext());
  const [broken, setBroken] = useState<string | null>(null);
  const logo = site.data?.logo;
  if (!logo || broken === logo) return <Wordmark />;
  // Width and height (the box of header.module.css) reserve its place before the picture loads.
  return <img className={styles.logoImage} src={logo} alt="" width={180} height={48} onError={() => setBroken(logo)} />;
}
