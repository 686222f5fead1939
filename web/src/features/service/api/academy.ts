import { keepPreviousData } from '@tanstack/react-query';
import {
  getCourseListQueryKey,
  getCourseTypeListQueryKey,
  getCurriculumsListQueryKey,
  getInstructorListQueryKey,
  useCourseList,
  useCourseTypeList,
  useCurriculumsList,
  useInstructorList,
} from '@/api/generated/endpoints/service/service';
import type { CoursePageEnvelope } from '@/api/generated/model/coursePageEnvelope.zod';
import type { CourseTypeListEnvelope } from '@/api/generated/model/courseTypeListEnvelope.zod';
import type { CurriculumListEnvelope } from '@/api/generated/model/curriculumListEnvelope.zod';
import type { InstructorListEnvelope } from '@/api/generated/model/instructorListEnvelope.zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type Curriculum = CurriculumListEnvelope['data'][number];
export type TrainingLevel = Curriculum['level'];
export type Course = CoursePageEnvelope['data']['rows'][number];
export type CourseType = CourseTypeListEnvelope['data'][number];
export type Instructor = InstructorListEnvelope['data'][number];

/** The academy's column: its page, and the owner of the course types. */
export const ACADEMY_COLUMN = 6;
export const COURSES_PER_PAGE = 8;
export const TRAINING_LEVELS: readonly TrainingLevel[] = ['primary', 'intermediate', 'advanced'];

const data = <T,>(envelope: { data: T }) => envelope.data;

export function useCurriculums(context: PageContext) {
  const { key, request } = contentQuery(context);
  return useCurriculumsList({ query: { queryKey: [...getCurriculumsListQueryKey(), ...key], select: data }, request });
}

export function useCourseTypes(context: PageContext) {
  const { key, request } = contentQuery(context);
  return useCourseTypeList(ACADEMY_COLUMN, {
    query: { queryKey: [...getCourseTypeListQueryKey(ACADEMY_COLUMN), ...key], select: data },
    request,
  });
}

/** One page of online classes, of one type or all; the previous page stays while the next loads. */
export function useCourses(typeId: number | undefined, page: number, context: PageContext) {
  const { key, request } = contentQuery(context);
  const params = { ...(typeId ? { typeId } : {}), pageNum: page, pageSize: COURSES_PER_PAGE };
  return useCourseList(params, {
    query: { queryKey: [...getCourseListQueryKey(params), ...key], select: data, placeholderData: keepPreviousData },
    request,
  });
}

export function useInstructors(context: PageContext) {
  const { key, request } = contentQuery(context);
  return useInstructorList({ query: { queryKey: [...getInstructorListQueryKey(), ...key], select: data }, request });
}
