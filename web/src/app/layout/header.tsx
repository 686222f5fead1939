import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { LanguageSwitcher } from '@/features/language-switcher/components/language-switcher';
import { MainNav } from '@/features/navigation/components/main-nav';
import type { SiteLanguage } from '@/lib/language';
import { homePath } from '@/lib/routing';
import styles from './header.module.css';
import { Wordmark } from './wordmark';

const NAV_ID = 'site-nav';

/** Logo, main navigation, language switcher; the navigation collapses behind a button on narrow screens. */
export function Header({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const [menuOpen, setMenuOpen] = useState(false);
  const [scrolled, setScrolled] = useState(false);

  useEffect(() => setMenuOpen(false), [pathname]);

  useEffect(() => {
    const onScroll = () => setScrolled(window.scrollY > 0);
    onScroll();
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => window.removeEventListener('scroll', onScroll);
  }, []);

  // The open mobile menu covers the page: lock its scroll and let Escape close it.
  useEffect(() => {
    if (!menuOpen) return undefined;
    const previous = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    document.addEventListener('keydown', onKey);
    return () => {
      document.body.style.overflow = previous;
      document.removeEventListener('keydown', onKey);
    };
  }, [menuOpen]);

  return (
    <header className={styles.header} data-scrolled={scrolled}>
      <div className={`container ${styles.inner}`}>
        <Link to={homePath(lang)} className={styles.logo} aria-label={t('nav.home')}>
          <Wordmark />
        </Link>
        <MainNav lang={lang} id={NAV_ID} mobileOpen={menuOpen} onNavigate={() => setMenuOpen(false)} />
        <div className={styles.actions}>
          <LanguageSwitcher lang={lang} />
          <button
            type="button"
            className={styles.menuButton}
            aria-controls={NAV_ID}
            aria-expanded={menuOpen}
            aria-label={menuOpen ? t('nav.closeMenu') : t('nav.openMenu')}
            onClick={() => setMenuOpen((open) => !open)}
          >
            <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
              {menuOpen ? (
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" fill="none" />
              ) : (
                <path d="M4 7h16M4 12h16M4 17h16" stroke="currentColor" strokeWidth="2" fill="none" />
              )}
            </svg>
          </button>
        </div>
      </div>
    </header>
  );
}
