import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  getRecruitPositionConfigListUrl,
  getRecruitPositionListUrl,
  recruitPositionConfigList,
  recruitPositionList,
} from '@/api/generated/endpoints/recruit/recruit';
import type { PositionConfigListEnvelope } from '@/api/generated/model/positionConfigListEnvelope.zod';
import type { PositionPageEnvelope } from '@/api/generated/model/positionPageEnvelope.zod';
import type { PositionQuery } from '@/api/generated/model/positionQuery.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type Position = PositionPageEnvelope['data']['rows'][number];
export type PositionConfig = PositionConfigListEnvelope['data'][number];
export type RecruitType = Position['recruitType'];

export const RECRUIT_TYPES: readonly RecruitType[] = ['social', 'campus'];
/** The careers column (its page introduces the careers landing). */
export const CAREERS_COLUMN = 10;
export const POSITIONS_PER_PAGE = 10;

/** A `type` query value as a recruitment type (social when absent or unknown). */
export function recruitTypeOf(value: string | null): RecruitType {
  return value === 'campus' ? 'campus' : 'social';
}

/*
 * The recruitment reads are POSTs in the legacy API (the generated client makes them mutations);
 * they are reads, so they run as queries through the generated request functions.
 */

/** The settings of both recruitment types: recruiting e-mail, cities, departments, banner. */
export function usePositionConfigs(context: PageContext) {
  const { key, request } = contentQuery(context);
  return useQuery({
    queryKey: [getRecruitPositionConfigListUrl(), ...key],
    queryFn: ({ signal }) => recruitPositionConfigList({}, { signal, ...request }),
    select: (envelope: PositionConfigListEnvelope) => envelope.data,
  });
}

/** One page of open positions of a type, optionally matching a keyword. */
export function usePositions(query: PositionQuery, context: PageContext) {
  const { key, request } = contentQuery(context);
  const { keyword, ...rest } = query;
  const body: PositionQuery = keyword ? { ...rest, keyword } : rest;
  return useQuery({
    queryKey: [getRecruitPositionListUrl(), body, ...key],
    queryFn: ({ signal }) => recruitPositionList(body, { signal, ...request }),
    select: (envelope: PositionPageEnvelope) => envelope.data,
    placeholderData: keepPreviousData,
  });
}

/** The "deliver immediately" link: an e-mail to the recruiting address, the position in the subject. */
export function applyHref(email: string, subject: string): string {
  return `mailto:${email}?subject=${encodeURIComponent(subject)}`;
}
