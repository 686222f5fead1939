import { useCallback } from 'react';
import { getBffHomeQueryKey, useBffHome } from '@/api/generated/endpoints/bff/bff';
import type { HomeAggregateEnvelope } from '@/api/generated/model/homeAggregateEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

type Home = HomeAggregateEnvelope['data'];
export type HomeBanner = Home['banners'][number];
export type HomeNews = Home['news'][number];
export type HomeCard = Home['cards'][number];
export type HomeIndustry = Home['industries'][number];

/** What the home page shows; industries only when shown (isShow 0). */
export function selectHome(envelope: HomeAggregateEnvelope): Home {
  const { data } = envelope;
  return { ...data, industries: data.industries.filter((industry) => industry.isShow === 0) };
}

/** Everything the home page shows, in one call (the BFF's home aggregate). */
export function useHome(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectHome, []);
  return useBffHome({
    query: { queryKey: [...getBffHomeQueryKey(), ...key], select },
    request,
  });
}
