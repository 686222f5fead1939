import { z } from 'zod';
import {
  GetExamResultByCodeOrPhoneParams,
  getExamResultByCodeOrPhoneParamsCodeOrPhoneMax,
} from '@/api/generated/model/getExamResultByCodeOrPhoneParams.zod';
import { PhoneRegExp } from '@/api/generated/model/phone.zod';

/** A value of exactly this length is a (Chinese mobile) phone number and must look like one. */
export const PHONE_LENGTH = 11;

/** Messages are keys of the `service` catalogue. */
export const CERTIFICATE_MESSAGES = {
  required: 'certificate.errors.required',
  tooLong: 'certificate.errors.tooLong',
  phone: 'certificate.errors.phone',
} as const;

/**
 * The phone-or-certificate field (spec section 5): required; when it is exactly 11 characters long
 * it must match the phone pattern, any other value is taken as a certificate number.
 */
export const certificateQuerySchema = GetExamResultByCodeOrPhoneParams.extend({
  codeOrPhone: z
    .string()
    .trim()
    .min(1, CERTIFICATE_MESSAGES.required)
    .max(getExamResultByCodeOrPhoneParamsCodeOrPhoneMax, CERTIFICATE_MESSAGES.tooLong)
    .refine((value) => value.length !== PHONE_LENGTH || PhoneRegExp.test(value), CERTIFICATE_MESSAGES.phone),
});

export type CertificateQueryInput = z.input<typeof certificateQuerySchema>;
export type CertificateQuery = z.output<typeof certificateQuerySchema>;
