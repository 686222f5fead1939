import { useQuery } from '@tanstack/react-query';
import { getFormContent, getGetFormContentUrl } from '@/api/generated/endpoints/form/form';
import { formContentQueryKeyRegExp } from '@/api/generated/model/formContentQuery.zod';
import type { LegalTextEnvelope } from '@/api/generated/model/legalTextEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type LegalText = LegalTextEnvelope['data'];

/** The texts flsm shows as tabs, and the default of /imprint without a key. */
export const FLSM_KEYS = ['terms', 'privacy'] as const;
export const DEFAULT_KEY = 'terms';

/** A key the API accepts (letters, digits, `_`, `-`); anything else is not asked for. */
export function isLegalKey(key: string): boolean {
  return formContentQueryKeyRegExp.test(key);
}

/**
 * A legal text by key (getFormContent is a POST in the legacy API; it is a read, so it runs as a
 * query through the generated request function).
 */
export function useLegalText(key: string, context: PageContext) {
  const { key: contentKey, request } = contentQuery(context);
  return useQuery({
    queryKey: [getGetFormContentUrl(), key, ...contentKey],
    queryFn: ({ signal }) => getFormContent({ key }, { signal, ...request }),
    select: (envelope: LegalTextEnvelope) => envelope.data,
    enabled: isLegalKey(key),
  });
}
