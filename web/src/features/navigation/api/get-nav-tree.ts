import { useCallback } from 'react';
import {
  getBuildProgramaTreeQueryKey,
  getBuildProgramaTreeUrl,
  useBuildProgramaTree,
} from '@/api/generated/endpoints/site/site';
import type { NavItemListEnvelope } from '@/api/generated/model/navItemListEnvelope.zod';
import { API_BASE } from '@/lib/http';
import { headerMenuId } from '@/lib/language';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { buildMenu } from '../utils/menu';

/** The header menu of a language (menu id per language; content in that language). */
export function useNavTree(context: PageContext) {
  const id = headerMenuId(context.lang);
  const { key, request } = contentQuery(context);
  // Stable, so React Query runs it once per response rather than on every render.
  const select = useCallback(
    (envelope: NavItemListEnvelope) => buildMenu(envelope.data, `${API_BASE}${getBuildProgramaTreeUrl(id)}`),
    [id],
  );
  return useBuildProgramaTree(id, {
    query: { queryKey: [...getBuildProgramaTreeQueryKey(id), ...key], select },
    request,
  });
}
