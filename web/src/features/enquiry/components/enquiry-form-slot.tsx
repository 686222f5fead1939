import { Suspense, lazy } from 'react';
import { useTranslation } from 'react-i18next';
import { useSiteInfo } from '@/api/site-info';
import type { EnquiryIntent } from '@/lib/enquiry-dialog';
import { usePageContext } from '@/lib/use-page-language';
import { FormSkeleton } from './form-skeleton';
import styles from './enquiry-forms.module.css';
import { telHref } from '@/components/ui/phone-and-mail';

const EnquiryForms = lazy(() => import('./enquiry-forms'));

export interface EnquiryFormSlotProps {
  intent: EnquiryIntent;
  /** Called after a successful submit (the dialog then closes). */
  onDone: () => void;
}

/**
 * What the enquiry dialog holds: the form the intent asks for (its code and the `forms`
 * catalogue load when the dialog first opens; a skeleton until then), and the company's phone
 * and e-mail for visitors who would rather talk.
 */
export function EnquiryFormSlot({ intent, onDone }: EnquiryFormSlotProps) {
  const { lang } = usePageContext();
  const { ready } = useTranslation(['forms', 'messages']);
  return (
    <div className={styles.slot} data-testid="enquiry-form-slot">
      {ready ? (
        <Suspense fallback={<FormSkeleton />}>
          <EnquiryForms key={`${intent}-${lang}`} intent={intent} lang={lang} onDone={onDone} />
        </Suspense>
      ) : (
        <FormSkeleton />
      )}
      <DirectContacts />
    </div>
  );
}

function DirectContacts() {
  const { t } = useTranslation();
  const { t: tf, ready } = useTranslation('forms');
  const site = useSiteInfo(usePageContext());
  if (!site.data) return null;
  return (
    <aside className={styles.direct} aria-label={ready ? tf('enquiry.direct') : t('enquiry.contact')}>
      {ready ? <p className={styles.directTitle}>{tf('enquiry.direct')}</p> : null}
      <dl className={styles.contacts}>
        <div>
          <dt>{t('enquiry.phone')}</dt>
          <dd>
            <a href={telHref(site.data.phone)}>{site.data.phone}</a>
          </dd>
        </div>
        <div>
          <dt>{t('enquiry.email')}</dt>
          <dd>
            <a href={`mailto:${site.data.mailbox}`}>{site.data.mailbox}</a>
          </dd>
        </div>
      </dl>
    </aside>
  );
}
