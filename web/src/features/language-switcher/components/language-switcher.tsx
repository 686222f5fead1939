import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ErrorState } from '@/components/ui/error-state';
import { type SiteLanguage, endonym, htmlLang } from '@/lib/language';
import { switchLanguagePath } from '@/lib/routing';
import { storeLanguage } from '@/lib/session';
import { useDeferredMenu } from '@/lib/use-deferred-menu';
import { usePageContext } from '@/lib/use-page-language';
import { useLanguages } from '../api/get-languages';
import styles from './language-switcher.module.css';

const loadLanguageMenu = () => import('./language-menu').then((m) => m.LanguageMenu);

/** The same page (path with ids, query and anchor) in another language. */
export function useLanguageHref() {
  const location = useLocation();
  return (target: SiteLanguage) => switchLanguagePath(location.pathname, target) + location.search + location.hash;
}

/**
 * The language switcher of the header: a menu button listing the languages the server offers.
 * Its menu code (Radix DropdownMenu) loads after the first paint; until then a look-alike button
 * stands in and hands over a click or keyboard focus.
 */
export function LanguageSwitcher({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const context = usePageContext();
  const languages = useLanguages(context);
  const { Menu, placeholderProps, menuProps } = useDeferredMenu(loadLanguageMenu);
  const currentName = languages.data?.find((l) => l.languageCode === context.lang)?.languageName ?? endonym(context.lang);

  if (Menu) return <Menu compact={compact} currentName={currentName} {...menuProps} />;
  return (
    <button
      {...placeholderProps}
      className={styles.button}
      data-compact={compact}
      aria-label={t('language.button', { name: currentName })}
    >
      <TriggerContent name={currentName} />
    </button>
  );
}

/** Globe, current language, chevron: the face of the switcher button. */
export function TriggerContent({ name }: { name: string }) {
  return (
    <>
      <GlobeIcon />
      <span className={styles.current}>{name}</span>
      <svg className={styles.chevron} viewBox="0 0 12 12" width="12" height="12" aria-hidden="true">
        <path d="M2.5 4.5 6 8l3.5-3.5" fill="none" stroke="currentColor" strokeWidth="1.5" />
      </svg>
    </>
  );
}

/** The languages as a plain list of links (in the mobile menu). */
export function LanguageList({ onNavigate }: { onNavigate?: () => void }) {
  const { t } = useTranslation();
  const context = usePageContext();
  const languages = useLanguages(context);
  const hrefOf = useLanguageHref();
  if (languages.isPending) return <p role="status">{t('status.loading')}</p>;
  if (languages.isError) {
    return <ErrorState compact error={languages.error} message={t('language.error')} onRetry={() => void languages.refetch()} />;
  }
  return (
    <ul className={styles.list} aria-label={t('language.menu')}>
      {languages.data.map((item) => (
        <li key={item.languageCode}>
          <Link
            className={styles.listOption}
            to={hrefOf(item.languageCode)}
            lang={htmlLang(item.languageCode)}
            hrefLang={htmlLang(item.languageCode)}
            aria-current={item.languageCode === context.lang ? 'true' : undefined}
            onClick={() => {
              storeLanguage(item.languageCode);
              onNavigate?.();
            }}
          >
            {item.languageName}
            {item.languageCode === context.lang ? <CheckIcon /> : null}
          </Link>
        </li>
      ))}
    </ul>
  );
}

export function GlobeIcon() {
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

export function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className={styles.check}>
      <path d="m3 8.5 3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
