import { useTranslation } from 'react-i18next';
import { buttonClass } from '@/components/ui/button';
import styles from './forms.module.css';

export interface SendCodeButtonProps {
  onSend: () => void;
  /** Seconds until another code may be requested (0: now). */
  seconds: number;
  sending: boolean;
  /** A code was requested before in this form: the button offers a new one. */
  sentBefore: boolean;
}

/** "Get code", then a countdown of 60 s (or the server's Retry-After) before it can be pressed again. */
export function SendCodeButton({ onSend, seconds, sending, sentBefore }: SendCodeButtonProps) {
  const { t } = useTranslation('account');
  const waiting = seconds > 0;
  let label = sentBefore ? t('code.resend') : t('code.send');
  if (sending) label = t('code.sending');
  else if (waiting) label = t('code.wait', { seconds });
  return (
    <button
      type="button"
      className={buttonClass({ variant: 'secondary', size: 'lg' }, styles.sendCode)}
      onClick={onSend}
      disabled={sending || waiting}
      aria-label={waiting ? t('code.waitLabel', { seconds }) : undefined}
    >
      {label}
    </button>
  );
}
