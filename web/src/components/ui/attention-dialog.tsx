import * as AlertDialog from '@radix-ui/react-alert-dialog';
import { useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { attentionStore } from '@/lib/attention';
import { useStore } from '@/lib/store';
import { buttonClass } from '@/components/ui/button';
import styles from './attention-dialog.module.css';

/**
 * The confirm/cancel attention dialog (Radix AlertDialog: focus starts on Cancel and stays
 * inside; Escape cancels). It shows the question asked with `requestAttention`.
 */
export function AttentionDialog() {
  const { t } = useTranslation();
  const request = useStore(attentionStore);
  // The store empties as soon as the question is answered; the closing dialog still needs it.
  const last = useRef(request);
  if (request) last.current = request;
  const shown = request ?? last.current;
  return (
    <AlertDialog.Root
      open={request !== null}
      onOpenChange={(open) => {
        if (!open) request?.resolve(false);
      }}
    >
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={styles.overlay} />
        <AlertDialog.Content
          className={styles.dialog}
          onCloseAutoFocus={(event) => {
            const target = last.current?.returnFocusTo;
            if (target?.isConnected) {
              event.preventDefault();
              target.focus();
            }
          }}
        >
          <AlertDialog.Title className={styles.title}>{shown?.title ?? t('attention.title')}</AlertDialog.Title>
          <AlertDialog.Description className={styles.message}>{shown?.message}</AlertDialog.Description>
          <div className={styles.actions}>
            <AlertDialog.Cancel className={buttonClass({ variant: 'secondary' })} onClick={() => request?.resolve(false)}>
              {shown?.cancelLabel ?? t('attention.cancel')}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClass({ variant: 'primary' })}
              data-tone={shown?.tone ?? 'default'}
              onClick={() => request?.resolve(true)}
            >
              {shown?.confirmLabel ?? t('attention.confirm')}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
