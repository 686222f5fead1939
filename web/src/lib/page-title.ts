/**
 * What a page's content says about the page: its name (a product's name), the CMS's SEO title
 * and description, its picture and its structured data (schema.org Product, NewsArticle, …).
 * The route table gives every page a title; a page whose content names it better hands it over
 * here. The layout then builds the head from it (lib/page-head.ts): in the browser on every
 * navigation, on the server into the HTML it sends. The entry belongs to one path, so a stale
 * entry never describes another page.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { type PageHead, type StructuredData, canonicalSearch } from './page-head';
import { reportNotFound, serverRender, siteOrigin } from './render-context';
import { type Store, createStore } from './store';

export interface PageTitleInput {
  /** The page's name, put into the site's title template (`{{page}} | {{site}}`). */
  page?: string | null | undefined;
  /** A complete document title from the CMS (SEO title), used as it is; wins over `page`. */
  document?: string | null | undefined;
  /** Meta description from the CMS. */
  description?: string | null | undefined;
  /** The page's picture for social cards (site path or URL). */
  image?: string | null | undefined;
  type?: PageHead['type'] | undefined;
  /** schema.org data of the page's content (the breadcrumb is added for every page). */
  structuredData?: readonly StructuredData[] | undefined;
  /** What the address names does not exist: the not-found title, never indexed. */
  notFound?: boolean | undefined;
}

export interface PageTitle extends PageTitleInput {
  /** The path the entry belongs to (pathname of the page that set it). */
  path: string;
}

const browserTitle = createStore<PageTitle | null>(null);

/**
 * The entry of the page being shown: the browser's in a module store; on the server the render's
 * own (lib/render-context.ts), which nobody subscribes to (a server render is never re-rendered).
 */
export const pageTitleStore: Store<PageTitle | null> = import.meta.env.SSR ? renderTitleStore() : browserTitle;

/** The server's store: each render's own title, the browser's store outside a render. */
function renderTitleStore(): Store<PageTitle | null> {
  return {
    get: () => {
      const render = serverRender();
      return render ? render.pageTitle : browserTitle.get();
    },
    set(next) {
      const render = serverRender();
      if (!render) return browserTitle.set(next);
      render.pageTitle = typeof next === 'function' ? next(render.pageTitle) : next;
    },
    subscribe: browserTitle.subscribe,
  };
}

function hasContent(input: PageTitleInput): boolean {
  return Boolean(input.page || input.document || input.description || input.image || input.structuredData?.length || input.notFound);
}

/** The entry of a page at `path`; structured data comes as text (see usePageTitle). */
function titleEntry(path: string, input: Omit<PageTitleInput, 'structuredData'>, structured: string): PageTitle {
  return {
    path,
    page: input.page || null,
    document: input.document || null,
    description: input.description || null,
    image: input.image || null,
    type: input.type,
    structuredData: structured ? (JSON.parse(structured) as StructuredData[]) : undefined,
    notFound: input.notFound,
  };
}

/**
 * Describes the current page by its content once it is loaded; call with nothing (or empty
 * strings) while loading. The entry is removed when the page goes. On the server, where effects
 * do not run, the entry is kept at once so that the HTML's head carries it.
 */
export function usePageTitle(input: PageTitleInput): void {
  const { pathname } = useLocation();
  const { page, document, description, image, type, structuredData, notFound } = input;
  // Structured data is compared as text: a new object each render must not loop the effect.
  const structured = structuredData?.length ? JSON.stringify(structuredData) : '';
  const entryNow = (): PageTitle => titleEntry(pathname, input, structured);
  if (import.meta.env.SSR && hasContent(input)) pageTitleStore.set(entryNow());
  useEffect(() => {
    const entry = titleEntry(pathname, { page, document, description, image, type, notFound }, structured);
    if (!hasContent(entry)) return;
    pageTitleStore.set(entry);
    return () => pageTitleStore.set((current) => (current === entry ? null : current));
  }, [pathname, page, document, description, image, type, structured, notFound]);
}

/**
 * The page's own absolute URL as its head names it (canonical: only the query that changes the
 * page), for the `url` of its structured data.
 */
export function usePageUrl(): string {
  const { pathname, search } = useLocation();
  return `${siteOrigin()}${pathname}${canonicalSearch(search)}`;
}

/**
 * Rendered where a page says that what its address names does not exist (an unknown path, a
 * product that is gone): the server answers 404, and the head says "not found", unindexed.
 */
export function NotFoundMark(): null {
  reportNotFound();
  usePageTitle({ notFound: true });
  return null;
}
