import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, TextInput } from './field';

/** The one phone-or-e-mail field (or e-mail only, on the overseas registration). */
export function AccountField({
  registration,
  error,
  emailOnly = false,
  readOnlyHint,
}: {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  emailOnly?: boolean;
  readOnlyHint?: string;
}) {
  const { t } = useTranslation('account');
  return (
    <Field name="phoneOrEmail" label={emailOnly ? t('fields.email') : t('fields.phoneOrEmail')} error={error} hint={readOnlyHint}>
      {(control) => (
        <TextInput
          {...control}
          {...registration}
          type={emailOnly ? 'email' : 'text'}
          autoComplete={emailOnly ? 'email' : 'username'}
          autoCapitalize="none"
          spellCheck={false}
          placeholder={emailOnly ? t('fields.emailPlaceholder') : t('fields.phoneOrEmailPlaceholder')}
        />
      )}
    </Field>
  );
}
