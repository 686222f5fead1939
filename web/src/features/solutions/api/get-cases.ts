import { useCallback } from 'react';
import { getApplicationsListQueryKey, useApplicationsList } from '@/api/generated/endpoints/solution/solution';
import type { ApplicationsListParams } from '@/api/generated/model/applicationsListParams.zod';
import type { CasePageEnvelope } from '@/api/generated/model/casePageEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type CasePage = CasePageEnvelope['data'];
export type CaseSummary = CasePage['rows'][number];

function selectCases(envelope: CasePageEnvelope): CasePage {
  return envelope.data;
}

export interface CaseQuery {
  page: number;
  pageSize: number;
  /** One industry's cases; all when absent. */
  industryId?: number | null;
}

/** One page of customer cases, newest first. */
export function useCases(context: PageContext, { page, pageSize, industryId }: CaseQuery) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectCases, []);
  const params: ApplicationsListParams = { pageNum: page, pageSize, ...(industryId ? { industryId } : {}) };
  return useApplicationsList(params, {
    query: {
      queryKey: [...getApplicationsListQueryKey(params), ...key],
      select,
      // Keep the current page on screen while the next one loads.
      placeholderData: (previous) => previous,
    },
    request,
  });
}
