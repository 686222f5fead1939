import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from '@/components/ui/link';
import { usePageContext } from '@/lib/use-page-language';
import type { WorkOrderReceipt } from '../api/work-orders';
import { formatDateTime } from '@/lib/format-date';
import { repairDetailPath, repairListPath } from '../utils/paths';
import { buttonClass } from '@/components/ui/button';
import styles from './repair-pages.module.css';

/**
 * After a report was accepted: its service number (or, when the work-order system was down and
 * the report is queued for delivery, that it was received and will appear in the list shortly),
 * with the way to the list and to the order itself.
 */
export function ReceiptPanel({ receipt, onAnother }: { receipt: WorkOrderReceipt; onAnother: () => void }) {
  const { t } = useTranslation('repair');
  const context = usePageContext();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    heading.current?.focus();
  }, []);
  const queued = receipt.queued || !receipt.serviceNumber;
  return (
    <section className={styles.receipt} aria-labelledby="repair-receipt-title">
      <span className={styles.receiptIcon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="28" height="28">
          <path d="m5 12.5 4.5 4.5L19 7.5" fill="none" stroke="currentColor" strokeWidth="2.2" />
        </svg>
      </span>
      <h2 id="repair-receipt-title" className={styles.panelTitle} tabIndex={-1} ref={heading}>
        {queued ? t('receipt.queuedTitle') : t('receipt.title')}
      </h2>
      {queued ? (
        <p className={styles.panelText}>{t('receipt.queuedText')}</p>
      ) : (
        <>
          <p className={styles.panelText}>{t('receipt.text')}</p>
          <dl className={styles.receiptFacts}>
            <div>
              <dt>{t('list.serviceNumber')}</dt>
              <dd className={styles.serviceNumber} data-testid="service-number">
                {receipt.serviceNumber}
              </dd>
            </div>
            <div>
              <dt>{t('list.reportTime')}</dt>
              <dd>{formatDateTime(receipt.reportTime, context.lang)}</dd>
            </div>
          </dl>
        </>
      )}
      <div className={styles.panelActions}>
        <Link to={repairListPath(context)} className={buttonClass({ variant: 'primary' })}>
          {t('receipt.toList')}
        </Link>
        {!queued && receipt.id ? (
          <Link to={repairDetailPath(receipt.id, context.lang)} className={buttonClass({ variant: 'secondary' })}>
            {t('receipt.toDetail')}
          </Link>
        ) : null}
        <button type="button" className={styles.linkButton} onClick={onAnother}>
          {t('receipt.another')}
        </button>
      </div>
    </section>
  );
}
