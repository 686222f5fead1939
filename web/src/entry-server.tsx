/**
 * Server rendering of one page, from the same routes, components and data hooks as the browser.
 *
 * 1. The router's static handler runs the page's loader (language, catalogues) and loads its code.
 * 2. The page is rendered until every query it asks for is answered: each pass collects the
 *    queries the render created, fetches them through the generated client (the same zod
 *    schemas), and renders again; dependent queries take another pass.
 * 3. The final render goes through React's streaming renderer and is sent once every boundary
 *    has resolved, so crawlers get the whole page.
 * 4. The data travels with the HTML in a non-executable JSON block (the site's CSP allows no
 *    inline script): the browser hydrates the query cache and the router from it and asks for
 *    nothing again (main.tsx).
 *
 * Pages behind a login render their frame and a skeleton; their guard and data run in the browser.
 */
import '@/lib/zod-config';
import { type DehydratedState, QueryClient, QueryClientProvider, dehydrate } from '@tanstack/react-query';
import type { Query } from '@tanstack/react-query';
import i18next, { type i18n as I18n } from 'i18next';
import { Fragment, type ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { renderToPipeableStream, renderToString } from 'react-dom/server';
import { type StaticHandlerContext, StaticRouterProvider, createStaticHandler, createStaticRouter, isRouteErrorResponse } from 'react-router';
import { Writable } from 'node:stream';
import { createRoutes } from '@/app/routes';
import { pageHeadOf } from '@/app/page-head-of';
import { NAMESPACES } from '@/i18n/catalogue';
import { segmenter as jaSegmenter } from '@/lib/phrase-segmenters/ja';
import { segmenter as zhHansSegmenter } from '@/lib/phrase-segmenters/zh-hans';
import { segmenter as zhHantSegmenter } from '@/lib/phrase-segmenters/zh-hant';
import { addSegmenter, recordPhrases } from '@/lib/phrase-core';
import { isNotFound } from '@/lib/http';
import { ensureLanguage, initI18n } from '@/lib/i18n';
import { type SiteLanguage, htmlLang } from '@/lib/language';
import { type PageHead, headHtml } from '@/lib/page-head';
import { pageTitleStore } from '@/lib/page-title';
import { isRouteHandle } from '@/lib/route-handle';
import { type ServerRequestContext, takeNotFoundReport } from '@/lib/render-context';
import { newServerRender, runServerRender } from '@/lib/server-render';
import { isPreviewPath, languageFromPath } from '@/lib/routing';
import { showsDrafts } from '@/lib/preview-token';
import { type SerializedError, type SsrState, serializeApiError } from '@/lib/ssr-state';

// Every title is segmented into phrases on the server; the browser gets the boundaries it used.
addSegmenter('ja', jaSegmenter);
addSegmenter('zh-hans', zhHansSegmenter);
addSegmenter('zh-hant', zhHantSegmenter);

const routes = createRoutes();
const handler = createStaticHandler(routes);

/** Renders before the final one; a page whose data needs more is sent as it stands. */
const MAX_DATA_PASSES = 4;

/** An executable inline script (not a data block, not a file). */
const INLINE_SCRIPT = /<script(?![^>]*\btype="application\/(?:ld\+)?json")(?![^>]*\bsrc=)[^>]*>/;

/** Marks the end of the head elements React hoists ahead of the page's markup. */
const HOISTED_END = '<template id="ssr-hoisted-end"></template>';

export interface RenderRequest extends ServerRequestContext {
  /** Path and query of the page (`/en/productDetails/3?x=1`). */
  url: string;
}

export type RenderResult =
  | { kind: 'redirect'; status: number; location: string }
  | {
      kind: 'page';
      status: number;
      /** May every anonymous visitor get this HTML (no preview, no personal page)? */
      cacheable: boolean;
      noindex: boolean;
      lang: string;
      /** Tags for `<head>` (title, meta, links, JSON-LD). */
      head: string;
      /** The markup inside `#root`. */
      body: string;
      /** JSON for the `ssr-state` block (already safe inside `<script>`). */
      state: SsrState;
      /** Where the page's Chinese or Japanese titles break into phrases, for the `ssr-phrases` block (lib/phrase-core.ts). */
      phrases: Record<string, number[]> | null;
      /** The data calls the page was built from (`GET /prod-api/…?…&lang=en`), each once. */
      sources: string[];
    };

function createServerQueryClient(): QueryClient {
  // No retries on the server: a failed query is left to the browser, which retries as usual.
  // A "not found" answer is rendered as it is (not as a refetch on mount), and the browser
  // hydrates it the same way (main.tsx).
  return new QueryClient({ defaultOptions: { queries: { retry: false, retryOnMount: false, staleTime: 5 * 60_000 } } });
}

function isEnabled(query: Query): boolean {
  const enabled = (query.options as { enabled?: unknown }).enabled;
  if (typeof enabled === 'function') return Boolean((enabled as (q: Query) => unknown)(query));
  return enabled !== false;
}

/** A query the render asked for that nobody has fetched yet. */
function isWaiting(query: Query, tried: Set<string>): boolean {
  return query.state.status === 'pending' && query.state.fetchStatus === 'idle' && isEnabled(query) && !tried.has(query.queryHash);
}

/** Collects a stream into text. */
function streamToString(element: ReactElement): Promise<string> {
  return new Promise((resolve, reject) => {
    let text = '';
    const sink = new Writable({
      write(chunk: Buffer | string, _encoding, callback) {
        text += typeof chunk === 'string' ? chunk : chunk.toString('utf8');
        callback();
      },
      final(callback) {
        resolve(text);
        callback();
      },
    });
    const stream = renderToPipeableStream(element, {
      // Every boundary inline, however large: React would otherwise send big ones after the
      // page with an inline script to move them in place, which the site's CSP blocks.
      progressiveChunkSize: Number.MAX_SAFE_INTEGER,
      // Crawlers and the BFF's cache want the whole page: send once every boundary is in.
      onAllReady() {
        stream.pipe(sink);
      },
      onShellError: reject,
      onError(error) {
        console.error('[renderer] render error', error);
      },
    });
  });
}

function serializeErrors(errors: StaticHandlerContext['errors']): Record<string, SerializedError> | null {
  if (!errors) return null;
  const out: Record<string, SerializedError> = {};
  for (const [id, error] of Object.entries(errors)) {
    if (isRouteErrorResponse(error)) out[id] = { kind: 'response', status: error.status, statusText: error.statusText };
    else out[id] = { kind: 'error', message: error instanceof Error ? error.message : String(error) };
  }
  return out;
}

/**
 * The render's own i18next instance in its language, over the catalogues the app's instance has
 * loaded: renders in other languages may run at the same time, and the app's instance never
 * switches on the server (lib/i18n.ts).
 */
async function i18nOf(lang: SiteLanguage): Promise<I18n> {
  const instance = i18next.cloneInstance({ lng: lang, initAsync: false });
  if (instance.language !== lang) await instance.changeLanguage(lang);
  return instance;
}

/**
 * Counts the catalogue namespaces this render uses (react-i18next reports each `useTranslation`
 * to the instance it translates with), so the browser loads exactly those before it hydrates.
 */
function trackUsedNamespaces(i18n: I18n): Set<string> {
  const used = new Set<string>();
  i18n.reportNamespaces = {
    addUsedNamespaces(namespaces: string | readonly string[]) {
      for (const ns of typeof namespaces === 'string' ? [namespaces] : namespaces) used.add(ns);
    },
    getUsedNamespaces: () => [...used],
  };
  return used;
}

/**
 * Renders a page. Every value of its request and everything the render collects live in a
 * {@link ServerRender} of its own (lib/render-context.ts), so that renders may interleave while
 * they wait for their data.
 */
export function renderPage(request: RenderRequest): Promise<RenderResult> {
  const url = new URL(request.url, request.origin);
  const lang = languageFromPath(url.pathname);
  const preview = isPreviewPath(url.pathname);
  const render = newServerRender(
    {
      origin: request.origin,
      apiOrigin: request.apiOrigin,
      previewToken: preview ? request.previewToken : null,
      traceparent: request.traceparent,
    },
    lang,
    preview,
  );
  return runServerRender(render, async (): Promise<RenderResult> => {
    // Every catalogue of the language, loaded once and kept: react-i18next loads a namespace a
    // component asks for in an effect, which never runs on the server.
    await initI18n(lang);
    await ensureLanguage(lang, NAMESPACES);
    const i18n = await i18nOf(lang);
    const context = await handler.query(new Request(url.href));
    if (context instanceof Response) {
      const location = context.headers.get('Location') ?? '/';
      return { kind: 'redirect', status: context.status, location };
    }

    // Personal pages: their data is not loaded here, so the router shows their skeleton
    // (HydrateFallback) and the browser runs their loader, as it would on a first visit.
    const personal = context.matches.some((match) => isRouteHandle(match.route.handle) && match.route.handle.personal);
    for (const match of context.matches) {
      if (isRouteHandle(match.route.handle) && match.route.handle.personal) delete context.loaderData[match.route.id];
    }

    const queryClient = createServerQueryClient();
    const router = createStaticRouter(handler.dataRoutes, context);
    const app = (
      <I18nextProvider i18n={i18n}>
        <QueryClientProvider client={queryClient}>
          <StaticRouterProvider router={router} context={context} hydrate={false} />
        </QueryClientProvider>
      </I18nextProvider>
    );

    const tried = new Set<string>();
    for (let pass = 0; pass < MAX_DATA_PASSES; pass++) {
      renderToString(app);
      const waiting = queryClient.getQueryCache().getAll().filter((query) => isWaiting(query, tried));
      if (waiting.length === 0) break;
      await Promise.all(
        waiting.map((query) => {
          tried.add(query.queryHash);
          return query.fetch().catch(() => undefined);
        }),
      );
    }
    // A query that failed for another reason than "not found" is asked again by the browser:
    // the server shows its loading state, as the browser will before its answer.
    for (const query of queryClient.getQueryCache().getAll()) {
      if (query.state.status === 'error' && !isNotFound(query.state.error)) queryClient.getQueryCache().remove(query);
    }
    takeNotFoundReport();
    pageTitleStore.set(null);
    const namespaces = trackUsedNamespaces(i18n);

    const recordedPhrases = recordPhrases();
    const rendered = await streamToString(
      <Fragment>
        <template id="ssr-hoisted-end" />
        {app}
      </Fragment>,
    );
    const phrases = recordedPhrases();
    const cut = rendered.indexOf(HOISTED_END);
    const hoisted = cut >= 0 ? rendered.slice(0, cut) : '';
    const body = cut >= 0 ? rendered.slice(cut + HOISTED_END.length) : rendered;
    // The CSP runs no inline script: a page that needs one would break in the browser, so it is
    // refused here and the BFF serves the client-rendered page instead.
    if (INLINE_SCRIPT.test(hoisted) || INLINE_SCRIPT.test(body)) throw new Error('the rendered page contains an inline script');

    const leaf = context.matches.map((match): unknown => match.route.handle).filter(isRouteHandle).at(-1);
    const unknownPath = context.statusCode === 404;
    const contentMissing = takeNotFoundReport();
    const status = unknownPath || contentMissing ? 404 : context.statusCode;
    const head: PageHead = pageHeadOf({
      lang,
      origin: request.origin,
      pathname: url.pathname,
      search: url.search,
      handle: unknownPath ? undefined : leaf,
      content: pageTitleStore.get()?.path === url.pathname ? pageTitleStore.get() : null,
      t: i18n.getFixedT(lang),
    });

    const queries: DehydratedState = dehydrate(queryClient, {
      shouldDehydrateQuery: (query) => query.state.status === 'success' || (query.state.status === 'error' && isNotFound(query.state.error)),
      shouldRedactErrors: () => false,
    });
    for (const query of queries.queries) {
      if (query.state.error) query.state.error = serializeApiError(query.state.error) as unknown as Error;
    }
    const state: SsrState = {
      lang,
      namespaces: [...namespaces].filter((ns) => ns !== 'common'),
      drafts: showsDrafts(preview),
      queries,
      router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) },
    };
    return {
      kind: 'page',
      status,
      cacheable: !preview && !personal,
      noindex: head.noindex,
      lang: htmlLang(lang),
      head: `${headHtml(head)}\n    ${hoisted}`,
      body,
      state,
      phrases: Object.keys(phrases).length > 0 ? phrases : null,
      sources: [...render.sources],
    };
  });
}
