import { useCallback } from 'react';
import { getBannerAllListQueryKey, useBannerAllList } from '@/api/generated/endpoints/content/content';
import type { BannerAllListParams } from '@/api/generated/model/bannerAllListParams.zod';
import type { BannerListEnvelope } from '@/api/generated/model/bannerListEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { PRODUCT_BANNER_TYPE } from './program';

export type Banner = BannerListEnvelope['data'][number];

const PARAMS: BannerAllListParams = { type: PRODUCT_BANNER_TYPE, status: 0 };

function selectBanners(envelope: BannerListEnvelope): Banner[] {
  return envelope.data;
}

/** The product centre's banners (type 10), in display order. */
export function useProductBanners(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectBanners, []);
  return useBannerAllList(PARAMS, {
    query: { queryKey: [...getBannerAllListQueryKey(PARAMS), ...key], select },
    request,
  });
}
