import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Link } from '@/components/ui/link';
import { defaultCountry } from '@/lib/language';
import { localizePath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';
import { type LoginResult, registerDomestic, registerOverseas } from '../api/account-api';
import { AuthLayout } from '../components/auth-layout';
import { buttonClass } from '@/components/ui/button';
import styles from '../components/forms.module.css';
import {
  AccountStep,
  DomesticInfoStep,
  OverseasInfoStep,
  useDomesticInfoForm,
  useOverseasInfoForm,
  useRegisterAccountForm,
} from '../components/register-forms';
import { type RegisterStep, RegisterSteps } from '../components/register-steps';
import stepStyles from '../components/register.module.css';
import { applyProblem } from '../utils/apply-problem';
import { type FormMessage, type ProblemField, explainAccountError } from '../utils/errors';
import { usableReturnPath } from '../utils/return-page';
import { useCompleteLogin } from '../utils/use-complete-login';
import { useCountdown } from '../utils/use-countdown';

/** Seconds the success screen stays before the visitor is taken on. */
const SUCCESS_SECONDS = 5;

const ACCOUNT_FIELDS = ['phoneOrEmail', 'code', 'password', 'confirmPassword'] as const satisfies readonly ProblemField[];
type AccountFieldName = (typeof ACCOUNT_FIELDS)[number];
const isAccountField = (field: ProblemField): field is AccountFieldName => (ACCOUNT_FIELDS as readonly ProblemField[]).includes(field);

/**
 * /register: the account (phone or e-mail with a code, a password, terms and privacy) → the
 * complete-information step (name and company; on the non-Chinese sites the enterprise fields of
 * the overseas e-mail registration) → a success screen; registration logs the visitor in, and the
 * success screen takes them on to the origin page.
 */
export function RegisterRoute() {
  const { t } = useTranslation('account');
  const lang = usePageLanguage();
  const [params] = useSearchParams();
  const from = usableReturnPath(params.get('from'));
  const overseas = lang !== 'zh';
  const [step, setStep] = useState<RegisterStep>('account');
  const [focus, setFocus] = useState<'heading' | AccountFieldName | null>(null);
  const [message, setMessage] = useState<FormMessage | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [login, setLogin] = useState<LoginResult | null>(null);
  const accountForm = useRegisterAccountForm(overseas);
  const domesticForm = useDomesticInfoForm();
  const overseasForm = useOverseasInfoForm(defaultCountry(lang));
  const { store, leave } = useCompleteLogin();

  async function submit() {
    setSubmitting(true);
    setMessage(null);
    const account = accountForm.getValues();
    try {
      const result = overseas
        ? await registerOverseas({
            ...overseasForm.getValues(),
            email: account.phoneOrEmail.trim(),
            code: account.code.trim(),
            password: account.password,
            confirmPassword: account.confirmPassword,
          })
        : await registerDomestic({ ...account, ...domesticForm.getValues() });
      store(result, 'account.register_success');
      setLogin(result);
      setStep('done');
    } catch (error: unknown) {
      const problem = explainAccountError(error);
      const accountField = problem.fields.map((f) => f.field).find(isAccountField);
      if (accountField) {
        // A problem with the account (code, phone, e-mail): back to step 1, where it can be fixed.
        setStep('account');
        setMessage(applyProblem(problem, accountForm.setError, ACCOUNT_FIELDS));
        setFocus(accountField);
      } else if (overseas) {
        setMessage(applyProblem(problem, overseasForm.setError, ['userName', 'companyName', 'country', 'industry', 'phoneCode', 'phoneNumber']));
      } else {
        setMessage(applyProblem(problem, domesticForm.setError, ['userName', 'companyName']));
      }
    } finally {
      setSubmitting(false);
    }
  }

  return (
    <AuthLayout lead={overseas ? t('register.overseasLead') : t('register.lead')}>
      <RegisterSteps current={step} />
      {step === 'account' ? (
        <>
          <AccountStep
            form={accountForm}
            overseas={overseas}
            message={message}
            onMessage={setMessage}
            focus={focus}
            onNext={() => setStep('info')}
          />
          <p className={styles.links}>
            <span>
              {t('register.haveAccount')}{' '}
              <Link to={`${localizePath('/login', lang)}${from ? `?${new URLSearchParams({ from }).toString()}` : ''}`} className={styles.link}>
                {t('register.login')}
              </Link>
            </span>
          </p>
        </>
      ) : null}
      {step === 'info' && overseas ? (
        <OverseasInfoStep
          form={overseasForm}
          message={message}
          submitting={submitting}
          onBack={() => {
            setMessage(null);
            setFocus('heading');
            setStep('account');
          }}
          onSubmit={() => void submit()}
        />
      ) : null}
      {step === 'info' && !overseas ? (
        <DomesticInfoStep
          form={domesticForm}
          message={message}
          submitting={submitting}
          onBack={() => {
            setMessage(null);
            setFocus('heading');
            setStep('account');
          }}
          onSubmit={() => void submit()}
        />
      ) : null}
      {step === 'done' && login ? <RegisterSuccess name={login.userName} onContinue={() => leave(from)} /> : null}
    </AuthLayout>
  );
}

/** Registration done and logged in: a moment to read it, then on to the origin page. */
function RegisterSuccess({ name, onContinue }: { name: string; onContinue: () => void }) {
  const { t } = useTranslation(['account', 'messages']);
  const { seconds, start } = useCountdown();
  const heading = useRef<HTMLHeadingElement>(null);
  const started = useRef(false);
  const continueRef = useRef(onContinue);
  continueRef.current = onContinue;

  useEffect(() => {
    heading.current?.focus();
    start(SUCCESS_SECONDS);
  }, [start]);

  useEffect(() => {
    if (seconds > 0) started.current = true;
    else if (started.current) continueRef.current();
  }, [seconds]);

  return (
    <div className={stepStyles.success} role="status">
      <span className={stepStyles.successIcon} aria-hidden="true">
        <svg viewBox="0 0 24 24" width="32" height="32">
          <path d="M5 12.5 10 17l9-10" fill="none" stroke="currentColor" strokeWidth="2.2" />
        </svg>
      </span>
      <h2 className={stepStyles.stepTitle} ref={heading} tabIndex={-1}>
        {t('messages:account.register_success')}
      </h2>
      <p className={stepStyles.successText}>{t('register.successText', { name })}</p>
      <p className={stepStyles.successText}>{t('register.autoContinue', { seconds })}</p>
      <button type="button" className={buttonClass({ variant: 'primary', size: 'md', block: true })} onClick={onContinue}>
        {t('register.continue')}
      </button>
    </div>
  );
}
