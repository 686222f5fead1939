import { useCallback } from 'react';
import { getSolutionPullDownQueryKey, useSolutionPullDown } from '@/api/generated/endpoints/solution/solution';
import type { SolutionMenuEnvelope } from '@/api/generated/model/solutionMenuEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { SOLUTION_PROGRAM_ID } from './program';

export type SolutionMenu = SolutionMenuEnvelope['data'];
export type IndustrySummary = SolutionMenu['industries'][number];
export type ApplicationSummary = SolutionMenu['applications'][number];
export type ProductLevel = SolutionMenu['productLevels'][number];

/** Applications with flag 1 are hidden wherever applications are listed (spec section 3). */
export function shownApplications<T extends { flag: number }>(applications: readonly T[]): T[] {
  return applications.filter((application) => application.flag !== 1);
}

/** Industries with isShow 0 are the shown ones (spec section 3). */
export function shownIndustries<T extends { isShow?: number | null }>(industries: readonly T[]): T[] {
  return industries.filter((industry) => industry.isShow === 0);
}

/** The menu as listed: shown industries, shown applications, every product level. */
export function selectSolutionMenu(envelope: SolutionMenuEnvelope): SolutionMenu {
  const { data } = envelope;
  return { ...data, industries: shownIndustries(data.industries), applications: shownApplications(data.applications) };
}

/** The three solution lists (industries, applications, product levels) of the page language. */
export function useSolutionMenu(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback(selectSolutionMenu, []);
  return useSolutionPullDown(SOLUTION_PROGRAM_ID, {
    query: { queryKey: [...getSolutionPullDownQueryKey(SOLUTION_PROGRAM_ID), ...key], select },
    request,
  });
}
