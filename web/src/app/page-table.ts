/**
 * The page table: what the BFF must know of every page and language, taken from the route table
 * (PAGES in routes.tsx) and lib/language.ts. scripts/page-table.mjs writes it to
 * bff/internal/pagetable/pages.json, which the BFF embeds to classify page requests (personal
 * pages streamed uncached, a public page cached by the query parameters it reads, previews),
 * to build the sitemaps and robots.txt, and to send a visitor to their language.
 * `npm run check-generated -w web` fails when the committed file is not what this table makes.
 */
import {
  BROWSER_LANGUAGES,
  DEFAULT_LANGUAGE,
  SITE_LANGUAGES,
  type SiteLanguage,
  hreflang,
  htmlLang,
  isPrefixLanguage,
  languagePrefix,
  toWireLanguage,
} from '@/lib/language';
import { PREVIEW_SEGMENT } from '@/lib/routing';
import { type PageDefinition, PAGES, isPersonal } from './routes';

/**
 * The CMS lists the BFF's sitemaps read, a URL per item (bff/internal/sitemap/collect.go reads
 * each; a Go test holds the two equal).
 */
export const CONTENT_LISTS = [
  'productLines',
  'products',
  'industries',
  'applications',
  'productLevels',
  'cases',
  'news',
  'positions',
  'partners',
  'partnerProducts',
  'legalTexts',
] as const;

export type ContentList = (typeof CONTENT_LISTS)[number];

/** Whether and how the sitemaps list a page. */
export type SitemapListing =
  /**
   * The page itself, in every language: `dated` by the newest item of a list it shows; with
   * `items`, also one URL per item of that list, opened on this page by its query.
   */
  | { listed: 'page'; dated?: ContentList; items?: ContentList }
  /** One URL per item of a CMS list: the item's id in the path (`:id`) or in the query. */
  | { listed: 'items'; items: ContentList }
  /** In no sitemap (the route table says why in a comment: the reason is not shipped to browsers). */
  | { listed: 'no' };

/** One page as the BFF reads it. */
export interface TablePage {
  /** The route's path after the optional language prefix (`productDetails/:id`). */
  path: string;
  /** Behind a login: streamed uncached, noindex, kept out of robots.txt. */
  personal: boolean;
  /** `mirror`: also under /preview/; `only`: only there; `none`: never. */
  preview: 'mirror' | 'only' | 'none';
  /** The query parameters the page reads: a public page's cache key keeps only these. */
  query: string[];
  sitemap: SitemapListing;
}

/** One site language as the BFF reads it. */
export interface TableLanguage {
  /** The site's code: URL prefix, sitemap name, the `lang` cookie. */
  code: SiteLanguage;
  /** The code of the `lang` request header and the CMS (`ja` for `jp`). */
  wire: string;
  /** The URL prefix: '' for zh, `/{code}` otherwise. */
  prefix: string;
  htmlLang: string;
  hreflang: string;
}

export interface PageTable {
  /** The first path segment of editors' drafts (after the optional language prefix). */
  previewSegment: string;
  defaultLanguage: SiteLanguage;
  /** In the order of the language switcher (SITE_LANGUAGES). */
  languages: TableLanguage[];
  /** The site language of a browser language's primary subtag. */
  browserLanguages: Record<string, SiteLanguage>;
  /** In the order of the route table. */
  pages: TablePage[];
}

/** What a query parameter's name may be: the BFF treats anything else as a mistake. */
const QUERY_NAME = /^[A-Za-z][A-Za-z0-9_]*$/;

/** The first segment of a route's path, as the BFF matches it (case does not matter). */
function firstSegment(path: string): string {
  return (path.split('/')[0] ?? '').toLowerCase();
}

/**
 * The problems of a route table the BFF cannot read right: every page declares how the sitemaps
 * list it (TypeScript asks for it, and this catches a page built around the type), lists only
 * known CMS lists, each on one page, never lists a page crawlers are kept from, and pages that
 * share a first segment (which the BFF classifies by) agree on what the BFF does with them.
 */
