import { useCallback } from 'react';
import { getGetApplyDetailsQueryKey, useGetApplyDetails } from '@/api/generated/endpoints/solution/solution';
import type { ApplicationDetailEnvelope } from '@/api/generated/model/applicationDetailEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { SOLUTION_PROGRAM_ID } from './program';

export type ApplicationDetail = ApplicationDetailEnvelope['data'];

function selectApplication(envelope: ApplicationDetailEnvelope): ApplicationDetail {
  return envelope.data;
}

/**
 * An application (process) page. Shown even when the application is hidden from the lists
 * (flag 1): the CMS serves it, and a link to it may still be in use.
 */
export function useApplication(context: PageContext, applicationId: number | null) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectApplication, []);
  const id = applicationId ?? 0;
  return useGetApplyDetails(SOLUTION_PROGRAM_ID, id, {
    query: { queryKey: [...getGetApplyDetailsQueryKey(SOLUTION_PROGRAM_ID, id), ...key], select, enabled: applicationId !== null },
    request,
  });
}
