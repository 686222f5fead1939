import { useMemo } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { CountrySelect } from '@/components/ui/country-select';
import { Field, formStyles as styles } from '@/components/ui/form-controls';
import { defaultCountry } from '@/lib/language';
import { usePageContext } from '@/lib/use-page-language';
import { useDictionary } from '../api/dictionaries';
import { submitOverseasEnquiry } from '../api/submit-enquiry';
import { LIMITS, type OverseasEnquiryValues, overseasDefaults, overseasEnquiryBody, overseasEnquirySchema } from '../schemas/enquiry';
import { type EnquiryForm, EnquiryFormFrame, type EnquiryFormProps, MessageField, TextField, useEnquiryForm } from './enquiry-form';

/**
 * The sales enquiry of the other languages (spec section 3): name, phone, e-mail, company,
 * industry and company type (dictionaries), message and country (defaulting from the page
 * language), with the policy consent. Text fields are checked on blur; country and industry as
 * soon as they change.
 */
export function OverseasEnquiryForm({ lang, sourcePage, onDone }: EnquiryFormProps) {
  const { t } = useTranslation(['forms', 'messages']);
  const context = usePageContext();
  const industries = useDictionary('industry_tags', context);
  const companyTypes = useDictionary('company_type', context);
  const defaults = useMemo(() => overseasDefaults(defaultCountry(lang)), [lang]);
  const form = useEnquiryForm({
    lang,
    onDone,
    idPrefix: 'enquiry-intl',
    schema: overseasEnquirySchema,
    defaults,
    scope: 'addOverseasSaleClue',
    bodyOf: (values: OverseasEnquiryValues) => overseasEnquiryBody(values, sourcePage),
    send: submitOverseasEnquiry,
  });
  const { control, trigger } = form;

  return (
    <EnquiryFormFrame form={form}>
      <TextField form={form} name="userName" label={t('enquiry.userName')} autoComplete="name" maxLength={LIMITS.overseasUserName} />
      <TextField form={form} name="companyName" label={t('enquiry.companyName')} autoComplete="organization" maxLength={LIMITS.overseasCompanyName} />
      <TextField form={form} name="email" label={t('enquiry.email')} type="email" autoComplete="email" />
      <TextField form={form} name="phone" label={t('enquiry.phone')} type="tel" autoComplete="tel" />
      <DictionaryField form={form} name="industry" label={t('enquiry.industry')} dictionary={industries} checkOnChange />
      <DictionaryField form={form} name="companyType" label={t('enquiry.companyType')} dictionary={companyTypes} />
      <Controller
        control={control}
        name="country"
        render={({ field }) => (
          <Field id={form.id('country')} label={t('enquiry.country')} required error={form.error('country')} wide>
            <CountrySelect
              id={form.id('country')}
              lang={lang}
              value={field.value}
              selectRef={field.ref}
              autoComplete="country"
              onBlur={field.onBlur}
              onChange={(code) => {
                field.onChange(code);
                void trigger('country');
              }}
              {...form.aria('country')}
            />
          </Field>
        )}
      />
      <MessageField form={form} name="comment" label={t('enquiry.comment')} placeholder={t('enquiry.commentPlaceholder')} maxLength={LIMITS.comment} />
    </EnquiryFormFrame>
  );
}

interface DictionaryFieldProps {
  form: EnquiryForm<OverseasEnquiryValues>;
  name: 'industry' | 'companyType';
  label: string;
  dictionary: ReturnType<typeof useDictionary>;
  /** Checked as soon as it changes, not only when it is left. */
  checkOnChange?: boolean;
}

/** A required choice from a CRM dictionary; busy while the dictionary loads. */
function DictionaryField({ form, name, label, dictionary, checkOnChange = false }: DictionaryFieldProps) {
  const { t } = useTranslation('forms');
  const id = form.id(name);
  return (
    <Field id={id} label={label} required error={form.error(name)}>
      <select
        id={id}
        className={styles.select}
        aria-busy={dictionary.isPending || undefined}
        {...form.aria(name)}
        {...form.register(name, checkOnChange ? { onChange: () => void form.trigger(name) } : undefined)}
      >
        <option value="">{t('common.select')}</option>
        {dictionary.entries.map((entry) => (
          <option key={entry.dictValue} value={entry.dictValue}>
            {entry.dictLabel}
          </option>
        ))}
      </select>
    </Field>
  );
}
