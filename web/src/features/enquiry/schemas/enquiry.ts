/**
 * The two sales enquiry forms of spec sections 3 and 5: every field required, messages as
 * `forms` catalogue keys. Lengths, e-mail and phone patterns come from the generated request
 * schemas (AddSaleClueBody, AddOverseasSaleClueBody), and the body sent is parsed with them.
 */
import { z } from 'zod';
import {
  AddOverseasSaleClueBody,
  addOverseasSaleClueBodyCommentMax,
  addOverseasSaleClueBodyCompanyNameMax,
  addOverseasSaleClueBodyUserNameMax,
} from '@/api/generated/model/addOverseasSaleClueBody.zod';
import {
  AddSaleClueBody,
  addSaleClueBodyCompanyNameMax,
  addSaleClueBodySpecificRequirementsMax,
  addSaleClueBodyUserNameMax,
} from '@/api/generated/model/addSaleClueBody.zod';
import type { ChineseEnquiry } from '@/api/generated/model/chineseEnquiry.zod';
import type { OverseasEnquiry } from '@/api/generated/model/overseasEnquiry.zod';
import type { FormMessageKey, FormsKey } from '@/lib/form-submit';

export const LIMITS = {
  userName: addSaleClueBodyUserNameMax,
  companyName: addSaleClueBodyCompanyNameMax,
  specificRequirements: addSaleClueBodySpecificRequirementsMax,
  overseasUserName: addOverseasSaleClueBodyUserNameMax,
  overseasCompanyName: addOverseasSaleClueBodyCompanyNameMax,
  comment: addOverseasSaleClueBodyCommentMax,
} as const;

const text = (max: number, required: FormsKey) =>
  z
    .string()
    .trim()
    .min(1, required)
    .refine((v) => [...v].length <= max, 'messages.tooLong' satisfies FormsKey);

const matching = (schema: z.ZodType, required: FormsKey, invalid: FormMessageKey) =>
  z
    .string()
    .trim()
    .min(1, required)
    .refine((v) => schema.safeParse(v).success, invalid);

const consent = z.boolean().refine((v) => v, 'messages.policy' satisfies FormsKey);

/** The topics of a Chinese enquiry (communicateMatter): 0 product information, 1 cooperation, 2 after-sales. */
export const MATTERS = ['0', '1', '2'] as const;

export const chineseEnquirySchema = z.object({
  userName: text(LIMITS.userName, 'messages.name'),
  phoneNumber: matching(AddSaleClueBody.shape.phoneNumber, 'messages.mobile', 'messages.mobileInvalid'),
  email: matching(AddSaleClueBody.shape.email, 'messages.email', 'messages:account.invalid_email'),
  communicateMatter: z.string().refine((v) => (MATTERS as readonly string[]).includes(v), 'messages.communicateMatter' satisfies FormsKey),
  region: z
    .object({ province: z.string(), city: z.string() })
    .refine((r) => r.province !== '' && r.city !== '', 'messages.city' satisfies FormsKey),
  companyName: text(LIMITS.companyName, 'messages.companyName'),
  specificRequirements: text(LIMITS.specificRequirements, 'messages.specificRequirements'),
  consent,
});

export type ChineseEnquiryValues = z.input<typeof chineseEnquirySchema>;

export const CHINESE_DEFAULTS: ChineseEnquiryValues = {
  userName: '',
  phoneNumber: '',
  email: '',
  communicateMatter: '',
  region: { province: '', city: '' },
  companyName: '',
  specificRequirements: '',
  consent: false,
};

export const overseasEnquirySchema = z.object({
  userName: text(LIMITS.overseasUserName, 'messages.name'),
  phone: matching(AddOverseasSaleClueBody.shape.phone, 'messages.phone', 'messages.phoneInvalid'),
  email: matching(AddOverseasSaleClueBody.shape.email, 'messages.email', 'messages:account.invalid_email'),
  companyName: text(LIMITS.overseasCompanyName, 'messages.companyName'),
  industry: z.string().min(1, 'messages.industry' satisfies FormsKey),
  companyType: z.string().min(1, 'messages.companyType' satisfies FormsKey),
  comment: text(LIMITS.comment, 'messages.comment'),
  country: matching(AddOverseasSaleClueBody.shape.country, 'messages.country', 'messages.country'),
  consent,
});

export type OverseasEnquiryValues = z.input<typeof overseasEnquirySchema>;

export function overseasDefaults(country: string): OverseasEnquiryValues {
  return { userName: '', phone: '', email: '', companyName: '', industry: '', companyType: '', comment: '', country, consent: false };
}

/** Where a lead came from: the mini-program's browser or the website (spec section 7). */
export type ClueName = ChineseEnquiry['clueName'];

/** The source tag of a Chinese lead, by where it came from. */
export function sourceTag(clueName: ClueName): string {
  return clueName === '小程序' ? '小程序询盘' : '官网询盘';
}

/** The addSaleClue body of a checked Chinese form; `city` is the resolved district (or the province). */
export function chineseEnquiryBody(
  values: ChineseEnquiryValues,
  context: { city: string; clueName: ClueName; sourcePage: string },
): ChineseEnquiry {
  return AddSaleClueBody.parse({
    userName: values.userName.trim(),
    phoneNumber: values.phoneNumber.trim(),
    email: values.email.trim(),
    communicateMatter: Number(values.communicateMatter),
    city: context.city,
    companyName: values.companyName.trim(),
    specificRequirements: values.specificRequirements.trim(),
    tags: [sourceTag(context.clueName)],
    clueName: context.clueName,
    sourcePage: context.sourcePage,
  });
}

/** The addOverseasSaleClue body of a checked overseas form: the one industry as a list. */
export function overseasEnquiryBody(values: OverseasEnquiryValues, sourcePage: string): OverseasEnquiry {
  return AddOverseasSaleClueBody.parse({
    userName: values.userName.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
    companyName: values.companyName.trim(),
    industry: [values.industry],
    companyType: values.companyType,
    comment: values.comment.trim(),
    country: values.country,
    sourcePage,
  });
}
