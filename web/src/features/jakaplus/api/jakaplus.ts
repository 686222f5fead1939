import {
  getJakaPlusAllListQueryKey,
  getJakaPlusGetProductDetailsQueryKey,
  getJakaPlusGetProductListByIdQueryKey,
  useJakaPlusAllList,
  useJakaPlusGetProductDetails,
  useJakaPlusGetProductListById,
} from '@/api/generated/endpoints/jakaplus/jakaplus';
import type { EcoPartnerListEnvelope } from '@/api/generated/model/ecoPartnerListEnvelope.zod';
import type { EcoProductDetailEnvelope } from '@/api/generated/model/ecoProductDetailEnvelope.zod';
import type { EcoProductSummaryListEnvelope } from '@/api/generated/model/ecoProductSummaryListEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type Partner = EcoPartnerListEnvelope['data'][number];
export type PartnerProduct = EcoProductSummaryListEnvelope['data'][number];
export type PartnerProductDetail = EcoProductDetailEnvelope['data'];

/** The JAKA+ column: the program id of the partner product calls. */
export const JAKA_PLUS_COLUMN = 9;

const data = <T,>(envelope: { data: T }) => envelope.data;

/** A route's `:id` as an id, or null when it is not one (the page then says "not found"). */
export function parseId(value: string | undefined): number | null {
  if (!value || !/^[1-9]\d{0,15}$/.test(value)) return null;
  const id = Number(value);
  return Number.isSafeInteger(id) ? id : null;
}

/** The ecosystem partners, in display order. */
export function usePartners(context: PageContext) {
  const { key, request } = contentQuery(context);
  return useJakaPlusAllList({ query: { queryKey: [...getJakaPlusAllListQueryKey(), ...key], select: data }, request });
}

/** The products of one partner. */
export function usePartnerProducts(partnerId: number | null, context: PageContext) {
  const { key, request } = contentQuery(context);
  const id = partnerId ?? 0;
  return useJakaPlusGetProductListById(JAKA_PLUS_COLUMN, id, {
    query: {
      queryKey: [...getJakaPlusGetProductListByIdQueryKey(JAKA_PLUS_COLUMN, id), ...key],
      select: data,
      enabled: partnerId !== null,
    },
    request,
  });
}

/** One partner product's page. */
export function usePartnerProduct(productId: number | null, context: PageContext) {
  const { key, request } = contentQuery(context);
  const id = productId ?? 0;
  return useJakaPlusGetProductDetails(JAKA_PLUS_COLUMN, id, {
    query: {
      queryKey: [...getJakaPlusGetProductDetailsQueryKey(JAKA_PLUS_COLUMN, id), ...key],
      select: data,
      enabled: productId !== null,
    },
    request,
  });
}

/** The partners' categories, in the order they first appear. */
export function categoriesOf(partners: readonly Partner[]): string[] {
  return [...new Set(partners.map((partner) => partner.category))];
}
