import type { RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import { IDS_PARAM } from '@/features/products/utils/comparison';
import { INDUSTRY_PARAM, PAGE_PARAM } from '@/features/solutions/utils/links';
import { SITE_LANGUAGES } from '@/lib/language';
import { isRouteHandle } from '@/lib/route-handle';
import { PREVIEW_SEGMENT } from '@/lib/routing';
import { CONTENT_LISTS, type PageTable, pageTable, pageTableProblems } from '../page-table';
import { type PageDefinition, PAGES, createRoutes } from '../routes';

/** The routes of the router that only redirect or catch unknown paths: no page of their own. */
const NOT_PAGES = new Set(['/', '/:lang', '*']);

function flatten(routes: readonly RouteObject[]): RouteObject[] {
  return routes.flatMap((route) => [route, ...flatten(route.children ?? [])]);
}

/**
 * The routes of `routes` the BFF would not know: a route with a path that is neither a
 * redirect-only route nor the route of a page of `table`, and the routes whose handle says other
 * than the table about being personal.
 */
function routesOutside(routes: readonly RouteObject[], table: PageTable): string[] {
  const byPath = new Map(table.pages.map((page) => [page.path, page]));
  const outside: string[] = [];
  for (const route of flatten(routes)) {
    if (route.path === undefined || NOT_PAGES.has(route.path)) continue;
    const handle: unknown = route.handle;
    const page = isRouteHandle(handle) ? byPath.get(handle.pagePath) : undefined;
    if (!isRouteHandle(handle) || page === undefined || page.personal !== (handle.personal ?? false)) outside.push(route.path);
  }
  return outside;
}

const aboutPage = PAGES.find((page) => page.path === 'about');

describe('the page table', () => {
  it('is made from the route table without a problem', () => {
    expect(pageTableProblems(PAGES)).toEqual([]);
    const table = pageTable();
    expect(table.pages.map((page) => page.path)).toEqual(PAGES.map((page) => page.path));
  });

  it('knows every route of the router, personal as the route says', () => {
    expect(routesOutside(createRoutes(), pageTable())).toEqual([]);
  });

  it('misses a route added to the router beside the route table', () => {
    const routes = createRoutes();
    const pages = flatten(routes).find((route) => route.children?.some((child) => child.path === '*'));
    pages?.children?.unshift({ path: '/undeclaredPage', handle: { titleKey: 'titles.about', pagePath: 'undeclaredPage', preview: false, loadingOverlay: true, trail: [] } });
    expect(routesOutside(routes, pageTable())).toEqual(['/undeclaredPage']);
  });

  it('refuses a page added without its sitemap listing, naming it', () => {
    const undeclared = { ...aboutPage, path: 'undeclaredPage', sitemap: undefined } as unknown as PageDefinition;
    expect(pageTableProblems([...PAGES, undeclared])).toEqual([expect.stringMatching(/^undeclaredPage: declares no sitemap listing/)]);
    expect(() => pageTable([...PAGES, undeclared])).toThrow(/undeclaredPage: declares no sitemap listing/);
  });

  it('refuses what the BFF would misread', () => {
    const withPage = (page: Partial<PageDefinition>) => pageTableProblems([...PAGES, { ...aboutPage, ...page } as PageDefinition]);
    const login = PAGES.find((page) => page.path === 'login');
    expect(withPage({ path: 'about' })).toEqual(['about: declared twice']);
    expect(withPage({ path: 'en/about' })).toEqual([expect.stringContaining('en/about: its first segment is a language prefix')]);
    expect(withPage({ path: `${PREVIEW_SEGMENT}/about` })).toEqual([expect.stringContaining('the preview segment')]);
    expect(withPage({ path: 'aboutUs', query: ['page', 'a&b'] })).toEqual(['aboutUs: query parameter "a&b" is no parameter name']);
    expect(withPage({ path: 'aboutUs', query: ['page', 'page'] })).toEqual(['aboutUs: a query parameter is listed twice']);
    expect(withPage({ path: 'account', before: login?.before })).toEqual(['account: is personal or only a preview, which no sitemap may list']);
    expect(withPage({ path: 'newsList', sitemap: { listed: 'items', items: 'news' } })).toEqual(['newsList: the items of news are already listed on newsDetail/:id']);
    expect(withPage({ path: 'about/:id', query: ['page'] })).toEqual([
      'about/:id: shares its first segment with about and must be as personal and read the same query',
    ]);
    expect(withPage({ path: 'aboutUs', sitemap: { listed: 'page', dated: 'videos' as never } })).toEqual([
      'aboutUs: "videos" is no content list the sitemaps read',
    ]);
    expect(pageTableProblems(PAGES.filter((page) => page.path !== 'imprint'))).toEqual(['no page lists the items of legalTexts']);
  });

  it('declares the parameters that pages read by their constants', () => {
    const query = (path: string) => PAGES.find((page) => page.path === path)?.query;
    expect(query('case')).toEqual([INDUSTRY_PARAM, PAGE_PARAM]);
    expect(query('productComparison')).toEqual([IDS_PARAM]);
  });

  it('lists the items of every content list on one page', () => {
    const lists = pageTable().pages.flatMap((page) => ('items' in page.sitemap && page.sitemap.items ? [page.sitemap.items] : []));
    expect([...lists].sort()).toEqual([...CONTENT_LISTS].sort());
  });

  it('has the languages in the switcher order, with their prefixes and wire codes', () => {
    const table = pageTable();
    expect(table.languages.map((language) => language.code)).toEqual([...SITE_LANGUAGES]);
    expect(table.languages.find((language) => language.code === 'jp')).toEqual({ code: 'jp', wire: 'ja', prefix: '/jp', htmlLang: 'ja', hreflang: 'ja' });
    expect(table.languages.find((language) => language.code === table.defaultLanguage)?.prefix).toBe('');
    expect(table.browserLanguages.de).toBe('en_eu');
  });
});
