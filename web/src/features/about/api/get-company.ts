import { getContactUsListQueryKey, getDevelopingCourseListQueryKey, useContactUsList, useDevelopingCourseList } from '@/api/generated/endpoints/about/about';
import type { MilestoneListEnvelope } from '@/api/generated/model/milestoneListEnvelope.zod';
import type { OfficeListEnvelope } from '@/api/generated/model/officeListEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type Milestone = MilestoneListEnvelope['data'][number];
export type Office = OfficeListEnvelope['data'][number];

/** Column of the about pages, whose milestones the CMS keeps. */
export const ABOUT_COLUMN = 4;

const milestones = (envelope: MilestoneListEnvelope) => envelope.data;
const offices = (envelope: OfficeListEnvelope) => envelope.data;

/** The company's milestones, most recent first. */
export function useMilestones(context: PageContext) {
  const { key, request } = contentQuery(context);
  return useDevelopingCourseList(ABOUT_COLUMN, {
    query: { queryKey: [...getDevelopingCourseListQueryKey(ABOUT_COLUMN), ...key], select: milestones },
    request,
  });
}

/** The offices, headquarters first. */
export function useOffices(context: PageContext) {
  const { key, request } = contentQuery(context);
  return useContactUsList({
    query: { queryKey: [...getContactUsListQueryKey(), ...key], select: offices },
    request,
  });
}
