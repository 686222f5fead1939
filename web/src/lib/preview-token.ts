/**
 * The preview token of an editor. The CMS hands editors preview links,
 * `/preview/…?previewToken=…`: a signed, expiring token the BFF checks before it shows drafts.
 * The page keeps the token for its tab (sessionStorage: the other preview pages the editor opens
 * in the tab keep it; closing the tab forgets it), drops it from the address, and sends it as
 * the `preview` header of its content calls. Without a token a preview page sends no preview
 * header and shows the published site, as the BFF answers it to anyone.
 *
 * Storage may be unavailable (private modes, sandboxed frames): every access is guarded.
 */

import { serverRequestContext } from './render-context';

/** The query parameter of the CMS's preview links. */
export const PREVIEW_TOKEN_PARAM = 'previewToken';

/** Where the tab keeps the token (sessionStorage). */
export const PREVIEW_TOKEN_KEY = 'jakaPreviewToken';

/** The editor's preview token of this tab, or null. */
export function getPreviewToken(): string | null {
  // On the server, the token the BFF passed on with the page request.
  const server = serverRequestContext();
  if (server) return server.previewToken;
  try {
    return globalThis.sessionStorage?.getItem(PREVIEW_TOKEN_KEY) || null;
  } catch {
    return null;
  }
}

/**
 * True when a `/preview/` page can show drafts: the tab holds an editor's token. Pages that name
 * draft items themselves ask for them only then (anyone else would get 404s for them).
 */
export function showsDrafts(previewPage: boolean): boolean {
  return previewPage && getPreviewToken() !== null;
}

/** Keeps the token of a preview link for this tab; an empty one forgets the token held. */
export function storePreviewToken(token: string): void {
  try {
    if (token) globalThis.sessionStorage?.setItem(PREVIEW_TOKEN_KEY, token);
    else globalThis.sessionStorage?.removeItem(PREVIEW_TOKEN_KEY);
  } catch {
    // Blocked storage: the preview shows the published site.
  }
}

/**
 * The address of a preview link without its token, after keeping the token; null when `url`
 * carries no token. The newest link always wins, so an editor who opens another link (or an
 * expired one) previews with that link's token.
 */
export function takePreviewToken(url: URL): string | null {
  if (!url.searchParams.has(PREVIEW_TOKEN_PARAM)) return null;
  storePreviewToken(url.searchParams.get(PREVIEW_TOKEN_PARAM)?.trim() ?? '');
  const rest = new URL(url.href);
  rest.searchParams.delete(PREVIEW_TOKEN_PARAM);
  return `${rest.pathname}${rest.search}${rest.hash}`;
}
