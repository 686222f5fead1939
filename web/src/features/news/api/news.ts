import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getGetNewsDetailQueryKey,
  getNewsDetail,
  getNewsListByTitleQueryKey,
  getNewsListQueryKey,
  getNewsTopListQueryKey,
  getNewsTypeListQueryKey,
  useNewsList,
  useNewsListByTitle,
  useNewsTopList,
  useNewsTypeList,
} from '@/api/generated/endpoints/news/news';
import type { NewsDetailEnvelope } from '@/api/generated/model/newsDetailEnvelope.zod';
import type { NewsPageEnvelope } from '@/api/generated/model/newsPageEnvelope.zod';
import type { NewsSummaryListEnvelope } from '@/api/generated/model/newsSummaryListEnvelope.zod';
import type { NewsTypeListEnvelope } from '@/api/generated/model/newsTypeListEnvelope.zod';
import { ApiError } from '@/lib/http';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

export type NewsType = NewsTypeListEnvelope['data'][number];
export type NewsSummary = NewsPageEnvelope['data']['rows'][number];
export type NewsPage = NewsPageEnvelope['data'];
export type NewsArticle = NewsDetailEnvelope['data'];

/** The site column (programa) of the news pages: its news types are the tabs (newsTypeList/5). */
export const NEWS_COLUMN_ID = 5;

/** Articles per page of the news list. */
export const NEWS_PAGE_SIZE = 8;

/** The key of the weekly news type (JAKA Weekly), the same in every language. */
export const WEEKLY_KEY = 'weekly';

/** A news article's page: the article id in the path, its type as a query (as the home page links it). */
export function newsHref(news: { id: number; typeId: number }): string {
  return `/newsDetail/${news.id}?typeId=${news.typeId}`;
}

/** The news types of the news column, in display order. */
export function useNewsTypes(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback((envelope: NewsTypeListEnvelope) => envelope.data, []);
  return useNewsTypeList(NEWS_COLUMN_ID, {
    query: { queryKey: [...getNewsTypeListQueryKey(NEWS_COLUMN_ID), ...key], select, staleTime: 5 * 60_000 },
    request,
  });
}

const selectPage = (envelope: NewsPageEnvelope) => envelope.data;

/** One page of news, of one type or of all types; pinned news first. */
export function useNews(context: PageContext, typeId: number | null, page: number, enabled = true) {
  const { key, request } = contentQuery(context);
  const params = { ...(typeId ? { typeId } : {}), pageNum: page, pageSize: NEWS_PAGE_SIZE };
  return useNewsList(params, {
    query: { queryKey: [...getNewsListQueryKey(params), ...key], select: selectPage, enabled, placeholderData: keepPreviousData },
    request,
  });
}

/** One page of news whose title contains the words, newest first. */
export function useNewsSearch(context: PageContext, title: string, page: number) {
  const { key, request } = contentQuery(context);
  const params = { title, pageNum: page, pageSize: NEWS_PAGE_SIZE };
  return useNewsListByTitle(params, {
    query: {
      queryKey: [...getNewsListByTitleQueryKey(params), ...key],
      select: selectPage,
      enabled: title !== '',
      placeholderData: keepPreviousData,
    },
    request,
  });
}

/** Hot and top news for the side list. */
export function useHotNews(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback((envelope: NewsSummaryListEnvelope) => envelope.data.slice(0, 6), []);
  return useNewsTopList({ query: { queryKey: [...getNewsTopListQueryKey(), ...key], select }, request });
}

/**
 * An article with its previous and next article. The detail call needs the article's news type
 * (the home page, the lists and the search link with `?typeId=`). An old link without it still
 * works: the news types are tried in display order, and the one the article belongs to answers;
 * the others answer 404. The caller puts the found type into the address.
 */
export function useNewsArticle(context: PageContext, newsId: number, typeId: number | null, types: readonly NewsType[] | undefined) {
  const { key, request } = contentQuery(context);
  const candidates = typeId ? [typeId] : (types ?? []).map((type) => type.id);
  return useQuery({
    queryKey: [...getGetNewsDetailQueryKey(typeId ?? 0, newsId), ...key],
    enabled: Number.isInteger(newsId) && newsId > 0 && candidates.length > 0,
    queryFn: async ({ signal }) => {
      let notFound: unknown = null;
      for (const candidate of candidates) {
        try {
          const envelope = await getNewsDetail(candidate, newsId, { ...request, signal });
          return envelope.data;
        } catch (error) {
          if (!(error instanceof ApiError && error.status === 404) || typeId) throw error;
          notFound = error;
        }
      }
      throw notFound;
    },
  });
}
