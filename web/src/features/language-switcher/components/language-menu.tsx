import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { ErrorState } from '@/components/ui/error-state';
import { htmlLang } from '@/lib/language';
import { storeLanguage } from '@/lib/session';
import type { DeferredMenuProps } from '@/lib/use-deferred-menu';
import { usePageContext } from '@/lib/use-page-language';
import { useLanguages } from '../api/get-languages';
import { CheckIcon, useLanguageHref } from './language-list';
import { TriggerContent } from './language-switcher';
import base from './language-switcher.module.css';
import styles from './language-menu.module.css';

export interface LanguageMenuProps extends DeferredMenuProps {
  currentName: string;
}

/**
 * The switcher's menu (Radix DropdownMenu: arrow keys, Home/End, typeahead, Escape). Choosing a
 * language remembers it (localStorage `lang`) and opens the same page, with its ids and query,
 * in that language. Loaded after the first paint; see LanguageSwitcher.
 */
export function LanguageMenu({ currentName, defaultOpen, takeFocus }: LanguageMenuProps) {
  const { t } = useTranslation();
  const context = usePageContext();
  const languages = useLanguages(context);
  const hrefOf = useLanguageHref();
  const triggerRef = useRef<HTMLButtonElement>(null);

  // Keyboard focus on the placeholder moves to the real trigger (an open menu takes focus itself).
  useEffect(() => {
    if (!defaultOpen && takeFocus()) triggerRef.current?.focus();
  }, [defaultOpen, takeFocus]);

  return (
    <DropdownMenu.Root modal={false} defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger
        ref={triggerRef}
        className={base.button}
        aria-label={t('language.button', { name: currentName })}
      >
        <TriggerContent name={currentName} />
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content className={styles.menu} align="end" sideOffset={8} collisionPadding={12} aria-label={t('language.menu')}>
          {languages.isPending ? (
            <p role="status" className={styles.status}>
              {t('status.loading')}
            </p>
          ) : languages.isError ? (
            <ErrorState compact error={languages.error} message={t('language.error')} onRetry={() => void languages.refetch()} />
          ) : (
            languages.data.map((item) => (
              <DropdownMenu.Item key={item.languageCode} asChild>
                <Link
                  className={styles.option}
                  to={hrefOf(item.languageCode)}
                  lang={htmlLang(item.languageCode)}
                  hrefLang={htmlLang(item.languageCode)}
                  aria-current={item.languageCode === context.lang ? 'true' : undefined}
                  onClick={() => storeLanguage(item.languageCode)}
                >
                  {item.languageName}
                  {item.languageCode === context.lang ? <CheckIcon /> : null}
                </Link>
              </DropdownMenu.Item>
            ))
          )}
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
