import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, SubmitButton, controlAria, formStyles } from '@/components/ui/form-controls';
import { toast } from '@/lib/toast';
import type { WorkOrderReceipt } from '../api/work-orders';
import { MAX_FAULT_FILES } from '../schemas/files';
import {
  type ConsultationField,
  type ConsultationFormValues,
  type KnownContact,
  LIMITS,
  consultationBody,
  consultationDefaults,
  consultationFormSchema,
} from '../schemas/repair-form';
import { FileUploader } from './file-uploader';
import { FormSection } from './form-parts';
import { LeadTrap } from '@/components/ui/lead-trap';
import { useReportSubmit } from './use-report-submit';
import { useUploads } from './use-uploads';
import styles from './repair-form.module.css';

interface Props {
  known: KnownContact & { name?: string | null };
  onSubmitted: (receipt: WorkOrderReceipt) => void;
}

/**
 * The technical consultation, the simpler variant (spec section 3): contact information, what the
 * issue is about, the problem (required) and photos or videos of it.
 */
export function ConsultationForm({ known, onSubmitted }: Props) {
  const { t } = useTranslation('repair');
  const defaults = useMemo(() => ({ ...consultationDefaults(known), reporterName: known.name ?? '' }), [known]);
  const files = useUploads({ max: MAX_FAULT_FILES, kinds: ['image', 'video'] });
  const { submit, trapRef } = useReportSubmit('addWorkOrder:consultation');
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors, isSubmitting },
  } = useForm<ConsultationFormValues>({
    resolver: zodResolver(consultationFormSchema),
    defaultValues: defaults,
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });

  const id = (name: string) => `consult-${name}`;
  const aria = (name: ConsultationField) => controlAria(id(name), Boolean(errors[name]?.message), true);

  const onValid = async (values: ConsultationFormValues) => {
    if (files.busy) {
      toast.info(t('submit.waitUploads'));
      return;
    }
    const receipt = await submit(consultationBody(values, files.ids), {
      setFieldError: (name, message) => {
        if (!(name in defaults)) return false;
        setError(name as ConsultationField, { type: 'server', message }, { shouldFocus: true });
        return true;
      },
      rejectAttachment: (list, index) => {
        if (list !== 'faultAttachments' || index >= files.ids.length) return false;
        files.reject(index, { code: 'server', errorKey: 'repair.attachment_not_yours', status: 422, detail: '' });
        return true;
      },
    });
    if (!receipt) return;
    reset(defaults);
    files.clear();
    onSubmitted(receipt);
  };

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onValid)} aria-busy={isSubmitting || undefined} aria-label={t('variant.consultation')}>
      <FormSection id={id('contact')} title={t('sections.contact')}>
        <Field id={id('reporterName')} label={t('fields.reporterName')} required error={errors.reporterName} maxLength={LIMITS.reporterName}>
          <input id={id('reporterName')} className={formStyles.input} maxLength={LIMITS.reporterName} autoComplete="name" {...aria('reporterName')} {...register('reporterName')} />
        </Field>
        <Field id={id('phone')} label={t('fields.phone')} required error={errors.phone}>
          <input id={id('phone')} className={formStyles.input} type="tel" inputMode="tel" autoComplete="tel" {...aria('phone')} {...register('phone')} />
        </Field>
        <Field id={id('email')} label={t('fields.email')} required error={errors.email} wide>
          <input id={id('email')} className={formStyles.input} type="email" autoComplete="email" {...aria('email')} {...register('email')} />
        </Field>
      </FormSection>

      <FormSection id={id('issue')} title={t('sections.issue')}>
        <Field id={id('issueInformation')} label={t('fields.issueInformation')} required wide error={errors.issueInformation} maxLength={LIMITS.issueInformation}>
          <input
            id={id('issueInformation')}
            className={formStyles.input}
            maxLength={LIMITS.issueInformation}
            placeholder={t('placeholders.issueInformation')}
            {...aria('issueInformation')}
            {...register('issueInformation')}
          />
        </Field>
        <Field id={id('problemDescription')} label={t('fields.problemDescription')} required wide error={errors.problemDescription} maxLength={LIMITS.problemDescription}>
          <textarea
            id={id('problemDescription')}
            className={formStyles.textarea}
            maxLength={LIMITS.problemDescription}
            placeholder={t('placeholders.problemDescription')}
            rows={6}
            {...aria('problemDescription')}
            {...register('problemDescription')}
          />
        </Field>
        <div className={`${formStyles.field} ${formStyles.wide}`}>
          <span className={formStyles.label}>{t('fields.problemFiles')}</span>
          <FileUploader id={id('files')} label={t('fields.problemFiles')} uploads={files} />
        </div>
      </FormSection>

      <LeadTrap inputRef={trapRef} />
      <div className={styles.submitRow}>
        <SubmitButton busy={isSubmitting}>{t('submit.consultation')}</SubmitButton>
        <p className={styles.requiredNote}>{t('submit.requiredNote')}</p>
        {files.busy ? <p className={styles.requiredNote}>{t('submit.uploadsRunning')}</p> : null}
      </div>
    </form>
  );
}
