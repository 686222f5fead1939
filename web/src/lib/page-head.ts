/**
 * The head of a page: title, description, canonical URL, the twelve language alternates and
 * `x-default`, social-card tags and structured data (JSON-LD). One pure function decides it
 * ({@link buildPageHead}); the server writes it into the HTML it sends ({@link headHtml}) and the
 * browser keeps the live document in step with it on every client-side navigation
 * ({@link applyHead}), so what a crawler reads and what a visitor's tab shows never differ.
 */
import { SITE_LANGUAGES, type SiteLanguage, hreflang, htmlLang } from './language';
import { type AlternateLink, alternateLinks, homePath, localizePath } from './routing';

/**
 * Query parameters that change what a page shows (and so belong in its canonical URL). `type`
 * chooses the list a page shows (news type, FAQ category, recruitment type): a campus position
 * opened by `?type=campus&id=…` is only on that list.
 */
export const PAGE_QUERY_PARAMS = ['type', 'page', 'id', 'q', 'category', 'industry', 'key', 'typeId'] as const;

/** A JSON-LD object (schema.org). */
export type StructuredData = Record<string, unknown>;

export interface PageHead {
  lang: SiteLanguage;
  title: string;
  description: string;
  /** Absolute URL of the page without what does not change its content. */
  canonical: string;
  /** The page in all twelve languages and `x-default`; none on previews. */
  alternates: AlternateLink[];
  /** Drafts and personal pages are never indexed. */
  noindex: boolean;
  /** Absolute URL of the social-card image. */
  image: string;
  /** Open Graph type. */
  type: 'website' | 'article' | 'product';
  siteName: string;
  structuredData: StructuredData[];
}

export interface PageHeadInput {
  lang: SiteLanguage;
  /** Public origin of the site (`https://www.jaka.com`). */
  origin: string;
  pathname: string;
  search: string;
  title: string;
  description: string;
  siteName: string;
  noindex: boolean;
  /**
   * The page's own picture (site path or absolute URL), else the site's card. A vector picture
   * (SVG) is not shown by social networks, so such a page gets the site's card too.
   */
  image?: string | null | undefined;
  type?: PageHead['type'];
  /** Breadcrumb above the page: names and site paths (without language prefix). */
  trail: ReadonlyArray<{ name: string; path: string }>;
  /** The page's own name in the breadcrumb. */
  pageName: string;
  structuredData?: readonly StructuredData[];
}

/** The site's default social card (web/public). */
export const DEFAULT_SOCIAL_IMAGE = '/social-card.png';

