/**
 * The route table: every page of spec section 2 in one place. Each page exists without prefix
 * (Chinese) and under `/{lang}` for the other eleven languages; content pages also have draft
 * mirrors under `/preview/` (and `/{lang}/preview/`). Every page is a lazy chunk from its feature
 * folder (`src/features/<feature>/routes/`), has its own title in every language, and its own
 * error element (a failed chunk shows a retry panel). The rules themselves are pure functions in
 * lib/routing.ts; loaders here only read the browser and storage and apply them.
 */
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { data, redirect } from 'react-router';
import type { Namespace, TitleKey } from '@/i18n/catalogue';
import { readBrowserInfo } from '@/lib/browser';
import { ensureLanguage } from '@/lib/i18n';
import { type SiteLanguage, DEFAULT_LANGUAGE, detectBrowserLanguage, isPrefixLanguage, preferredLanguage } from '@/lib/language';
import { type LazyPage, lazyPage } from '@/lib/lazy-page';
import { setPageLanguage, setPreviewPage } from '@/lib/page-language';
import { takePreviewToken } from '@/lib/preview-token';
import type { Crumb, RouteHandle } from '@/lib/route-handle';
import {
  HOME_PAGE,
  NOT_FOUND_PAGE,
  PREVIEW_SEGMENT,
  languageFromPath,
  languageRootRedirect,
  rootRedirect,
  unprefixedIndexRedirect,
} from '@/lib/routing';
import { getStoredLanguage } from '@/lib/session';
import type { SessionCheck } from '@/features/account/session-check';
import { BootFallback, PageSkeleton, SiteLayout } from './layout/site-layout';
import type { SitemapListing } from './page-table';
import { NotFoundRoute } from './routes/not-found';
import { RouteError } from './routes/route-error';

export interface PageDefinition {
  /** Path after the optional language prefix, without leading slash (`productList/:id`). */
  path: string;
  titleKey: TitleKey;
  page: LazyPage;
  /** `mirror`: also under /preview/; `only`: exists only under /preview/. */
  preview?: 'mirror' | 'only';
  /** Catalogue namespaces the page needs besides `common` (loaded before it renders). */
  namespaces?: readonly Namespace[];
  /** false on FAQ pages: no loading overlay when they are entered. */
  loadingOverlay?: boolean;
  /** The page above this one in the breadcrumb (its path in this table). */
  parent?: string;
  /**
   * Runs before the page, after the stored token was verified (`session`); may redirect. A page
   * with a guard is personal ({@link isPersonal}).
   */
  before?: PageGuard;
  /**
   * The query parameters a public page's own code reads (useSearchParams, `params.get`); none
   * when left out. A personal page is sent its whole query. Of a public page, the BFF keeps only these in the key of its cached render and in
   * the address it asks the renderer for (the page table, page-table.ts): a parameter read but
   * not listed here is dropped on the server.
   */
  query?: readonly string[];
  /** Whether and how the BFF's sitemaps list the page (the page table, page-table.ts). */
  sitemap: SitemapListing;
}

/**
 * A page behind a login (a guard runs before it): rendered on the server as its frame and
 * skeleton, never cached, never indexed, kept out of robots.txt.
 */
export function isPersonal(definition: PageDefinition): boolean {
  return definition.before !== undefined;
}

type PageGuard = (args: LoaderFunctionArgs, session: SessionCheck) => Response | null | Promise<Response | null>;
type AccountGuardName = 'loginGuard' | 'registerGuard' | 'wechatLoginGuard' | 'virtualGuard' | 'deregisterGuard' | 'requireLogin';

/** A guard of the account feature, whose code is loaded with the first page that has one. */
function accountGuard(name: AccountGuardName): PageGuard {
  return async (args, session) => {
    const guards = await import('@/features/account/guards');
    return guards[name](args, session);
  };
}

