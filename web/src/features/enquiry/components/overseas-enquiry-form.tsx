import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useRef } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '@/components/ui/country-select';
import { Field, PolicyConsent, SubmitButton, controlAria, formStyles as styles } from '@/components/ui/form-controls';
import { reportSubmitFailure } from '@/lib/form-submit';
import { settleSubmission, submissionKey } from '@/lib/idempotency';
import { type SiteLanguage, defaultCountry } from '@/lib/language';
import { toast } from '@/lib/toast';
import { usePageContext } from '@/lib/use-page-language';
import { useDictionary } from '../api/dictionaries';
import { submitOverseasEnquiry } from '../api/submit-enquiry';
import { LIMITS, type OverseasEnquiryValues, overseasDefaults, overseasEnquiryBody, overseasEnquirySchema } from '../schemas/enquiry';
import { useLeadFinish } from './use-lead-finish';

const SCOPE = 'addOverseasSaleClue';

interface Props {
  lang: SiteLanguage;
  sourcePage: string;
  onDone: () => void;
}

/**
 * The sales enquiry of the other languages (spec section 3): name, phone, e-mail, company,
 * industry and company type (dictionaries), message and country (defaulting from the page
 * language), with the policy consent. Text fields are checked on blur; country and industry as
 * soon as they change.
 */
export function OverseasEnquiryForm({ lang, sourcePage, onDone }: Props) {
  const { t } = useTranslation(['forms', 'messages']);
  const context = usePageContext();
  const industries = useDictionary('industry_tags', context);
  const companyTypes = useDictionary('company_type', context);
  const finish = useLeadFinish(lang, onDone);
  const sending = useRef(false);
  const defaults = useMemo(() => overseasDefaults(defaultCountry(lang)), [lang]);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<OverseasEnquiryValues>({
    resolver: zodResolver(overseasEnquirySchema),
    defaultValues: defaults,
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });

  const onValid = async (values: OverseasEnquiryValues) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const body = overseasEnquiryBody(values, sourcePage);
      await submitOverseasEnquiry(body, submissionKey(SCOPE, body), lang);
      settleSubmission(SCOPE);
      reset(defaults);
      finish();
    } catch (error: unknown) {
      reportSubmitFailure(error, (key) => t(key), (name) => {
        if (!(name in defaults) || name === 'consent') return false;
        setError(name as keyof OverseasEnquiryValues, { type: 'server', message: 'messages.checkField' }, { shouldFocus: true });
        return true;
      });
    } finally {
      sending.current = false;
    }
  };

  const onInvalid = (invalid: FieldErrors<OverseasEnquiryValues>) => {
    if (invalid.consent) toast.warning(t('toasts.policy'));
  };

  const id = (name: string) => `enquiry-intl-${name}`;
  const aria = (name: keyof OverseasEnquiryValues) => controlAria(id(name), Boolean(errors[name]?.message), true);

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={isSubmitting || undefined}>
      <Field id={id('userName')} label={t('enquiry.userName')} required error={errors.userName} maxLength={LIMITS.overseasUserName}>
        <input
          id={id('userName')}
          className={styles.input}
          autoComplete="name"
          maxLength={LIMITS.overseasUserName}
          {...aria('userName')}
          {...register('userName')}
        />
      </Field>
      <Field id={id('companyName')} label={t('enquiry.companyName')} required error={errors.companyName} maxLength={LIMITS.overseasCompanyName}>
        <input
          id={id('companyName')}
          className={styles.input}
          autoComplete="organization"
          maxLength={LIMITS.overseasCompanyName}
          {...aria('companyName')}
          {...register('companyName')}
        />
      </Field>
      <Field id={id('email')} label={t('enquiry.email')} required error={errors.email}>
        <input id={id('email')} className={styles.input} type="email" autoComplete="email" {...aria('email')} {...register('email')} />
      </Field>
      <Field id={id('phone')} label={t('enquiry.phone')} required error={errors.phone}>
        <input id={id('phone')} className={styles.input} type="tel" autoComplete="tel" inputMode="tel" {...aria('phone')} {...register('phone')} />
      </Field>
      <Field id={id('industry')} label={t('enquiry.industry')} required error={errors.industry}>
        <select
          id={id('industry')}
          className={styles.select}
          aria-busy={industries.isPending || undefined}
          {...aria('industry')}
          {...register('industry', { onChange: () => void trigger('industry') })}
        >
          <option value="">{t('common.select')}</option>
          {industries.entries.map((entry) => (
            <option key={entry.dictValue} value={entry.dictValue}>
              {entry.dictLabel}
            </option>
          ))}
        </select>
      </Field>
      <Field id={id('companyType')} label={t('enquiry.companyType')} required error={errors.companyType}>
        <select
          id={id('companyType')}
          className={styles.select}
          aria-busy={companyTypes.isPending || undefined}
          {...aria('companyType')}
          {...register('companyType')}
        >
          <option value="">{t('common.select')}</option>
          {companyTypes.entries.map((entry) => (
            <option key={entry.dictValue} value={entry.dictValue}>
              {entry.dictLabel}
            </option>
          ))}
        </select>
      </Field>
      <Controller
        control={control}
        name="country"
        render={({ field }) => (
          <Field id={id('country')} label={t('enquiry.country')} required error={errors.country} wide>
            <CountrySelect
              id={id('country')}
              lang={lang}
              value={field.value}
              selectRef={field.ref}
              autoComplete="country"
              onBlur={field.onBlur}
              onChange={(code) => {
                field.onChange(code);
                void trigger('country');
              }}
              {...aria('country')}
            />
          </Field>
        )}
      />
      <Field id={id('comment')} label={t('enquiry.comment')} required wide error={errors.comment} maxLength={LIMITS.comment}>
        <textarea
          id={id('comment')}
          className={styles.textarea}
          placeholder={t('enquiry.commentPlaceholder')}
          maxLength={LIMITS.comment}
          {...aria('comment')}
          {...register('comment')}
        />
      </Field>
      <Controller
        control={control}
        name="consent"
        render={({ field }) => (
          <PolicyConsent
            id={id('consent')}
            lang={lang}
            checked={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(checked) => {
              field.onChange(checked);
              void trigger('consent');
            }}
            error={errors.consent}
          />
        )}
      />
      <div className={styles.actions}>
        <SubmitButton busy={isSubmitting}>{t('enquiry.submit')}</SubmitButton>
      </div>
    </form>
  );
}
