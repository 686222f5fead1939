/**
 * A form the CMS defines (customForm): its fields rendered with the site's controls, checked
 * with a zod schema built from the definition (required, length, e-mail and phone patterns,
 * choices), and sent with customFormRecord under an idempotency key. Used for the cooperation
 * intent, the prototype request, the feedback form and the competition sign-up.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { type ReactNode, useMemo, useRef } from 'react';
import { Controller, type FieldValues, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { type CustomForm, type CustomFormField, submitFormRecord } from '@/api/custom-form';
import { LeadTrap } from './lead-trap';
import type { FormRecordReceipt } from '@/api/generated/model/formRecordReceipt.zod';
import { EmailRegExp } from '@/api/generated/model/email.zod';
import { PhoneRegExp } from '@/api/generated/model/phone.zod';
import { customFormRecordBodyValuesMaxOne } from '@/api/generated/model/customFormRecordBody.zod';
import { useFocusFirstInvalid } from '@/lib/form-focus';
import { type FormsKey, reportSubmitFailure } from '@/lib/form-submit';
import { settleSubmission, submissionKey } from '@/lib/idempotency';
import { useLeadGuard } from '@/lib/lead-guard';
import { type SiteLanguage, defaultCountry } from '@/lib/language';
import { regionText } from '@/lib/regions';
import { toast } from '@/lib/toast';
import { CountrySelect } from './country-select';
import { ChoiceGroup, Field, PolicyConsent, SubmitButton, controlAria, formStyles as styles } from './form-controls';
import { EMPTY_REGION, RegionPicker, type RegionValue } from './region-picker';

/** Required-field messages of spec section 5, by the field names the CMS forms use. */
const REQUIRED_BY_NAME: Record<string, FormsKey> = {
  userName: 'messages.name',
  customerName: 'messages.contactPerson',
  companyName: 'messages.companyName',
  phoneNumber: 'messages.phone',
  phone: 'messages.phone',
  email: 'messages.email',
  city: 'messages.city',
  country: 'messages.country',
  industry: 'messages.industry',
  companyType: 'messages.companyType',
  positionType: 'messages.positionType',
  scene: 'messages.scene',
  requireCount: 'messages.requireCount',
  productInfoGetChannel: 'messages.productInfoGetChannel',
  specificRequirements: 'messages.specificRequirements',
  comment: 'messages.comment',
};

const CHOICE_TYPES = new Set(['select', 'radio', 'checkbox', 'city', 'country']);

type CmsValue = string | string[] | RegionValue | boolean;
type CmsValues = Record<string, CmsValue>;

/** Form-state key of the i-th field (CMS names may hold characters react-hook-form reads as paths). */
const keyOf = (index: number) => `f${index}`;
const CONSENT = 'consent';

function requiredMessage(field: CustomFormField, overrides: Partial<Record<string, FormsKey>>): FormsKey {
  return overrides[field.name] ?? REQUIRED_BY_NAME[field.name] ?? (CHOICE_TYPES.has(field.type) ? 'messages.requiredChoice' : 'messages.requiredText');
}

function maxOf(field: CustomFormField): number {
  return field.maxLength ?? customFormRecordBodyValuesMaxOne;
}

/** The zod schema of a form definition; messages are `forms` keys. */
export function cmsFormSchema(form: CustomForm, overrides: Partial<Record<string, FormsKey>> = {}, consent = false) {
  const shape: Record<string, z.ZodType> = {};
  form.fields.forEach((field, index) => {
    const required = requiredMessage(field, overrides);
    const options = field.options.map((o) => o.value);
    switch (field.type) {
      case 'checkbox': {
        let list = z.array(z.string()).refine((values) => values.every((v) => options.includes(v)), 'messages.invalidChoice');
        if (field.required) list = list.refine((values) => values.length > 0, required);
        shape[keyOf(index)] = list;
        break;
      }
      case 'city':
        shape[keyOf(index)] = z
          .object({ province: z.string(), city: z.string() })
          .refine((region) => !field.required || (region.province !== '' && region.city !== ''), required);
        break;
      case 'select':
      case 'radio':
        shape[keyOf(index)] = z
          .string()
          .refine((v) => !field.required || v !== '', required)
          .refine((v) => v === '' || options.includes(v), 'messages.invalidChoice');
        break;
      default: {
        const max = maxOf(field);
        let text = z
          .string()
          .trim()
          .refine((v) => !field.required || v !== '', required)
          .refine((v) => [...v].length <= max, 'messages.tooLong');
        if (field.type === 'email') text = text.refine((v) => v === '' || (EmailRegExp.test(v) && z.email().safeParse(v).success), 'messages:account.invalid_email');
        if (field.type === 'phone') text = text.refine((v) => v === '' || PhoneRegExp.test(v), 'messages.phoneInvalid');
        shape[keyOf(index)] = text;
      }
    }
  });
  if (consent) shape[CONSENT] = z.boolean().refine((v) => v, 'messages.policy');
  return z.object(shape);
}

