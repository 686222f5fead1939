import type { TFunction } from 'i18next';
import { requestAttention } from '@/lib/attention';
import { clearSession, getToken } from '@/lib/session';
import { toast } from '@/lib/toast';

/**
 * Logout as spec section 4 says: ask first; on confirm clear the stored session, end it on the
 * server and say so; on cancel say that nothing changed. Resolves whether the visitor logged out.
 */
export async function confirmLogout(t: TFunction, returnFocusTo?: HTMLElement | null): Promise<boolean> {
  const confirmed = await requestAttention({
    title: t('session.logoutTitle'),
    message: t('session.logoutMessage'),
    confirmLabel: t('session.logoutConfirm'),
    tone: 'danger',
    returnFocusTo: returnFocusTo ?? null,
  });
  if (confirmed) {
    const token = getToken();
    clearSession();
    toast.success(t('session.logoutSuccess'));
    // The token also stops working on the server. The browser has forgotten it already, so a
    // failed call changes nothing for the visitor (the session then simply runs out there).
    if (token) void import('../api/account-api').then(({ endSession }) => endSession(token)).catch(() => undefined);
  } else {
    toast.info(t('session.logoutCancelled'));
  }
  return confirmed;
}
