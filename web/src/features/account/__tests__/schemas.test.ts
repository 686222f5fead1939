import { describe, expect, it } from 'vitest';
import { ApiError } from '@/lib/http';
import {
  codeLoginSchema,
  deregisterSchema,
  overseasInfoSchema,
  passwordLoginSchema,
  registerAccountSchema,
  resetPasswordSchema,
} from '../schemas/forms';
import { explainAccountError } from '../utils/errors';
import { callingCodeOf } from '../utils/calling-codes';

/** The first message per field, as react-hook-form shows it. */
function issues(result: { success: boolean; error?: { issues: Array<{ path: PropertyKey[]; message: string }> } }) {
  const first: Record<string, string> = {};
  for (const issue of result.error?.issues ?? []) first[issue.path.join('.')] ??= issue.message;
  return first;
}

describe('the account rules of spec section 5', () => {
  it('take a phone (optional + and country code, 5 to 15 digits, space, dot or dash) or an e-mail in one field', () => {
    for (const ok of ['13800138000', '+86 138 0013 8000', '+49-30-1234567', '030.123.4567', 'demo@jaka.example', ' a.b@c.de ']) {
      expect(passwordLoginSchema.safeParse({ phoneOrEmail: ok, password: 'x' }).success, ok).toBe(true);
    }
    for (const bad of ['1234', 'abc', 'a@b', 'a@b.c', '+86 138 0013 8000 0000 000', '138--0013']) {
      expect(issues(passwordLoginSchema.safeParse({ phoneOrEmail: bad, password: 'x' })), bad).toEqual({
        phoneOrEmail: 'messages:account.invalid_account',
      });
    }
    expect(issues(passwordLoginSchema.safeParse({ phoneOrEmail: '  ', password: '' }))).toEqual({
      phoneOrEmail: 'validation.phoneOrEmailRequired',
      password: 'validation.passwordRequired',
    });
  });

  it('want a numeric six-digit code, requested first for this very account (SMS or e-mail wording)', () => {
    const phone = { phoneOrEmail: '13800138000', code: '123456', codeSentTo: '' };
    expect(issues(codeLoginSchema.safeParse(phone))).toEqual({ code: 'messages:account.sms_code_required' });
    expect(issues(codeLoginSchema.safeParse({ ...phone, phoneOrEmail: 'a@b.de' }))).toEqual({ code: 'messages:account.code_required' });
    expect(codeLoginSchema.safeParse({ ...phone, codeSentTo: '13800138000' }).success).toBe(true);
    expect(issues(codeLoginSchema.safeParse({ ...phone, codeSentTo: '13900000000' }))).toEqual({ code: 'messages:account.sms_code_required' });
    expect(issues(codeLoginSchema.safeParse({ ...phone, code: '12a456', codeSentTo: '13800138000' }))).toEqual({
      code: 'validation.codeFormat',
    });
    expect(issues(codeLoginSchema.safeParse({ ...phone, code: '' }))).toEqual({ code: 'validation.codeRequired' });
  });

  it('want the two passwords to match, 6 to 64 characters, and terms and privacy ticked before registration', () => {
    const values = {
      phoneOrEmail: '13800138000',
      code: '123456',
      codeSentTo: '13800138000',
      password: 'secret1',
      confirmPassword: 'secret2',
      agree: false,
    };
    expect(issues(registerAccountSchema(false).safeParse(values))).toEqual({
      confirmPassword: 'messages:account.password_mismatch',
      agree: 'validation.agreementRequired',
    });
    expect(issues(registerAccountSchema(false).safeParse({ ...values, password: '12345', confirmPassword: '12345', agree: true }))).toEqual({
      password: 'validation.passwordLength',
    });
    expect(registerAccountSchema(false).safeParse({ ...values, confirmPassword: 'secret1', agree: true }).success).toBe(true);
    expect(issues(resetPasswordSchema.safeParse({ ...values, confirmPassword: '' }))).toEqual({
      confirmPassword: 'validation.confirmPasswordRequired',
    });
  });

  it('register only e-mail addresses on the overseas sites', () => {
    const values = { phoneOrEmail: '13800138000', code: '123456', codeSentTo: '13800138000', password: 'secret1', confirmPassword: 'secret1', agree: true };
    expect(issues(registerAccountSchema(true).safeParse(values))).toEqual({ phoneOrEmail: 'messages:account.invalid_email' });
  });

  it('want every enterprise field, a country code and a calling code', () => {
    expect(
      issues(overseasInfoSchema.safeParse({ userName: '', companyName: '', country: '', industry: '', phoneCode: '49x', phoneNumber: '12' })),
    ).toEqual({
      userName: 'validation.userNameRequired',
      companyName: 'validation.companyNameRequired',
      country: 'validation.countryRequired',
      industry: 'validation.industryRequired',
      phoneCode: 'validation.phoneCodeFormat',
      phoneNumber: 'validation.phoneFormat',
    });
    expect(
      overseasInfoSchema.safeParse({ userName: 'Ada', companyName: 'ACME', country: 'UK', industry: '3C', phoneCode: '+44', phoneNumber: '20 7946 0000' })
        .success,
    ).toBe(true);
    expect(callingCodeOf('DE')).toBe('+49');
    expect(callingCodeOf('UK')).toBe('+44');
    expect(callingCodeOf('')).toBe('');
  });

  it('want the warning acknowledged before deregistration', () => {
    expect(issues(deregisterSchema.safeParse({ phoneOrEmail: 'a@b.de', code: '123456', codeSentTo: 'a@b.de', acknowledge: false }))).toEqual({
      acknowledge: 'validation.acknowledgeRequired',
    });
  });
});

describe('server answers', () => {
  const apiError = (status: number, errorKey: string, extra: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) =>
    new ApiError({ status, errorKey, url: '/prod-api/login/x', ...extra });

  it('land on the field they are about', () => {
    expect(explainAccountError(apiError(409, 'account.phone_registered'))).toEqual({
      fields: [{ field: 'phoneOrEmail', key: 'messages:account.phone_registered' }],
      form: null,
    });
    expect(explainAccountError(apiError(422, 'account.code_incorrect')).fields).toEqual([{ field: 'code', key: 'messages:account.code_incorrect' }]);
    expect(explainAccountError(apiError(400, 'account.password_mismatch')).fields).toEqual([
      { field: 'confirmPassword', key: 'messages:account.password_mismatch' },
    ]);
  });

  it('about the whole form go above it; rate limits carry their Retry-After', () => {
    expect(explainAccountError(apiError(401, 'account.bad_credentials')).form).toEqual({ ns: 'messages', key: 'account.bad_credentials' });
    expect(explainAccountError(apiError(429, 'account.code_too_frequent', { retryAfter: 42 })).form).toEqual({
      ns: 'account',
      key: 'errors.code_too_frequent',
      seconds: 42,
    });
    expect(explainAccountError(apiError(0, 'client.network')).form).toEqual({ ns: 'common', key: 'status.errorNetwork' });
  });

  it('of validation put their fields right', () => {
    const error = apiError(400, 'request.invalid', { errors: [{ field: '/phone', message: 'bad' }, { field: 'code', message: 'bad' }] });
    expect(explainAccountError(error).fields).toEqual([
      { field: 'phoneOrEmail', key: 'messages:account.invalid_account' },
      { field: 'code', key: 'validation.codeFormat' },
    ]);
  });
});
