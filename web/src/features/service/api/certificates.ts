import {
  getGetExamResultByCodeOrPhoneQueryKey,
  useGenerateImage,
  useGetExamResultByCodeOrPhone,
} from '@/api/generated/endpoints/crm/crm';
import type { CertificateListEnvelope } from '@/api/generated/model/certificateListEnvelope.zod';
import { ApiError } from '@/lib/http';
import type { SiteLanguage } from '@/lib/language';

export type Certificate = CertificateListEnvelope['data'][number];

const certificates = (envelope: CertificateListEnvelope) => envelope.data;

/**
 * The certificates of a phone number or certificate number (needs a login; personal data, so
 * never cached beyond the page). Runs only when `codeOrPhone` is set.
 */
export function useCertificates(codeOrPhone: string | null, lang: SiteLanguage, token: string | null) {
  const params = { codeOrPhone: codeOrPhone ?? '' };
  return useGetExamResultByCodeOrPhone(params, {
    query: {
      queryKey: [...getGetExamResultByCodeOrPhoneQueryKey(params), lang, token],
      select: certificates,
      enabled: Boolean(codeOrPhone) && Boolean(token),
      staleTime: 0,
      gcTime: 0,
    },
    request: { lang, preview: false },
  });
}

/** The certificate as a PNG picture to save (crm generateImage). */
export function useCertificateImage(lang: SiteLanguage) {
  return useGenerateImage({ request: { lang, preview: false } });
}

/** "No certificate with this number": the lookup found nothing. */
export function isCertificateNotFound(error: unknown): boolean {
  return error instanceof ApiError && (error.errorKey === 'certificate.not_found' || error.status === 404);
}

/** Seconds to wait when the lookups of this visitor or network are over their limit (429), else null. */
export function lookupWait(error: unknown): number | null {
  if (!(error instanceof ApiError) || error.status !== 429) return null;
  return error.retryAfter ?? 60;
}

/** The server wants a (fresh) login. */
export function needsLogin(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/** Saves a data URL as a file through a temporary download link. */
export function saveDataUrl(dataUrl: string, fileName: string): void {
  const link = document.createElement('a');
  link.href = dataUrl;
  link.download = fileName;
  link.rel = 'noopener';
  link.style.display = 'none';
  document.body.append(link);
  link.click();
  link.remove();
}
