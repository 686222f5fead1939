/**
 * CMS-built forms (hand-written wrappers over the generated calls), shared by the enquiry dialog
 * (prototype request, feedback), the cooperation intent page and the competition sign-up.
 */
import { getCustomFormQueryKey, useCustomForm as useCustomFormQuery } from '@/api/generated/endpoints/content/content';
import { customFormRecord } from '@/api/generated/endpoints/form/form';
import type { CustomFormEnvelope } from '@/api/generated/model/customFormEnvelope.zod';
import type { FormRecord } from '@/api/generated/model/formRecord.zod';
import type { LeadHeaders } from '@/lib/lead-guard';
import type { SiteLanguage } from '@/lib/language';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type CustomForm = CustomFormEnvelope['data'];
export type CustomFormField = CustomForm['fields'][number];

/** The forms the CMS defines for the site (customForm/{id}). */
export const CUSTOM_FORMS = { cooperationIntent: 1, prototype: 2, feedback: 3, competition: 4 } as const;

const selectForm = (envelope: CustomFormEnvelope): CustomForm => envelope.data;

/** A form's definition in the page language (drafts on preview pages). */
export function useCustomForm(id: number, context: PageContext) {
  const { key, request } = contentQuery(context);
  return useCustomFormQuery(id, { query: { queryKey: [...getCustomFormQueryKey(id), ...key], select: selectForm }, request });
}

/** Sends a filled-in form with a lead's headers (lib/lead-guard.ts: idempotency key, proof, trap). */
export async function submitFormRecord(record: FormRecord, headers: LeadHeaders, lang: SiteLanguage) {
  const envelope = await customFormRecord(record, { lang, preview: false, headers });
  return envelope.data;
}
