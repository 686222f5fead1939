/**
 * What every page route declares in its `handle` (built from the route table in
 * src/app/routes.tsx), and a hook that reads the current page's handle.
 */
import { useMatches } from 'react-router';
import type { TitleKey } from '@/i18n/catalogue';

/** One step of a page's breadcrumb trail above the page itself. */
export interface Crumb {
  titleKey: TitleKey;
  /** Site path without language prefix. */
  path: string;
}

export interface RouteHandle {
  titleKey: TitleKey;
  /**
   * The page's path in the route table (`productDetails/:id`): the same for every language and
   * for its preview, never the address. Field measurements are grouped by it (lib/vitals-report.ts).
   */
  pagePath: string;
  /** A `/preview/` mirror: drafts, a notice, `noindex`. */
  preview: boolean;
  /** Whether the 250 ms loading overlay shows when this page is entered (not on FAQ pages). */
  loadingOverlay: boolean;
  /** Pages between home and this one (e.g. News above a news article). */
  trail: readonly Crumb[];
  /**
   * A page behind a login (repairs, virtual trial, account screens): the server renders its frame
   * and a skeleton, the browser its guard and data; never cached, never indexed.
   */
  personal?: boolean;
}

export function isRouteHandle(handle: unknown): handle is RouteHandle {
  return (
    typeof handle === 'object' &&
    handle !== null &&
    'titleKey' in handle &&
    typeof handle.titleKey === 'string' &&
    handle.titleKey.startsWith('titles.')
  );
}

/** The handle of the deepest matched page route, or undefined (redirect-only routes). */
export function usePageHandle(): RouteHandle | undefined {
  return useMatches()
    .map((match) => match.handle)
    .filter(isRouteHandle)
    .at(-1);
}
