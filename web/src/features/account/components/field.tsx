import { type InputHTMLAttributes, type ReactNode, type Ref, type SelectHTMLAttributes, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import type { AccountKey } from '../utils/keys';
import styles from './forms.module.css';

/** Ids that tie a control to its label, hint and message. */
export function useFieldIds(name: string) {
  const base = `${useId()}-${name}`;
  return { input: `${base}-input`, hint: `${base}-hint`, error: `${base}-error` };
}

/** The message of a field error: a key of the `account` catalogue or a server text (`messages:<key>`), translated here. */
export function FieldMessage({ id, error }: { id: string; error: FieldError | undefined }) {
  const { t } = useTranslation(['account', 'messages']);
  return (
    <p id={id} className={styles.error} aria-live="polite">
      {error?.message ? t(error.message as AccountKey) : null}
    </p>
  );
}

export interface FieldProps {
  name: string;
  label: string;
  error: FieldError | undefined;
  hint?: ReactNode;
  /** Renders the control with the ids and ARIA attributes it needs. */
  children: (control: { id: string; 'aria-invalid': boolean; 'aria-describedby': string }) => ReactNode;
  /** Something beside the control (e.g. the send-code button). */
  addon?: ReactNode;
}

/** A labelled form control with an optional hint and its validation message below. */
export function Field({ name, label, error, hint, children, addon }: FieldProps) {
  const ids = useFieldIds(name);
  const describedBy = [hint ? ids.hint : null, ids.error].filter(Boolean).join(' ');
  return (
    <div className={styles.field} data-invalid={error ? 'true' : undefined}>
      <label className={styles.label} htmlFor={ids.input}>
        {label}
      </label>
      <div className={addon ? styles.withAddon : undefined}>
        {children({ id: ids.input, 'aria-invalid': Boolean(error), 'aria-describedby': describedBy })}
        {addon}
      </div>
      {hint ? (
        <p id={ids.hint} className={styles.hint}>
          {hint}
        </p>
      ) : null}
      <FieldMessage id={ids.error} error={error} />
    </div>
  );
}

type InputProps = InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };

export function TextInput(props: InputProps) {
  return <input type="text" {...props} className={styles.input} />;
}

/** A password input with a show/hide toggle. */
export function PasswordInput(props: InputProps) {
  const { t } = useTranslation('account');
  const [visible, setVisible] = useState(false);
  return (
    <div className={styles.password}>
      <input {...props} type={visible ? 'text' : 'password'} className={styles.input} />
      <button
        type="button"
        className={styles.reveal}
        aria-pressed={visible}
        aria-label={visible ? t('fields.hidePassword') : t('fields.showPassword')}
        onClick={() => setVisible((v) => !v)}
      >
        <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
          <path d="M2 12s3.6-7 10-7 10 7 10 7-3.6 7-10 7S2 12 2 12Z" fill="none" stroke="currentColor" strokeWidth="1.6" />
          <circle cx="12" cy="12" r="3" fill="none" stroke="currentColor" strokeWidth="1.6" />
          {visible ? null : <path d="M4 20 20 4" stroke="currentColor" strokeWidth="1.6" />}
        </svg>
      </button>
    </div>
  );
}

type SelectProps = SelectHTMLAttributes<HTMLSelectElement> & { ref?: Ref<HTMLSelectElement> };

export function SelectInput({ children, ...props }: SelectProps) {
  return (
    <select {...props} className={styles.select}>
      {children}
    </select>
  );
}

/** A checkbox with its label (which may hold links) and its message. */
export function CheckboxField({
  name,
  error,
  children,
  inputProps,
}: {
  name: string;
  error: FieldError | undefined;
  children: ReactNode;
  inputProps: InputProps;
}) {
  const ids = useFieldIds(name);
  return (
    <div className={styles.checkField} data-invalid={error ? 'true' : undefined}>
      <div className={styles.check}>
        <input {...inputProps} id={ids.input} type="checkbox" aria-invalid={Boolean(error)} aria-describedby={ids.error} />
        <label htmlFor={ids.input}>{children}</label>
      </div>
      <FieldMessage id={ids.error} error={error} />
    </div>
  );
}
