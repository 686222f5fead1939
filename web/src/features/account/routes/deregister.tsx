import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { requestAttention } from '@/lib/attention';
import { homePath } from '@/lib/routing';
import { clearSession, getStoredAccount } from '@/lib/session';
import { toast } from '@/lib/toast';
import { usePageLanguage } from '@/lib/use-page-language';
import { deregister } from '../api/account-api';
import { AccountField } from '../components/account-field';
import { AuthLayout } from '../components/auth-layout';
import { CodeField } from '../components/code-field';
import { CheckboxField } from '../components/field';
import { FormAlert } from '../components/form-alert';
import { buttonClass } from '@/components/ui/button';
import styles from '../components/forms.module.css';
import { deregisterSchema } from '../schemas/forms';
import { applyProblem } from '../utils/apply-problem';
import { type FormMessage, explainAccountError } from '../utils/errors';
import { useCodeSender } from '../utils/use-code-sender';

/**
 * /deregister (logged-in visitors only; the route guard sees to that): a warning that the account
 * and its data are removed and that using the site as a user again needs a new registration, a
 * code to the account's phone or e-mail (purpose `logOff`), a last confirmation; then the session
 * is cleared and the visitor goes home.
 */
export function DeregisterRoute() {
  const { t } = useTranslation('account');
  const lang = usePageLanguage();
  const navigate = useNavigate();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const stored = getStoredAccount();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    trigger,
    getValues,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(deregisterSchema),
    mode: 'onBlur',
    defaultValues: { phoneOrEmail: stored.account ?? stored.email ?? '', code: '', codeSentTo: '', acknowledge: false },
  });

  const sender = useCodeSender({
    purpose: 'logOff',
    validateAccount: () => trigger('phoneOrEmail', { shouldFocus: true }),
    getAccount: () => getValues('phoneOrEmail'),
    onSent: (to) => {
      setMessage(null);
      setValue('codeSentTo', to);
      clearErrors('code');
    },
    onProblem: (problem) => setMessage(applyProblem(problem, setError, ['phoneOrEmail'])),
  });

  const onSubmit = handleSubmit(async (values, event) => {
    setMessage(null);
    const submitter = (event?.nativeEvent as SubmitEvent | undefined)?.submitter;
    const confirmed = await requestAttention({
      title: t('deregister.confirmTitle'),
      message: t('deregister.confirmMessage'),
      confirmLabel: t('deregister.confirm'),
      tone: 'danger',
      returnFocusTo: submitter instanceof HTMLElement ? submitter : null,
    });
    if (!confirmed) {
      toast.info(t('deregister.cancelled'));
      return;
    }
    try {
      await deregister(values.phoneOrEmail, values.code);
      clearSession();
      toast.success(t('deregister.success'));
      void navigate(homePath(lang), { replace: true });
    } catch (error: unknown) {
      setMessage(applyProblem(explainAccountError(error), setError, ['phoneOrEmail', 'code']));
    }
  });

  return (
    <AuthLayout lead={t('deregister.lead')} aside={false}>
      <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-labelledby="deregister-warning">
        <div className={styles.warning} role="note">
          <h2 id="deregister-warning" className={styles.warningTitle}>
            <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
              <path fill="currentColor" d="M12 2 1 21h22L12 2Zm0 4.3L19.5 19h-15L12 6.3ZM11 10v5h2v-5h-2Zm0 6v2h2v-2h-2Z" />
            </svg>
            {t('deregister.warningTitle')}
          </h2>
          <p>{t('deregister.warningText')}</p>
        </div>
        <AccountField registration={register('phoneOrEmail')} error={errors.phoneOrEmail} readOnlyHint={t('deregister.accountHint')} />
        <CodeField registration={register('code')} error={errors.code} sender={sender} />
        <CheckboxField name="acknowledge" error={errors.acknowledge} inputProps={register('acknowledge')}>
          {t('deregister.acknowledge')}
        </CheckboxField>
        <FormAlert message={message} />
        <button type="submit" className={buttonClass({ variant: 'danger', size: 'md', block: true })} disabled={isSubmitting}>
          {isSubmitting ? t('deregister.submitting') : t('deregister.submit')}
        </button>
      </form>
    </AuthLayout>
  );
}
