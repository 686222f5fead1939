import { useCallback } from 'react';
import { getSelectPublishDataByIdQueryKey, useSelectPublishDataById } from '@/api/generated/endpoints/product/product';
import type { ColumnPageEnvelope } from '@/api/generated/model/columnPageEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { PRODUCT_PROGRAM_ID } from './program';

export type ColumnPage = ColumnPageEnvelope['data'];

function selectColumn(envelope: ColumnPageEnvelope): ColumnPage {
  return envelope.data;
}

/** The product centre's own page: title, subhead, banner, intro text, SEO. */
export function useProductColumn(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectColumn, []);
  return useSelectPublishDataById(PRODUCT_PROGRAM_ID, {
    query: { queryKey: [...getSelectPublishDataByIdQueryKey(PRODUCT_PROGRAM_ID), ...key], select },
    request,
  });
}
