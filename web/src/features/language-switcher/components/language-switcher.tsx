import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { type SiteLanguage, endonym, htmlLang } from '@/lib/language';
import { switchLanguagePath } from '@/lib/routing';
import { storeLanguage } from '@/lib/session';
import { useLanguages } from '../api/get-languages';
import styles from './language-switcher.module.css';

/**
 * A menu button listing the languages the server offers. Choosing one remembers it
 * (localStorage `lang`) and opens the same page in that language.
 */
export function LanguageSwitcher({ lang }: { lang: SiteLanguage }) {
  const { t } = useTranslation();
  const location = useLocation();
  const languages = useLanguages(lang);
  const [open, setOpen] = useState(false);
  const [focusFirst, setFocusFirst] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuRef = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const currentName = languages.data?.find((l) => l.languageCode === lang)?.languageName ?? endonym(lang);

  // Close when the page changes (a language was chosen) or on a click outside.
  useEffect(() => setOpen(false), [location.pathname]);
  useEffect(() => {
    if (!open) return undefined;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  // Move focus into the menu once it is rendered with items.
  useEffect(() => {
    if (!open || !focusFirst) return;
    const items = menuItems(menuRef.current);
    const current = items.find((el) => el.getAttribute('aria-current') === 'true');
    (current ?? items[0])?.focus();
    if (items.length > 0) setFocusFirst(false);
  }, [open, focusFirst, languages.data]);

  const openMenu = () => {
    setOpen(true);
    setFocusFirst(true);
  };
  const closeMenu = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  };

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      openMenu();
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const items = menuItems(menuRef.current);
    const index = items.indexOf(document.activeElement as HTMLElement);
    const focusAt = (i: number) => items[(i + items.length) % items.length]?.focus();
    switch (event.key) {
      case 'ArrowDown':
        event.preventDefault();
        focusAt(index + 1);
        break;
      case 'ArrowUp':
        event.preventDefault();
        focusAt(index - 1);
        break;
      case 'Home':
        event.preventDefault();
        focusAt(0);
        break;
      case 'End':
        event.preventDefault();
        focusAt(items.length - 1);
        break;
      case 'Escape':
        event.preventDefault();
        closeMenu(true);
        break;
      case 'Tab':
        setOpen(false);
        break;
      default:
        break;
    }
  };

  const search = location.search + location.hash;

  return (
    <div className={styles.switcher} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={styles.button}
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('language.button', { name: currentName })}
        onClick={() => (open ? closeMenu(false) : openMenu())}
        onKeyDown={onButtonKeyDown}
      >
        <GlobeIcon />
        <span className={styles.current}>{currentName}</span>
        <svg className={styles.chevron} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
          <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
        </svg>
      </button>
      {open ? (
        <div className={styles.popover}>
          {languages.isPending ? (
            <p role="status" className={styles.status}>
              {t('status.loading')}
            </p>
          ) : languages.isError ? (
            <ErrorState
              compact
              error={languages.error}
              message={t('language.error')}
              onRetry={() => void languages.refetch()}
            />
          ) : (
            <ul
              ref={menuRef}
              id={menuId}
              role="menu"
              aria-label={t('language.menu')}
              className={styles.menu}
              onKeyDown={onMenuKeyDown}
            >
              {languages.data.map((item) => (
                <li role="none" key={item.languageCode}>
                  <Link
                    role="menuitem"
                    tabIndex={-1}
                    className={styles.option}
                    to={switchLanguagePath(location.pathname, item.languageCode) + search}
                    lang={htmlLang(item.languageCode)}
                    hrefLang={htmlLang(item.languageCode)}
                    aria-current={item.languageCode === lang ? 'true' : undefined}
                    onClick={() => storeLanguage(item.languageCode)}
                  >
                    {item.languageName}
                    {item.languageCode === lang ? <CheckIcon /> : null}
                  </Link>
                </li>
              ))}
            </ul>
          )}
        </div>
      ) : null}
    </div>
  );
}

function menuItems(menu: HTMLElement | null): HTMLElement[] {
  return menu ? Array.from(menu.querySelectorAll<HTMLElement>('[role="menuitem"]')) : [];
}

function GlobeIcon() {
  return (
    <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true" className={styles.globe}>
      <circle cx="12" cy="12" r="9" fill="none" stroke="currentColor" strokeWidth="1.6" />
      <path
        d="M3 12h18M12 3c2.5 2.6 3.7 5.6 3.7 9s-1.2 6.4-3.7 9c-2.5-2.6-3.7-5.6-3.7-9S9.5 5.6 12 3Z"
        fill="none"
        stroke="currentColor"
        strokeWidth="1.6"
      />
    </svg>
  );
}

function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className={styles.check}>
      <path d="m3 8.5 3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
