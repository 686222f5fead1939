import { ocrAction } from '@/api/generated/endpoints/ocr/ocr';
import type { SiteLanguage } from '@/lib/language';
import type { OcrResultEnvelope } from '@/api/generated/model/ocrResultEnvelope.zod';

export type OcrResult = OcrResultEnvelope['data'];
export type OcrKind = OcrResult['action'];
export type OcrFields = OcrResult['fields'];

/**
 * Reads a photo of a nameplate or of the software version screen. A photo on which nothing can
 * be read is no error: every field is null. The photo is not kept by the server.
 */
export async function recognise(action: OcrKind, file: File, lang: SiteLanguage): Promise<OcrResult> {
  return (await ocrAction({ action, file }, { lang })).data;
}
