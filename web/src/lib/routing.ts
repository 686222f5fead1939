/**
 * Routing rules of spec section 2 as pure functions of a path (and of what the visitor
 * prefers). The router in src/app/router.tsx only wires them to loaders.
 */
import {
  DEFAULT_LANGUAGE,
  type SiteLanguage,
  isPrefixLanguage,
  languagePrefix,
} from './language';

export const HOME_PAGE = 'index';
export const NOT_FOUND_PAGE = 'NotFound';

/** Splits a pathname into its language (from a valid prefix, else zh) and the rest. */
export function splitLanguage(pathname: string): { lang: SiteLanguage; rest: string } {
  const match = /^\/([^/]+)(\/.*)?$/.exec(pathname);
  const first = match?.[1];
  if (isPrefixLanguage(first)) {
    return { lang: first, rest: match?.[2] ?? '/' };
  }
  return { lang: DEFAULT_LANGUAGE, rest: pathname === '' ? '/' : pathname };
}

/** The page language of a pathname. */
export function languageFromPath(pathname: string): SiteLanguage {
  return splitLanguage(pathname).lang;
}

/** True for absolute URLs (`https://…`, `mailto:…`, `//host/…`), which are not site paths. */
export function isExternalUrl(path: string): boolean {
  return /^[a-z][a-z0-9+.-]*:/i.test(path) || path.startsWith('//');
}

/**
 * A site path (without prefix, e.g. `/productList/3` as the CMS sends it) in a language.
 * Absolute URLs are returned unchanged.
 */
export function localizePath(path: string, lang: SiteLanguage): string {
  if (isExternalUrl(path)) return path;
  const withSlash = path.startsWith('/') ? path : `/${path}`;
  return `${languagePrefix(lang)}${withSlash}`;
}

/** The home page of a language: /index for zh, /{lang}/index otherwise. */
/** The login page, told to bring the visitor back to `returnPath` (a path of this site). */
export function loginPath(returnPath: string, lang: SiteLanguage): string {
  return `${localizePath('/login', lang)}?${new URLSearchParams({ from: returnPath }).toString()}`;
}

export function homePath(lang: SiteLanguage): string {
  return localizePath(`/${HOME_PAGE}`, lang);
}

/** `/` goes to `/index` (keeping the query). */
export function rootRedirect(search = ''): string {
  return `/${HOME_PAGE}${search}`;
}

/**
 * `/{segment}` alone: a supported language goes to its home page; anything else (including
 * `zh`, which has no prefix) is an unknown path (null: the not-found page answers there).
 */
export function languageRootRedirect(segment: string | undefined, search = ''): string | null {
  return isPrefixLanguage(segment) ? `${homePath(segment)}${search}` : null;
}

/**
 * `/index` without prefix: a visitor whose preferred language (the stored choice, else the
 * browser's) is not Chinese goes to that language's home page. Returns null to stay.
 */
export function unprefixedIndexRedirect(preferred: SiteLanguage, search = ''): string | null {
  return preferred === DEFAULT_LANGUAGE ? null : `${homePath(preferred)}${search}`;
}

/** The same page in another language: `/index` → `/en/index`, `/en/index` → `/index`. */
export function switchLanguagePath(pathname: string, target: SiteLanguage): string {
  return localizePath(splitLanguage(pathname).rest, target);
}

/** First segment (after the optional language prefix) of the draft mirrors of content pages. */
export const PREVIEW_SEGMENT = 'preview';

/** True for `/preview/…` and `/{lang}/preview/…`: pages that show drafts (and are never indexed). */
export function isPreviewPath(pathname: string): boolean {
  const { rest } = splitLanguage(pathname);
  return rest === `/${PREVIEW_SEGMENT}` || rest.startsWith(`/${PREVIEW_SEGMENT}/`);
}

/** The search results page for a query, in a language (`/search?searchInfo=…`). */
export function searchPath(query: string, lang: SiteLanguage): string {
  return localizePath(`/search?${new URLSearchParams({ searchInfo: query }).toString()}`, lang);
}

/** A legal text (terms, privacy, imprint, …) by its key: `/imprint?key={key}`. */
export function legalPath(key: string, lang: SiteLanguage): string {
  return localizePath(`/imprint?${new URLSearchParams({ key }).toString()}`, lang);
}

/**
 * True for a path of this site (`/x`, not `//host` or `https://…`): the only kind of return page
 * remembered in `jakaWhereFrom`, so that a crafted value cannot send a visitor elsewhere.
 */
export function isSiteRelativePath(value: string | null | undefined): value is string {
  return typeof value === 'string' && value.startsWith('/') && !value.startsWith('//') && !value.startsWith('/\\');
}

/** One `<link rel="alternate">` of a page. */
export interface AlternateLink {
  hrefLang: string;
  href: string;
}

/**
 * The alternates of a page for search engines: the same page (path and query) in all twelve
 * languages, and `x-default` pointing at the unprefixed path, which picks a language itself.
 */
export function alternateLinks(
  pathname: string,
  search: string,
  origin: string,
  languages: readonly SiteLanguage[],
  tagOf: (lang: SiteLanguage) => string,
): AlternateLink[] {
  const links = languages.map((lang) => ({
    hrefLang: tagOf(lang),
    href: `${origin}${switchLanguagePath(pathname, lang)}${search}`,
  }));
  links.push({ hrefLang: 'x-default', href: `${origin}${switchLanguagePath(pathname, DEFAULT_LANGUAGE)}${search}` });
  return links;
}
