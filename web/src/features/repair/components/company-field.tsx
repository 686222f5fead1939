import { type KeyboardEvent, type Ref, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formStyles } from '@/components/ui/form-controls';
import { usePageContext } from '@/lib/use-page-language';
import { type Company, useCompanySuggestions } from '../api/companies';
import styles from './repair-form.module.css';

/** Debounce of the company lookup (spec section 9: 500 ms). */
export const COMPANY_DEBOUNCE_MS = 500;

function useDebounced<T>(value: T, delay: number): T {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), delay);
    return () => clearTimeout(timer);
  }, [value, delay]);
  return debounced;
}

interface Props {
  id: string;
  value: string;
  maxLength: number;
  inputRef: Ref<HTMLInputElement>;
  onChange: (value: string) => void;
  onBlur: () => void;
  /** A company picked from the list: its name and address. */
  onPick: (company: Company) => void;
  aria: Record<string, string | boolean | undefined>;
}

/**
 * The company name with suggestions from the service system (companyList), asked 500 ms after
 * the visitor stops typing. An ARIA combobox: arrow keys move through the list, Enter picks,
 * Escape closes; picking fills the company address as well. Typing a name that is not listed is
 * fine: the list only helps.
 */
export function CompanyField({ id, value, maxLength, inputRef, onChange, onBlur, onPick, aria }: Props) {
  const { t } = useTranslation('repair');
  const context = usePageContext();
  const listId = useId();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const keyword = useDebounced(value, COMPANY_DEBOUNCE_MS);
  const suggestions = useCompanySuggestions(keyword, open, context);
  const companies = suggestions.data ?? [];
  const settled = keyword === value;
  const showList = open && value.trim() !== '' && settled && suggestions.isSuccess && companies.length > 0;

  useEffect(() => setActive(-1), [keyword]);

  const pick = (company: Company) => {
    onPick(company);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      if (showList) setActive((index) => (index + 1) % companies.length);
    } else if (event.key === 'ArrowUp' && showList) {
      event.preventDefault();
      setActive((index) => (index <= 0 ? companies.length - 1 : index - 1));
    } else if (event.key === 'Enter' && showList && active >= 0) {
      event.preventDefault();
      const company = companies[active];
      if (company) pick(company);
    } else if (event.key === 'Escape' && open) {
      event.preventDefault();
      setOpen(false);
    }
  };

  return (
    <div className={styles.combo}>
      <input
        ref={inputRef}
        id={id}
        className={formStyles.input}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={showList}
        aria-controls={listId}
        aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
        autoComplete="organization"
        maxLength={maxLength}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          onBlur();
        }}
        {...aria}
      />
      <ul id={listId} role="listbox" aria-label={t('company.suggestions')} className={styles.listbox} hidden={!showList}>
        {showList
          ? companies.map((company, index) => (
              <li
                key={`${company.companyName}-${index}`}
                id={`${listId}-${index}`}
                role="option"
                aria-selected={index === active}
                className={styles.option}
                // Before the input's blur: the pick must land first.
                onMouseDown={(event) => {
                  event.preventDefault();
                  pick(company);
                }}
              >
                <span className={styles.optionName}>{company.companyName}</span>
                <span className={styles.optionAddress}>{company.companyAddress}</span>
              </li>
            ))
          : null}
      </ul>
      <span className={styles.visuallyHidden} role="status">
        {showList ? t('company.count', { n: companies.length }) : ''}
      </span>
    </div>
  );
}
