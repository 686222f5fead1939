import { useQueries } from '@tanstack/react-query';
import { getGetProductByIdQueryKey, getProductById } from '@/api/generated/endpoints/product/product';
import type { ComparisonRow } from '@/api/generated/model/comparisonRow.zod';
import type { ProductDetailEnvelope } from '@/api/generated/model/productDetailEnvelope.zod';
import type { ProductSummary } from '@/api/generated/model/productSummary.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { MIN_COMPARED, alignParameters } from '../utils/comparison';
import { PRODUCT_PROGRAM_ID } from './program';

export type ComparedProduct = ProductSummary;
export type ComparedRow = ComparisonRow;

/** The products side by side and their parameters, one value per product. */
export interface ProductComparison {
  products: ComparedProduct[];
  parameters: ComparedRow[];
}

type Detail = ProductDetailEnvelope['data'];

const selectDetail = (envelope: ProductDetailEnvelope): Detail => envelope.data;

const summaryOf = ({ id, productName, productType, lineId, image, summary, payload, reach }: Detail): ComparedProduct => ({
  id,
  productName,
  productType,
  lineId,
  image,
  summary,
  payload,
  reach,
});

export interface Comparison {
  /** The comparison of the products loaded so far (at least two), in the order chosen. */
  data: ProductComparison | undefined;
  /** A chosen product is still loading (the table shows the others meanwhile). */
  isFetching: boolean;
  isError: boolean;
  error: unknown;
  /** Asks again for the products that failed. */
  refetch: () => void;
}

/**
 * The parameters of the chosen products side by side, from each product's own page data: a
 * product is asked for once, when it is ticked (the same query as its product page, so a
 * product already seen costs nothing), and a tick never asks again for the others nor cancels
 * what is under way. Fewer than two products (or `enabled` false) asks for nothing: the page
 * explains the rule instead.
 */
export function useComparison(context: PageContext, ids: readonly number[], enabled = true): Comparison {
  const { key, request } = contentQuery(context);
  const asked = enabled && ids.length >= MIN_COMPARED ? ids : [];
  const results = useQueries({
    queries: asked.map((id) => ({
      queryKey: [...getGetProductByIdQueryKey(PRODUCT_PROGRAM_ID, id), ...key],
      queryFn: ({ signal }: { signal: AbortSignal }) => getProductById(PRODUCT_PROGRAM_ID, id, { signal, ...request }),
      select: selectDetail,
    })),
  });
  const loaded = results.flatMap((result) => (result.data ? [result.data] : []));
  const failed = results.find((result) => result.isError);
  return {
    data: loaded.length >= MIN_COMPARED ? { products: loaded.map(summaryOf), parameters: alignParameters(loaded) } : undefined,
    isFetching: results.some((result) => result.isFetching),
    isError: failed !== undefined,
    error: failed?.error ?? null,
    refetch: () => {
      for (const result of results) if (result.isError) void result.refetch();
    },
  };
}