function defaultsOf(form: CustomForm, lang: SiteLanguage, consent: boolean): CmsValues {
  const values: CmsValues = {};
  form.fields.forEach((field, index) => {
    if (field.type === 'checkbox') values[keyOf(index)] = [];
    else if (field.type === 'city') values[keyOf(index)] = { ...EMPTY_REGION };
    else if (field.type === 'country') values[keyOf(index)] = defaultCountry(lang);
    else values[keyOf(index)] = '';
  });
  if (consent) values[CONSENT] = false;
  return values;
}

/** The record's values: by CMS name, checkbox values comma-separated, empty optional values left out. */
export function recordValues(form: CustomForm, data: CmsValues): Record<string, string> {
  const out: Record<string, string> = {};
  form.fields.forEach((field, index) => {
    const value = data[keyOf(index)];
    let text = '';
    if (Array.isArray(value)) text = value.join(',');
    else if (typeof value === 'object' && value !== null) text = value.province ? regionText(value) : '';
    else if (typeof value === 'string') text = value.trim();
    if (text !== '') out[field.name] = text;
  });
  return out;
}

export interface CmsFormProps {
  form: CustomForm;
  lang: SiteLanguage;
  /** The page the form is sent from (path and query). */
  sourcePage: string;
  /** Prefix of the controls' ids (unique on the page). */
  idPrefix: string;
  /** Ask for the terms and privacy consent (enquiries). */
  consent?: boolean;
  /** Required-field messages by CMS field name (e.g. the competition's own texts). */
  requiredMessages?: Partial<Record<string, FormsKey>>;
  /** Something to show under a field, by CMS field name (e.g. a link to an agreement). */
  extras?: Partial<Record<string, ReactNode>>;
  submitLabel: string;
  /** Toast after success; "Submitted successfully" with the follow-up promise when omitted. */
  successToast?: { title: string; detail?: string };
  onSubmitted?: (receipt: FormRecordReceipt) => void;
}

