import { useCallback } from 'react';
import { getProductContrastQueryKey, useProductContrast } from '@/api/generated/endpoints/product/product';
import type { ProductComparisonEnvelope } from '@/api/generated/model/productComparisonEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { MIN_COMPARED, formatIds } from '../utils/comparison';

export type ProductComparison = ProductComparisonEnvelope['data'];
export type ComparedProduct = ProductComparison['products'][number];
export type ComparedRow = ProductComparison['parameters'][number];

function selectComparison(envelope: ProductComparisonEnvelope): ProductComparison {
  return envelope.data;
}

/**
 * The parameters of the chosen products side by side. Fewer than two products (or `enabled`
 * false) asks for nothing: the page explains the rule instead.
 */
export function useComparison(context: PageContext, ids: readonly number[], enabled = true) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectComparison, []);
  const value = formatIds(ids);
  return useProductContrast(value, {
    query: {
      queryKey: [...getProductContrastQueryKey(value), ...key],
      select,
      enabled: enabled && ids.length >= MIN_COMPARED,
      // Keep the last table on screen while a changed choice loads.
      placeholderData: (previous) => previous,
    },
    request,
  });
}
