/**
 * What the two sales enquiries (Chinese and overseas, spec sections 3 to 5) have in common: the
 * form and its checking (a field on blur, again on every change once invalid), one submission at
 * a time under an idempotency key, the lead's finish or failure, the policy consent, the submit
 * button, and the text fields both ask for. Each form keeps only its own: fields, schema, body and
 * CRM call.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useRef } from 'react';
import { type Control, Controller, type DefaultValues, type FieldError, type FieldValues, type Path, type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Field, PolicyConsent, SubmitButton, controlAria, formStyles as styles } from '@/components/ui/form-controls';
import { useFocusFirstInvalid } from '@/lib/form-focus';
import { reportSubmitFailure } from '@/lib/form-submit';
import { LeadTrap } from '@/components/ui/lead-trap';
import { settleSubmission, submissionKey } from '@/lib/idempotency';
import { type LeadGuard, type LeadHeaders, useLeadGuard } from '@/lib/lead-guard';
import type { SiteLanguage } from '@/lib/language';
import { useLeadFinish } from './use-lead-finish';

/** What the dialog gives an enquiry form. */
export interface EnquiryFormProps {
  lang: SiteLanguage;
  /** The page the dialog was opened on (path and query), for the sales team. */
  sourcePage: string;
  /** Called once the lead was accepted (the dialog closes). */
  onDone: () => void;
}

/** The values of an enquiry: its own fields and the policy consent. */
export type EnquiryValues = FieldValues & { consent: boolean };

export interface EnquirySetup<V extends EnquiryValues, Body> {
  lang: SiteLanguage;
  onDone: () => void;
  /** The ids of the form's controls are `${idPrefix}-${field}`. */
  idPrefix: string;
  schema: z.ZodType<V, V>;
  defaults: V;
  /** The CRM call's idempotency scope: a retry of the same body in it reuses its key. */
  scope: string;
  /** The CRM body of checked values. */
  bodyOf: (values: V) => Body | Promise<Body>;
  /** Sends the body to the CRM with the lead's headers (idempotency key, proof, trap). */
  send: (body: Body, headers: LeadHeaders, lang: SiteLanguage) => Promise<unknown>;
  /** The form field a server field error names, where the two differ (default: the same name). */
  fieldOf?: ((name: string) => string) | undefined;
  /** Called once the lead was accepted, before the form is reset. */
  onSent?: (() => void) | undefined;
}

/** An enquiry's form: react-hook-form's methods, its submit handler and the ids and states of its controls. */
export type EnquiryForm<V extends EnquiryValues> = UseFormReturn<V> & {
  lang: SiteLanguage;
  /** The lead's bot defences: the trap field and the puzzle solved from the first focus. */
  guard: LeadGuard;
  /** A submission is under way. */
  busy: boolean;
  submit: ReturnType<UseFormReturn<V>['handleSubmit']>;
  /** The id of a field's control. */
  id: (name: string) => string;
  /** The field's error, if any. */
  error: (name: Path<V>) => FieldError | undefined;
  /** The aria attributes of a required field's control. */
  aria: (name: Path<V>) => ReturnType<typeof controlAria>;
};

/**
 * The form of an enquiry. A valid form is sent once (a second press while it is sent does
 * nothing); an accepted lead settles its key, resets the form and finishes (thanks, dialog closed,
 * /thx). A failure keeps what was typed: the server's field errors land on the fields and a toast
 * says what went wrong. An incomplete form says why under each field, the consent's under its box,
 * and nothing more: no toast repeats them over the fields.
 */