export function CmsForm({
  form,
  lang,
  sourcePage,
  idPrefix,
  consent = false,
  requiredMessages = {},
  extras = {},
  submitLabel,
  successToast,
  onSubmitted,
}: CmsFormProps) {
  const { t } = useTranslation(['forms', 'messages']);
  const schema = useMemo(() => cmsFormSchema(form, requiredMessages, consent), [form, requiredMessages, consent]);
  const defaults = useMemo(() => defaultsOf(form, lang, consent), [form, lang, consent]);
  const sending = useRef(false);
  const guard = useLeadGuard();
  const {
    control,
    handleSubmit,
    register,
    reset,
    setError,
    trigger,
    formState: { errors, isSubmitting, submitCount },
  } = useForm<FieldValues>({
    resolver: zodResolver(schema as z.ZodType<FieldValues, FieldValues>),
    defaultValues: defaults,
    mode: 'onBlur',
    reValidateMode: 'onChange',
    // The first field in error in the order they stand takes the focus (lib/form-focus.ts);
    // the errors show under their fields, the consent's under its box, and nowhere else.
    shouldFocusError: false,
  });
  const formRef = useFocusFirstInvalid(submitCount, Object.keys(errors).length > 0);

  const onValid = async (data: FieldValues) => {
    if (sending.current) return;
    sending.current = true;
    const record = { formId: form.id, sourcePage, values: recordValues(form, data) };
    const scope = `customFormRecord:${form.id}`;
    try {
      const receipt = await guard.send(submissionKey(scope, record), (headers) => submitFormRecord(record, headers, lang));
      settleSubmission(scope);
      reset(defaults);
      toast.success(successToast?.title ?? t('messages:form.submitted'), successToast ? successToast.detail : t('toasts.submittedDetail'));
      onSubmitted?.(receipt);
    } catch (error: unknown) {
      reportSubmitFailure(error, (key) => t(key), (name) => {
        const index = form.fields.findIndex((f) => f.name === name);
        if (index < 0) return false;
        setError(keyOf(index), { type: 'server', message: 'messages.checkField' }, { shouldFocus: true });
        return true;
      });
    } finally {
      sending.current = false;
    }
  };

  return (
    <form ref={formRef} className={styles.form} noValidate onSubmit={handleSubmit(onValid)} onFocus={guard.onFocus} aria-busy={isSubmitting || undefined}>
      <LeadTrap inputRef={guard.trapRef} />
      {form.fields.map((field, index) => {
        const name = keyOf(index);
        const id = `${idPrefix}-${field.name}`;
        const error = errors[name] as { message?: string } | undefined;
        const invalid = Boolean(error?.message);
        const extra = extras[field.name] ?? null;
        const placeholder = field.placeholder ?? undefined;

        switch (field.type) {
          case 'textarea':
            return (
              <Field key={name} id={id} label={field.label} required={field.required} error={error} maxLength={maxOf(field)} wide hint={extra}>
                <textarea
                  id={id}
                  className={styles.textarea}
                  placeholder={placeholder}
                  maxLength={maxOf(field)}
                  {...controlAria(id, invalid, field.required, Boolean(extra))}
                  {...register(name)}
                />
              </Field>
            );
          case 'select':
            return (
              <Field key={name} id={id} label={field.label} required={field.required} error={error} hint={extra}>
                <select
                  id={id}
                  className={styles.select}
                  {...controlAria(id, invalid, field.required, Boolean(extra))}
                  {...register(name, { onChange: () => void trigger(name) })}
                >
                  <option value="">{placeholder ?? t('common.select')}</option>
                  {field.options.map((option) => (
                    <option key={option.value} value={option.value}>
                      {option.label}
                    </option>
                  ))}
                </select>
              </Field>
            );
          case 'radio':
            return (
              <ChoiceGroup key={name} id={id} legend={field.label} required={field.required} error={error} wide kind="radio">
                {field.options.map((option) => (
                  <label key={option.value} className={styles.choice}>
                    <input type="radio" value={option.value} {...register(name, { onChange: () => void trigger(name) })} />
                    {option.label}
                  </label>
                ))}
                {extra ? <span className={styles.extra}>{extra}</span> : null}
              </ChoiceGroup>
            );
          case 'checkbox':
            return (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field: f }) => {
                  const chosen = Array.isArray(f.value) ? (f.value as string[]) : [];
                  const single = field.options.length === 1;
                  return (
                    <ChoiceGroup id={id} legend={field.label} required={field.required} error={error} wide>
                      {field.options.map((option, i) => (
                        <label key={option.value} className={single ? styles.choiceBlock : styles.choice}>
                          <input
                            type="checkbox"
                            value={option.value}
                            ref={i === 0 ? f.ref : undefined}
                            checked={chosen.includes(option.value)}
                            onBlur={f.onBlur}
                            onChange={(event) => {
                              const next = event.target.checked
                                ? [...chosen, option.value]
                                : chosen.filter((v) => v !== option.value);
                              f.onChange(field.options.map((o) => o.value).filter((v) => next.includes(v)));
                              void trigger(name);
                            }}
                          />
                          <span>{option.label}</span>
                        </label>
                      ))}
                      {extra ? <span className={styles.extra}>{extra}</span> : null}
                    </ChoiceGroup>
                  );
                }}
              />
            );
          case 'city':
            return (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field: f }) => (
                  <RegionPicker
                    id={id}
                    label={field.label}
                    required={field.required}
                    error={error}
                    wide
                    value={f.value as RegionValue}
                    inputRef={f.ref}
                    onBlur={f.onBlur}
                    onChange={(region) => {
                      f.onChange(region);
                      if (region.city) void trigger(name);
                    }}
                  />
                )}
              />
            );
          case 'country':
            return (
              <Controller
                key={name}
                control={control}
                name={name}
                render={({ field: f }) => (
                  <Field id={id} label={field.label} required={field.required} error={error} hint={extra}>
                    <CountrySelect
                      id={id}
                      lang={lang}
                      value={f.value as string}
                      selectRef={f.ref}
                      onBlur={f.onBlur}
                      onChange={(code) => {
                        f.onChange(code);
                        void trigger(name);
                      }}
                      {...controlAria(id, invalid, field.required, Boolean(extra))}
                    />
                  </Field>
                )}
              />
            );
          default: {
            const inputType = field.type === 'email' ? 'email' : field.type === 'phone' ? 'tel' : 'text';
            return (
              <Field key={name} id={id} label={field.label} required={field.required} error={error} maxLength={maxOf(field)} hint={extra} wide={Boolean(extra)}>
                <input
                  id={id}
                  type={inputType}
                  className={styles.input}
                  placeholder={placeholder}
                  maxLength={maxOf(field)}
                  autoComplete={autoCompleteOf(field)}
                  {...controlAria(id, invalid, field.required, Boolean(extra))}
                  {...register(name)}
                />
              </Field>
            );
          }
        }
      })}
      {consent ? (
        <Controller
          control={control}
          name={CONSENT}
          render={({ field: f }) => (
            <PolicyConsent
              id={`${idPrefix}-consent`}
              lang={lang}
              checked={f.value === true}
              inputRef={f.ref}
              onBlur={f.onBlur}
              onChange={(checked) => {
                f.onChange(checked);
                void trigger(CONSENT);
              }}
              error={errors[CONSENT] as { message?: string } | undefined}
            />
          )}
        />
      ) : null}
      <div className={styles.actions}>
        <SubmitButton busy={isSubmitting}>{submitLabel}</SubmitButton>
      </div>
    </form>
  );
}

function autoCompleteOf(field: CustomFormField): string | undefined {
  if (field.type === 'email') return 'email';
  if (field.type === 'phone') return 'tel';
  if (field.name === 'userName' || field.name === 'customerName') return 'name';
  if (field.name === 'companyName') return 'organization';
  return undefined;
}
