import { zodResolver } from '@hookform/resolvers/zod';
import { useEffect, useRef } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ErrorState } from '@/components/ui/error-state';
import { Skeleton } from '@/components/ui/skeleton';
import { defaultCountry } from '@/lib/language';
import { usePageContext } from '@/lib/use-page-language';
import { useCountries } from '../api/countries';
import { useIndustryTags } from '../api/industries';
import { domesticInfoSchema, overseasInfoSchema, registerAccountSchema } from '../schemas/forms';
import { callingCodeOf } from '../utils/calling-codes';
import type { FormMessage } from '../utils/errors';
import { applyProblem } from '../utils/apply-problem';
import { useCodeSender } from '../utils/use-code-sender';
import { AccountField } from './account-field';
import { Agreement } from './agreement';
import { CodeField } from './code-field';
import { Field, PasswordInput, SelectInput, TextInput } from './field';
import { FormAlert } from './form-alert';
import { buttonClass } from '@/components/ui/button';
import styles from './forms.module.css';
import stepStyles from './register.module.css';

export function useRegisterAccountForm(overseas: boolean) {
  return useForm({
    resolver: zodResolver(registerAccountSchema(overseas)),
    mode: 'onBlur',
    defaultValues: { phoneOrEmail: '', code: '', codeSentTo: '', password: '', confirmPassword: '', agree: false },
  });
}
export type RegisterAccountForm = ReturnType<typeof useRegisterAccountForm>;

export function useDomesticInfoForm() {
  return useForm({ resolver: zodResolver(domesticInfoSchema), mode: 'onBlur', defaultValues: { userName: '', companyName: '' } });
}
export type DomesticInfoForm = ReturnType<typeof useDomesticInfoForm>;

export function useOverseasInfoForm(country: string) {
  return useForm({
    resolver: zodResolver(overseasInfoSchema),
    mode: 'onBlur',
    defaultValues: { userName: '', companyName: '', country, industry: '', phoneCode: callingCodeOf(country), phoneNumber: '' },
  });
}
export type OverseasInfoForm = ReturnType<typeof useOverseasInfoForm>;

/** Moves focus to a step's heading when the step appears, so screen readers start there. */
function useFocusOnMount<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  useEffect(() => {
    ref.current?.focus();
  }, []);
  return ref;
}

/** Step 1: phone or e-mail (e-mail on the overseas sites), code, password twice, terms and privacy. */
export function AccountStep({
  form,
  overseas,
  message,
  onMessage,
  onNext,
  focus,
}: {
  form: RegisterAccountForm;
  overseas: boolean;
  message: FormMessage | null;
  onMessage: (message: FormMessage | null) => void;
  onNext: () => void;
  /** Where focus goes when the step appears again: its heading, or the first field a server refused. */
  focus: 'heading' | 'phoneOrEmail' | 'code' | 'password' | 'confirmPassword' | null;
}) {
  const { t } = useTranslation('account');
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    clearErrors,
    trigger,
    getValues,
    formState: { errors },
  } = form;
  const heading = useRef<HTMLHeadingElement>(null);
  const { setFocus } = form;
  useEffect(() => {
    if (focus === 'heading') heading.current?.focus();
    else if (focus) setFocus(focus);
  }, [focus, setFocus]);

  const sender = useCodeSender({
    purpose: 'register',
    validateAccount: () => trigger('phoneOrEmail', { shouldFocus: true }),
    getAccount: () => getValues('phoneOrEmail'),
    onSent: (to) => {
      onMessage(null);
      setValue('codeSentTo', to);
      clearErrors('code');
    },
    onProblem: (problem) => onMessage(applyProblem(problem, setError, ['phoneOrEmail'])),
  });

  return (
    <form
      className={styles.form}
      noValidate
      aria-labelledby="register-account-title"
      onSubmit={(event) =>
        void handleSubmit(() => {
          onMessage(null);
          onNext();
        })(event)
      }
    >
      <h2 id="register-account-title" className={stepStyles.stepTitle} ref={heading} tabIndex={-1}>
        {t('register.steps.account')}
      </h2>
      <AccountField registration={register('phoneOrEmail')} error={errors.phoneOrEmail} emailOnly={overseas} />
      <CodeField registration={register('code')} error={errors.code} sender={sender} />
      <Field name="password" label={t('fields.password')} error={errors.password}>
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
      <Agreement error={errors.agree} inputProps={register('agree')} />
      <FormAlert message={message} />
      <button type="submit" className={buttonClass({ variant: 'primary', size: 'md', block: true })}>
        {t('register.next')}
      </button>
    </form>
  );
}

interface InfoStepProps {
  message: FormMessage | null;
  submitting: boolean;
  onBack: () => void;
  onSubmit: () => void;
}

function StepButtons({ submitting, onBack }: Pick<InfoStepProps, 'submitting' | 'onBack'>) {
  const { t } = useTranslation('account');
  return (
    <div className={styles.buttons}>
      <button type="button" className={buttonClass({ variant: 'secondary' })} onClick={onBack} disabled={submitting}>
        {t('register.back')}
      </button>
      <button type="submit" className={buttonClass({ variant: 'primary', size: 'md', block: true })} disabled={submitting}>
        {submitting ? t('register.submitting') : t('register.submit')}
      </button>
    </div>
  );
}