export function pageTableProblems(pages: readonly PageDefinition[]): string[] {
  const problems: string[] = [];
  const lists = new Set<string>(CONTENT_LISTS);
  const itemsOn = new Map<string, string>();
  const bySegment = new Map<string, PageDefinition>();
  const seen = new Set<string>();
  for (const page of pages) {
    const path = String(page.path);
    if (seen.has(path)) problems.push(`${path}: declared twice`);
    seen.add(path);
    const segment = firstSegment(path);
    if (isPrefixLanguage(segment) || segment === PREVIEW_SEGMENT) {
      problems.push(`${path}: its first segment is a language prefix or the preview segment`);
    }
    for (const name of page.query ?? []) {
      if (!QUERY_NAME.test(name)) problems.push(`${path}: query parameter ${JSON.stringify(name)} is no parameter name`);
    }
    if (new Set(page.query).size !== (page.query ?? []).length) problems.push(`${path}: a query parameter is listed twice`);

    const sitemap = (page as { sitemap?: Partial<SitemapListing> }).sitemap;
    if (sitemap === undefined) {
      problems.push(`${path}: declares no sitemap listing (sitemap: { listed: 'page' | 'items' | 'no', … })`);
    } else if (sitemap.listed === 'no') {
      // Nothing more to declare.
    } else if (sitemap.listed === 'page' || sitemap.listed === 'items') {
      if (isPersonal(page) || page.preview === 'only') problems.push(`${path}: is personal or only a preview, which no sitemap may list`);
      const named = [('dated' in sitemap ? sitemap.dated : undefined), sitemap.items].filter((list) => list !== undefined);
      for (const list of named) if (!lists.has(list)) problems.push(`${path}: ${JSON.stringify(list)} is no content list the sitemaps read`);
      if (sitemap.listed === 'items' && sitemap.items === undefined) problems.push(`${path}: names the list of its items`);
      if (sitemap.items !== undefined) {
        const other = itemsOn.get(sitemap.items);
        if (other !== undefined) problems.push(`${path}: the items of ${sitemap.items} are already listed on ${other}`);
        itemsOn.set(sitemap.items, path);
      }
    } else {
      problems.push(`${path}: sitemap.listed is 'page', 'items' or 'no'`);
    }

    if (page.preview === 'only') continue; // no live route: the BFF forwards every preview whole
    const twin = bySegment.get(segment);
    if (twin === undefined) {
      bySegment.set(segment, page);
    } else if (isPersonal(twin) !== isPersonal(page) || (twin.query ?? []).join() !== (page.query ?? []).join()) {
      problems.push(`${path}: shares its first segment with ${twin.path} and must be as personal and read the same query`);
    }
  }
  for (const list of CONTENT_LISTS) if (!itemsOn.has(list)) problems.push(`no page lists the items of ${list}`);
  return problems;
}

/** The page table of `pages`; throws, naming every problem, when the BFF could not read it right. */
export function pageTable(pages: readonly PageDefinition[] = PAGES): PageTable {
  const problems = pageTableProblems(pages);
  if (problems.length > 0) throw new Error(`The route table cannot make the page table:\n  ${problems.join('\n  ')}`);
  return {
    previewSegment: PREVIEW_SEGMENT,
    defaultLanguage: DEFAULT_LANGUAGE,
    languages: SITE_LANGUAGES.map((code) => ({
      code,
      wire: toWireLanguage(code),
      prefix: languagePrefix(code),
      htmlLang: htmlLang(code),
      hreflang: hreflang(code),
    })),
    browserLanguages: { ...BROWSER_LANGUAGES },
    pages: pages.map((page) => ({
      path: page.path,
      personal: isPersonal(page),
      preview: page.preview ?? 'none',
      query: [...(page.query ?? [])],
      sitemap: listing(page.sitemap),
    })),
  };
}

/** The listing with its fields in one order, whatever order the route table wrote them in. */
function listing(sitemap: SitemapListing): SitemapListing {
  switch (sitemap.listed) {
    case 'page':
      return {
        listed: 'page',
        ...(sitemap.dated === undefined ? {} : { dated: sitemap.dated }),
        ...(sitemap.items === undefined ? {} : { items: sitemap.items }),
      };
    case 'items':
      return { listed: 'items', items: sitemap.items };
    case 'no':
      return { listed: 'no' };
  }
}
