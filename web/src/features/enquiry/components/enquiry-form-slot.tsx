import { useTranslation } from 'react-i18next';
import type { EnquiryIntent } from '@/lib/enquiry-dialog';
import { usePageContext } from '@/lib/use-page-language';
import { useSiteInfo } from '@/api/site-info';
import styles from './enquiry-dialog.module.css';

export interface EnquiryFormSlotProps {
  intent: EnquiryIntent;
  /** Called after a successful submit (the dialog then closes). */
  onDone: () => void;
}

/**
 * What the enquiry dialog holds. The form (Chinese and other-language variants, spec section 3)
 * comes with the enquiry issue and replaces this module; until then the dialog offers the
 * company's phone and e-mail from the site information.
 */
export function EnquiryFormSlot(_props: EnquiryFormSlotProps) {
  const { t } = useTranslation();
  const site = useSiteInfo(usePageContext());
  return (
    <div className={styles.slot} data-testid="enquiry-form-slot">
      <p>{t('enquiry.preparing')}</p>
      {site.data ? (
        <dl className={styles.contacts}>
          <div>
            <dt>{t('enquiry.phone')}</dt>
            <dd>
              <a href={`tel:${site.data.phone.replace(/[^\d+]/g, '')}`}>{site.data.phone}</a>
            </dd>
          </div>
          <div>
            <dt>{t('enquiry.email')}</dt>
            <dd>
              <a href={`mailto:${site.data.mailbox}`}>{site.data.mailbox}</a>
            </dd>
          </div>
        </dl>
      ) : null}
    </div>
  );
}
