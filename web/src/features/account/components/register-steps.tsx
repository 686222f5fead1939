import { useTranslation } from 'react-i18next';
import styles from './register.module.css';

export type RegisterStep = 'account' | 'info' | 'done';
const STEPS: readonly RegisterStep[] = ['account', 'info', 'done'];

/** Account → your details → done, with the current step marked for assistive technology. */
export function RegisterSteps({ current }: { current: RegisterStep }) {
  const { t } = useTranslation('account');
  const index = STEPS.indexOf(current);
  return (
    <ol className={styles.steps} aria-label={t('register.steps.label')}>
      {STEPS.map((step, i) => {
        const state = i < index ? 'done' : i === index ? 'current' : 'todo';
        return (
          <li key={step} className={styles.step} data-state={state} aria-current={state === 'current' ? 'step' : undefined}>
            <span className={styles.stepNumber} aria-hidden="true">
              {state === 'done' ? '✓' : i + 1}
            </span>
            <span className={styles.stepLabel}>{t(`register.steps.${step}`)}</span>
            {state === 'done' ? <span className="visually-hidden"> ({t('register.completed')})</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
