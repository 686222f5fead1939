import { useQuery } from '@tanstack/react-query';
import { companyList, getCompanyListUrl } from '@/api/generated/endpoints/repair/repair';
import type { CompanyAddressListEnvelope } from '@/api/generated/model/companyAddressListEnvelope.zod';
import { companyQueryKeywordMax } from '@/api/generated/model/companyQuery.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type Company = CompanyAddressListEnvelope['data'][number];

/** Chinese, Japanese or Korean characters: each is a syllable or a word. */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]/u;

/**
 * The keyword sent for what was typed: trimmed, at most the contract's length; '' sends nothing.
 * Like the server (companyList), nothing is asked before the keyword says something: two
 * characters with Chinese, Japanese or Korean in it, otherwise three.
 */
export function companyKeyword(typed: string): string {
  const chars = [...typed.trim()].slice(0, companyQueryKeywordMax);
  const least = chars.some((c) => CJK.test(c)) ? 2 : 3;
  return chars.length >= least ? chars.join('') : '';
}

/**
 * Companies known to the service system whose name contains `keyword` (already debounced by the
 * caller). companyList is a read exposed as POST: it runs as a query through the generated
 * request function. Nothing is asked for an empty keyword.
 */
export function useCompanySuggestions(keyword: string, enabled: boolean, context: PageContext) {
  const { key, request } = contentQuery(context);
  const body = { keyword: companyKeyword(keyword) };
  return useQuery({
    queryKey: [getCompanyListUrl(), body, ...key],
    queryFn: ({ signal }) => companyList(body, { signal, ...request }),
    select: (envelope: CompanyAddressListEnvelope) => envelope.data,
    enabled: enabled && body.keyword !== '',
    staleTime: 5 * 60_000,
    retry: false,
  });
}
