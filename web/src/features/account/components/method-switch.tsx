import { useTranslation } from 'react-i18next';
import styles from './forms.module.css';

export type LoginMethod = 'password' | 'code';

/** Password or verification code: a segmented radio group (arrow keys move between them). */
export function MethodSwitch({ value, onChange }: { value: LoginMethod; onChange: (method: LoginMethod) => void }) {
  const { t } = useTranslation('account');
  return (
    <fieldset className={styles.methods}>
      <legend className="visually-hidden">{t('methods.label')}</legend>
      {(['password', 'code'] as const).map((method) => (
        <label key={method} className={styles.method} data-checked={value === method}>
          <input type="radio" name="login-method" value={method} checked={value === method} onChange={() => onChange(method)} />
          <span>{t(`methods.${method}`)}</span>
        </label>
      ))}
    </fieldset>
  );
}
