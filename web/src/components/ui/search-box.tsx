import { type FormEvent, useEffect, useId, useRef, useState } from 'react';
import { buttonClass } from '@/components/ui/button';
import styles from './search-box.module.css';
import { useHydrated } from '@/lib/use-hydrated';

export interface SearchBoxProps {
  /** Accessible name of the field (shown to assistive technology). */
  label: string;
  placeholder?: string;
  submitLabel: string;
  clearLabel: string;
  /** The search in force (usually from the address): the field starts with it and follows it. */
  value: string;
  /** A new search, trimmed and not empty. */
  onSearch: (value: string) => void;
  /** The search is cleared (the clear button, or searching for nothing). */
  onClear: () => void;
  /** Longest search the API accepts. */
  maxLength?: number;
  className?: string;
}

/**
 * A search form over a list: the field, a search button and, while there is something to clear,
 * a clear button that empties the field, ends the search and keeps focus in the field. Labels
 * come from the caller's catalogue.
 */
export function SearchBox({ label, placeholder, submitLabel, clearLabel, value, onSearch, onClear, maxLength = 100, className }: SearchBoxProps) {
  const hydrated = useHydrated();
  const id = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [text, setText] = useState(value);
  useEffect(() => setText(value), [value]);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    const trimmed = text.trim();
    if (trimmed) onSearch(trimmed);
    else if (value) onClear();
  };
  const clear = () => {
    setText('');
    if (value) onClear();
    inputRef.current?.focus();
  };

  return (
    <form role="search" className={[styles.form, className].filter(Boolean).join(' ')} onSubmit={submit}>
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <svg className={styles.icon} viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
        <circle cx="10.5" cy="10.5" r="6.5" fill="none" stroke="currentColor" strokeWidth="2" />
        <path d="m15.5 15.5 5 5" stroke="currentColor" strokeWidth="2" />
      </svg>
      <input
        ref={inputRef}
        id={id}
        className={styles.input}
        type="search"
        enterKeyHint="search"
        autoComplete="off"
        maxLength={maxLength}
        placeholder={placeholder}
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      {text || value ? (
        <button type="button" className={styles.clear} onClick={clear}>
          <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
            <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" fill="none" />
          </svg>
          <span className="visually-hidden">{clearLabel}</span>
        </button>
      ) : null}
      <button type="submit" className={buttonClass({ variant: 'primary' }, styles.submit)} disabled={!hydrated}>
        {submitLabel}
      </button>
    </form>
  );
}