export function useEnquiryForm<V extends EnquiryValues, Body>(setup: EnquirySetup<V, Body>): EnquiryForm<V> {
  const { lang, onDone, idPrefix, schema, defaults, scope, bodyOf, send, fieldOf = (name) => name, onSent } = setup;
  const { t } = useTranslation(['forms', 'messages']);
  const finish = useLeadFinish(lang, onDone);
  const sending = useRef(false);
  const guard = useLeadGuard();
  const form = useForm<V>({
    resolver: zodResolver(schema),
    defaultValues: defaults as DefaultValues<V>,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    // The frame focuses the first field in error in the order they stand (lib/form-focus.ts).
    shouldFocusError: false,
  });
  const {
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = form;

  const onValid = async (values: V) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const body = await bodyOf(values);
      await guard.send(submissionKey(scope, body), (headers) => send(body, headers, lang));
      settleSubmission(scope);
      onSent?.();
      reset(defaults);
      finish();
    } catch (error: unknown) {
      reportSubmitFailure(error, (key) => t(key), (name) => {
        const field = fieldOf(name);
        if (!(field in defaults) || field === 'consent') return false;
        setError(field as Path<V>, { type: 'server', message: 'messages.checkField' }, { shouldFocus: true });
        return true;
      });
    } finally {
      sending.current = false;
    }
  };

  const id = (name: string) => `${idPrefix}-${name}`;
  const error = (name: Path<V>) => (errors as Record<string, FieldError | undefined>)[name];
  return {
    ...form,
    lang,
    guard,
    busy: isSubmitting,
    submit: handleSubmit(onValid),
    id,
    error,
    aria: (name) => controlAria(id(name), Boolean(error(name)?.message), true),
  };
}

/**
 * The frame of an enquiry: the form with its own fields, then the policy consent (checked as soon
 * as it changes) and the submit button. An incomplete form focuses its first field in error.
 */
export function EnquiryFormFrame<V extends EnquiryValues>({ form, children }: { form: EnquiryForm<V>; children: ReactNode }) {
  const { t } = useTranslation('forms');
  const { submitCount, errors } = form.formState;
  const formRef = useFocusFirstInvalid(submitCount, Object.keys(errors).length > 0);
  // Every enquiry has the consent; the frame sees no more of the values than that.
  const control = form.control as unknown as Control<{ consent: boolean }>;
  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={form.submit} onFocus={form.guard.onFocus} aria-busy={form.busy || undefined}>
      <LeadTrap inputRef={form.guard.trapRef} />
      {children}
      <Controller
        control={control}
        name="consent"
        render={({ field }) => (
          <PolicyConsent
            id={form.id('consent')}
            lang={form.lang}
            checked={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(checked) => {
              field.onChange(checked);
              void form.trigger('consent' as Path<V>);
            }}
            error={form.error('consent' as Path<V>)}
          />
        )}
      />
      <div className={styles.actions}>
        <SubmitButton busy={form.busy}>{t('enquiry.submit')}</SubmitButton>
      </div>
    </form>
  );
}

interface TextFieldProps<V extends EnquiryValues> {
  form: EnquiryForm<V>;
  name: Path<V>;
  label: string;
  autoComplete: string;
  /** `tel` also brings up the phone keypad. */
  type?: 'email' | 'tel' | undefined;
  maxLength?: number | undefined;
}

/** A required one-line text field: name, company, e-mail or phone. */
export function TextField<V extends EnquiryValues>({ form, name, label, autoComplete, type, maxLength }: TextFieldProps<V>) {
  const id = form.id(name);
  return (
    <Field id={id} label={label} required error={form.error(name)} maxLength={maxLength}>
      <input
        id={id}
        className={styles.input}
        type={type}
        autoComplete={autoComplete}
        inputMode={type === 'tel' ? 'tel' : undefined}
        maxLength={maxLength}
        {...form.aria(name)}
        {...form.register(name)}
      />
    </Field>
  );
}

interface MessageFieldProps<V extends EnquiryValues> {
  form: EnquiryForm<V>;
  name: Path<V>;
  label: string;
  placeholder: string;
  maxLength: number;
}

/** The required message of an enquiry (the requirements, the comment), across the whole form. */
export function MessageField<V extends EnquiryValues>({ form, name, label, placeholder, maxLength }: MessageFieldProps<V>) {
  const id = form.id(name);
  return (
    <Field id={id} label={label} required wide error={form.error(name)} maxLength={maxLength}>
      <textarea id={id} className={styles.textarea} placeholder={placeholder} maxLength={maxLength} {...form.aria(name)} {...form.register(name)} />
    </Field>
  );
}
