import { useCallback } from 'react';
import { getGetProductByIdQueryKey, useGetProductById } from '@/api/generated/endpoints/product/product';
import type { ProductDetailEnvelope } from '@/api/generated/model/productDetailEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { PRODUCT_PROGRAM_ID } from './program';

export type ProductDetail = ProductDetailEnvelope['data'];
export type ProductDownload = ProductDetail['downloads'][number];
export type ProductApplication = ProductDetail['applications'][number];
export type SpecGroup = ProductDetail['specGroups'][number];

/** Applications with flag 1 are hidden wherever applications are listed. */
export function selectProduct(envelope: ProductDetailEnvelope): ProductDetail {
  const { data } = envelope;
  return { ...data, applications: data.applications.filter((application) => application.flag !== 1) };
}

/**
 * A product page by product id only: product links (lists, search, solutions, comparison) carry
 * no line, so getProductById is the one call that serves every entry. `productId` null (a
 * malformed URL) asks for nothing.
 */
export function useProduct(context: PageContext, productId: number | null) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectProduct, []);
  const id = productId ?? 0;
  return useGetProductById(PRODUCT_PROGRAM_ID, id, {
    query: { queryKey: [...getGetProductByIdQueryKey(PRODUCT_PROGRAM_ID, id), ...key], select, enabled: productId !== null },
    request,
  });
}
