import { useCallback } from 'react';
import { getGetApplicationsDetailsQueryKey, useGetApplicationsDetails } from '@/api/generated/endpoints/solution/solution';
import type { CaseDetailEnvelope } from '@/api/generated/model/caseDetailEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { SOLUTION_PROGRAM_ID } from './program';

export type CaseDetail = CaseDetailEnvelope['data'];

function selectCase(envelope: CaseDetailEnvelope): CaseDetail {
  return envelope.data;
}

/** A customer case page. */
export function useCase(context: PageContext, caseId: number | null) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectCase, []);
  const id = caseId ?? 0;
  return useGetApplicationsDetails(SOLUTION_PROGRAM_ID, id, {
    query: { queryKey: [...getGetApplicationsDetailsQueryKey(SOLUTION_PROGRAM_ID, id), ...key], select, enabled: caseId !== null },
    request,
  });
}
