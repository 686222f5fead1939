import type { APIRequestContext } from '@playwright/test';
import { mockURL } from './mocks';

// Editors' preview links: the CMS hands them out (its preview button; the content mock's
// POST /__admin/preview-links, mocks/content/API.md) as `/preview/…?previewToken=…`, with a
// signed token that expires. The BFF shows drafts only to pages that carry a valid one.

export interface PreviewLink {
  token: string;
  /** The site-relative page with its token, e.g. /en/preview/productDetails/103?previewToken=… */
  url: string;
  expiresAt: string;
}

/** An editor's preview link of a site page, asked of the CMS. */
export async function previewLink(
  request: APIRequestContext,
  path: string,
  { editor = 'li.na@jaka.example', ttl = '1h' }: { editor?: string; ttl?: string } = {},
): Promise<PreviewLink> {
  const response = await request.post(`${mockURL('content')}/__admin/preview-links`, { data: { path, editor, ttl } });
  if (response.status() !== 201) throw new Error(`preview link of ${path}: ${response.status()} ${await response.text()}`);
  return (await response.json()) as PreviewLink;
}

/**
 * The link with its token's claims rewritten (another editor, a later expiry) but its signature
 * kept: what a visitor who edits a link they got hold of would try.
 */
export function tamperedLink(link: PreviewLink): string {
  const [version, , signature] = link.token.split('.');
  const payload = Buffer.from(JSON.stringify({ sub: 'visitor', exp: Math.floor(Date.now() / 1000) + 3600 })).toString('base64url');
  return link.url.replace(link.token, `${version}.${payload}.${signature}`);
}
