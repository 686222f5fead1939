import { useNavigate } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { SiteLanguage } from '@/lib/language';
import { localizePath } from '@/lib/routing';
import { toast } from '@/lib/toast';

/**
 * After a lead was accepted (stored or queued: both are a success for the visitor, spec section
 * 4): "Submitted successfully" with the follow-up promise, the dialog closes, and the visitor
 * goes to /thx.
 */
export function useLeadFinish(lang: SiteLanguage, onDone: () => void) {
  const { t } = useTranslation(['forms', 'messages']);
  const navigate = useNavigate();
  return () => {
    toast.success(t('messages:form.submitted'), t('toasts.submittedDetail'));
    onDone();
    void navigate(localizePath('/thx', lang));
  };
}
