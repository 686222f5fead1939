/**
 * The core of the site's schema.org data (lib/structured-data.ts): the vocabulary, absolute URLs,
 * and the company itself (Organization), which every page's items name as publisher, employer or
 * maker. Apart from the other builders so that the home page, which needs only the company,
 * loads only this.
 */
import type { StructuredData } from './page-head';

export const SCHEMA = 'https://schema.org';

/** Leaves out what the content did not say (null, undefined, empty text, empty lists). */
export function compact(data: Record<string, unknown>): StructuredData {
  const out: StructuredData = {};
  for (const [key, value] of Object.entries(data)) {
    if (value === null || value === undefined) continue;
    if (typeof value === 'string' && value.trim() === '') continue;
    if (Array.isArray(value) && value.length === 0) continue;
    out[key] = value;
  }
  return out;
}

/** A site path or URL as an absolute http(s) URL; null for nothing or for what is no web address. */
export function absoluteUrl(origin: string, pathOrUrl: string | null | undefined): string | null {
  if (!pathOrUrl?.trim()) return null;
  try {
    const url = new URL(pathOrUrl.trim(), `${origin}/`);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.href : null;
  } catch {
    return null;
  }
}

/** Absolute URLs of pictures, each once, in order. */
export function absoluteUrls(origin: string, pathsOrUrls: ReadonlyArray<string | null | undefined>): string[] {
  const urls = pathsOrUrls.map((path) => absoluteUrl(origin, path)).filter((url): url is string => url !== null);
  return [...new Set(urls)];
}

export interface OrganizationInput {
  /** The company's name in the page language. */
  name: string;
  /** Public origin of the site (`https://www.jaka.com`), the organization's identity. */
  origin: string;
  /** The site's home page in the page language (absolute). */
  url: string;
  logo?: string | null | undefined;
  /** Hotline. */
  telephone?: string | null | undefined;
  /** General contact address. */
  email?: string | null | undefined;
  /** Customer-service address. */
  serviceEmail?: string | null | undefined;
  /** Headquarters address as one line. */
  address?: string | null | undefined;
  /** The company's profiles elsewhere (LinkedIn, YouTube…), absolute URLs. */
  sameAs?: readonly string[] | undefined;
}

/** The company as schema.org names it everywhere on the site: one `@id` per site. */
export function organizationId(origin: string): string {
  return `${origin}/#organization`;
}

/** schema.org Organization: the company behind the site, with its contacts (home page). */
export function organizationData(input: OrganizationInput): StructuredData {
  const contact =
    input.telephone?.trim() || input.serviceEmail?.trim()
      ? compact({ '@type': 'ContactPoint', contactType: 'customer service', telephone: input.telephone, email: input.serviceEmail })
      : null;
  return compact({
    '@context': SCHEMA,
    '@type': 'Organization',
    '@id': organizationId(input.origin),
    name: input.name,
    url: input.url,
    logo: input.logo,
    email: input.email,
    telephone: input.telephone,
    address: input.address,
    contactPoint: contact ? [contact] : null,
    sameAs: input.sameAs ? [...input.sameAs] : null,
  });
}

/** The company inside another item (publisher, employer, maker): who it is, without its contacts. */
export function organizationReference(input: Pick<OrganizationInput, 'name' | 'origin' | 'url' | 'logo'>): StructuredData {
  return compact({ '@type': 'Organization', '@id': organizationId(input.origin), name: input.name, url: input.url, logo: input.logo });
}
