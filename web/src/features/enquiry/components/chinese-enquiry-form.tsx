import { useRef } from 'react';
import { Controller } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, formStyles as styles } from '@/components/ui/form-controls';
import { RegionPicker } from '@/components/ui/region-picker';
import { readBrowserInfo } from '@/lib/browser';
import { isMiniProgram } from '@/lib/language';
import { toast } from '@/lib/toast';
import { type DistrictResolution, resolveDistrict } from '../api/district';
import { submitChineseEnquiry } from '../api/submit-enquiry';
import { CHINESE_DEFAULTS, type ChineseEnquiryValues, LIMITS, MATTERS, chineseEnquiryBody, chineseEnquirySchema } from '../schemas/enquiry';
import { type EnquiryForm, EnquiryFormFrame, type EnquiryFormProps, MessageField, TextField, useEnquiryForm } from './enquiry-form';

/**
 * The sales enquiry of the Chinese site (spec section 3): name, mobile, e-mail, topic, city
 * (province / city resolved to the CRM's district), company and requirements, with the policy
 * consent. The lead is tagged with its source and labelled mini-program or website by the
 * browser it comes from.
 */
export function ChineseEnquiryForm({ lang, sourcePage, onDone }: EnquiryFormProps) {
  const { t } = useTranslation(['forms', 'messages']);
  // The district of the region chosen last, looked up as soon as a city is picked.
  const lookup = useRef<{ key: string; result: Promise<DistrictResolution> } | null>(null);

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

  const form = useEnquiryForm({
    lang,
    onDone,
    idPrefix: 'enquiry-zh',
    schema: chineseEnquirySchema,
    defaults: CHINESE_DEFAULTS,
    scope: 'addSaleClue',
    bodyOf: async (values: ChineseEnquiryValues) => {
      const { city } = await districtOf(values.region.province, values.region.city);
      const clueName = isMiniProgram(readBrowserInfo()) ? '小程序' : '官网';
      return chineseEnquiryBody(values, { city, clueName, sourcePage });
    },
    send: submitChineseEnquiry,
    // The server names the resolved district `city`; the form asks for it as the region.
    fieldOf: (name) => (name === 'city' ? 'region' : name),
    onSent: () => {
      lookup.current = null;
    },
  });
  const { control, trigger } = form;

  return (
    <EnquiryFormFrame form={form}>
      <TextField form={form} name="userName" label={t('enquiry.userName')} autoComplete="name" maxLength={LIMITS.userName} />
      <TextField form={form} name="phoneNumber" label={t('enquiry.phoneNumber')} type="tel" autoComplete="tel" />
      <TextField form={form} name="email" label={t('enquiry.email')} type="email" autoComplete="email" />
      <TextField form={form} name="companyName" label={t('enquiry.companyName')} autoComplete="organization" maxLength={LIMITS.companyName} />
      <MatterChoice form={form} />
      <Controller
        control={control}
        name="region"
        render={({ field }) => (
          <RegionPicker
            id={form.id('city')}
            label={t('enquiry.city')}
            required
            wide
            error={form.error('region')}
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
      <MessageField
        form={form}
        name="specificRequirements"
        label={t('enquiry.specificRequirements')}
        placeholder={t('enquiry.specificRequirementsPlaceholder')}
        maxLength={LIMITS.specificRequirements}
      />
    </EnquiryFormFrame>
  );
}

/** The topic, checked as soon as one is picked. */
function MatterChoice({ form }: { form: EnquiryForm<ChineseEnquiryValues> }) {
  const { t } = useTranslation('forms');
  return (
    <ChoiceGroup id={form.id('communicateMatter')} legend={t('enquiry.communicateMatter')} required error={form.error('communicateMatter')} wide kind="radio">
      {MATTERS.map((matter) => (
        <label key={matter} className={styles.choice}>
          <input type="radio" value={matter} {...form.register('communicateMatter', { onChange: () => void form.trigger('communicateMatter') })} />
          {t(`enquiry.matters.${matter}`)}
        </label>
      ))}
    </ChoiceGroup>
  );
}
