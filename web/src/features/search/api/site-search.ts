import { keepPreviousData } from '@tanstack/react-query';
import { useCallback } from 'react';
import { getBffSearchQueryKey, useBffSearch } from '@/api/generated/endpoints/bff/bff';
import type { SearchResultEnvelope } from '@/api/generated/model/searchResultEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type SearchResult = SearchResultEnvelope['data'];
export type SearchGroup = SearchResult['groups'][number];
export type SearchHit = SearchGroup['items'][number];
export type SearchHitType = SearchHit['type'];

/** The longest search the API accepts. */
export const MAX_QUERY_LENGTH = 100;

/** The site search (bffSearch): the best hits of each kind, in the page language. */
export function useSiteSearch(context: PageContext, query: string) {
  const { key, request } = contentQuery(context);
  const q = query.slice(0, MAX_QUERY_LENGTH);
  const select = useCallback((envelope: SearchResultEnvelope) => envelope.data, []);
  return useBffSearch(
    { q },
    {
      query: { queryKey: [...getBffSearchQueryKey({ q }), ...key], select, enabled: q !== '', placeholderData: keepPreviousData },
      request,
    },
  );
}

/** Where all hits of a kind can be browsed, for kinds whose page has its own search. */
export function moreResultsPath(type: SearchHitType, query: string): string | null {
  const q = new URLSearchParams({ q: query }).toString();
  switch (type) {
    case 'news':
      return `/news?${q}`;
    case 'download':
      return `/download?${q}`;
    case 'faq':
      return `/commonQuestion?${q}`;
    default:
      return null;
  }
}
