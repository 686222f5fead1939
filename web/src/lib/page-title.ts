/**
 * Titles that come with a page's content (a product's name, the CMS's SEO title and description).
 * The route table gives every page a title; a page whose content names it better hands it to the
 * layout here, which then uses it for `document.title` and the meta description (and keeps the
 * preview prefix). The entry belongs to one path, so a stale entry never titles another page.
 */
import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { createStore } from './store';

export interface PageTitle {
  /** The path the entry belongs to (pathname of the page that set it). */
  path: string;
  /** The page's name, put into the site's title template (`{{page}} | {{site}}`). */
  page?: string | null;
  /** A complete document title from the CMS (SEO title), used as it is; wins over `page`. */
  document?: string | null;
  /** Meta description from the CMS. */
  description?: string | null;
}

export const pageTitleStore = createStore<PageTitle | null>(null);

export interface PageTitleInput {
  page?: string | null;
  document?: string | null;
  description?: string | null;
}

/**
 * Names the current page after its content once it is loaded; call with nothing (or empty
 * strings) while loading. The entry is removed when the page goes.
 */
export function usePageTitle({ page, document, description }: PageTitleInput): void {
  const { pathname } = useLocation();
  useEffect(() => {
    if (!page && !document && !description) return;
    const entry: PageTitle = { path: pathname, page: page || null, document: document || null, description: description || null };
    pageTitleStore.set(entry);
    return () => pageTitleStore.set((current) => (current === entry ? null : current));
  }, [pathname, page, document, description]);
}

let defaultDescription: string | null = null;

/** Sets the meta description of the document; null restores the site's default (index.html). */
export function setMetaDescription(description: string | null): void {
  const meta = document.head.querySelector<HTMLMetaElement>('meta[name="description"]');
  if (!meta) return;
  defaultDescription ??= meta.content;
  meta.content = description ?? defaultDescription;
}
