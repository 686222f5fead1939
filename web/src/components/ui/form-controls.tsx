/**
 * The building blocks of the site's forms (enquiry dialog, cooperation intent, competition, CMS
 * forms): a labelled field with its error, a group of choices, the policy consent and the submit
 * button. Error messages are keys of the `forms` catalogue (schemas carry keys, never text);
 * `{{label}}` and `{{max}}` in them are filled from the field.
 */
import type { ReactNode } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { SiteLanguage } from '@/lib/language';
import { legalPath } from '@/lib/routing';
import type { FormsKey } from '@/lib/form-submit';
import { Button } from './button';
import styles from './form-controls.module.css';
import { useHydrated } from '@/lib/use-hydrated';

export type { FormsKey };

export { styles as formStyles };

export interface FieldErrorLike {
  message?: string | undefined;
}

/**
 * The visitor's text for an error: the message is a `forms` key, `messages:<key>` (a sentence the
 * server says too, from the shared catalogue), or (from elsewhere) text.
 */
export function useFieldErrorText() {
  const { t, i18n } = useTranslation(['forms', 'messages']);
  return (error: FieldErrorLike | undefined, params: { label?: string; max?: number } = {}): string | null => {
    const message = error?.message;
    if (!message) return null;
    if (i18n.exists(message, { ns: 'forms' })) return t(message as FormsKey, { label: params.label ?? '', max: params.max ?? 0 });
    return message;
  };
}

interface FieldProps {
  /** Id of the control; the label, hint and error are tied to it. */
  id: string;
  label: string;
  required?: boolean | undefined;
  error?: FieldErrorLike | undefined;
  hint?: ReactNode;
  /** Longest value, for the "too long" message. */
  maxLength?: number | null | undefined;
  /** Spans both columns of the form grid. */
  wide?: boolean | undefined;
  children: ReactNode;
}

/** A control with its label above and, when invalid, its error below (announced, tied by aria-describedby). */
export function Field({ id, label, required, error, hint, maxLength, wide, children }: FieldProps) {
  const errorText = useFieldErrorText()(error, { label, max: maxLength ?? undefined });
  return (
    <div className={wide ? `${styles.field} ${styles.wide}` : styles.field} data-invalid={errorText ? 'true' : undefined}>
      <span className={styles.labelRow}>
        <label className={styles.label} htmlFor={id}>
          {label}
        </label>
        {required ? <RequiredMark /> : null}
      </span>
      {children}
      {hint ? (
        <p className={styles.hint} id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      <FieldError id={`${id}-error`} text={errorText} />
    </div>
  );
}

interface ChoiceGroupProps {
  id: string;
  legend: string;
  required?: boolean | undefined;
  error?: FieldErrorLike | undefined;
  wide?: boolean | undefined;
  /** `radio`: the group is a radiogroup (which can say it is required); otherwise a plain group. */
  kind?: 'radio' | 'group';
  children: ReactNode;
}

/** Radios, checkboxes or a pair of selects under one legend (a fieldset), with the group's error. */
export function ChoiceGroup({ id, legend, required, error, wide, kind = 'group', children }: ChoiceGroupProps) {
  const errorText = useFieldErrorText()(error, { label: legend });
  const radio = kind === 'radio';
  return (
    <fieldset
      className={wide ? `${styles.field} ${styles.group} ${styles.wide}` : `${styles.field} ${styles.group}`}
      id={id}
      role={radio ? 'radiogroup' : undefined}
      aria-describedby={errorText ? `${id}-error` : undefined}
      aria-required={radio && required ? true : undefined}
      aria-invalid={radio && errorText ? true : undefined}
      data-invalid={errorText ? 'true' : undefined}
    >
      <legend className={styles.label}>
        {legend}
        {required ? <RequiredMark /> : null}
      </legend>
      <div className={styles.choices}>{children}</div>
      <FieldError id={`${id}-error`} text={errorText} />
    </fieldset>
  );
}

function RequiredMark() {
  return (
    <span className={styles.required} aria-hidden="true">
      *
    </span>
  );
}

export function FieldError({ id, text }: { id: string; text: string | null }) {
  return (
    <p className={styles.error} id={id} role={text ? 'alert' : undefined} hidden={!text}>
      {text}
    </p>
  );
}

/** aria attributes of a control, by whether it has an error (and a hint). */
export function controlAria(id: string, invalid: boolean, required?: boolean, hint?: boolean) {
  const describedBy = [invalid ? `${id}-error` : null, hint ? `${id}-hint` : null].filter(Boolean).join(' ');
  return {
    'aria-invalid': invalid || undefined,
    'aria-required': required || undefined,
    'aria-describedby': describedBy || undefined,
  } as const;
}

interface ConsentProps {
  id: string;
  lang: SiteLanguage;
  checked: boolean;
  onChange: (checked: boolean) => void;
  onBlur?: () => void;
  error?: FieldErrorLike | undefined;
  inputRef?: (element: HTMLInputElement | null) => void;
}

/**
 * "I have read and agree to the terms and the privacy policy", both opening the imprint page in a
 * new tab. Must be ticked before any enquiry is sent (spec section 5).
 */
export function PolicyConsent({ id, lang, checked, onChange, onBlur, error, inputRef }: ConsentProps) {
  const { t } = useTranslation('forms');
  const errorText = useFieldErrorText()(error);
  const link = (key: string) => (
    <a className={styles.inlineLink} href={legalPath(key, lang)} target="_blank" rel="noopener noreferrer">
      {/* filled by Trans */}
    </a>
  );
  return (
    <div className={`${styles.consent} ${styles.wide}`} data-invalid={errorText ? 'true' : undefined}>
      <input
        ref={inputRef}
        id={id}
        type="checkbox"
        className={styles.checkbox}
        checked={checked}
        onChange={(event) => onChange(event.target.checked)}
        onBlur={onBlur}
        {...controlAria(id, Boolean(errorText), true)}
      />
      <label htmlFor={id} className={styles.consentText}>
        <Trans t={t} i18nKey="consent.text" components={{ terms: link('terms'), privacy: link('privacy') }} />
        <span className={styles.visuallyHidden}> {t('consent.newTab')}</span>
      </label>
      <FieldError id={`${id}-error`} text={errorText} />
    </div>
  );
}

/**
 * The form's submit button; busy while the submission is under way (a second press does nothing),
 * disabled until the page's code runs (use-hydrated.ts).
 */
export function SubmitButton({ busy, children }: { busy: boolean; children: ReactNode }) {
  const { t } = useTranslation('forms');
  const hydrated = useHydrated();
  return (
    <Button type="submit" className={styles.submit} disabled={!hydrated} aria-disabled={busy || undefined} busy={busy}>
      {busy ? <span className={styles.spinner} aria-hidden="true" /> : null}
      <span>{busy ? t('common.submitting') : children}</span>
    </Button>
  );
}
