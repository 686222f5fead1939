import { useTranslation } from 'react-i18next';
import type { FormMessage } from '../utils/errors';
import styles from './forms.module.css';

/** A failure of the whole form (wrong credentials, rate limit, no connection), above the button. */
export function FormAlert({ message, tone = 'error' }: { message: FormMessage | null; tone?: 'error' | 'info' }) {
  const { t } = useTranslation();
  const { t: ta } = useTranslation('account');
  const { t: tm } = useTranslation('messages');
  return (
    <div className={styles.alertSlot} aria-live="assertive">
      {message ? (
        <p className={styles.alert} data-tone={tone} role="alert">
          {message.ns === 'account'
            ? ta(message.key, { seconds: message.seconds ?? 0, ...message.values })
            : message.ns === 'messages'
              ? tm(message.key)
              : t(message.key)}
        </p>
      ) : null}
    </div>
  );
}

/** A confirmation inside a form (e.g. "a code was sent"). */
export function FormNote({ children }: { children: string | null }) {
  return (
    <p className={styles.note} aria-live="polite">
      {children}
    </p>
  );
}
