import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { type Keyword, type KeywordInput, keywordSchema } from '../schemas/keyword';
import { buttonClass } from '@/components/ui/button';
import styles from './keyword-search.module.css';
import { useHydrated } from '@/lib/use-hydrated';

export interface KeywordSearchProps {
  id: string;
  /** The keyword being shown (from the address), so the field follows back/forward. */
  value: string;
  onSearch: (keyword: string) => void;
}

/** Keyword search over positions (title or department). An empty search lists every position. */
export function KeywordSearch({ id, value, onSearch }: KeywordSearchProps) {
  const hydrated = useHydrated();
  const { t } = useTranslation('recruit');
  const form = useForm<KeywordInput, unknown, Keyword>({
    resolver: zodResolver(keywordSchema),
    mode: 'onBlur',
    reValidateMode: 'onBlur',
    defaultValues: { keyword: value },
  });
  const { reset } = form;
  useEffect(() => reset({ keyword: value }), [value, reset]);

  const error = form.formState.errors.keyword?.message;
  const errorText = error ? t(error as 'search.errors.tooLong') : null;
  return (
    <form role="search" aria-label={t('search.label')} noValidate className={styles.form} onSubmit={form.handleSubmit((v) => onSearch(v.keyword))}>
      <label htmlFor={id} className="visually-hidden">
        {t('search.label')}
      </label>
      <div className={styles.control}>
        <svg className={styles.icon} viewBox="0 0 20 20" width="18" height="18" aria-hidden="true">
          <circle cx="8.5" cy="8.5" r="5.5" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <path d="m13 13 4 4" stroke="currentColor" strokeWidth="1.6" strokeLinecap="round" />
        </svg>
        <input
          id={id}
          type="search"
          className={styles.input}
          placeholder={t('search.placeholder')}
          autoComplete="off"
          aria-invalid={errorText ? true : undefined}
          aria-describedby={errorText ? `${id}-error` : undefined}
          {...form.register('keyword')}
        />
        <button type="submit" className={buttonClass({ variant: 'primary' }, styles.submit)} disabled={!hydrated}>
          {t('search.submit')}
        </button>
      </div>
      <p id={`${id}-error`} className={styles.error} role={errorText ? 'alert' : undefined} hidden={!errorText}>
        {errorText}
      </p>
    </form>
  );
}
