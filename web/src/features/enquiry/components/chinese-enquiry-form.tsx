import { zodResolver } from '@hookform/resolvers/zod';
import { useRef } from 'react';
import { Controller, type FieldErrors, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, Field, PolicyConsent, SubmitButton, controlAria, formStyles as styles } from '@/components/ui/form-controls';
import { RegionPicker } from '@/components/ui/region-picker';
import { readBrowserInfo } from '@/lib/browser';
import { reportSubmitFailure } from '@/lib/form-submit';
import { settleSubmission, submissionKey } from '@/lib/idempotency';
import { type SiteLanguage, isMiniProgram } from '@/lib/language';
import { toast } from '@/lib/toast';
import { type DistrictResolution, resolveDistrict } from '../api/district';
import { submitChineseEnquiry } from '../api/submit-enquiry';
import {
  CHINESE_DEFAULTS,
  type ChineseEnquiryValues,
  LIMITS,
  MATTERS,
  chineseEnquiryBody,
  chineseEnquirySchema,
} from '../schemas/enquiry';
import { useLeadFinish } from './use-lead-finish';

const SCOPE = 'addSaleClue';

interface Props {
  lang: SiteLanguage;
  sourcePage: string;
  onDone: () => void;
}

/**
 * The sales enquiry of the Chinese site (spec section 3): name, mobile, e-mail, topic, city
 * (province / city resolved to the CRM's district), company and requirements, with the policy
 * consent. The lead is tagged with its source and labelled mini-program or website by the
 * browser it comes from.
 */
export function ChineseEnquiryForm({ lang, sourcePage, onDone }: Props) {
  const { t } = useTranslation(['forms', 'messages']);
  const finish = useLeadFinish(lang, onDone);
  const sending = useRef(false);
  // The district of the region chosen last, looked up as soon as a city is picked.
  const lookup = useRef<{ key: string; result: Promise<DistrictResolution> } | null>(null);
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    trigger,
    formState: { errors, isSubmitting },
  } = useForm<ChineseEnquiryValues>({
    resolver: zodResolver(chineseEnquirySchema),
    defaultValues: CHINESE_DEFAULTS,
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });

  /** The region's district; warns once per region when the CRM does not serve it yet. */
  const districtOf = (province: string, city: string): Promise<DistrictResolution> => {
    const key = `${province}/${city}`;
    if (lookup.current?.key !== key) {
      const result = resolveDistrict(province, city, lang).then((resolution) => {
        if (!resolution.available) toast.warning(t('messages:crm.city_unavailable'), t('toasts.cityUnavailableDetail', { province }));
        return resolution;
      });
      lookup.current = { key, result };
    }
    return lookup.current.result;
  };

  const onValid = async (values: ChineseEnquiryValues) => {
    if (sending.current) return;
    sending.current = true;
    try {
      const { city } = await districtOf(values.region.province, values.region.city);
      const clueName = isMiniProgram(readBrowserInfo()) ? '小程序' : '官网';
      const body = chineseEnquiryBody(values, { city, clueName, sourcePage });
      await submitChineseEnquiry(body, submissionKey(SCOPE, body), lang);
      settleSubmission(SCOPE);
      lookup.current = null;
      reset(CHINESE_DEFAULTS);
      finish();
    } catch (error: unknown) {
      reportSubmitFailure(error, (key) => t(key), (name) => {
        const field = name === 'city' ? 'region' : name;
        if (!(field in CHINESE_DEFAULTS) || field === 'consent') return false;
        setError(field as keyof ChineseEnquiryValues, { type: 'server', message: 'messages.checkField' }, { shouldFocus: true });
        return true;
      });
    } finally {
      sending.current = false;
    }
  };

  const onInvalid = (invalid: FieldErrors<ChineseEnquiryValues>) => {
    if (invalid.consent) toast.warning(t('toasts.policy'));
  };

  const id = (name: string) => `enquiry-zh-${name}`;
  const aria = (name: keyof ChineseEnquiryValues) => controlAria(id(name), Boolean(errors[name]?.message), true);

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onValid, onInvalid)} aria-busy={isSubmitting || undefined}>
      <Field id={id('userName')} label={t('enquiry.userName')} required error={errors.userName} maxLength={LIMITS.userName}>
        <input id={id('userName')} className={styles.input} autoComplete="name" maxLength={LIMITS.userName} {...aria('userName')} {...register('userName')} />
      </Field>
      <Field id={id('phoneNumber')} label={t('enquiry.phoneNumber')} required error={errors.phoneNumber}>
        <input id={id('phoneNumber')} className={styles.input} type="tel" autoComplete="tel" inputMode="tel" {...aria('phoneNumber')} {...register('phoneNumber')} />
      </Field>
      <Field id={id('email')} label={t('enquiry.email')} required error={errors.email}>
        <input id={id('email')} className={styles.input} type="email" autoComplete="email" {...aria('email')} {...register('email')} />
      </Field>
      <Field id={id('companyName')} label={t('enquiry.companyName')} required error={errors.companyName} maxLength={LIMITS.companyName}>
        <input
          id={id('companyName')}
          className={styles.input}
          autoComplete="organization"
          maxLength={LIMITS.companyName}
          {...aria('companyName')}
          {...register('companyName')}
        />
      </Field>
      <ChoiceGroup id={id('communicateMatter')} legend={t('enquiry.communicateMatter')} required error={errors.communicateMatter} wide kind="radio">
        {MATTERS.map((matter) => (
          <label key={matter} className={styles.choice}>
            <input type="radio" value={matter} {...register('communicateMatter', { onChange: () => void trigger('communicateMatter') })} />
            {t(`enquiry.matters.${matter}`)}
          </label>
        ))}
      </ChoiceGroup>
      <Controller
        control={control}
        name="region"
        render={({ field }) => (
          <RegionPicker
            id={id('city')}
            label={t('enquiry.city')}
            required
            wide
            error={errors.region}
            value={field.value}
            inputRef={field.ref}
            onBlur={field.onBlur}
            onChange={(region) => {
              field.onChange(region);
              if (region.city) {
                void trigger('region');
                void districtOf(region.province, region.city);
              }
            }}
          />
        )}
      />
      <Field
        id={id('specificRequirements')}
        label={t('enquiry.specificRequirements')}
        required
        wide
        error={errors.specificRequirements}
        maxLength={LIMITS.specificRequirements}
      >
        <textarea
          id={id('specificRequirements')}
          className={styles.textarea}
          placeholder={t('enquiry.specificRequirementsPlaceholder')}
          maxLength={LIMITS.specificRequirements}
          {...aria('specificRequirements')}
          {...register('specificRequirements')}
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
