import { useTranslation } from 'react-i18next';
import { errorMessageKey } from '@/lib/error-message';
import { ResponseShapeError } from '@/lib/http';
import styles from './error-state.module.css';

export interface ErrorStateProps {
  error: unknown;
  onRetry: () => void;
  /** Smaller layout for menus and popovers. */
  compact?: boolean;
  /** A more specific sentence than the generic one (already translated). */
  message?: string;
}

/**
 * What a visitor sees when data could not be loaded: never a silent empty area.
 * A ResponseShapeError (body breaking the contract) gets its own wording.
 */
export function ErrorState({ error, onRetry, compact = false, message }: ErrorStateProps) {
  const { t } = useTranslation();
  const kind = error instanceof ResponseShapeError ? 'response-shape' : 'request';
  return (
    <div role="alert" className={compact ? styles.compact : styles.box} data-error-kind={kind}>
      <svg className={styles.icon} viewBox="0 0 24 24" aria-hidden="true" width="24" height="24">
        <path fill="currentColor" d="M12 2 1 21h22L12 2Zm0 4.3L19.5 19h-15L12 6.3ZM11 10v5h2v-5h-2Zm0 6v2h2v-2h-2Z" />
      </svg>
      <div className={styles.text}>
        <p className={styles.title}>{t('status.errorTitle')}</p>
        <p className={styles.detail}>{message ?? t(errorMessageKey(error))}</p>
      </div>
      <button type="button" className={styles.retry} onClick={onRetry}>
        {t('status.retry')}
      </button>
    </div>
  );
}
