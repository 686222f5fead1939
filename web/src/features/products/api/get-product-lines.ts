import { useCallback } from 'react';
import { getProductLineListQueryKey, useProductLineList } from '@/api/generated/endpoints/product/product';
import type { ProductLineListEnvelope } from '@/api/generated/model/productLineListEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type ProductLine = ProductLineListEnvelope['data'][number];
export type ProductSummary = ProductLine['children'][number];

function selectLines(envelope: ProductLineListEnvelope): ProductLine[] {
  return envelope.data;
}

/** Every product line of the page language with its products (list page and comparison picker). */
export function useProductLines(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectLines, []);
  return useProductLineList({
    query: { queryKey: [...getProductLineListQueryKey(), ...key], select },
    request,
  });
}

/** Every product of the lines, flat, in display order. */
export function productsOf(lines: readonly ProductLine[]): ProductSummary[] {
  return lines.flatMap((line) => line.children);
}
