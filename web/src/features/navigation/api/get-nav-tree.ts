import {
  buildProgramaTree,
  getBuildProgramaTreeQueryKey,
  getBuildProgramaTreeUrl,
  useBuildProgramaTree,
} from '@/api/generated/endpoints/site/site';
import type { NavItemListEnvelope } from '@/api/generated/model/navItemListEnvelope.zod';
import { API_BASE } from '@/lib/http';
import { headerMenuId } from '@/lib/language';
import { type PageContext, contentQuery } from '@/lib/use-page-language';
import { buildMenu, checkNavTree } from '../utils/menu';

/** The header menu's data, checked down to the levels the header shows as it arrives. */
async function fetchNavTree(id: number, request: ReturnType<typeof contentQuery>['request'], signal: AbortSignal): Promise<NavItemListEnvelope> {
  const envelope = await buildProgramaTree(id, { signal, ...request });
  await checkNavTree(envelope.data, `${API_BASE}${getBuildProgramaTreeUrl(id)}`);
  return envelope;
}

function selectMenu(envelope: NavItemListEnvelope) {
  return buildMenu(envelope.data);
}

/** The header menu of a language (menu id per language; content in that language). */
export function useNavTree(context: PageContext) {
  const id = headerMenuId(context.lang);
  const { key, request } = contentQuery(context);
  return useBuildProgramaTree(id, {
    query: {
      queryKey: [...getBuildProgramaTreeQueryKey(id), ...key],
      queryFn: ({ signal }) => fetchNavTree(id, request, signal),
      // Module-level, so React Query runs it once per response rather than on every render.
      select: selectMenu,
    },
    request,
  });
}
