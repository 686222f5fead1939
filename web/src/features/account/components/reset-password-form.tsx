import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { toast } from '@/lib/toast';
import { resetPassword } from '../api/account-api';
import { resetPasswordSchema } from '../schemas/forms';
import { applyProblem } from '../utils/apply-problem';
import { type FormMessage, explainAccountError } from '../utils/errors';
import { useCodeSender } from '../utils/use-code-sender';
import { AccountField } from './account-field';
import { CodeField } from './code-field';
import { Field, PasswordInput } from './field';
import { FormAlert } from './form-alert';
import { buttonClass } from '@/components/ui/button';
import styles from './forms.module.css';

/** Forgot password: a code to the phone or e-mail (purpose `resetPassword`), then a new password. */
export function ResetPasswordForm({ account, onDone }: { account: string; onDone: (account: string) => void }) {
  const { t } = useTranslation('account');
  const [message, setMessage] = useState<FormMessage | null>(null);
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
    resolver: zodResolver(resetPasswordSchema),
    mode: 'onBlur',
    defaultValues: { phoneOrEmail: account, code: '', codeSentTo: '', password: '', confirmPassword: '' },
  });

  const sender = useCodeSender({
    purpose: 'resetPassword',
    validateAccount: () => trigger('phoneOrEmail', { shouldFocus: true }),
    getAccount: () => getValues('phoneOrEmail'),
    onSent: (to) => {
      setMessage(null);
      setValue('codeSentTo', to);
      clearErrors('code');
    },
    onProblem: (problem) => setMessage(applyProblem(problem, setError, ['phoneOrEmail'])),
  });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      await resetPassword(values);
      toast.success(t('reset.success'));
      onDone(values.phoneOrEmail.trim());
    } catch (error: unknown) {
      setMessage(applyProblem(explainAccountError(error), setError, ['phoneOrEmail', 'code', 'password', 'confirmPassword']));
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('reset.title')}>
      <AccountField registration={register('phoneOrEmail')} error={errors.phoneOrEmail} />
      <CodeField registration={register('code')} error={errors.code} sender={sender} />
      <Field name="password" label={t('fields.newPassword')} error={errors.password}>
        {(control) => (
          <PasswordInput {...control} {...register('password')} autoComplete="new-password" placeholder={t('fields.passwordPlaceholder')} />
        )}
      </Field>
      <Field name="confirmPassword" label={t('fields.confirmPassword')} error={errors.confirmPassword}>
        {(control) => (
          <PasswordInput
            {...control}
            {...register('confirmPassword')}
            autoComplete="new-password"
            placeholder={t('fields.confirmPasswordPlaceholder')}
          />
        )}
      </Field>
      <FormAlert message={message} />
      <button type="submit" className={buttonClass({ variant: 'primary', size: 'md', block: true })} disabled={isSubmitting}>
        {isSubmitting ? t('reset.submitting') : t('reset.submit')}
      </button>
    </form>
  );
}
