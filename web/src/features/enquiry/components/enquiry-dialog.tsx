import * as Dialog from '@radix-ui/react-dialog';
import { returnFocusToOpener } from '@/lib/focus-return';
import { useTranslation } from 'react-i18next';
import { closeEnquiryDialog, enquiryDialogStore } from '@/lib/enquiry-dialog';
import { useStore } from '@/lib/store';
import { EnquiryFormSlot } from './enquiry-form-slot';
import styles from './enquiry-dialog.module.css';

/**
 * The enquiry dialog over any page (opened with `useEnquiryDialog().open(intent)`): title by
 * intent, a short promise, and the intent's form (sales enquiry, prototype request, feedback). While it is open the page behind does not scroll
 * and focus stays inside; Escape, the close button or a click outside close it.
 */
export function EnquiryDialog() {
  const { t } = useTranslation();
  const { t: tf, ready } = useTranslation('forms');
  const { open, intent } = useStore(enquiryDialogStore);
  const intro = intent === 'feedback' && ready ? tf('feedback.intro') : t('enquiry.intro');
  return (
    <Dialog.Root open={open} onOpenChange={(next) => (next ? undefined : closeEnquiryDialog())}>
      <Dialog.Portal>
        <Dialog.Overlay className={styles.overlay} />
        <Dialog.Content onCloseAutoFocus={returnFocusToOpener} className={styles.dialog} data-intent={intent}>
          <div className={styles.head}>
            <Dialog.Title className={styles.title}>{t(`enquiry.${intent}`)}</Dialog.Title>
            <Dialog.Close className={styles.close} aria-label={t('enquiry.close')}>
              <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
                <path d="M6 6l12 12M18 6 6 18" stroke="currentColor" strokeWidth="2" fill="none" />
              </svg>
            </Dialog.Close>
          </div>
          <Dialog.Description className={styles.intro}>{intro}</Dialog.Description>
          <div className={styles.body}>
            <EnquiryFormSlot intent={intent} onDone={closeEnquiryDialog} />
          </div>
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  );
}
