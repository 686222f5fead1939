/**
 * CMS articles (about, ESG, investment, resource, showroom, service, activity, thank-you pages)
 * and column pages (academy, JAKA+, careers): hand-written wrappers over the generated hooks,
 * shared by several features.
 */
import { useQueries } from '@tanstack/react-query';
import {
  commonGetChildDetails,
  getCommonGetChildDetailsQueryKey,
  getCommonGetDetailsQueryKey,
  getCommonSelectPublishDataByIdQueryKey,
  useCommonGetDetails,
  useCommonSelectPublishDataById,
} from '@/api/generated/endpoints/content/content';
import type { ColumnPageEnvelope } from '@/api/generated/model/columnPageEnvelope.zod';
import type { ContentDetailEnvelope } from '@/api/generated/model/contentDetailEnvelope.zod';
import { isNotFound } from '@/lib/http';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type Article = ContentDetailEnvelope['data'];
export type ArticleSection = Article['sections'][number];

const selectData = (envelope: ContentDetailEnvelope): Article => envelope.data;

/** One article in the page language (drafts on preview pages). */
export function useArticle(id: number, context: PageContext) {
  const { key, request } = contentQuery(context);
  return useCommonGetDetails(id, {
    query: { queryKey: [...getCommonGetDetailsQueryKey(id), ...key], select: selectData },
    request,
  });
}

export interface ChildArticles {
  /** The children that exist in this language (and, on preview pages, the drafts), in order. */
  articles: Article[];
  isPending: boolean;
  /** A failure other than "not found" (a child missing in this language is simply left out). */
  error: unknown;
  refetch: () => void;
}

/**
 * The child articles of an article (ESG chapters, investor announcements). The CMS does not list
 * a parent's children, so the page names the ids it knows; a child that does not exist in the
 * page language, or is a draft outside preview, answers 404 and is left out.
 */
export function useChildArticles(parentId: number, childIds: readonly number[], context: PageContext): ChildArticles {
  const { key, request } = contentQuery(context);
  const results = useQueries({
    queries: childIds.map((childId) => ({
      queryKey: [...getCommonGetChildDetailsQueryKey(parentId, childId), ...key],
      queryFn: ({ signal }: { signal: AbortSignal }) => commonGetChildDetails(parentId, childId, { signal, ...request }),
      select: selectData,
    })),
  });
  const failed = results.find((result) => result.isError && !isNotFound(result.error));
  return {
    articles: results.flatMap((result) => (result.data ? [result.data] : [])),
    isPending: results.some((result) => result.isPending),
    error: failed?.error ?? null,
    refetch: () => {
      for (const result of results) if (result.isError) void result.refetch();
    },
  };
}

export type ColumnPage = ColumnPageEnvelope['data'];

const selectColumn = (envelope: ColumnPageEnvelope): ColumnPage => envelope.data;

/** The published page of a site column (its banner, title and introduction). */
export function useColumnPage(id: number, context: PageContext) {
  const { key, request } = contentQuery(context);
  return useCommonSelectPublishDataById(id, {
    query: { queryKey: [...getCommonSelectPublishDataByIdQueryKey(id), ...key], select: selectColumn },
    request,
  });
}

/** A column page as an article (for ArticleIntro): its banner is the picture. */
export function columnAsArticle(column: ColumnPage): Pick<Article, 'title' | 'content' | 'image'> {
  return { title: column.title, content: column.content, image: column.banner ?? null };
}
