import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { dictDataList, getDictDataListUrl } from '@/api/generated/endpoints/dict/dict';
import type { DictDataListEnvelope } from '@/api/generated/model/dictDataListEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type DictType = 'industry_tags' | 'company_type';
export type DictEntry = DictDataListEnvelope['data'][number];

const NO_ENTRIES: DictEntry[] = [];

/**
 * A dictionary of the overseas enquiry (industries, company types) in the page language. A load
 * that fails is logged and leaves the list empty (spec section 8): the form still works.
 */
export function useDictionary(dictType: DictType, context: PageContext) {
  const { key, request } = contentQuery(context);
  const query = useQuery({
    queryKey: [getDictDataListUrl(), dictType, ...key],
    queryFn: ({ signal }) => dictDataList({ dictType }, { ...request, signal }).then((envelope) => envelope.data),
    staleTime: 10 * 60_000,
    retry: 1,
  });
  useEffect(() => {
    if (query.isError) console.warn(`[enquiry] dictionary ${dictType} could not be loaded; the list stays empty`, query.error);
  }, [query.isError, query.error, dictType]);
  return { entries: query.data ?? NO_ENTRIES, isPending: query.isPending };
}
