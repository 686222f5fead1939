/** The footer banner (hand-written wrapper over the generated hook). */
import { useCallback } from 'react';
import { getBannerAllListQueryKey, useBannerAllList } from '@/api/generated/endpoints/content/content';
import type { BannerAllListParams } from '@/api/generated/model/bannerAllListParams.zod';
import type { BannerListEnvelope } from '@/api/generated/model/bannerListEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

/** The footer loads banner type 19 (spec section 7). */
export const FOOTER_BANNERS: BannerAllListParams = { type: 19, status: 0 };

export type FooterBanner = BannerListEnvelope['data'][number];

/** The footer's banner, if the CMS has one published for the language. */
export function useFooterBanner(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback((envelope: BannerListEnvelope) => envelope.data[0] ?? null, []);
  return useBannerAllList(FOOTER_BANNERS, {
    query: { queryKey: [...getBannerAllListQueryKey(FOOTER_BANNERS), ...key], select },
    request,
  });
}
