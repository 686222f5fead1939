/**
 * The account rules of spec section 5 as zod pieces, built on the contract's own patterns and
 * bounds (the generated schemas of openapi.yaml), so that the browser refuses exactly what the
 * BFF would. Every message is a key of the `account` catalogue, or `messages:<key>` where the
 * server says the same sentence (its catalogue, shared with the web, holds it once).
 */
import { z } from 'zod';
import { CallingCodeRegExp } from '@/api/generated/model/callingCode.zod';
import { CodeRegExp } from '@/api/generated/model/code.zod';
import { EmailMax, EmailRegExp } from '@/api/generated/model/email.zod';
import { PasswordMax, PasswordMin } from '@/api/generated/model/password.zod';
import { PhoneMax, PhoneRegExp } from '@/api/generated/model/phone.zod';
import type { FieldMessageKey } from '../utils/errors';

/** Which kind of account a phone-or-e-mail value names: an `@` makes it an e-mail address. */
export type Channel = 'phone' | 'email';

export function channelOf(value: string): Channel {
  return value.includes('@') ? 'email' : 'phone';
}

/** The value as sent: trimmed (the patterns allow no surrounding space). */
export function normalizeAccount(value: string): string {
  return value.trim();
}

export function isPhone(value: string): boolean {
  const v = normalizeAccount(value);
  return v.length <= PhoneMax && PhoneRegExp.test(v);
}

export function isEmail(value: string): boolean {
  const v = normalizeAccount(value);
  return v.length <= EmailMax && EmailRegExp.test(v);
}

const m = (key: FieldMessageKey) => ({ message: key });

/** Phone or e-mail in one field (spec section 5: phoneOrEmail). */
export const phoneOrEmailRule = z
  .string()
  .trim()
  .min(1, m('validation.phoneOrEmailRequired'))
  .refine((v) => (channelOf(v) === 'email' ? isEmail(v) : isPhone(v)), m('messages:account.invalid_account'));

export const emailRule = z
  .string()
  .trim()
  .min(1, m('validation.emailRequired'))
  .refine(isEmail, m('messages:account.invalid_email'));

export const phoneRule = z
  .string()
  .trim()
  .min(1, m('validation.phoneRequired'))
  .refine(isPhone, m('validation.phoneFormat'));

export const callingCodeRule = z
  .string()
  .trim()
  .min(1, m('validation.phoneCodeRequired'))
  .regex(CallingCodeRegExp, m('validation.phoneCodeFormat'));

/** The six-digit code (numeric). */
export const codeRule = z
  .string()
  .trim()
  .min(1, m('validation.codeRequired'))
  .regex(CodeRegExp, m('validation.codeFormat'));

export const passwordRule = z
  .string()
  .min(1, m('validation.passwordRequired'))
  .min(PasswordMin, m('validation.passwordLength'))
  .max(PasswordMax, m('validation.passwordLength'));

export const confirmPasswordRule = z.string().min(1, m('validation.confirmPasswordRequired'));

/** The e-mail or phone the last code was sent to ('' when none was requested yet). */
export const codeSentToRule = z.string();

/**
 * Adds the two cross-field rules: the passwords match, and a code was requested for this very
 * phone or e-mail before (spec section 5: "An SMS code must be requested first"). They are
 * checked whatever else is wrong, so each message shows on its field as soon as it applies.
 */
export function checkCodeRequested(
  value: { account: string; code: string; codeSentTo: string },
  ctx: z.RefinementCtx,
  codePath = 'code',
): void {
  const account = normalizeAccount(value.account);
  if (!CodeRegExp.test(value.code.trim())) return; // the code's own rule speaks first
  if (account === '' || value.codeSentTo !== account) {
    ctx.addIssue({
      code: 'custom',
      path: [codePath],
      message: (channelOf(account) === 'phone' ? 'messages:account.sms_code_required' : 'messages:account.code_required') satisfies FieldMessageKey,
    });
  }
}

export function checkPasswordsMatch(value: { password: string; confirmPassword: string }, ctx: z.RefinementCtx): void {
  if (value.confirmPassword !== '' && value.password !== value.confirmPassword) {
    ctx.addIssue({ code: 'custom', path: ['confirmPassword'], message: 'messages:account.password_mismatch' satisfies FieldMessageKey });
  }
}
