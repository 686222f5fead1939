/**
 * The repair report and the technical consultation (spec sections 3 and 5). Required fields of
 * the report: robot code, control cabinet code, fault date (not after today), fault description,
 * first use, company name and address, reporter name, phone and e-mail (format checked); of the
 * consultation: issue information, problem description, name, phone and e-mail. Lengths and the
 * phone and e-mail patterns come from the generated request schema (RepairReport), and the body
 * sent is parsed with it.
 *
 * Messages are catalogue keys: `messages:repair.required.…` and `messages:repair.field.…`, the
 * server's own texts for the same refusals (the shared `messages` catalogue), `repair:…` for this
 * form's own, and `messages.…` of the shared `forms` catalogue for the common ones (too long,
 * phone format).
 */
import type { ParseKeys } from 'i18next';
import { z } from 'zod';
import { visitorToday } from '@/lib/format-date';
import {
  RepairReport,
  repairReportAppVersionMax,
  repairReportCabinetCodeMax,
  repairReportCompanyAddressMax,
  repairReportCompanyNameMax,
  repairReportControllerVersionMax,
  repairReportFaultDescriptionMax,
  repairReportIssueInformationMax,
  repairReportProblemDescriptionMax,
  repairReportReporterNameMax,
  repairReportRobotCodeMax,
  repairReportScbVersionMax,
  repairReportSdkVersionMax,
  repairReportServoVersionMax,
} from '@/api/generated/model/repairReport.zod';
import type { ServerMessageKey } from '@/i18n/catalogue';
import type { FormMessageKey, FormsKey } from '@/lib/form-submit';

export type RepairKey = ParseKeys<'repair'>;

/** A key of this feature's catalogue as a form message (the shared field component resolves `repair:` keys). */
export const repairMessage = (key: RepairKey) => `repair:${key}` as const;

type RequiredFieldOf<K> = K extends `repair.required.${infer Field}` ? Field : never;
/** A field the server requires, with its own text for a missing value (`repair.required.<field>`). */
export type RequiredField = RequiredFieldOf<ServerMessageKey>;

/** The server's text of a missing required field, as a form message. */
export const requiredMessage = (field: RequiredField) => `messages:repair.required.${field}` as const;

export const LIMITS = {
  robotCode: repairReportRobotCodeMax,
  cabinetCode: repairReportCabinetCodeMax,
  faultDescription: repairReportFaultDescriptionMax,
  version: Math.min(
    repairReportControllerVersionMax,
    repairReportServoVersionMax,
    repairReportScbVersionMax,
    repairReportAppVersionMax,
    repairReportSdkVersionMax,
  ),
  companyName: repairReportCompanyNameMax,
  companyAddress: repairReportCompanyAddressMax,
  reporterName: repairReportReporterNameMax,
  issueInformation: repairReportIssueInformationMax,
  problemDescription: repairReportProblemDescriptionMax,
} as const;

const tooLong: FormsKey = 'messages.tooLong';

const required = (max: number, field: RequiredField) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage(field))
    .refine((v) => [...v].length <= max, tooLong);

const optional = (max: number) => z.string().trim().refine((v) => [...v].length <= max, tooLong);

const matching = (schema: z.ZodType, field: RequiredField, invalid: FormMessageKey) =>
  z
    .string()
    .trim()
    .min(1, requiredMessage(field))
    .refine((v) => v === '' || schema.safeParse(v).success, invalid);

const contact = {
  reporterName: required(LIMITS.reporterName, 'reporterName'),
  phone: matching(RepairReport.shape.phone, 'phone', 'messages.phoneInvalid'),
  email: matching(RepairReport.shape.email, 'email', 'messages:account.invalid_email'),
};

