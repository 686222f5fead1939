/**
 * What the page being rendered on the server knows about its request: the site's public origin
 * (for canonical and alternate links), the BFF to ask for data, and an editor's preview token.
 * In the browser these come from the browser itself (window.location, sessionStorage); on the
 * server the renderer sets them before each page and clears them after. The renderer renders one
 * page at a time (server/renderer.ts), so one module-level value is the request's own.
 */

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

let serverContext: ServerRequestContext | null = null;

/** Sets (or, with null, clears) the request the server is rendering. */
export function setServerRequestContext(context: ServerRequestContext | null): void {
  serverContext = context;
}

/** The request being rendered on the server; null in the browser. */
export function serverRequestContext(): ServerRequestContext | null {
  return serverContext;
}

/** Public origin of the site for absolute links (canonical, hreflang, social cards). */
export function siteOrigin(): string {
  if (serverContext) return serverContext.origin;
  return globalThis.location?.origin ?? '';
}

/** Where `/prod-api` is: the page's own origin in the browser, the BFF on the server. */
export function apiOrigin(): string {
  return serverContext?.apiOrigin ?? '';
}

let notFoundReported = false;

/**
 * A page says that what its address names does not exist (an unknown product, an expired
 * article): the server then answers 404 with the page as it renders it. Does nothing in the browser.
 */
export function reportNotFound(): void {
  if (serverContext) notFoundReported = true;
}

/** Whether a page reported "not found" since the last call (and forgets it). */
export function takeNotFoundReport(): boolean {
  const reported = notFoundReported;
  notFoundReported = false;
  return reported;
}
