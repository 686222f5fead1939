import { addOverseasSaleClue, addSaleClue } from '@/api/generated/endpoints/crm/crm';
import type { ChineseEnquiry } from '@/api/generated/model/chineseEnquiry.zod';
import type { OverseasEnquiry } from '@/api/generated/model/overseasEnquiry.zod';
import type { LeadHeaders } from '@/lib/lead-guard';
import type { SiteLanguage } from '@/lib/language';

/** Sends a Chinese enquiry with a lead's headers (lib/lead-guard.ts: idempotency key, proof, trap). */
export async function submitChineseEnquiry(body: ChineseEnquiry, headers: LeadHeaders, lang: SiteLanguage) {
  return (await addSaleClue(body, { lang, preview: false, headers })).data;
}

/** Sends an overseas enquiry with a lead's headers (lib/lead-guard.ts: idempotency key, proof, trap). */
export async function submitOverseasEnquiry(body: OverseasEnquiry, headers: LeadHeaders, lang: SiteLanguage) {
  return (await addOverseasSaleClue(body, { lang, preview: false, headers })).data;
}
