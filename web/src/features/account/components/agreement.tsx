import type { InputHTMLAttributes, Ref } from 'react';
import { useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import type { FieldError } from 'react-hook-form';
import { legalPath } from '@/lib/routing';
import { usePageLanguage } from '@/lib/use-page-language';
import { CheckboxField } from './field';
import styles from './forms.module.css';

/** "I agree to the terms and the privacy policy": both open /imprint?key=… in a new tab. */
export function Agreement({
  error,
  inputProps,
}: {
  error: FieldError | undefined;
  inputProps: InputHTMLAttributes<HTMLInputElement> & { ref?: Ref<HTMLInputElement> };
}) {
  const { t } = useTranslation('account');
  const lang = usePageLanguage();
  const newTab = useId();
  const link = (key: 'terms' | 'privacy') => (
    <a href={legalPath(key, lang)} target="_blank" rel="noopener" className={styles.inlineLink} aria-describedby={newTab} />
  );
  return (
    <CheckboxField name="agree" error={error} inputProps={inputProps}>
      <Trans t={t} i18nKey="register.agreement" components={{ terms: link('terms'), privacy: link('privacy') }} />
      <span id={newTab} hidden>
        {t('register.newTab')}
      </span>
    </CheckboxField>
  );
}
