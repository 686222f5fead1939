import { useCallback } from 'react';
import { getGetProductApplyDetailsQueryKey, useGetProductApplyDetails } from '@/api/generated/endpoints/solution/solution';
import type { ProductLevelDetailEnvelope } from '@/api/generated/model/productLevelDetailEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { SOLUTION_PROGRAM_ID } from './program';

export type ProductLevelDetail = ProductLevelDetailEnvelope['data'];

function selectLevel(envelope: ProductLevelDetailEnvelope): ProductLevelDetail {
  return envelope.data;
}

/** A product-level application page (solutions grouped by payload class). */
export function useProductLevel(context: PageContext, levelId: number | null) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectLevel, []);
  const id = levelId ?? 0;
  return useGetProductApplyDetails(SOLUTION_PROGRAM_ID, id, {
    query: { queryKey: [...getGetProductApplyDetailsQueryKey(SOLUTION_PROGRAM_ID, id), ...key], select, enabled: levelId !== null },
    request,
  });
}
