import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CUSTOM_FORMS, useCustomForm } from '@/api/custom-form';
import { CmsForm } from '@/components/ui/cms-form';
import { ErrorState } from '@/components/ui/error-state';
import { RichText } from '@/components/ui/rich-text';
import type { SiteLanguage } from '@/lib/language';
import { localizePath } from '@/lib/routing';
import { usePageContext } from '@/lib/use-page-language';
import { FormSkeleton } from './form-skeleton';
import styles from './enquiry-forms.module.css';

interface Props {
  kind: 'prototype' | 'feedback';
  lang: SiteLanguage;
  sourcePage: string;
  onDone: () => void;
}

/**
 * The prototype request (customForm/2) and the feedback form (customForm/3) in the dialog: the
 * CMS defines the fields, the site renders and checks them and sends a customFormRecord. A
 * prototype request ends on /thx like an enquiry; feedback thanks the visitor and closes.
 */
export function CmsDialogForm({ kind, lang, sourcePage, onDone }: Props) {
  const { t } = useTranslation('forms');
  const form = useCustomForm(CUSTOM_FORMS[kind], usePageContext());
  const navigate = useNavigate();

  if (form.isPending) return <FormSkeleton />;
  if (form.isError) return <ErrorState compact error={form.error} onRetry={() => void form.refetch()} message={t('common.loadFailed')} />;

  return (
    <div className={styles.cmsForm}>
      {form.data.description ? <RichText className={styles.description} html={form.data.description} /> : null}
      <CmsForm
        form={form.data}
        lang={lang}
        sourcePage={sourcePage}
        idPrefix={`enquiry-${kind}`}
        consent
        submitLabel={t(`${kind}.submit`)}
        successToast={kind === 'feedback' ? { title: t('feedback.submitted'), detail: t('feedback.submittedDetail') } : undefined}
        onSubmitted={() => {
          onDone();
          if (kind === 'prototype') void navigate(localizePath('/thx', lang));
        }}
      />
    </div>
  );
}
