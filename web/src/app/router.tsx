/**
 * The route table: every page exists without prefix (Chinese) and under `/{lang}` for the other
 * eleven languages. The rules themselves are pure functions in lib/routing.ts; loaders here only
 * read the browser and storage and apply them. Pages are lazy-loaded (one chunk per page).
 */
import type { ComponentType } from 'react';
import type { LoaderFunctionArgs, RouteObject } from 'react-router';
import { redirect } from 'react-router';
import type { TitleKey } from '@/i18n/catalogue';
import { readBrowserInfo } from '@/lib/browser';
import { ensureLanguage } from '@/lib/i18n';
import { type SiteLanguage, DEFAULT_LANGUAGE, detectBrowserLanguage, isPrefixLanguage, preferredLanguage } from '@/lib/language';
import { setPageLanguage } from '@/lib/page-language';
import {
  HOME_PAGE,
  NOT_FOUND_PAGE,
  languageRootRedirect,
  notFoundPath,
  rootRedirect,
  unknownPathRedirect,
  unprefixedIndexRedirect,
} from '@/lib/routing';
import { getStoredLanguage } from '@/lib/session';
import { BootFallback, SiteLayout } from './layout/site-layout';
import type { RouteHandle } from './route-handle';
import { RouteError } from './routes/route-error';

type LazyPage = () => Promise<{ Component: ComponentType }>;

interface PageDefinition {
  /** Path after the optional language prefix, without leading slash. */
  path: string;
  titleKey: TitleKey;
  lazy: LazyPage;
}

/** Every page of the site. New features add a line here. */
export const PAGES: readonly PageDefinition[] = [
  {
    path: HOME_PAGE,
    titleKey: 'titles.home',
    lazy: () => import('@/features/home/routes/home').then((m) => ({ Component: m.HomeRoute })),
  },
  {
    path: NOT_FOUND_PAGE,
    titleKey: 'titles.notFound',
    lazy: () => import('./routes/not-found').then((m) => ({ Component: m.NotFoundRoute })),
  },
];

/** Makes the page's language current (UI catalogue loaded, API `lang` header) before it renders. */
async function enterLanguage(lang: SiteLanguage): Promise<null> {
  setPageLanguage(lang);
  await ensureLanguage(lang);
  return null;
}

function searchOf(request: Request): string {
  return new URL(request.url).search;
}

async function prefixedPageLoader({ params }: LoaderFunctionArgs) {
  // `/{segment}/page` with a segment that is no language is an unknown path.
  if (!isPrefixLanguage(params.lang)) return redirect(notFoundPath(DEFAULT_LANGUAGE));
  return enterLanguage(params.lang);
}

async function unprefixedIndexLoader({ request }: LoaderFunctionArgs) {
  const preferred = preferredLanguage(getStoredLanguage(), detectBrowserLanguage(readBrowserInfo()));
  const target = unprefixedIndexRedirect(preferred, searchOf(request));
  if (target) return redirect(target);
  return enterLanguage(DEFAULT_LANGUAGE);
}

/** Routes that only redirect render nothing (and say so, rather than an empty Outlet). */
function RedirectOnly() {
  return null;
}

export function createRoutes(): RouteObject[] {
  const pageRoutes = PAGES.flatMap((page): RouteObject[] => {
    const handle: RouteHandle = { titleKey: page.titleKey };
    return [
      {
        path: `/${page.path}`,
        handle,
        lazy: page.lazy,
        loader: page.path === HOME_PAGE ? unprefixedIndexLoader : () => enterLanguage(DEFAULT_LANGUAGE),
      },
      { path: `/:lang/${page.path}`, handle, lazy: page.lazy, loader: prefixedPageLoader },
    ];
  });

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
            ...pageRoutes,
            {
              path: '/:lang',
              Component: RedirectOnly,
              loader: ({ params, request }) => redirect(languageRootRedirect(params.lang, searchOf(request))),
            },
            {
              path: '*',
              Component: RedirectOnly,
              loader: ({ request }) => redirect(unknownPathRedirect(new URL(request.url).pathname)),
            },
          ],
        },
      ],
    },
  ];
}