// Page modules, grouped by feature. Later issues replace the modules, not this table.
const page = {
  home: lazyPage(() => import('@/features/home/routes/home'), 'HomeRoute'),
  // Part of the first page's code: every unknown path shows it (route-error.tsx).
  notFound: () => Promise.resolve({ Component: NotFoundRoute }),
  search: lazyPage(() => import('@/features/search/routes/search'), 'SearchRoute'),
  login: lazyPage(() => import('@/features/account/routes/login'), 'LoginRoute'),
  register: lazyPage(() => import('@/features/account/routes/register'), 'RegisterRoute'),
  wechatLogin: lazyPage(() => import('@/features/account/routes/wechat-login'), 'WechatLoginRoute'),
  deregister: lazyPage(() => import('@/features/account/routes/deregister'), 'DeregisterRoute'),
  productList: lazyPage(() => import('@/features/products/routes/product-list'), 'ProductListRoute'),
  productLine: lazyPage(() => import('@/features/products/routes/product-line'), 'ProductLineRoute'),
  productDetails: lazyPage(() => import('@/features/products/routes/product-details'), 'ProductDetailsRoute'),
  productComparison: lazyPage(() => import('@/features/products/routes/product-comparison'), 'ProductComparisonRoute'),
  solutionList: lazyPage(() => import('@/features/solutions/routes/solution-list'), 'SolutionListRoute'),
  caseList: lazyPage(() => import('@/features/solutions/routes/case-list'), 'CaseListRoute'),
  caseDetail: lazyPage(() => import('@/features/solutions/routes/case-detail'), 'CaseDetailRoute'),
  application: lazyPage(() => import('@/features/solutions/routes/application'), 'ApplicationRoute'),
  industry: lazyPage(() => import('@/features/solutions/routes/industry'), 'IndustryRoute'),
  productLevel: lazyPage(() => import('@/features/solutions/routes/product-level'), 'ProductLevelRoute'),
  service: lazyPage(() => import('@/features/service/routes/service'), 'ServiceRoute'),
  showRoom: lazyPage(() => import('@/features/service/routes/show-room'), 'ShowRoomRoute'),
  jakaAcademy: lazyPage(() => import('@/features/service/routes/jaka-academy'), 'JakaAcademyRoute'),
  provider: lazyPage(() => import('@/features/service/routes/provider'), 'ProviderRoute'),
  repair: lazyPage(() => import('@/features/repair/routes/repair'), 'RepairRoute'),
  repairList: lazyPage(() => import('@/features/repair/routes/repair-list'), 'RepairListRoute'),
  repairDetail: lazyPage(() => import('@/features/repair/routes/repair-detail'), 'RepairDetailRoute'),
  download: lazyPage(() => import('@/features/downloads/routes/download'), 'DownloadRoute'),
  commonQuestion: lazyPage(() => import('@/features/faq/routes/common-question'), 'CommonQuestionRoute'),
  commonQuestionDetail: lazyPage(() => import('@/features/faq/routes/common-question-detail'), 'CommonQuestionDetailRoute'),
  virtual: lazyPage(() => import('@/features/virtual/routes/virtual'), 'VirtualRoute'),
  jakaPlus: lazyPage(() => import('@/features/jakaplus/routes/jaka-plus'), 'JakaPlusRoute'),
  jakaHotline: lazyPage(() => import('@/features/jakaplus/routes/jaka-hotline'), 'JakaHotlineRoute'),
  jakaList: lazyPage(() => import('@/features/jakaplus/routes/jaka-list'), 'JakaListRoute'),
  jakaDetail: lazyPage(() => import('@/features/jakaplus/routes/jaka-detail'), 'JakaDetailRoute'),
  about: lazyPage(() => import('@/features/about/routes/about'), 'AboutRoute'),
  contact: lazyPage(() => import('@/features/about/routes/contact'), 'ContactRoute'),
  esg: lazyPage(() => import('@/features/about/routes/esg'), 'EsgRoute'),
  investment: lazyPage(() => import('@/features/about/routes/investment'), 'InvestmentRoute'),
  resource: lazyPage(() => import('@/features/about/routes/resource'), 'ResourceRoute'),
  join: lazyPage(() => import('@/features/recruit/routes/join'), 'JoinRoute'),
  position: lazyPage(() => import('@/features/recruit/routes/position'), 'PositionRoute'),
  news: lazyPage(() => import('@/features/news/routes/news-list'), 'NewsListRoute'),
  newsDetail: lazyPage(() => import('@/features/news/routes/news-detail'), 'NewsDetailRoute'),
  legal: lazyPage(() => import('@/features/legal/routes/legal'), 'LegalRoute'),
  thx: lazyPage(() => import('@/features/enquiry/routes/thx'), 'ThxRoute'),
  cooperationIntent: lazyPage(() => import('@/features/cooperation/routes/cooperation-intent'), 'CooperationIntentRoute'),
  activity: lazyPage(() => import('@/features/activity/routes/activity'), 'ActivityRoute'),
};

