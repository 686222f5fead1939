import * as Dialog from '@radix-ui/react-dialog';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { SmartLink } from '@/components/ui/smart-link';
import { returnFocusToOpener } from '@/lib/focus-return';
import { searchPath } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import { usePopularKeywords } from '../api/get-keywords';
import { buttonClass } from '@/components/ui/button';
import styles from './search-overlay.module.css';

export interface SearchOverlayProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

/**
 * The header's search: a dialog with the search field (Enter opens /search?searchInfo=… in the
 * page language) and the popular keywords of the language (a keyword with a link opens that page;
 * the others are searched for).
 */
export function SearchOverlay({ open, onOpenChange }: SearchOverlayProps) {
  const { t } = useTranslation();
  const context = usePageContext();
  const navigate = useNavigate();
  const [query, setQuery] = useState('');
  const inputRef = useRef<HTMLInputElement>(null);
  const keywords = usePopularKeywords(context, open);

  const search = (text: string) => {
    const trimmed = text.trim();
    if (!trimmed) return;
    onOpenChange(false);
    void navigate(searchPath(trimmed, context.lang));
  };
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    search(query);
  };

  return (
    <Dialog.Root open={open} onOpenChange={onOpenChange}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content
          className={styles.sheet}
          aria-describedby={undefined}
          onCloseAutoFocus={returnFocusToOpener}
          onOpenAutoFocus={(event) => {
            // Straight into the field: typing is what the visitor came for.
            event.preventDefault();
            inputRef.current?.focus();
          }}
        >
          <div className={`container ${styles.inner}`}>
            <div className={styles.head}>
              <Dialog.Title className={styles.title}>{t('search.title')}</Dialog.Title>
              <Dialog.Close className={styles.close} aria-label={t('search.close')}>
                <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                  <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" fill="none" />
                </svg>
              </Dialog.Close>
            </div>
            <form role="search" className={styles.form} onSubmit={onSubmit}>
              <label className="visually-hidden" htmlFor="site-search-input">
                {t('search.label')}
              </label>
              <svg className={styles.icon} viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
                <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" />
              </svg>
              <input
                ref={inputRef}
                id="site-search-input"
                className={styles.input}
                type="search"
                name="searchInfo"
                enterKeyHint="search"
                autoComplete="off"
                placeholder={t('search.placeholder')}
                aria-describedby="site-search-hint"
                value={query}
                onChange={(event) => setQuery(event.target.value)}
              />
              <button type="submit" className={buttonClass({ variant: 'primary' }, styles.submit)}>
                {t('search.submit')}
              </button>
            </form>
            <p id="site-search-hint" className={styles.hint}>
              {t('search.hint')}
            </p>
            {keywords.data && keywords.data.length > 0 ? (
              <section className={styles.popular} aria-labelledby="site-search-popular">
                <h2 id="site-search-popular" className={styles.popularTitle}>
                  {t('search.popular')}
                </h2>
                <ul className={styles.keywords}>
                  {keywords.data.map((keyword) => (
                    <li key={keyword.id}>
                      {keyword.link ? (
                        <SmartLink href={keyword.link} className={styles.keyword} onClick={() => onOpenChange(false)}>
                          {keyword.keyword}
                        </SmartLink>
                      ) : (
                        <button type="button" className={styles.keyword} onClick={() => search(keyword.keyword)}>
                          {keyword.keyword}
                        </button>
                      )}
                    </li>
                  ))}
                </ul>
              </section>
            ) : null}
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
