import { zodResolver } from '@hookform/resolvers/zod';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { loginWithCode, loginWithPassword } from '../api/account-api';
import { codeLoginSchema, passwordLoginSchema } from '../schemas/forms';
import { applyProblem } from '../utils/apply-problem';
import { type FormMessage, explainAccountError } from '../utils/errors';
import { useCodeSender } from '../utils/use-code-sender';
import { useCompleteLogin } from '../utils/use-complete-login';
import { AccountField } from './account-field';
import { CodeField } from './code-field';
import { Field, PasswordInput } from './field';
import { FormAlert } from './form-alert';
import { buttonClass } from '@/components/ui/button';
import styles from './forms.module.css';

export interface LoginFormProps {
  /** The origin page from the address (?from=), if any. */
  from: string | null;
  /** The phone or e-mail typed so far (kept when switching between password and code). */
  account: string;
  onAccountChange: (value: string) => void;
}

/** Login by phone or e-mail and password. */
export function PasswordLoginForm({ from, account, onAccountChange }: LoginFormProps) {
  const { t } = useTranslation('account');
  const { complete } = useCompleteLogin();
  const [message, setMessage] = useState<FormMessage | null>(null);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors, isSubmitting },
  } = useForm({
    resolver: zodResolver(passwordLoginSchema),
    mode: 'onBlur',
    defaultValues: { phoneOrEmail: account, password: '' },
  });

  const onSubmit = handleSubmit(async (values) => {
    setMessage(null);
    try {
      complete(await loginWithPassword(values.phoneOrEmail, values.password), from);
    } catch (error: unknown) {
      setMessage(applyProblem(explainAccountError(error), setError, ['phoneOrEmail', 'password']));
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('methods.password')}>
      <AccountField registration={register('phoneOrEmail', { onChange: (e: { target: HTMLInputElement }) => onAccountChange(e.target.value) })} error={errors.phoneOrEmail} />
      <Field name="password" label={t('fields.password')} error={errors.password}>
        {(control) => <PasswordInput {...control} {...register('password')} autoComplete="current-password" />}
      </Field>
      <FormAlert message={message} />
      <button type="submit" className={buttonClass({ variant: 'primary', size: 'md', block: true })} disabled={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}

/** Login by phone or e-mail and a verification code (purpose `login`). */
export function CodeLoginForm({ from, account, onAccountChange }: LoginFormProps) {
  const { t } = useTranslation('account');
  const { complete } = useCompleteLogin();
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
    resolver: zodResolver(codeLoginSchema),
    mode: 'onBlur',
    defaultValues: { phoneOrEmail: account, code: '', codeSentTo: '' },
  });

  const sender = useCodeSender({
    purpose: 'login',
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
      complete(await loginWithCode(values.phoneOrEmail, values.code), from);
    } catch (error: unknown) {
      setMessage(applyProblem(explainAccountError(error), setError, ['phoneOrEmail', 'code']));
    }
  });

  return (
    <form className={styles.form} noValidate onSubmit={(event) => void onSubmit(event)} aria-label={t('methods.code')}>
      <AccountField registration={register('phoneOrEmail', { onChange: (e: { target: HTMLInputElement }) => onAccountChange(e.target.value) })} error={errors.phoneOrEmail} />
      <CodeField registration={register('code')} error={errors.code} sender={sender} />
      <FormAlert message={message} />
      <button type="submit" className={buttonClass({ variant: 'primary', size: 'md', block: true })} disabled={isSubmitting}>
        {isSubmitting ? t('login.submitting') : t('login.submit')}
      </button>
    </form>
  );
}
