import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { type LoginSession, forgetReturnPage, storeLogin } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageLanguage } from '@/lib/use-page-language';
import { afterLoginPath } from './return-page';

/**
 * What every successful login does (password, code, WeChat, third party, registration): store
 * the session under the keys of spec section 3, refresh what was loaded without it, say so,
 * and return to the origin page (`from`, else jakaWhereFrom, else home).
 */
export function useCompleteLogin() {
  const { t } = useTranslation('messages');
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const lang = usePageLanguage();

  /** Stores the session and says so, without leaving the page (the registration shows its success screen first). */
  function store(login: LoginSession, message: 'account.login_success' | 'account.register_success' = 'account.login_success') {
    storeLogin(login);
    void queryClient.invalidateQueries();
    toast.success(t(message));
  }

  function leave(from: string | null) {
    const target = afterLoginPath(lang, from);
    forgetReturnPage();
    void navigate(target, { replace: true });
  }

  return {
    store,
    leave,
    complete: (login: LoginSession, from: string | null) => {
      store(login);
      leave(from);
    },
  };
}
