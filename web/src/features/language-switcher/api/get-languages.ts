import { useCallback } from 'react';
import { getLanguageListQueryKey, useLanguageList } from '@/api/generated/endpoints/language/language';
import type { LanguagePageEnvelope } from '@/api/generated/model/languagePageEnvelope.zod';
import type { PageQuery } from '@/api/generated/model/pageQuery.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

/** The header asks for the first page of ten (spec section 7). */
export const LANGUAGE_PAGE: PageQuery = { pageNum: 1, pageSize: 10 };

/** The languages shown in the switcher: those with isShow 0, in the server's order. */
export function visibleLanguages(envelope: LanguagePageEnvelope) {
  return envelope.data.rows.filter((row) => row.isShow === 0);
}

export function useLanguages(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback(visibleLanguages, []);
  return useLanguageList(LANGUAGE_PAGE, {
    query: { queryKey: [...getLanguageListQueryKey(LANGUAGE_PAGE), ...key], select },
    request,
  });
}
