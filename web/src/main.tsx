import { hydrate as hydrateQueries } from '@tanstack/react-query';
import { StrictMode, useEffect } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { type RouteObject, UNSAFE_ErrorResponseImpl, createBrowserRouter, matchRoutes } from 'react-router';
import { App } from '@/app/app';
import { createRoutes } from '@/app/routes';
import { ensureLanguage, initI18n } from '@/lib/i18n';
import { readBrowserInfo } from '@/lib/browser';
import { type SiteLanguage, htmlLang, isMiniProgram } from '@/lib/language';
import { setPageLanguage, setPreviewPage } from '@/lib/page-language';
import { showsDrafts, takePreviewToken } from '@/lib/preview-token';
import { createQueryClient } from '@/lib/query-client';
import { isPreviewPath, languageFromPath } from '@/lib/routing';
import { type SsrState, readSsrState } from '@/lib/ssr-state';
import { isSampled } from '@/lib/vitals-sampling';
import type { Namespace } from '@/i18n/catalogue';
import '@/styles/global.css';

const container = document.getElementById('root');
if (!container) throw new Error('#root is missing from index.html');

/**
 * An editor's preview link keeps its token for the tab and drops it from the address before
 * anything renders (the server already rendered the drafts with it).
 */
function keepPreviewToken(): void {
  if (!isPreviewPath(window.location.pathname)) return;
  const rest = takePreviewToken(new URL(window.location.href));
  if (rest !== null) window.history.replaceState(window.history.state, '', rest);
}

/** Loads the code of the matched pages now, so hydration finds the components the server used. */
async function loadMatchedRoutes(routes: RouteObject[]): Promise<void> {
  const matches = matchRoutes(routes, window.location) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (!route.lazy || typeof route.lazy !== 'function') return;
      const module = await route.lazy();
      Object.assign(route, module, { lazy: undefined });
    }),
  );
}

function routerHydrationData(state: SsrState) {
  const errors = state.router.errors
    ? Object.fromEntries(
        Object.entries(state.router.errors).map(([id, error]) => [
          id,
          error.kind === 'response' ? new UNSAFE_ErrorResponseImpl(error.status, error.statusText, null) : new Error(error.message),
        ]),
      )
    : null;
  return { loaderData: state.router.loaderData, actionData: state.router.actionData, errors };
}

/**
 * Marks `<html data-ready>` once the page is React's (hydrated or rendered): from then on its
 * buttons work. The browser tests wait for it (e2e/support/test.ts). Renders nothing.
 */
function ReadyMark() {
  useEffect(() => {
    document.documentElement.setAttribute('data-ready', '');
  }, []);
  return null;
}

/**
 * A sample of page views reports its Core Web Vitals (lib/field-vitals.ts), with code that only
 * they load, once the browser is idle. The page is the one the visit landed on, taken before
 * anything navigates.
 */
function startFieldVitals(router: ReturnType<typeof createBrowserRouter>): void {
  if (!isSampled(document)) return;
  const landing = router.state.matches;
  // A page whose measuring code cannot load (a deployment replaced it) is simply not measured.
  const start = () => void import('@/lib/field-vitals').then((module) => module.measureFieldVitals(landing), () => undefined);
  if (typeof requestIdleCallback === 'function') requestIdleCallback(start, { timeout: 5000 });
  else setTimeout(start, 1500);
}

/** Takes over the page the server rendered: same routes, same data, no second request. */
async function hydrate(state: SsrState): Promise<void> {
  const routes = createRoutes();
  // The page's catalogues and the page's code, side by side (neither needs the other).
  await Promise.all([
    initI18n(state.lang).then(() => ensureLanguage(state.lang, state.namespaces as Namespace[])),
    loadMatchedRoutes(routes),
  ]);
  const queryClient = createQueryClient();
  hydrateQueries(queryClient, state.queries);
  // What the server found missing shows as missing, as the server rendered it, not as a refetch.
  for (const query of state.queries.queries) {
    if (query.state.status === 'error') queryClient.setQueryDefaults(query.queryKey, { retryOnMount: false });
  }
  const router = createBrowserRouter(routes, { hydrationData: routerHydrationData(state) });
  hydrateRoot(
    container!,
    <StrictMode>
      <App router={router} queryClient={queryClient} />
      <ReadyMark />
    </StrictMode>,
    {
      onRecoverableError(error, info) {
        console.error('[hydrate] the page did not match the server', error, info.componentStack);
      },
    },
  );
  startFieldVitals(router);
  // The loaders of the first page ran on the server; what only the browser knows comes now.
  void import('@/app/after-hydration').then(({ afterHydration }) => afterHydration(router));
}

/** Renders the page in the browser alone (the server sent the app without a page). */
async function render(lang: SiteLanguage): Promise<void> {
  await initI18n(lang);
  const router = createBrowserRouter(createRoutes());
  startFieldVitals(router);
  createRoot(container!).render(
    <StrictMode>
      <App router={router} queryClient={createQueryClient()} />
      <ReadyMark />
    </StrictMode>,
  );
}

keepPreviewToken();
// Only the catalogue of the page's own language is loaded before the first render.
const lang = languageFromPath(window.location.pathname);
const preview = isPreviewPath(window.location.pathname);
setPageLanguage(lang);
setPreviewPage(preview);
document.documentElement.lang = htmlLang(lang);

const state = readSsrState(document);
// A preview the server rendered without the tab's editor token (a reload: the token lives in
// the tab) shows other content than the tab asks for: the browser renders it anew.
if (state && state.lang === lang && state.drafts === showsDrafts(preview)) void hydrate(state);
else void render(lang);

// Inside the messaging app's mini-program browser only: its SDK, never awaited, never fatal
// (and its loader's code is not downloaded anywhere else).
if (isMiniProgram(readBrowserInfo())) void import('@/lib/mini-program').then(({ loadMiniProgramSdk }) => loadMiniProgramSdk());
