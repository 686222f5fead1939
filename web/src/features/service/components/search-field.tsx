import type { InputHTMLAttributes, ReactNode, Ref } from 'react';
import { buttonClass } from '@/components/ui/button';
import styles from './lookup.module.css';
import { useHydrated } from '@/lib/use-hydrated';

export interface SearchFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id' | 'className'> {
  id: string;
  label: string;
  hint?: ReactNode;
  /** The error, already translated; null when valid. */
  error: string | null;
  button: string;
  busy?: boolean;
  ref?: Ref<HTMLInputElement>;
}

/** A labelled input with its submit button, hint and error (tied to the input for screen readers). */
export function SearchField({ id, label, hint, error, button, busy = false, ref, ...input }: SearchFieldProps) {
  const hydrated = useHydrated();
  const describedBy = [error ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field} data-invalid={error ? 'true' : undefined}>
      <label htmlFor={id} className={styles.label}>
        {label}
      </label>
      <div className={styles.control}>
        <input
          ref={ref}
          id={id}
          className={styles.input}
          aria-invalid={error ? true : undefined}
          aria-required="true"
          aria-describedby={describedBy}
          {...input}
        />
        <button type="submit" className={buttonClass({ variant: 'primary' }, styles.submit)} disabled={!hydrated} aria-disabled={busy || undefined} data-busy={busy || undefined}>
          {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
          <span>{button}</span>
        </button>
      </div>
      {hint ? (
        <p id={`${id}-hint`} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <p id={`${id}-error`} className={styles.error} role={error ? 'alert' : undefined} hidden={!error}>
        {error}
      </p>
    </div>
  );
}
