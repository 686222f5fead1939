import { useCallback } from 'react';
import { getKeyWordQueryKey, useKeyWord } from '@/api/generated/endpoints/content/content';
import type { KeyWordListEnvelope } from '@/api/generated/model/keyWordListEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type PopularKeyword = KeyWordListEnvelope['data'][number];

/** Popular search words of the language, shown in the search overlay. */
export function usePopularKeywords(context: PageContext, enabled = true) {
  const { key, request } = contentQuery(context);
  const select = useCallback((envelope: KeyWordListEnvelope) => envelope.data, []);
  return useKeyWord({
    query: { queryKey: [...getKeyWordQueryKey(), ...key], select, enabled },
    request,
  });
}
