/**
 * Failed account calls, explained: the envelope's errorKey (spec section 8) is shown in the text
 * the server's catalogue has for it (the shared `messages` namespace), placed on the field it is
 * about where there is one, otherwise above the form. Rate limits say the wait in seconds, in
 * texts of the `account` catalogue. Field errors of a validation failure land on their fields.
 */
import type { ServerMessageKey } from '@/i18n/catalogue';
import type { ErrorMessageKey } from '@/lib/error-message';
import { errorMessageKey } from '@/lib/error-message';
import { ApiError } from '@/lib/http';
import type { AccountKey } from './keys';

/** Form fields a server answer can be about. */
export type ProblemField =
  | 'phoneOrEmail'
  | 'code'
  | 'password'
  | 'confirmPassword'
  | 'userName'
  | 'companyName'
  | 'country'
  | 'industry'
  | 'phoneNumber'
  | 'phoneCode';

/**
 * A message for the whole form: one of ours (with the wait in seconds for rate limits), the
 * server's text of an errorKey, or a shell status text.
 */
export type FormMessage =
  | { ns: 'account'; key: AccountKey; seconds?: number; values?: Record<string, string> }
  | { ns: 'messages'; key: ServerMessageKey }
  | { ns: 'common'; key: ErrorMessageKey };

/** The message of a field: a key of the `account` catalogue, or a server text as `messages:<key>`. */
export type FieldMessageKey = AccountKey | `messages:${ServerMessageKey}`;

export interface Problem {
  fields: Array<{ field: ProblemField; key: FieldMessageKey }>;
  form: FormMessage | null;
}

/** The field message of a server text. */
export function serverFieldMessage(key: ServerMessageKey): FieldMessageKey {
  return `messages:${key}`;
}

/** The form message of a field message that has no field on the form. */
export function formMessageOf(key: FieldMessageKey): FormMessage {
  return key.startsWith('messages:') ? { ns: 'messages', key: key.slice('messages:'.length) as ServerMessageKey } : { ns: 'account', key: key as AccountKey };
}

/** The errorKeys an account form places on one of its fields, shown in the server's text. */
export const FIELD_OF_KEY: Readonly<Record<string, ProblemField>> = {
  'account.phone_registered': 'phoneOrEmail',
  'account.email_registered': 'phoneOrEmail',
  'account.invalid_account': 'phoneOrEmail',
  'account.invalid_email': 'phoneOrEmail',
  'account.not_registered': 'phoneOrEmail',
  'account.not_owner': 'phoneOrEmail',
  'account.code_incorrect': 'code',
  'account.code_required': 'code',
  'account.sms_code_required': 'code',
  'account.code_expired': 'code',
  'account.code_exhausted': 'code',
  'account.password_mismatch': 'confirmPassword',
};

/** The errorKeys an account form shows above itself, in the server's text. */
export const FORM_KEYS: ReadonlySet<string> = new Set([
  'account.bad_credentials',
  'account.registration_failed',
  'account.verification_failed',
  'account.qr_expired',
  'account.token_expired',
  'account.not_logged_in',
]);

const RATE_KEYS = new Set(['account.code_too_frequent', 'account.too_many_requests', 'account.too_many_attempts']);

/** Wire field names (body properties, or JSON pointers to them) → form fields. */
const FIELD_OF_WIRE: Record<string, ProblemField> = {
  phone: 'phoneOrEmail',
  email: 'phoneOrEmail',
  account: 'phoneOrEmail',
  code: 'code',
  password: 'password',
  confirmPassword: 'confirmPassword',
  userName: 'userName',
  companyName: 'companyName',
  country: 'country',
  industry: 'industry',
  phoneNumber: 'phoneNumber',
  phoneCode: 'phoneCode',
};

/** What the visitor is told when a field is refused by the server's own validation. */
const FORMAT_KEY: Record<ProblemField, FieldMessageKey> = {
  phoneOrEmail: 'messages:account.invalid_account',
  code: 'validation.codeFormat',
  password: 'validation.passwordLength',
  confirmPassword: 'validation.passwordLength',
  userName: 'validation.userNameLength',
  companyName: 'validation.companyNameLength',
  country: 'validation.countryRequired',
  industry: 'validation.industryRequired',
  phoneNumber: 'validation.phoneFormat',
  phoneCode: 'validation.phoneCodeFormat',
};

/** The catalogue key of a rate limit's errorKey (`account.code_too_frequent` → `errors.code_too_frequent`): its text says the wait. */
export function accountErrorKey(errorKey: string): AccountKey | null {
  if (!errorKey.startsWith('account.')) return null;
  return `errors.${errorKey.slice('account.'.length)}` as AccountKey;
}

const DEFAULT_WAIT_SECONDS = 60;

/** Explains a failed call; `fieldFor` moves a problem to the field a form really has. */
export function explainAccountError(error: unknown, fieldFor: (field: ProblemField) => ProblemField | null = (f) => f): Problem {
  if (!(error instanceof ApiError)) return { fields: [], form: { ns: 'common', key: errorMessageKey(error) } };
  const key = error.errorKey;
  const catalogueKey = accountErrorKey(key);

  if (RATE_KEYS.has(key) && catalogueKey) {
    return { fields: [], form: { ns: 'account', key: catalogueKey, seconds: error.retryAfter ?? DEFAULT_WAIT_SECONDS } };
  }
  const field = FIELD_OF_KEY[key];
  const serverKey = key as ServerMessageKey;
  if (field) {
    const target = fieldFor(field);
    return target ? { fields: [{ field: target, key: serverFieldMessage(serverKey) }], form: null } : { fields: [], form: { ns: 'messages', key: serverKey } };
  }
  if (FORM_KEYS.has(key)) return { fields: [], form: { ns: 'messages', key: serverKey } };

  if (key === 'request.invalid' && error.errors.length > 0) {
    const fields: Problem['fields'] = [];
    for (const entry of error.errors) {
      const name = entry.field.replace(/^\//, '').split('/')[0] ?? '';
      const wire = FIELD_OF_WIRE[name];
      const target = wire ? fieldFor(wire) : null;
      if (target && !fields.some((f) => f.field === target)) fields.push({ field: target, key: FORMAT_KEY[target] });
    }
    return { fields, form: fields.length > 0 ? null : { ns: 'account', key: 'errors.request_invalid' } };
  }
  if (catalogueKey) return { fields: [], form: { ns: 'account', key: 'errors.generic' } };
  return { fields: [], form: { ns: 'common', key: errorMessageKey(error) } };
}
