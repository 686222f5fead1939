import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getFaqTypeListQueryKey,
  getSelectFaqByTitleQueryKey,
  selectFaqByTitle,
  useFaqTypeList,
  useSelectFaqByTitle,
} from '@/api/generated/endpoints/faq/faq';
import type { FaqPageEnvelope } from '@/api/generated/model/faqPageEnvelope.zod';
import type { FaqTypeListEnvelope } from '@/api/generated/model/faqTypeListEnvelope.zod';
import { z } from 'zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

/** A FAQ category with its sub-categories, at any depth. */
export interface FaqType {
  id: number;
  typeName: string;
  children: FaqType[];
}

// The generated schema checks two levels; this one reads the tree at any depth.
const FaqTypeTree: z.ZodType<FaqType[]> = z.array(
  z.object({ id: z.number().int().positive(), typeName: z.string(), children: z.lazy(() => FaqTypeTree) }),
);
export type Faq = FaqPageEnvelope['data']['rows'][number];
export type FaqPage = FaqPageEnvelope['data'];

/** Questions per page. */
export const FAQ_PAGE_SIZE = 10;

/** Questions per call when looking one up by id (the API's largest page). */
const LOOKUP_PAGE_SIZE = 100;

/** The FAQ categories, nested. */
export function useFaqTypes(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback((envelope: FaqTypeListEnvelope) => FaqTypeTree.parse(envelope.data), []);
  return useFaqTypeList({ query: { queryKey: [...getFaqTypeListQueryKey(), ...key], select }, request });
}

const selectPage = (envelope: FaqPageEnvelope) => envelope.data;

/** One page of questions: of a category (and those below it) or all, matching the words if any. */
export function useFaqs(context: PageContext, typeId: number | null, title: string, page: number, enabled = true) {
  const { key, request } = contentQuery(context);
  const params = { ...(title ? { title } : {}), ...(typeId ? { typeId } : {}), pageNum: page, pageSize: FAQ_PAGE_SIZE };
  return useSelectFaqByTitle(params, {
    query: { queryKey: [...getSelectFaqByTitleQueryKey(params), ...key], select: selectPage, enabled, placeholderData: keepPreviousData },
    request,
  });
}

/**
 * One question by id, for `?id=` links and the preview of one question. The API has no call
 * for a single question: the questions are read a hundred at a time until it turns up (the
 * whole FAQ is a few dozen questions, so this is one call). Resolves null when there is none.
 */
export function useFaq(context: PageContext, id: number | null) {
  const { key, request } = contentQuery(context);
  return useQuery({
    queryKey: ['faq-by-id', id, ...key],
    enabled: id !== null,
    queryFn: async ({ signal }): Promise<Faq | null> => {
      for (let pageNum = 1; pageNum <= 50; pageNum += 1) {
        const { data } = await selectFaqByTitle({ pageNum, pageSize: LOOKUP_PAGE_SIZE }, { ...request, signal });
        const found = data.rows.find((faq) => faq.id === id);
        if (found) return found;
        if (pageNum * LOOKUP_PAGE_SIZE >= data.total || data.rows.length === 0) break;
      }
      return null;
    },
  });
}

/** The category with the id and the categories above it, top first; null when there is none. */
export function findType(types: readonly FaqType[], id: number, trail: FaqType[] = []): FaqType[] | null {
  for (const type of types) {
    if (type.id === id) return [...trail, type];
    const below = findType(type.children, id, [...trail, type]);
    if (below) return below;
  }
  return null;
}
