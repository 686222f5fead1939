import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { localizePath } from '@/lib/routing';
import { toast } from '@/lib/toast';
import { usePageLanguage } from '@/lib/use-page-language';
import { AuthLayout } from '../components/auth-layout';
import { FormAlert } from '../components/form-alert';
import styles from '../components/forms.module.css';
import { CodeLoginForm, PasswordLoginForm } from '../components/login-forms';
import { type LoginMethod, MethodSwitch } from '../components/method-switch';
import { ResetPasswordForm } from '../components/reset-password-form';
import { type ThirdPartyAnswer, ThirdPartyCallback } from '../components/third-party-callback';
import { ThirdPartyLogin } from '../components/third-party-login';
import type { FormMessage } from '../utils/errors';
import { usableReturnPath } from '../utils/return-page';

/** A link to another account page that keeps the origin page (?from=). */
function withFrom(path: string, from: string | null): string {
  return from ? `${path}?${new URLSearchParams({ from }).toString()}` : path;
}

/**
 * /login: by password or by verification code (phone or e-mail in one field), the way to reset a
 * forgotten password (?mode=reset), WeChat and third-party logins, and the return of a
 * third-party login (?thirdParty=…&code=…&state=…). Success stores the session and goes back to
 * the origin page (?from=, else the remembered page, else home).
 */
export function LoginRoute() {
  const { t } = useTranslation('account');
  const lang = usePageLanguage();
  const navigate = useNavigate();
  const location = useLocation();
  const [params] = useSearchParams();
  const from = usableReturnPath(params.get('from'));
  const [method, setMethod] = useState<LoginMethod>('password');
  const [account, setAccount] = useState<string>(() => (location.state as { account?: string } | null)?.account ?? '');
  const [message, setMessage] = useState<FormMessage | null>(null);
  const loginPath = withFrom(localizePath('/login', lang), from);

  const provider = params.get('thirdParty');
  const answer = useMemo<ThirdPartyAnswer | null>(
    () =>
      provider && (params.has('code') || params.has('error'))
        ? { provider, code: params.get('code'), state: params.get('state'), error: params.get('error') }
        : null,
    [provider, params],
  );
  const onThirdPartyFailed = useCallback(
    (failure: FormMessage) => {
      setMessage(failure);
      if (failure.ns === 'account' && failure.key === 'login.thirdPartyCancelled') toast.info(t('login.thirdPartyCancelled', failure.values));
      // The answer leaves the address: reloading must not try the used code again.
      void navigate(loginPath, { replace: true });
    },
    [navigate, loginPath, t],
  );

  if (answer) {
    return (
      <AuthLayout lead={t('login.lead')}>
        <ThirdPartyCallback answer={answer} from={from} onFailed={onThirdPartyFailed} />
      </AuthLayout>
    );
  }

  if (params.get('mode') === 'reset') {
    return (
      <AuthLayout title={t('reset.title')} lead={t('reset.lead')}>
        <ResetPasswordForm
          account={account}
          onDone={(value) => {
            setAccount(value);
            setMethod('password');
            void navigate(loginPath, { replace: true, state: { account: value } });
          }}
        />
        <p className={styles.links}>
          <Link to={loginPath} className={styles.link}>
            {t('reset.back')}
          </Link>
        </p>
      </AuthLayout>
    );
  }

  const resetPath = `${localizePath('/login', lang)}?${new URLSearchParams({ mode: 'reset', ...(from ? { from } : {}) }).toString()}`;
  const Form = method === 'password' ? PasswordLoginForm : CodeLoginForm;
  return (
    <AuthLayout lead={t('login.lead')}>
      <MethodSwitch value={method} onChange={setMethod} />
      <FormAlert message={message} />
      <Form key={method} from={from} account={account} onAccountChange={setAccount} />
      <p className={styles.links}>
        <Link to={resetPath} className={styles.link}>
          {t('login.forgot')}
        </Link>
        <span>
          {t('login.noAccount')}{' '}
          <Link to={withFrom(localizePath('/register', lang), from)} className={styles.link}>
            {t('login.register')}
          </Link>
        </span>
      </p>
      <ThirdPartyLogin from={from} />
    </AuthLayout>
  );
}
