import { useCallback } from 'react';
import { getGetProductLineDetailsQueryKey, useGetProductLineDetails } from '@/api/generated/endpoints/product/product';
import type { ProductLineDetailEnvelope } from '@/api/generated/model/productLineDetailEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { PRODUCT_PROGRAM_ID } from './program';

export type ProductLineDetail = ProductLineDetailEnvelope['data'];

function selectLine(envelope: ProductLineDetailEnvelope): ProductLineDetail {
  return envelope.data;
}

/** One product line page; `lineId` null (a malformed URL) asks for nothing. */
export function useProductLine(context: PageContext, lineId: number | null) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectLine, []);
  const id = lineId ?? 0;
  return useGetProductLineDetails(PRODUCT_PROGRAM_ID, id, {
    query: { queryKey: [...getGetProductLineDetailsQueryKey(PRODUCT_PROGRAM_ID, id), ...key], select, enabled: lineId !== null },
    request,
  });
}