export const repairFormSchema = z.object({
  robotCode: required(LIMITS.robotCode, 'robotCode'),
  cabinetCode: required(LIMITS.cabinetCode, 'cabinetCode'),
  issueDate: z
    .string()
    .min(1, requiredMessage('issueDate'))
    .refine((v) => v === '' || (/^\d{4}-\d{2}-\d{2}$/.test(v) && !Number.isNaN(Date.parse(v))), repairMessage('messages.issueDateInvalid'))
    .refine((v) => v === '' || v <= visitorToday(), 'messages:repair.field.future_date' satisfies FormMessageKey),
  firstUse: z.enum(['', 'yes', 'no']).refine((v) => v !== '', requiredMessage('firstUse')),
  faultDescription: required(LIMITS.faultDescription, 'faultDescription'),
  controllerVersion: optional(LIMITS.version),
  servoVersion: optional(LIMITS.version),
  scbVersion: optional(LIMITS.version),
  appVersion: optional(LIMITS.version),
  sdkVersion: optional(LIMITS.version),
  companyName: required(LIMITS.companyName, 'companyName'),
  companyAddress: required(LIMITS.companyAddress, 'companyAddress'),
  ...contact,
});

export type RepairFormValues = z.input<typeof repairFormSchema>;
export type RepairField = keyof RepairFormValues;

export const consultationFormSchema = z.object({
  ...contact,
  issueInformation: required(LIMITS.issueInformation, 'issueInformation'),
  problemDescription: required(LIMITS.problemDescription, 'problemDescription'),
});

export type ConsultationFormValues = z.input<typeof consultationFormSchema>;
export type ConsultationField = keyof ConsultationFormValues;

/** The logged-in account's phone or e-mail, to start the contact fields with. */
export interface KnownContact {
  phone?: string | null;
  email?: string | null;
}

export function repairDefaults(known: KnownContact = {}): RepairFormValues {
  return {
    robotCode: '',
    cabinetCode: '',
    issueDate: '',
    firstUse: '',
    faultDescription: '',
    controllerVersion: '',
    servoVersion: '',
    scbVersion: '',
    appVersion: '',
    sdkVersion: '',
    companyName: '',
    companyAddress: '',
    reporterName: '',
    phone: known.phone ?? '',
    email: known.email ?? '',
  };
}

export function consultationDefaults(known: KnownContact = {}): ConsultationFormValues {
  return { reporterName: '', phone: known.phone ?? '', email: known.email ?? '', issueInformation: '', problemDescription: '' };
}

/** Field names the OCR can fill, by what it reads. */
export const OCR_FIELDS = {
  nameplate: ['robotCode', 'cabinetCode'],
  softwareVersion: ['controllerVersion', 'servoVersion', 'scbVersion', 'appVersion', 'sdkVersion'],
} as const satisfies Record<string, readonly RepairField[]>;

/** Blank optional texts are left out of the body (the server treats them as absent anyway). */
function present(value: string): string | undefined {
  const trimmed = value.trim();
  return trimmed === '' ? undefined : trimmed;
}

function ids(list: readonly string[]): string[] | undefined {
  return list.length > 0 ? [...list] : undefined;
}

/** The addWorkOrder body of a checked repair form, with the upload ids of its two file lists. */
export function repairReportBody(
  values: RepairFormValues,
  attachments: { fault: readonly string[]; softwareVersion: readonly string[] },
): RepairReport {
  return RepairReport.parse({
    variant: 'repair',
    robotCode: values.robotCode.trim(),
    cabinetCode: values.cabinetCode.trim(),
    issueDate: values.issueDate,
    faultDescription: values.faultDescription.trim(),
    faultAttachments: ids(attachments.fault),
    softwareVersionAttachments: ids(attachments.softwareVersion),
    controllerVersion: present(values.controllerVersion),
    servoVersion: present(values.servoVersion),
    scbVersion: present(values.scbVersion),
    appVersion: present(values.appVersion),
    sdkVersion: present(values.sdkVersion),
    firstUse: values.firstUse === 'yes',
    companyName: values.companyName.trim(),
    companyAddress: values.companyAddress.trim(),
    reporterName: values.reporterName.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
  });
}

/** The addWorkOrder body of a checked consultation, with the upload ids of its photos or videos. */
export function consultationBody(values: ConsultationFormValues, attachments: readonly string[]): RepairReport {
  return RepairReport.parse({
    variant: 'consultation',
    issueInformation: values.issueInformation.trim(),
    problemDescription: values.problemDescription.trim(),
    faultAttachments: ids(attachments),
    reporterName: values.reporterName.trim(),
    phone: values.phone.trim(),
    email: values.email.trim(),
  });
}
