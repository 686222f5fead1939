/**
 * The account guards of the route table (spec sections 2, 4 and 6), wired in src/app/routes.tsx
 * and loaded with the first page that has one. They run after the route change has verified the
 * stored token (session-check.ts):
 *
 * - pages that need a login (repair, virtual trial) send a visitor without one to /login, which
 *   brings them back (requireLogin);
 * - /login and /wechatLogin are closed to logged-in visitors: they go to the origin page or back;
 * - /register keeps a logged-in visitor on the page they were on;
 * - /deregister needs a logged-in visitor with a token, else back.
 *
 * "Back" is the page shown while the route change runs (the browser's address has not changed
 * yet); on a first load there is none and the home page stands in.
 */
import type { LoaderFunctionArgs } from 'react-router';
import { redirect } from 'react-router';
import type { SiteLanguage } from '@/lib/language';
import { homePath, languageFromPath, loginPath } from '@/lib/routing';
import { rememberReturnPage, storeLoginToken } from '@/lib/session';
import type { SessionCheck } from './session-check';
import { originPage, usableReturnPath } from './utils/return-page';

/** A token that could not be checked (server unreachable) counts: the page's own calls will tell. */
function isLoggedIn(session: SessionCheck): boolean {
  return session === 'valid' || session === 'unverified';
}

/**
 * Pages that need a login: a visitor without one (or whose token was just refused) goes to the
 * login page of the language, this page remembered in ?from= and jakaWhereFrom.
 */
export function requireLogin(args: LoaderFunctionArgs, session: SessionCheck): Response | null {
  if (isLoggedIn(session)) return null;
  const url = new URL(args.request.url);
  const here = `${url.pathname}${url.search}`;
  rememberReturnPage(here);
  return redirect(loginPath(here, languageFromPath(url.pathname)));
}

/** The page shown while this route change runs, if it is another usable page of the site. */
export function previousPage(target: URL, current: Location | URL | undefined = globalThis.location): string | null {
  if (!current) return null;
  const here = `${current.pathname}${current.search}`;
  if (here === `${target.pathname}${target.search}`) return null;
  return usableReturnPath(`${here}${current.hash}`);
}

function targetOf(args: LoaderFunctionArgs): { url: URL; lang: SiteLanguage } {
  const url = new URL(args.request.url);
  return { url, lang: languageFromPath(url.pathname) };
}

/** /login: a logged-in visitor goes to the origin page (?from= or jakaWhereFrom) or back. */
export function loginGuard(args: LoaderFunctionArgs, session: SessionCheck): Response | null {
  if (!isLoggedIn(session)) return null;
  const { url, lang } = targetOf(args);
  return redirect(originPage(url.searchParams.get('from')) ?? previousPage(url) ?? homePath(lang));
}

/**
 * /wechatLogin: a mini-program token in the query is stored as the login (and leaves the address);
 * a logged-in visitor then goes on as from /login.
 */
export function wechatLoginGuard(args: LoaderFunctionArgs, session: SessionCheck): Response | null {
  const { url, lang } = targetOf(args);
  if (url.searchParams.has('token')) {
    const token = url.searchParams.get('token')?.trim();
    if (token) {
      storeLoginToken(token);
      return redirect(originPage(url.searchParams.get('from')) ?? homePath(lang));
    }
    url.searchParams.delete('token');
    return redirect(`${url.pathname}${url.search}`);
  }
  return loginGuard(args, session);
}

/** /register: a logged-in visitor stays on the page they were on. */
export function registerGuard(args: LoaderFunctionArgs, session: SessionCheck): Response | null {
  if (!isLoggedIn(session)) return null;
  const { url, lang } = targetOf(args);
  return redirect(previousPage(url) ?? originPage(url.searchParams.get('from')) ?? homePath(lang));
}

/** /deregister: needs a token; without one back, and home when the token has just expired. */
export function deregisterGuard(args: LoaderFunctionArgs, session: SessionCheck): Response | null {
  if (isLoggedIn(session)) return null;
  const { url, lang } = targetOf(args);
  if (session === 'invalid') return redirect(homePath(lang));
  return redirect(previousPage(url) ?? homePath(lang));
}
