/**
 * The head of the page being shown, from its route (title key, breadcrumb, preview) and what its
 * content said (lib/page-title.ts). The layout applies it in the browser; the renderer writes it
 * into the HTML (src/entry-server.tsx): one function, so both say the same.
 */
import type { TFunction } from 'i18next';
import type { SiteLanguage } from '@/lib/language';
import { type PageHead, buildPageHead } from '@/lib/page-head';
import type { PageTitle } from '@/lib/page-title';
import type { RouteHandle } from '@/lib/route-handle';

export interface PageHeadContext {
  lang: SiteLanguage;
  origin: string;
  pathname: string;
  search: string;
  /** The matched page's handle; undefined on the not-found answer of an unknown path. */
  handle: RouteHandle | undefined;
  /** What the page's content said, when it belongs to this path. */
  content: PageTitle | null;
  t: TFunction;
}

export function pageHeadOf({ lang, origin, pathname, search, handle, content, t }: PageHeadContext): PageHead {
  const missing = handle === undefined || content?.notFound === true;
  const titleKey = missing ? 'titles.notFound' : handle.titleKey;
  const preview = handle?.preview ?? false;
  const siteName = t('site.name');
  const pageName = (!missing && content?.page) || t(titleKey);
  const named = preview ? t('titles.preview', { page: pageName }) : pageName;
  const seo = content?.document;
  const title = seo ? (preview ? t('titles.preview', { page: seo }) : seo) : t('titles.template', { page: named, site: siteName });
  return buildPageHead({
    lang,
    origin,
    pathname,
    search,
    title,
    description: content?.description || `${pageName}: ${t('site.tagline')}`,
    siteName,
    noindex: preview || missing || handle.personal === true,
    image: content?.image,
    type: content?.type,
    trail: (missing ? [] : handle.trail).map((crumb) => ({ name: t(crumb.titleKey), path: crumb.path })),
    pageName,
    structuredData: content?.structuredData,
  });
}
