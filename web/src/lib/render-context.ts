/**
 * What the page being rendered on the server knows about its request, and what it collects while
 * it renders: the site's public origin (for canonical and alternate links), the BFF to ask for
 * data, an editor's preview token, the page's language, whether a page reported "not found",
 * the page's title entry, its phrase boundaries and the data calls it made (its own i18next
 * instance goes to React: entry-server.tsx). In the browser these come from the browser itself
 * (window.location, sessionStorage) and the modules' own values; on the server a worker renders
 * several pages at once, so they live in one object per render (a {@link ServerRender}), found
 * through the render's AsyncLocalStorage (lib/server-render.ts), and no module holds a
 * request's value.
 */
import type { SiteLanguage } from './language';
import type { PageTitle } from './page-title';

export interface ServerRequestContext {
  /** Public origin of the site, e.g. `https://www.jaka.com`. */
  origin: string;
  /** Origin of the BFF whose `/prod-api` serves the data (the renderer's upstream). */
  apiOrigin: string;
  /** An editor's preview token (preview pages only), else null. */
  previewToken: string | null;
  /**
   * The W3C traceparent of the render (the BFF's span of it), sent with the page's data calls so
   * that they join the page's trace; null when the BFF sent none.
   */
  traceparent: string | null;
}

/** One page being rendered on the server: its request and what the render collects. */
export interface ServerRender {
  request: ServerRequestContext;
  /** The page's language and whether it is a `/preview/` page (lib/page-language.ts). */
  lang: SiteLanguage;
  preview: boolean;
  /** A page said that what its address names does not exist ({@link reportNotFound}). */
  notFound: boolean;
  /** The page's description by its content (lib/page-title.ts). */
  pageTitle: PageTitle | null;
  /** The phrase boundaries being recorded (lib/phrase-core.ts), null when not recording. */
  phrases: Record<string, number[]> | null;
  /** The data calls the render made, `GET /prod-api/…?…&lang=en` (lib/http-request.ts). */
  sources: Set<string>;
}

let findRender: () => ServerRender | undefined = () => undefined;

/**
 * Server: where the render under way is found (lib/server-render.ts sets it when it loads; the
 * browser never loads it). Holds no request's value: only the way to the current one.
 */
export function findServerRenderWith(find: () => ServerRender | undefined): void {
  findRender = find;
}

/**
 * The render under way on the server; null in the browser. The functions of this module and the
 * modules that keep per-page values ask `import.meta.env.SSR` (fixed for a build) before they ask
 * this, so that the browser's build drops their server branches.
 */
export function serverRender(): ServerRender | null {
  if (!import.meta.env.SSR) return null;
  return findRender() ?? null;
}

/** The request being rendered on the server; null in the browser. */
export function serverRequestContext(): ServerRequestContext | null {
  return (import.meta.env.SSR && serverRender()?.request) || null;
}

/** Public origin of the site for absolute links (canonical, hreflang, social cards). */
export function siteOrigin(): string {
  const render = import.meta.env.SSR ? serverRender() : null;
  if (render) return render.request.origin;
  return globalThis.location?.origin ?? '';
}

/** Where `/prod-api` is: the page's own origin in the browser, the BFF on the server. */
export function apiOrigin(): string {
  return (import.meta.env.SSR && serverRender()?.request.apiOrigin) || '';
}

/**
 * A page says that what its address names does not exist (an unknown product, an expired
 * article): the server then answers 404 with the page as it renders it. Does nothing in the browser.
 */
export function reportNotFound(): void {
  const render = import.meta.env.SSR ? serverRender() : null;
  if (render) render.notFound = true;
}

/** Whether the page being rendered reported "not found" since the last call (and forgets it). */
export function takeNotFoundReport(): boolean {
  const render = import.meta.env.SSR ? serverRender() : null;
  if (!render) return false;
  const reported = render.notFound;
  render.notFound = false;
  return reported;
}
