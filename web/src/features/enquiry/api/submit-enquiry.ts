import { addOverseasSaleClue, addSaleClue } from '@/api/generated/endpoints/crm/crm';
import type { ChineseEnquiry } from '@/api/generated/model/chineseEnquiry.zod';
import type { OverseasEnquiry } from '@/api/generated/model/overseasEnquiry.zod';
import type { SiteLanguage } from '@/lib/language';

/** Sends a Chinese enquiry; `idempotencyKey` names the submission (a retry with it is one lead). */
export async function submitChineseEnquiry(body: ChineseEnquiry, idempotencyKey: string, lang: SiteLanguage) {
  return (await addSaleClue(body, { lang, preview: false, headers: { 'Idempotency-Key': idempotencyKey } })).data;
}

/** Sends an overseas enquiry; `idempotencyKey` names the submission (a retry with it is one lead). */
export async function submitOverseasEnquiry(body: OverseasEnquiry, idempotencyKey: string, lang: SiteLanguage) {
  return (await addOverseasSaleClue(body, { lang, preview: false, headers: { 'Idempotency-Key': idempotencyKey } })).data;
}
