import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/http';
import { type VerificationPurpose, requestCode } from '../api/account-api';
import { channelOf, normalizeAccount } from '../schemas/rules';
import { type Problem, explainAccountError } from './errors';
import { useCountdown } from './use-countdown';

/** Seconds before another code may be asked for (the BFF allows one per minute). */
export const RESEND_SECONDS = 60;

export interface CodeSenderOptions {
  purpose: VerificationPurpose;
  /** Validates the phone/e-mail field (showing its message); resolves whether it is valid. */
  validateAccount: () => Promise<boolean>;
  getAccount: () => string;
  /** The code is on its way to `to` (the form remembers it: a code must be requested first). */
  onSent: (to: string) => void;
  onProblem: (problem: Problem) => void;
}

/**
 * Requesting a verification code: validates the account field first, sends the code, then counts
 * 60 s down before another may be requested; a 429 answer counts its Retry-After down instead.
 */
export function useCodeSender({ purpose, validateAccount, getAccount, onSent, onProblem }: CodeSenderOptions) {
  const { t } = useTranslation('account');
  const { seconds, start } = useCountdown();
  const [sending, setSending] = useState(false);
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function send(): Promise<void> {
    if (sending || seconds > 0) return;
    if (!(await validateAccount())) return;
    const to = normalizeAccount(getAccount());
    setSending(true);
    try {
      await requestCode(to, purpose);
      setSentTo(to);
      onSent(to);
      start(RESEND_SECONDS);
    } catch (error: unknown) {
      if (error instanceof ApiError && error.status === 429) start(error.retryAfter ?? RESEND_SECONDS);
      onProblem(explainAccountError(error));
    } finally {
      setSending(false);
    }
  }

  const note = sentTo ? t(channelOf(sentTo) === 'email' ? 'code.sentEmail' : 'code.sentSms', { to: sentTo }) : null;
  return { send, seconds, sending, sentBefore: sentTo !== null, note };
}