/** The sitemaps list the page itself, in every language. */
const LISTED: SitemapListing = { listed: 'page' };
/** In no sitemap; each use says why in a comment (the reason is not shipped to browsers). */
const NOT_LISTED: SitemapListing = { listed: 'no' };

/**
 * Every page of the site (spec section 2). New pages add a line here, then run
 * `npm run generate:pages -w web`: the BFF reads what it needs of this table from the file that
 * writes (page-table.ts).
 */
export const PAGES: readonly PageDefinition[] = [
  { path: HOME_PAGE, titleKey: 'titles.home', page: page.home, preview: 'mirror', namespaces: ['home'], sitemap: LISTED },
  { path: NOT_FOUND_PAGE, titleKey: 'titles.notFound', page: page.notFound, sitemap: NOT_LISTED /* not a page of content */ },
  { path: 'resource', titleKey: 'titles.resource', page: page.resource, preview: 'mirror', namespaces: ['about'], sitemap: LISTED },
  { path: 'thx', titleKey: 'titles.thx', page: page.thx, namespaces: ['forms'], sitemap: NOT_LISTED /* where an enquiry lands, not a page to find by search */ },
  { path: 'investment', titleKey: 'titles.investment', page: page.investment, preview: 'mirror', parent: 'about', namespaces: ['about'], sitemap: LISTED },
  { path: 'ESG', titleKey: 'titles.esg', page: page.esg, preview: 'mirror', parent: 'about', namespaces: ['about'], sitemap: LISTED },
  { path: 'search', titleKey: 'titles.search', page: page.search, namespaces: ['search'], query: ['searchInfo'], sitemap: NOT_LISTED /* search results */ },
  // Accounts
  {
    path: 'login',
    titleKey: 'titles.login',
    page: page.login,
    namespaces: ['account', 'messages'],
    before: accountGuard('loginGuard'),
    sitemap: NOT_LISTED /* account page */,
  },
  {
    path: 'register',
    titleKey: 'titles.register',
    page: page.register,
    namespaces: ['account', 'messages'],
    before: accountGuard('registerGuard'),
    sitemap: NOT_LISTED /* account page */,
  },
  {
    path: 'wechatLogin',
    titleKey: 'titles.wechatLogin',
    page: page.wechatLogin,
    namespaces: ['account', 'messages'],
    before: accountGuard('wechatLoginGuard'),
    sitemap: NOT_LISTED /* account page */,
  },
  {
    path: 'deregister',
    titleKey: 'titles.deregister',
    page: page.deregister,
    namespaces: ['account', 'messages'],
    before: accountGuard('deregisterGuard'),
    sitemap: NOT_LISTED /* account page */,
  },
  // Products
  { path: 'productList', titleKey: 'titles.productList', page: page.productList, preview: 'mirror', namespaces: ['products'], sitemap: LISTED },
  {
    path: 'productList/:id',
    titleKey: 'titles.productLine',
    page: page.productLine,
    preview: 'mirror',
    parent: 'productList',
    namespaces: ['products'],
    sitemap: { listed: 'items', items: 'productLines' },
  },
  {
    path: 'productDetails/:id',
    titleKey: 'titles.productDetails',
    page: page.productDetails,
    preview: 'mirror',
    parent: 'productList',
    namespaces: ['products'],
    sitemap: { listed: 'items', items: 'products' },
  },
  {
    path: 'productComparison',
    titleKey: 'titles.productComparison',
    page: page.productComparison,
    parent: 'productList',
    namespaces: ['products'],
    query: ['ids'], // IDS_PARAM of features/products/utils/comparison.ts
    sitemap: LISTED,
  },
  // Solutions
  { path: 'solutionList', titleKey: 'titles.solutionList', page: page.solutionList, namespaces: ['solutions'], sitemap: LISTED },
  {
    path: 'case',
    titleKey: 'titles.case',
    page: page.caseList,
    preview: 'mirror',
    parent: 'solutionList',
    namespaces: ['solutions'],
    query: ['industry', 'page'], // INDUSTRY_PARAM, PAGE_PARAM of features/solutions/utils/links.ts
    sitemap: { listed: 'page', dated: 'cases' },
  },
  {
    path: 'caseDetail/:id',
    titleKey: 'titles.caseDetail',
    page: page.caseDetail,
    preview: 'mirror',
    parent: 'case',
    namespaces: ['solutions'],
    sitemap: { listed: 'items', items: 'cases' },
  },
  {
    path: 'application/:id',
    titleKey: 'titles.application',
    page: page.application,
    preview: 'mirror',
    parent: 'solutionList',
    namespaces: ['solutions'],
    sitemap: { listed: 'items', items: 'applications' },
  },
  {
    path: 'industry/:id',
    titleKey: 'titles.industry',
    page: page.industry,
    preview: 'mirror',
    parent: 'solutionList',
    namespaces: ['solutions'],
    sitemap: { listed: 'items', items: 'industries' },
  },
  {
    path: 'productLevel/:id',
    titleKey: 'titles.productLevel',
    page: page.productLevel,
    preview: 'mirror',
    parent: 'solutionList',
    namespaces: ['solutions'],
    sitemap: { listed: 'items', items: 'productLevels' },
  },
  // Service
  { path: 'service', titleKey: 'titles.service', page: page.service, preview: 'mirror', namespaces: ['service'], sitemap: LISTED },
  // Repair pages need a login (spec section 6): requireLogin sends a visitor to /login and back.
  {
    path: 'repair',
    titleKey: 'titles.repair',
    page: page.repair,
    preview: 'mirror',
    parent: 'service',
    namespaces: ['repair', 'forms', 'messages'],
    before: accountGuard('requireLogin'),
    sitemap: NOT_LISTED /* repair pages need a login */,
  },
  {
    path: 'repairList',
    titleKey: 'titles.repairList',
    page: page.repairList,
    preview: 'mirror',
    parent: 'repair',
    namespaces: ['repair'],
    before: accountGuard('requireLogin'),
    sitemap: NOT_LISTED /* repair pages need a login */,
  },
  {
    path: 'repairDetail/:id',
    titleKey: 'titles.repairDetail',
    page: page.repairDetail,
    parent: 'repairList',
    namespaces: ['repair'],
    before: accountGuard('requireLogin'),
    sitemap: NOT_LISTED /* repair pages need a login */,
  },
  { path: 'showRoom', titleKey: 'titles.showRoom', page: page.showRoom, parent: 'about', namespaces: ['service'], sitemap: LISTED },
  {
    path: 'jakaAcademy',
    titleKey: 'titles.jakaAcademy',
    page: page.jakaAcademy,
    preview: 'mirror',
    parent: 'service',
    namespaces: ['service', 'messages'],
    sitemap: LISTED,
  },
  {
    path: 'download',
    titleKey: 'titles.download',
    page: page.download,
    preview: 'mirror',
    parent: 'service',
    namespaces: ['downloads', 'messages'],
    query: ['q', 'page', 'id', 'category'],
    sitemap: LISTED,
  },
  {
    path: 'commonQuestion',
    titleKey: 'titles.commonQuestion',
    page: page.commonQuestion,
    preview: 'mirror',
    parent: 'service',
    loadingOverlay: false,
    namespaces: ['faq'],
    query: ['q', 'page', 'id', 'type'],
    sitemap: LISTED,
  },
  {
    path: 'commonQuestionDetail',
    titleKey: 'titles.commonQuestionDetail',
    page: page.commonQuestionDetail,
    preview: 'only',
    parent: 'commonQuestion',
    loadingOverlay: false,
    namespaces: ['faq'],
    query: ['id'],
    sitemap: NOT_LISTED /* exists only as a preview */,
  },
  { path: 'provider', titleKey: 'titles.provider', page: page.provider, preview: 'mirror', parent: 'service', namespaces: ['service'], sitemap: LISTED },
  {
    path: 'virtual',
    titleKey: 'titles.virtual',
    page: page.virtual,
    parent: 'service',
    namespaces: ['virtual', 'messages'],
    // The mini-program opens it as `virtual?token=…` (taken as from any link, see the account
    // guards); then the page needs a login (spec section 6).
    before: accountGuard('virtualGuard'),
    sitemap: NOT_LISTED /* personal: needs a login */,
  },
  // JAKA+ ecosystem
  { path: 'jaka+', titleKey: 'titles.jakaPlus', page: page.jakaPlus, preview: 'mirror', namespaces: ['jakaplus'], sitemap: LISTED },
  { path: 'jakaHotline', titleKey: 'titles.jakaHotline', page: page.jakaHotline, preview: 'mirror', parent: 'jaka+', namespaces: ['jakaplus'], sitemap: LISTED },
  {
    path: 'jakaList/:id',
    titleKey: 'titles.jakaList',
    page: page.jakaList,
    preview: 'mirror',
    parent: 'jaka+',
    namespaces: ['jakaplus'],
    sitemap: { listed: 'items', items: 'partners' },
  },
  {
    path: 'jakaDetail/:id',
    titleKey: 'titles.jakaDetail',
    page: page.jakaDetail,
    preview: 'mirror',
    parent: 'jaka+',
    namespaces: ['jakaplus'],
    sitemap: { listed: 'items', items: 'partnerProducts' },
  },
  // Company
  { path: 'about', titleKey: 'titles.about', page: page.about, preview: 'mirror', namespaces: ['about'], sitemap: LISTED },
  { path: 'contact', titleKey: 'titles.contact', page: page.contact, preview: 'mirror', parent: 'about', namespaces: ['about'], sitemap: LISTED },
  { path: 'join', titleKey: 'titles.join', page: page.join, preview: 'mirror', parent: 'about', namespaces: ['recruit'], sitemap: LISTED },
  {
    path: 'position',
    titleKey: 'titles.position',
    page: page.position,
    preview: 'mirror',
    parent: 'join',
    namespaces: ['recruit'],
    query: ['type', 'keyword', 'page', 'id'],
    sitemap: { listed: 'page', dated: 'positions', items: 'positions' },
  },
  { path: 'news', titleKey: 'titles.news', page: page.news, preview: 'mirror', namespaces: ['news'], query: ['q', 'page', 'type'], sitemap: { listed: 'page', dated: 'news' } },
  {
    path: 'newsDetail/:id',
    titleKey: 'titles.newsDetail',
    page: page.newsDetail,
    preview: 'mirror',
    parent: 'news',
    namespaces: ['news'],
    query: ['typeId'],
    sitemap: { listed: 'items', items: 'news' },
  },
  { path: 'flsm', titleKey: 'titles.legal', page: page.legal, namespaces: ['legal'], query: ['key'], sitemap: LISTED },
  // The same page as flsm, reached as /imprint?key={terms|privacy|cookies|imprint|…}.
  { path: 'imprint', titleKey: 'titles.imprint', page: page.legal, namespaces: ['legal'], query: ['key'], sitemap: { listed: 'items', items: 'legalTexts' } },
  // Enquiries and events
  { path: 'cooperationIntent', titleKey: 'titles.cooperationIntent', page: page.cooperationIntent, namespaces: ['forms', 'messages'], sitemap: LISTED },
  { path: 'activity', titleKey: 'titles.activity', page: page.activity, sitemap: LISTED },
];

