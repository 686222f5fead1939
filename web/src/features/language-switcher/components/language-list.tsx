/**
 * The languages as a plain list of links (the mobile menu) and what the switcher's menu shares
 * with it. Only code that opens on interaction uses this module (the mobile menu, the
 * switcher's menu): it is not part of the first page load.
 */
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Link } from '@/components/ui/link';
import { ErrorState } from '@/components/ui/error-state';
import { type SiteLanguage, htmlLang } from '@/lib/language';
import { switchLanguagePath } from '@/lib/routing';
import { storeLanguage } from '@/lib/session';
import { usePageContext } from '@/lib/use-page-language';
import { useLanguages } from '../api/get-languages';
import styles from './language-menu.module.css';

/** The same page (path with ids, query and anchor) in another language. */
export function useLanguageHref() {
  const location = useLocation();
  return (target: SiteLanguage) => switchLanguagePath(location.pathname, target) + location.search + location.hash;
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

export function CheckIcon() {
  return (
    <svg viewBox="0 0 16 16" width="16" height="16" aria-hidden="true" className={styles.check}>
      <path d="m3 8.5 3.2 3L13 4.5" fill="none" stroke="currentColor" strokeWidth="2" />
    </svg>
  );
}
