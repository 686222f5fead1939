import type { FieldError, UseFormRegisterReturn } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, TextInput } from './field';
import { SendCodeButton } from './send-code-button';

export interface CodeFieldProps {
  registration: UseFormRegisterReturn;
  error: FieldError | undefined;
  sender: { send: () => Promise<void>; seconds: number; sending: boolean; sentBefore: boolean; note: string | null };
}

/** The six-digit code with its "get code" button and the note that a code was sent. */
export function CodeField({ registration, error, sender }: CodeFieldProps) {
  const { t } = useTranslation('account');
  return (
    <Field
      name="code"
      label={t('fields.code')}
      error={error}
      hint={sender.note}
      addon={
        <SendCodeButton onSend={() => void sender.send()} seconds={sender.seconds} sending={sender.sending} sentBefore={sender.sentBefore} />
      }
    >
      {(control) => (
        <TextInput
          {...control}
          {...registration}
          inputMode="numeric"
          autoComplete="one-time-code"
          maxLength={6}
          placeholder={t('fields.codePlaceholder')}
        />
      )}
    </Field>
  );
}