interface PageContext {
  lang: SiteLanguage;
  preview: boolean;
}

/** Makes the page's language current (catalogues loaded, API headers) before it renders. */
async function enterPage(context: PageContext, namespaces: readonly Namespace[] = []): Promise<null> {
  setPageLanguage(context.lang);
  setPreviewPage(context.preview);
  await ensureLanguage(context.lang, namespaces);
  return null;
}

function searchOf(request: Request): string {
  return new URL(request.url).search;
}

/**
 * An unknown path: the not-found page answers at that address, with a 404 status on the server
 * (route-error.tsx renders it), in the language of its prefix.
 */
async function notFound(pathname: string): Promise<never> {
  await enterPage({ lang: languageFromPath(pathname), preview: false });
  throw data(null, { status: 404, statusText: 'Not Found' });
}

function pageLoader(definition: PageDefinition, prefixed: boolean, preview: boolean) {
  return async (args: LoaderFunctionArgs) => {
    const { params, request } = args;
    let lang: SiteLanguage = DEFAULT_LANGUAGE;
    if (prefixed) {
      // `/{segment}/page` with a segment that is no language is an unknown path.
      if (!isPrefixLanguage(params.lang)) return notFound(new URL(request.url).pathname);
      lang = params.lang;
    } else if (definition.path === HOME_PAGE && !preview && !import.meta.env.SSR) {
      // `/index` for a visitor whose preferred language is not Chinese goes to that language
      // (the server redirects by Accept-Language; the browser also knows the stored choice).
      const preferred = preferredLanguage(getStoredLanguage(), detectBrowserLanguage(readBrowserInfo()));
      const target = unprefixedIndexRedirect(preferred, searchOf(request));
      if (target) return redirect(target);
    }
    if (import.meta.env.SSR && definition.before) {
      // Nobody is logged in on the server: a page behind a guard is sent as its frame and
      // skeleton, and its guard and data run in the browser (entry-server.tsx).
      return enterPage({ lang, preview }, definition.namespaces);
    }
    if (preview && !import.meta.env.SSR) {
      // An editor's preview link: its token is kept for the tab and leaves the address.
      const rest = takePreviewToken(new URL(request.url));
      if (rest !== null) return redirect(rest);
    }
    // Every route change verifies a stored token first (spec section 4), then the page's guard runs.
    // Its code loads with the first change of page (the server rendered the first one).
    const { verifySessionOnNavigation } = await import('@/features/account/session-check');
    const session = await verifySessionOnNavigation(request);
    const early = await definition.before?.(args, session);
    if (early) return early;
    return enterPage({ lang, preview }, definition.namespaces);
  };
}

