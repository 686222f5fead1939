import { useCallback } from 'react';
import { getBannerAllListQueryKey, useBannerAllList } from '@/api/generated/endpoints/content/content';
import type { BannerAllListParams } from '@/api/generated/model/bannerAllListParams.zod';
import type { BannerListEnvelope } from '@/api/generated/model/bannerListEnvelope.zod';
import type { SiteLanguage } from '@/lib/language';

/** Published banners of the home carousel (type 2, status 0). */
export const HOME_BANNERS: BannerAllListParams = { type: 2, status: 0 };

export type HomeBanner = BannerListEnvelope['data'][number];

export function useHomeBanners(lang: SiteLanguage) {
  const select = useCallback((envelope: BannerListEnvelope) => envelope.data, []);
  return useBannerAllList(HOME_BANNERS, {
    query: { queryKey: [...getBannerAllListQueryKey(HOME_BANNERS), lang], select },
    request: { lang },
  });
}