/** Only the query parameters that change the page, in a stable order. */
export function canonicalSearch(search: string): string {
  const params = new URLSearchParams(search);
  const kept = new URLSearchParams();
  for (const name of PAGE_QUERY_PARAMS) {
    const value = params.get(name);
    if (value) kept.set(name, value);
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** Whether social networks show the picture on a card (they take raster images only, not SVG). */
export function isCardImage(pathOrUrl: string | null | undefined): pathOrUrl is string {
  if (!pathOrUrl?.trim()) return false;
  const path = pathOrUrl.split(/[?#]/)[0] ?? '';
  return !/\.svgz?$/i.test(path) && !/^data:image\/svg/i.test(pathOrUrl);
}

/** The first of a page's pictures that can be its social card; null when none can. */
export function cardImage(candidates: ReadonlyArray<string | null | undefined>): string | null {
  return candidates.find(isCardImage) ?? null;
}

function absolute(origin: string, pathOrUrl: string): string {
  try {
    return new URL(pathOrUrl, `${origin}/`).href;
  } catch {
    return `${origin}${DEFAULT_SOCIAL_IMAGE}`;
  }
}

/** schema.org BreadcrumbList: home, the pages above, the page. */
function breadcrumbList(input: PageHeadInput, canonical: string): StructuredData {
  const home = { name: input.siteName, url: `${input.origin}${homePath(input.lang)}` };
  const above = input.trail.map((crumb) => ({ name: crumb.name, url: `${input.origin}${localizePath(crumb.path, input.lang)}` }));
  const items = [home, ...above];
  if (canonical !== home.url) items.push({ name: input.pageName, url: canonical });
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: items.map((item, index) => ({ '@type': 'ListItem', position: index + 1, name: item.name, item: item.url })),
  };
}

export function buildPageHead(input: PageHeadInput): PageHead {
  const search = canonicalSearch(input.search);
  const canonical = `${input.origin}${input.pathname}${search}`;
  return {
    lang: input.lang,
    title: input.title,
    description: input.description,
    canonical,
    alternates: input.noindex ? [] : alternateLinks(input.pathname, search, input.origin, SITE_LANGUAGES, hreflang),
    noindex: input.noindex,
    image: absolute(input.origin, isCardImage(input.image) ? input.image : DEFAULT_SOCIAL_IMAGE),
    type: input.type ?? 'website',
    siteName: input.siteName,
    structuredData: input.noindex ? [] : [breadcrumbList(input, canonical), ...(input.structuredData ?? [])],
  };
}

const ESCAPES: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ESCAPES[c] ?? c);
}

/**
 * JSON for a `<script>` block: `<`, `>`, `&` and the two line separators as \u escapes, so no
 * text in it can close the block or start a comment, whatever the content says.
 */
export function jsonForScript(value: unknown): string {
  return JSON.stringify(value).replace(/[<>&\u2028\u2029]/g, (c) => `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

/** Meta tags as [attribute, name, content]. */
function metaTags(head: PageHead): Array<[string, string, string]> {
  const tags: Array<[string, string, string]> = [
    ['name', 'description', head.description],
    ['property', 'og:type', head.type],
    ['property', 'og:site_name', head.siteName],
    ['property', 'og:title', head.title],
    ['property', 'og:description', head.description],
    ['property', 'og:url', head.canonical],
    ['property', 'og:image', head.image],
    ['property', 'og:locale', hreflang(head.lang).replace('-', '_')],
    ['name', 'twitter:card', 'summary_large_image'],
    ['name', 'twitter:title', head.title],
    ['name', 'twitter:description', head.description],
    ['name', 'twitter:image', head.image],
  ];
  if (head.noindex) tags.push(['name', 'robots', 'noindex, nofollow']);
  return tags;
}

/** Marks every element the head owns, so the browser can replace them all on navigation. */
const OWNED = 'data-page-head';

/** The head as HTML, for the server (every value escaped). */
export function headHtml(head: PageHead): string {
  const parts = [`<title>${escapeHtml(head.title)}</title>`];
  for (const [attribute, name, content] of metaTags(head)) {
    parts.push(`<meta ${attribute}="${escapeHtml(name)}" content="${escapeHtml(content)}" ${OWNED}>`);
  }
  parts.push(`<link rel="canonical" href="${escapeHtml(head.canonical)}" ${OWNED}>`);
  for (const link of head.alternates) {
    parts.push(`<link rel="alternate" hreflang="${escapeHtml(link.hrefLang)}" href="${escapeHtml(link.href)}" ${OWNED}>`);
  }
  for (const data of head.structuredData) {
    parts.push(`<script type="application/ld+json" ${OWNED}>${jsonForScript(data)}</script>`);
  }
  return parts.join('\n    ');
}

/** Puts the head into a live document (client-side navigation): the page's own tags replace the last page's. */
export function applyHead(head: PageHead, doc: Document): void {
  doc.documentElement.lang = htmlLang(head.lang);
  doc.title = head.title;
  for (const element of doc.head.querySelectorAll(`[${OWNED}], meta[name="description"], link[rel="canonical"]`)) element.remove();
  const append = (element: HTMLElement) => {
    element.setAttribute(OWNED, '');
    doc.head.append(element);
  };
  for (const [attribute, name, content] of metaTags(head)) {
    const meta = doc.createElement('meta');
    meta.setAttribute(attribute, name);
    meta.content = content;
    append(meta);
  }
  const canonical = doc.createElement('link');
  canonical.rel = 'canonical';
  canonical.href = head.canonical;
  append(canonical);
  for (const link of head.alternates) {
    const element = doc.createElement('link');
    element.rel = 'alternate';
    element.hreflang = link.hrefLang;
    element.href = link.href;
    append(element);
  }
  for (const data of head.structuredData) {
    const script = doc.createElement('script');
    script.type = 'application/ld+json';
    script.textContent = JSON.stringify(data);
    append(script);
  }
}
