import { useTranslation } from 'react-i18next';
import { endonym } from '@/lib/language';
import { useDeferredMenu } from '@/lib/use-deferred-menu';
import { usePageContext } from '@/lib/use-page-language';
import { useLanguages } from '../api/get-languages';
import styles from './language-switcher.module.css';

const loadLanguageMenu = () => import('./language-menu').then((m) => m.LanguageMenu);

/**
 * The language switcher of the header: a menu button listing the languages the server offers.
 * Where the header is narrow it shows the globe alone: the header sets that look through the
 * custom properties of language-switcher.module.css, so it is CSS, the same on the server.
 * Its menu code (Radix DropdownMenu) loads after the first paint; until then a look-alike button
 * stands in and hands over a click or keyboard focus.
 */
export function LanguageSwitcher() {
  const { t } = useTranslation();
  const context = usePageContext();
  const languages = useLanguages(context);
  const { Menu, placeholderProps, menuProps } = useDeferredMenu(loadLanguageMenu);
  const currentName = languages.data?.find((l) => l.languageCode === context.lang)?.languageName ?? endonym(context.lang);

  if (Menu) return <Menu currentName={currentName} {...menuProps} />;
  return (
    <button
      {...placeholderProps}
      className={styles.button}
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
