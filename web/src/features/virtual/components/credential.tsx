import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { copyText } from '@/lib/clipboard';
import { toast } from '@/lib/toast';
import styles from './virtual.module.css';

export interface CredentialProps {
  label: string;
  value: string;
  /** Shown instead of the plain value (e.g. the link as a link). */
  display?: ReactNode;
  hint?: string | undefined;
  /** Something beside the copy button (e.g. "open"). */
  extra?: ReactNode;
}

/**
 * One thing the visitor needs to reach the virtual robot (trial code, experience link, trial
 * password): its label, the value in a monospace face, and a copy button that says
 * "copied successfully" (spec section 8) or, where the browser refuses, how to copy by hand.
 */
export function Credential({ label, value, display, hint, extra }: CredentialProps) {
  const { t } = useTranslation('virtual');
  const copy = async () => {
    if (await copyText(value)) toast.success(t('trial.copied'));
    else toast.error(t('trial.copyFailed'));
  };
  return (
    <div className={styles.credential}>
      <dt className={styles.credentialLabel}>{label}</dt>
      <dd className={styles.credentialBody}>
        <span className={styles.credentialValue}>{display ?? value}</span>
        <span className={styles.credentialActions}>
          {extra}
          <button type="button" className={styles.copy} onClick={() => void copy()} aria-label={t('trial.copyLabel', { label })}>
            <svg viewBox="0 0 24 24" width="16" height="16" aria-hidden="true">
              <path
                fill="currentColor"
                d="M16 1H6a2 2 0 0 0-2 2v12h2V3h10V1Zm3 4H10a2 2 0 0 0-2 2v14a2 2 0 0 0 2 2h9a2 2 0 0 0 2-2V7a2 2 0 0 0-2-2Zm0 16h-9V7h9v14Z"
              />
            </svg>
            <span>{t('trial.copy')}</span>
          </button>
        </span>
        {hint ? <span className={styles.credentialHint}>{hint}</span> : null}
      </dd>
    </div>
  );
}