function trailOf(definition: PageDefinition, byPath: ReadonlyMap<string, PageDefinition>): Crumb[] {
  const trail: Crumb[] = [];
  const seen = new Set<string>();
  let parentPath = definition.parent;
  while (parentPath && !seen.has(parentPath)) {
    seen.add(parentPath);
    const parent = byPath.get(parentPath);
    if (!parent) break;
    trail.unshift({ titleKey: parent.titleKey, path: `/${parent.path}` });
    parentPath = parent.parent;
  }
  return trail;
}

/** The four routes of one page: with and without prefix, live and (where it exists) preview. */
function pageRoutes(definition: PageDefinition, byPath: ReadonlyMap<string, PageDefinition>): RouteObject[] {
  const variants: Array<{ preview: boolean }> = [];
  if (definition.preview !== 'only') variants.push({ preview: false });
  if (definition.preview) variants.push({ preview: true });
  const trail = trailOf(definition, byPath);
  return variants.flatMap(({ preview }) => {
    const handle: RouteHandle = {
      titleKey: definition.titleKey,
      pagePath: definition.path,
      preview,
      loadingOverlay: definition.loadingOverlay ?? true,
      trail: preview ? trail.map((crumb) => ({ ...crumb, path: `/${PREVIEW_SEGMENT}${crumb.path}` })) : trail,
      personal: isPersonal(definition),
    };
    // A personal page shows its skeleton inside the frame while its guard and data load in the
    // browser; the server sends exactly that (entry-server.tsx).
    const personal = isPersonal(definition) ? { HydrateFallback: PageSkeleton } : {};
    const path = preview ? `${PREVIEW_SEGMENT}/${definition.path}` : definition.path;
    return [
      { path: `/${path}`, handle, lazy: definition.page, loader: pageLoader(definition, false, preview), ErrorBoundary: RouteError, ...personal },
      { path: `/:lang/${path}`, handle, lazy: definition.page, loader: pageLoader(definition, true, preview), ErrorBoundary: RouteError, ...personal },
    ];
  });
}

/** Routes that only redirect render nothing (and say so, rather than an empty Outlet). */
function RedirectOnly() {
  return null;
}

export function createRoutes(pages: readonly PageDefinition[] = PAGES): RouteObject[] {
  const byPath = new Map(pages.map((definition) => [definition.path, definition]));
  return [
    {
      Component: SiteLayout,
      HydrateFallback: BootFallback,
      children: [
        {
          // Errors of a page render inside the layout, so the header stays usable.
          ErrorBoundary: RouteError,
          children: [
            { path: '/', Component: RedirectOnly, loader: ({ request }) => redirect(rootRedirect(searchOf(request))) },
            ...pages.flatMap((definition) => pageRoutes(definition, byPath)),
            {
              path: '/:lang',
              Component: RedirectOnly,
              loader: ({ params, request }) => {
                const target = languageRootRedirect(params.lang, searchOf(request));
                return target ? redirect(target) : notFound(new URL(request.url).pathname);
              },
            },
            { path: '*', Component: RedirectOnly, loader: ({ request }) => notFound(new URL(request.url).pathname) },
          ],
        },
      ],
    },
  ];
}
