/**
 * The account forms' schemas (spec section 5). Values stay strings as typed; the API layer trims.
 * `codeSentTo` is not shown: it holds the phone or e-mail the last code was sent to, so that the
 * rule "request the code first" is part of the schema.
 */
import { z } from 'zod';
import { CountryCodeRegExp } from '@/api/generated/model/countryCode.zod';
import {
  overseasRegisterRequestCompanyNameMax,
  overseasRegisterRequestIndustryMax,
  overseasRegisterRequestUserNameMax,
} from '@/api/generated/model/overseasRegisterRequest.zod';
import type { AccountKey } from '../utils/keys';
import {
  callingCodeRule,
  checkCodeRequested,
  checkPasswordsMatch,
  codeRule,
  codeSentToRule,
  confirmPasswordRule,
  emailRule,
  passwordRule,
  phoneOrEmailRule,
  phoneRule,
} from './rules';

const m = (key: AccountKey) => ({ message: key });

export const passwordLoginSchema = z.object({
  phoneOrEmail: phoneOrEmailRule,
  password: z.string().min(1, m('validation.passwordRequired')),
});
export type PasswordLoginValues = z.input<typeof passwordLoginSchema>;

export const codeLoginSchema = z
  .object({ phoneOrEmail: phoneOrEmailRule, code: codeRule, codeSentTo: codeSentToRule })
  .superRefine((v, ctx) => checkCodeRequested({ account: v.phoneOrEmail, code: v.code, codeSentTo: v.codeSentTo }, ctx));
export type CodeLoginValues = z.input<typeof codeLoginSchema>;

export const resetPasswordSchema = z
  .object({
    phoneOrEmail: phoneOrEmailRule,
    code: codeRule,
    codeSentTo: codeSentToRule,
    password: passwordRule,
    confirmPassword: confirmPasswordRule,
  })
  .superRefine((v, ctx) => {
    checkCodeRequested({ account: v.phoneOrEmail, code: v.code, codeSentTo: v.codeSentTo }, ctx);
    checkPasswordsMatch(v, ctx);
  });
export type ResetPasswordValues = z.input<typeof resetPasswordSchema>;

const agreeRule = z.boolean().refine((v) => v, m('validation.agreementRequired'));

/** Registration, step 1: the account (phone or e-mail; e-mail only on the overseas sites). */
export function registerAccountSchema(overseas: boolean) {
  return z
    .object({
      phoneOrEmail: overseas ? emailRule : phoneOrEmailRule,
      code: codeRule,
      codeSentTo: codeSentToRule,
      password: passwordRule,
      confirmPassword: confirmPasswordRule,
      agree: agreeRule,
    })
    .superRefine((v, ctx) => {
      checkCodeRequested({ account: v.phoneOrEmail, code: v.code, codeSentTo: v.codeSentTo }, ctx);
      checkPasswordsMatch(v, ctx);
    });
}
export type RegisterAccountValues = z.input<ReturnType<typeof registerAccountSchema>>;

const userNameRule = z
  .string()
  .trim()
  .min(1, m('validation.userNameRequired'))
  .max(overseasRegisterRequestUserNameMax, m('validation.userNameLength'));
const companyNameRule = z
  .string()
  .trim()
  .min(1, m('validation.companyNameRequired'))
  .max(overseasRegisterRequestCompanyNameMax, m('validation.companyNameLength'));

/** Registration, step 2 on the Chinese site: name and company. */
export const domesticInfoSchema = z.object({ userName: userNameRule, companyName: companyNameRule });
export type DomesticInfoValues = z.input<typeof domesticInfoSchema>;

/** Registration, step 2 on the other sites: the enterprise fields of spec section 5. */
export const overseasInfoSchema = z.object({
  userName: userNameRule,
  companyName: companyNameRule,
  country: z.string().regex(CountryCodeRegExp, m('validation.countryRequired')),
  industry: z.string().min(1, m('validation.industryRequired')).max(overseasRegisterRequestIndustryMax, m('validation.industryRequired')),
  phoneCode: callingCodeRule,
  phoneNumber: phoneRule,
});
export type OverseasInfoValues = z.input<typeof overseasInfoSchema>;

export const deregisterSchema = z
  .object({
    phoneOrEmail: phoneOrEmailRule,
    code: codeRule,
    codeSentTo: codeSentToRule,
    acknowledge: z.boolean().refine((v) => v, m('validation.acknowledgeRequired')),
  })
  .superRefine((v, ctx) => checkCodeRequested({ account: v.phoneOrEmail, code: v.code, codeSentTo: v.codeSentTo }, ctx));
export type DeregisterValues = z.input<typeof deregisterSchema>;
