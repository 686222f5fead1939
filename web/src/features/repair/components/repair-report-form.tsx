import { zodResolver } from '@hookform/resolvers/zod';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ChoiceGroup, Field, SubmitButton, controlAria, formStyles } from '@/components/ui/form-controls';
import { visitorToday } from '@/lib/format-date';
import { htmlLang } from '@/lib/language';
import { toast } from '@/lib/toast';
import { usePageLanguage } from '@/lib/use-page-language';
import type { OcrKind, OcrResult } from '../api/ocr';
import type { WorkOrderReceipt } from '../api/work-orders';
import { MAX_FAULT_FILES, MAX_VERSION_FILES } from '../schemas/files';
import {
  type KnownContact,
  LIMITS,
  OCR_FIELDS,
  type RepairField,
  type RepairFormValues,
  repairDefaults,
  repairFormSchema,
  repairReportBody,
} from '../schemas/repair-form';
import { CompanyField } from './company-field';
import { FileUploader } from './file-uploader';
import { FormSection, type Notice, NoticeLine } from './form-parts';
import { ScanButton } from './scan-button';
import { LeadTrap } from '@/components/ui/lead-trap';
import { useReportSubmit } from './use-report-submit';
import { useUploads } from './use-uploads';
import styles from './repair-form.module.css';

const VERSION_FIELDS = OCR_FIELDS.softwareVersion;

interface Props {
  known: KnownContact & { name?: string | null };
  onSubmitted: (receipt: WorkOrderReceipt) => void;
}

/**
 * The repair registration form (spec sections 3 and 5): robot info (with a nameplate scan), fault
 * info with photos and videos, software version info (with a scan of the version screen) and the
 * reporter. Fields are checked on blur; choices as they change.
 */