function InfoHeading() {
  const { t } = useTranslation('account');
  const heading = useFocusOnMount<HTMLHeadingElement>();
  return (
    <div>
      <h2 id="register-info-title" className={stepStyles.stepTitle} ref={heading} tabIndex={-1}>
        {t('register.infoTitle')}
      </h2>
      <p className={styles.formLead}>{t('register.infoLead')}</p>
    </div>
  );
}

/** Step 2 on the Chinese site: name and company. */
export function DomesticInfoStep({ form, message, submitting, onBack, onSubmit }: InfoStepProps & { form: DomesticInfoForm }) {
  const { t } = useTranslation('account');
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = form;
  return (
    <form className={styles.form} noValidate aria-labelledby="register-info-title" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <InfoHeading />
      <Field name="userName" label={t('fields.userName')} error={errors.userName}>
        {(control) => <TextInput {...control} {...register('userName')} autoComplete="name" placeholder={t('fields.userNamePlaceholder')} />}
      </Field>
      <Field name="companyName" label={t('fields.companyName')} error={errors.companyName}>
        {(control) => (
          <TextInput {...control} {...register('companyName')} autoComplete="organization" placeholder={t('fields.companyNamePlaceholder')} />
        )}
      </Field>
      <FormAlert message={message} />
      <StepButtons submitting={submitting} onBack={onBack} />
    </form>
  );
}

/** Step 2 on the other sites: the enterprise fields; the country defaults from the page language. */
export function OverseasInfoStep({ form, message, submitting, onBack, onSubmit }: InfoStepProps & { form: OverseasInfoForm }) {
  const { t } = useTranslation('account');
  const context = usePageContext();
  const countries = useCountries(context.lang);
  const industries = useIndustryTags(context);
  const {
    register,
    handleSubmit,
    trigger,
    getValues,
    setValue,
    formState: { errors },
  } = form;
  const lastCountry = useRef(getValues('country') || defaultCountry(context.lang));

  // Country and industry are checked as soon as they change (spec section 5); a new country
  // brings its calling code unless the visitor typed another one.
  const country = register('country', {
    onChange: (event: { target: HTMLSelectElement }) => {
      const next = event.target.value;
      const code = getValues('phoneCode');
      if (!code || code === callingCodeOf(lastCountry.current)) setValue('phoneCode', callingCodeOf(next));
      lastCountry.current = next;
      void trigger('country');
    },
  });
  const industry = register('industry', { onChange: () => void trigger('industry') });

  return (
    <form className={styles.form} noValidate aria-labelledby="register-info-title" onSubmit={(event) => void handleSubmit(onSubmit)(event)}>
      <InfoHeading />
      <Field name="userName" label={t('fields.userName')} error={errors.userName}>
        {(control) => <TextInput {...control} {...register('userName')} autoComplete="name" placeholder={t('fields.userNamePlaceholder')} />}
      </Field>
      <Field name="companyName" label={t('fields.companyName')} error={errors.companyName}>
        {(control) => (
          <TextInput {...control} {...register('companyName')} autoComplete="organization" placeholder={t('fields.companyNamePlaceholder')} />
        )}
      </Field>
      <Field name="country" label={t('fields.country')} error={errors.country}>
        {(control) =>
          countries.isPending ? (
            <Skeleton style={{ height: '3rem' }} />
          ) : (
            <SelectInput {...control} {...country} autoComplete="country">
              <option value="">{t('fields.countryPlaceholder')}</option>
              {(countries.data ?? []).map((c) => (
                <option key={c.code} value={c.code}>
                  {c.name}
                </option>
              ))}
            </SelectInput>
          )
        }
      </Field>
      <Field name="industry" label={t('fields.industry')} error={errors.industry}>
        {(control) =>
          industries.isPending ? (
            <Skeleton style={{ height: '3rem' }} />
          ) : industries.isError ? (
            <ErrorState compact error={industries.error} onRetry={() => void industries.refetch()} />
          ) : (
            <SelectInput {...control} {...industry}>
              <option value="">{t('fields.industryPlaceholder')}</option>
              {industries.data.map((entry) => (
                <option key={entry.dictValue} value={entry.dictValue}>
                  {entry.dictLabel}
                </option>
              ))}
            </SelectInput>
          )
        }
      </Field>
      <fieldset className={styles.group}>
        <legend className={styles.label}>{t('fields.phone')}</legend>
        <div className={styles.row}>
          <Field name="phoneCode" label={t('fields.phoneCode')} error={errors.phoneCode}>
            {(control) => <TextInput {...control} {...register('phoneCode')} inputMode="tel" autoComplete="tel-country-code" />}
          </Field>
          <Field name="phoneNumber" label={t('fields.phoneNumber')} error={errors.phoneNumber}>
            {(control) => <TextInput {...control} {...register('phoneNumber')} type="tel" autoComplete="tel-national" />}
          </Field>
        </div>
      </fieldset>
      <FormAlert message={message} />
      <StepButtons submitting={submitting} onBack={onBack} />
    </form>
  );
}
