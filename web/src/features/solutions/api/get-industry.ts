import { useCallback } from 'react';
import { getGetIndustryDetailsQueryKey, useGetIndustryDetails } from '@/api/generated/endpoints/solution/solution';
import type { IndustryDetailEnvelope } from '@/api/generated/model/industryDetailEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { shownApplications } from './get-solution-menu';
import { SOLUTION_PROGRAM_ID } from './program';

export type IndustryDetail = IndustryDetailEnvelope['data'];

/**
 * An industry page. The page itself is shown even when the industry is hidden from the lists
 * (isShow 1): the CMS serves it, and a link to it may still be in use. Its hidden applications
 * (flag 1) are left out of its list.
 */
export function selectIndustry(envelope: IndustryDetailEnvelope): IndustryDetail {
  const { data } = envelope;
  return { ...data, applications: shownApplications(data.applications) };
}

export function useIndustry(context: PageContext, industryId: number | null) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectIndustry, []);
  const id = industryId ?? 0;
  return useGetIndustryDetails(SOLUTION_PROGRAM_ID, id, {
    query: { queryKey: [...getGetIndustryDetailsQueryKey(SOLUTION_PROGRAM_ID, id), ...key], select, enabled: industryId !== null },
    request,
  });
}