export function RepairReportForm({ known, onSubmitted }: Props) {
  const { t } = useTranslation('repair');
  const lang = usePageLanguage();
  const defaults = useMemo(() => ({ ...repairDefaults(known), reporterName: known.name ?? '' }), [known]);
  const faultFiles = useUploads({ max: MAX_FAULT_FILES, kinds: ['image', 'video'] });
  const versionFiles = useUploads({ max: MAX_VERSION_FILES, kinds: ['image'] });
  const { submit, trapRef } = useReportSubmit('addWorkOrder:repair');
  const [filled, setFilled] = useState<ReadonlySet<RepairField>>(new Set());
  const [notices, setNotices] = useState<Record<OcrKind, Notice | null>>({ nameplate: null, softwareVersion: null });
  const {
    control,
    register,
    handleSubmit,
    reset,
    setError,
    setValue,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm<RepairFormValues>({
    resolver: zodResolver(repairFormSchema),
    defaultValues: defaults,
    mode: 'onBlur',
    reValidateMode: 'onChange',
  });

  const id = (name: string) => `repair-${name}`;
  const aria = (name: RepairField, required = true) => controlAria(id(name), Boolean(errors[name]?.message), required, filled.has(name));
  const unfill = (name: RepairField) =>
    setFilled((current) => {
      if (!current.has(name)) return current;
      const next = new Set(current);
      next.delete(name);
      return next;
    });
  /** register(), forgetting the "read from the photo" mark once the visitor edits the field. */
  const field = (name: RepairField) => register(name, { onChange: () => unfill(name) });
  const inputClass = (name: RepairField) => (filled.has(name) ? `${formStyles.input} ${styles.filled}` : formStyles.input);
  const filledHint = (name: RepairField) => (filled.has(name) ? t('ocr.filledHint') : undefined);

  const setNotice = (kind: OcrKind, notice: Notice | null) => setNotices((current) => ({ ...current, [kind]: notice }));

  const onRecognised = (kind: OcrKind) => (result: OcrResult, photo: File) => {
    const names: RepairField[] = [];
    for (const name of OCR_FIELDS[kind]) {
      const value = result.fields[name]?.trim();
      if (!value) continue;
      setValue(name, value.slice(0, kind === 'nameplate' ? LIMITS.robotCode : LIMITS.version), { shouldDirty: true, shouldValidate: true });
      names.push(name);
    }
    setFilled((current) => new Set([...current, ...names]));
    if (names.length === 0) {
      setNotice(kind, { tone: 'info', text: t(kind === 'nameplate' ? 'ocr.nothingNameplate' : 'ocr.nothingVersion') });
      return;
    }
    const labels = new Intl.ListFormat(htmlLang(lang), { type: 'conjunction' }).format(names.map((name) => t(`fields.${name}`)));
    const model = kind === 'nameplate' && result.fields.robotModel ? ` ${t('ocr.model', { model: result.fields.robotModel })}` : '';
    const attach =
      kind === 'softwareVersion' && !versionFiles.full
        ? {
            label: t('ocr.attachPhoto'),
            run: () => {
              versionFiles.add([photo]);
              setNotice(kind, { tone: 'success', text: `${t('ocr.filled', { fields: labels })}` });
            },
          }
        : undefined;
    setNotice(kind, { tone: 'success', text: `${t('ocr.filled', { fields: labels })}${model}`, action: attach });
  };

  const scan = (kind: OcrKind, label: string) => (
    <ScanButton
      kind={kind}
      label={label}
      onStart={() => setNotice(kind, null)}
      onRecognised={onRecognised(kind)}
      onFailed={(text) => setNotice(kind, { tone: 'error', text })}
    />
  );

  const onValid = async (values: RepairFormValues) => {
    if (faultFiles.busy || versionFiles.busy) {
      toast.info(t('submit.waitUploads'));
      return;
    }
    const body = repairReportBody(values, { fault: faultFiles.ids, softwareVersion: versionFiles.ids });
    const receipt = await submit(body, {
      setFieldError: (name, message) => {
        if (!(name in defaults)) return false;
        setError(name as RepairField, { type: 'server', message }, { shouldFocus: true });
        return true;
      },
      rejectAttachment: (list, index) => {
        const files = list === 'faultAttachments' ? faultFiles : versionFiles;
        if (index >= files.ids.length) return false;
        files.reject(index, { code: 'server', errorKey: 'repair.attachment_not_yours', status: 422, detail: '' });
        return true;
      },
    });
    if (!receipt) return;
    reset(defaults);
    faultFiles.clear();
    versionFiles.clear();
    setFilled(new Set());
    setNotices({ nameplate: null, softwareVersion: null });
    onSubmitted(receipt);
  };

  return (
    <form className={styles.form} noValidate onSubmit={handleSubmit(onValid)} aria-busy={isSubmitting || undefined} aria-label={t('variant.repair')}>
      <FormSection
        id={id('robot')}
        title={t('sections.robot')}
        intro={t('sections.robotIntro')}
        action={scan('nameplate', t('ocr.scanNameplate'))}
      >
        <div className={formStyles.wide}>
          <NoticeLine notice={notices.nameplate} onClose={() => setNotice('nameplate', null)} />
        </div>
        <Field id={id('robotCode')} label={t('fields.robotCode')} required error={errors.robotCode} maxLength={LIMITS.robotCode} hint={filledHint('robotCode')}>
          <input
            id={id('robotCode')}
            className={inputClass('robotCode')}
            maxLength={LIMITS.robotCode}
            placeholder={t('placeholders.robotCode')}
            autoCapitalize="characters"
            spellCheck={false}
            {...aria('robotCode')}
            {...field('robotCode')}
          />
        </Field>
        <Field id={id('cabinetCode')} label={t('fields.cabinetCode')} required error={errors.cabinetCode} maxLength={LIMITS.cabinetCode} hint={filledHint('cabinetCode')}>
          <input
            id={id('cabinetCode')}
            className={inputClass('cabinetCode')}
            maxLength={LIMITS.cabinetCode}
            placeholder={t('placeholders.cabinetCode')}
            autoCapitalize="characters"
            spellCheck={false}
            {...aria('cabinetCode')}
            {...field('cabinetCode')}
          />
        </Field>
        <Field id={id('issueDate')} label={t('fields.issueDate')} required error={errors.issueDate}>
          <input
            id={id('issueDate')}
            className={formStyles.input}
            type="date"
            max={visitorToday()}
            {...aria('issueDate')}
            {...register('issueDate', { onChange: () => void (getValues('issueDate').length === 10 && trigger('issueDate')) })}
          />
        </Field>
        <Controller
          control={control}
          name="firstUse"
          render={({ field: choice }) => (
            <ChoiceGroup id={id('firstUse')} legend={t('fields.firstUse')} required error={errors.firstUse}>
              {(['yes', 'no'] as const).map((option, index) => (
                <label key={option} className={formStyles.choice}>
                  <input
                    ref={index === 0 ? choice.ref : undefined}
                    type="radio"
                    name={choice.name}
                    value={option}
                    checked={choice.value === option}
                    onBlur={choice.onBlur}
                    onChange={() => {
                      choice.onChange(option);
                      void trigger('firstUse');
                    }}
                  />
                  {t(`firstUse.${option}`)}
                </label>
              ))}
            </ChoiceGroup>
          )}
        />
      </FormSection>

      <FormSection id={id('fault')} title={t('sections.fault')}>
        <Field id={id('faultDescription')} label={t('fields.faultDescription')} required wide error={errors.faultDescription} maxLength={LIMITS.faultDescription}>
          <textarea
            id={id('faultDescription')}
            className={formStyles.textarea}
            maxLength={LIMITS.faultDescription}
            placeholder={t('placeholders.faultDescription')}
            rows={5}
            {...aria('faultDescription')}
            {...field('faultDescription')}
          />
        </Field>
        <div className={`${formStyles.field} ${formStyles.wide}`}>
          <span className={formStyles.label}>{t('fields.faultFiles')}</span>
          <FileUploader id={id('faultFiles')} label={t('fields.faultFiles')} hint={t('upload.faultHint')} uploads={faultFiles} />
        </div>
      </FormSection>

      <FormSection
        id={id('software')}
        title={t('sections.software')}
        intro={t('sections.softwareIntro')}
        action={scan('softwareVersion', t('ocr.scanVersion'))}
      >
        <div className={formStyles.wide}>
          <NoticeLine notice={notices.softwareVersion} onClose={() => setNotice('softwareVersion', null)} />
        </div>
        <div className={`${formStyles.field} ${formStyles.wide}`}>
          <span className={formStyles.label}>{t('fields.versionFiles')}</span>
          <FileUploader id={id('versionFiles')} label={t('fields.versionFiles')} uploads={versionFiles} />
        </div>
        {VERSION_FIELDS.map((name) => (
          <Field key={name} id={id(name)} label={t(`fields.${name}`)} error={errors[name]} maxLength={LIMITS.version} hint={filledHint(name)}>
            <input
              id={id(name)}
              className={inputClass(name)}
              maxLength={LIMITS.version}
              placeholder={t('placeholders.version')}
              spellCheck={false}
              {...aria(name, false)}
              {...field(name)}
            />
          </Field>
        ))}
      </FormSection>

      <FormSection id={id('reporter')} title={t('sections.reporter')}>
        <Controller
          control={control}
          name="companyName"
          render={({ field: company }) => (
            <Field id={id('companyName')} label={t('fields.companyName')} required error={errors.companyName} maxLength={LIMITS.companyName} hint={filledHint('companyName')}>
              <CompanyField
                id={id('companyName')}
                value={company.value}
                maxLength={LIMITS.companyName}
                inputRef={company.ref}
                onChange={company.onChange}
                onBlur={company.onBlur}
                onPick={(picked) => {
                  setValue('companyName', picked.companyName.slice(0, LIMITS.companyName), { shouldDirty: true, shouldValidate: true });
                  setValue('companyAddress', picked.companyAddress.slice(0, LIMITS.companyAddress), { shouldDirty: true, shouldValidate: true });
                  setFilled((current) => new Set([...current, 'companyAddress']));
                }}
                aria={aria('companyName')}
              />
            </Field>
          )}
        />
        <Field id={id('companyAddress')} label={t('fields.companyAddress')} required error={errors.companyAddress} maxLength={LIMITS.companyAddress} hint={filled.has('companyAddress') ? t('company.filledHint') : undefined}>
          <input
            id={id('companyAddress')}
            className={inputClass('companyAddress')}
            maxLength={LIMITS.companyAddress}
            autoComplete="street-address"
            {...aria('companyAddress')}
            {...field('companyAddress')}
          />
        </Field>
        <Field id={id('reporterName')} label={t('fields.reporterName')} required error={errors.reporterName} maxLength={LIMITS.reporterName}>
          <input id={id('reporterName')} className={formStyles.input} maxLength={LIMITS.reporterName} autoComplete="name" {...aria('reporterName')} {...field('reporterName')} />
        </Field>
        <Field id={id('phone')} label={t('fields.phone')} required error={errors.phone}>
          <input id={id('phone')} className={formStyles.input} type="tel" inputMode="tel" autoComplete="tel" {...aria('phone')} {...field('phone')} />
        </Field>
        <Field id={id('email')} label={t('fields.email')} required error={errors.email} wide>
          <input id={id('email')} className={formStyles.input} type="email" autoComplete="email" {...aria('email')} {...field('email')} />
        </Field>
      </FormSection>

      <LeadTrap inputRef={trapRef} />
      <div className={styles.submitRow}>
        <SubmitButton busy={isSubmitting}>{t('submit.repair')}</SubmitButton>
        <p className={styles.requiredNote}>{t('submit.requiredNote')}</p>
        {faultFiles.busy || versionFiles.busy ? <p className={styles.requiredNote}>{t('submit.uploadsRunning')}</p> : null}
      </div>
    </form>
  );
}
