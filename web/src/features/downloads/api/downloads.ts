import { keepPreviousData } from '@tanstack/react-query';
import { useCallback } from 'react';
import {
  getDownloadGetDetailsQueryKey,
  getDownloadTreeListQueryKey,
  getSelectDownloadByParentIdQueryKey,
  getSelectDownloadByTitleQueryKey,
  useDownloadGetDetails,
  useDownloadTreeList,
  useSelectDownloadByParentId,
  useSelectDownloadByTitle,
} from '@/api/generated/endpoints/download/download';
import type { DownloadItemEnvelope } from '@/api/generated/model/downloadItemEnvelope.zod';
import type { DownloadNodeListEnvelope } from '@/api/generated/model/downloadNodeListEnvelope.zod';
import type { DownloadPageEnvelope } from '@/api/generated/model/downloadPageEnvelope.zod';
import { z } from 'zod';
import { type PageContext, contentQuery } from '@/lib/use-page-language';

/** A download category with its sub-categories, at any depth. */
export interface DownloadNode {
  id: number;
  name: string;
  parentId?: number | null | undefined;
  children: DownloadNode[];
}

// The generated schema checks two levels; this one reads the tree at any depth.
const DownloadTree: z.ZodType<DownloadNode[]> = z.array(
  z.object({
    id: z.number().int().positive(),
    name: z.string(),
    parentId: z.number().int().positive().nullish(),
    children: z.lazy(() => DownloadTree),
  }),
);
export type DownloadItem = DownloadItemEnvelope['data'];
export type DownloadPage = DownloadPageEnvelope['data'];

/** Documents per page. */
export const DOWNLOAD_PAGE_SIZE = 10;

/** The download categories, nested. */
export function useDownloadTree(context: PageContext) {
  const { key, request } = contentQuery(context);
  const select = useCallback((envelope: DownloadNodeListEnvelope) => DownloadTree.parse(envelope.data), []);
  return useDownloadTreeList({ query: { queryKey: [...getDownloadTreeListQueryKey(), ...key], select }, request });
}

const selectPage = (envelope: DownloadPageEnvelope) => envelope.data;

/** One page of the documents of a category and the categories below it, newest first. */
export function useCategoryDocuments(context: PageContext, parentId: number | null, page: number) {
  const { key, request } = contentQuery(context);
  const params = { parentId: parentId ?? 0, pageNum: page, pageSize: DOWNLOAD_PAGE_SIZE };
  return useSelectDownloadByParentId(params, {
    query: {
      queryKey: [...getSelectDownloadByParentIdQueryKey(params), ...key],
      select: selectPage,
      enabled: parentId !== null,
      placeholderData: keepPreviousData,
    },
    request,
  });
}

/** One page of the documents whose title contains the words. */
export function useDocumentSearch(context: PageContext, title: string, page: number) {
  const { key, request } = contentQuery(context);
  const params = { title, pageNum: page, pageSize: DOWNLOAD_PAGE_SIZE };
  return useSelectDownloadByTitle(params, {
    query: {
      queryKey: [...getSelectDownloadByTitleQueryKey(params), ...key],
      select: selectPage,
      enabled: title !== '',
      placeholderData: keepPreviousData,
    },
    request,
  });
}

/** One document (the one a `?id=` link asks for). */
export function useDocument(context: PageContext, id: number | null) {
  const { key, request } = contentQuery(context);
  const select = useCallback((envelope: DownloadItemEnvelope) => envelope.data, []);
  return useDownloadGetDetails(id ?? 0, {
    query: { queryKey: [...getDownloadGetDetailsQueryKey(id ?? 0), ...key], select, enabled: id !== null },
    request,
  });
}

/** The node with the id, anywhere in the tree, with the path of nodes down to it. */
export function findNode(nodes: readonly DownloadNode[], id: number, trail: DownloadNode[] = []): DownloadNode[] | null {
  for (const node of nodes) {
    if (node.id === id) return [...trail, node];
    const below = findNode(node.children, id, [...trail, node]);
    if (below) return below;
  }
  return null;
}
