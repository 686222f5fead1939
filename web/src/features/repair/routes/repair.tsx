import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { PageFrame } from '@/components/ui/page-frame';
import { getStoredAccount, useSession } from '@/lib/session';
import { usePageContext } from '@/lib/use-page-language';
import type { WorkOrderReceipt } from '../api/work-orders';
import { ConsultationForm } from '../components/consultation-form';
import { LoginRequired } from '../components/login-required';
import { QrCodes } from '../components/qr-codes';
import { ReceiptPanel } from '../components/receipt-panel';
import { RepairReportForm } from '../components/repair-report-form';
import { VariantSwitch, type Variant, variantOf } from '../components/variant-switch';
import { repairListPath } from '../utils/paths';
import { buttonClass } from '@/components/ui/button';
import styles from '../components/repair-pages.module.css';

/**
 * /repair: report a fault (the registration form with its four sections) or ask a technical
 * question (the consultation, `?type=consultation`), with QR codes to continue on a phone. Needs
 * a login (guards.ts); the reporter fields start with the account's phone or e-mail.
 */
export function RepairRoute() {
  const { t } = useTranslation('repair');
  const context = usePageContext();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const variant = variantOf(params.get('type'));
  const [receipt, setReceipt] = useState<WorkOrderReceipt | null>(null);
  const [round, setRound] = useState(0);

  const known = useMemo(() => {
    if (!session) return {};
    const { account, email } = getStoredAccount();
    const phone = account && !account.includes('@') ? account : null;
    const mail = email ?? (account?.includes('@') ? account : null);
    const name = session.displayName && session.displayName !== account && session.displayName !== mail ? session.displayName : null;
    return { phone, email: mail, name };
  }, [session]);

  const choose = (next: Variant) => {
    const search = new URLSearchParams(params);
    if (next === 'consultation') search.set('type', 'consultation');
    else search.delete('type');
    setParams(search, { replace: true, preventScrollReset: true });
  };

  const submitted = (value: WorkOrderReceipt) => {
    setReceipt(value);
    globalThis.scrollTo?.({ top: 0, behavior: 'smooth' });
  };

  return (
    <PageFrame lead={t('report.lead')}>
      {!session ? (
        <LoginRequired />
      ) : (
        <div className={styles.layout}>
          <div className={styles.main}>
            {receipt ? (
              <ReceiptPanel
                receipt={receipt}
                onAnother={() => {
                  setReceipt(null);
                  setRound((n) => n + 1);
                }}
              />
            ) : (
              <div className={styles.card} key={round}>
                <VariantSwitch value={variant} onChange={choose} />
                <div hidden={variant !== 'repair'}>
                  <RepairReportForm known={known} onSubmitted={submitted} />
                </div>
                <div hidden={variant !== 'consultation'}>
                  <ConsultationForm known={known} onSubmitted={submitted} />
                </div>
              </div>
            )}
          </div>
          <aside className={styles.aside} aria-label={t('report.asideLabel')}>
            <QrCodes />
            <div className={styles.asideBlock}>
              <h2 className={styles.asideTitle}>{t('report.trackTitle')}</h2>
              <p className={styles.asideText}>{t('report.trackText')}</p>
              <Link to={repairListPath(context)} className={buttonClass({ variant: 'secondary' })}>
                {t('report.toList')}
              </Link>
            </div>
          </aside>
        </div>
      )}
    </PageFrame>
  );
}
