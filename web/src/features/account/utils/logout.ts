import type { TFunction } from 'i18next';
import { requestAttention } from '@/lib/attention';
import { clearSession } from '@/lib/session';
import { toast } from '@/lib/toast';

/**
 * Logout as spec section 4 says: ask first; on confirm clear the stored session and say so;
 * on cancel say that nothing changed. Resolves whether the visitor logged out.
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
    clearSession();
    toast.success(t('session.logoutSuccess'));
  } else {
    toast.info(t('session.logoutCancelled'));
  }
  return confirmed;
}
