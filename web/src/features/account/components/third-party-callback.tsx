import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ThirdPartyProvider } from '@/api/generated/model/thirdPartyProvider.zod';
import { Skeleton } from '@/components/ui/skeleton';
import { finishThirdPartyLogin } from '../api/account-api';
import { type FormMessage, explainAccountError } from '../utils/errors';
import { takeThirdPartyLogin } from '../utils/third-party';
import { useCompleteLogin } from '../utils/use-complete-login';
import styles from './forms.module.css';

export interface ThirdPartyAnswer {
  provider: string;
  code: string | null;
  state: string | null;
  error: string | null;
}

/**
 * The provider has sent the browser back to /login: compare `state` with the one kept, then
 * exchange the code for a session. On refusal or failure `onFailed` tells why (the login form
 * shows it).
 */
export function ThirdPartyCallback({ answer, from, onFailed }: { answer: ThirdPartyAnswer; from: string | null; onFailed: (message: FormMessage) => void }) {
  const { t } = useTranslation('account');
  const { complete } = useCompleteLogin();
  const started = useRef(false);

  useEffect(() => {
    if (started.current) return;
    started.current = true;
    const pending = takeThirdPartyLogin();
    if (answer.error) {
      const provider = ThirdPartyProvider.safeParse(pending?.provider ?? answer.provider);
      onFailed(
        provider.success
          ? { ns: 'account', key: 'login.thirdPartyCancelled', values: { provider: t(`login.providers.${provider.data}`) } }
          : { ns: 'account', key: 'login.thirdPartyFailed' },
      );
      return;
    }
    if (!pending || pending.provider !== answer.provider || !answer.state || pending.state !== answer.state || !answer.code) {
      onFailed({ ns: 'messages', key: 'account.verification_failed' });
      return;
    }
    finishThirdPartyLogin(pending.provider, answer.code, answer.state).then(
      (login) => complete(login, from),
      (error: unknown) => onFailed(explainAccountError(error).form ?? { ns: 'messages', key: 'account.verification_failed' }),
    );
  }, [answer, from, complete, onFailed, t]);

  return (
    <div className={styles.form} role="status">
      <p>{t('login.thirdPartyFinishing')}</p>
      <Skeleton style={{ height: '3rem' }} />
      <Skeleton style={{ height: '3rem' }} />
    </div>
  );
}
