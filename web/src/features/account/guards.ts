/**
 * The account guards of the route table (spec sections 2, 4 and 6), wired in src/app/routes.tsx
 * and loaded with the first page that has one. They run after the route change has verified the
 * stored token (session-check.ts):
 *
 * - pages that need a login (repair, virtual trial) send a visitor without one to /login, which
 *   brings them back (requireLogin);
 * - /login and /wechatLogin are closed to logged-in visitors: they go to the origin page or back;
 * - /register keeps a logged-in visitor on the page they were on;
 * - /deregister needs a logged-in visitor with a token, else back;
 * - a session token in a link (`wechatLogin?token=…`, `virtual?token=…`, from the mini-program)
 *   leaves the address at once and becomes the login only with the visitor's consent
 *   (takeLinkToken).
 *
 * "Back" is the page shown while the route change runs (the browser's address has not changed
 * yet); on a first load there is none and the home page stands in.
 */
import i18next from 'i18next';
import type { LoaderFunctionArgs } from 'react-router';
import { redirect, replace } from 'react-router';
import { requestAttention } from '@/lib/attention';
import { ensureLanguage } from '@/lib/i18n';
import type { SiteLanguage } from '@/lib/language';
import { reloadPage } from '@/lib/reload';
import { homePath, languageFromPath, loginPath } from '@/lib/routing';
import { getSession, getToken, rememberReturnPage, storeLogin } from '@/lib/session';
import { toast } from '@/lib/toast';
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
 * /wechatLogin: a mini-program token in the query is taken as from any link (takeLinkToken), and
 * the visitor goes on to the origin page (?from=) or home; without one, as /login.
 */
export async function wechatLoginGuard(args: LoaderFunctionArgs, session: SessionCheck): Promise<Response | null> {
  const fromLink = await takeLinkToken(args, session, (rest) => originPage(rest.searchParams.get('from')) ?? homePath(languageFromPath(rest.pathname)));
  return fromLink ?? loginGuard(args, session);
}

/** /virtual: a mini-program token in the query is taken as from any link; the page needs a login. */
export async function virtualGuard(args: LoaderFunctionArgs, session: SessionCheck): Promise<Response | null> {
  const fromLink = await takeLinkToken(args, session, (rest) => `${rest.pathname}${rest.search}`);
  return fromLink ?? requireLogin(args, session);
}

/**
 * A session token handed to the site in a link (the mini-program opens `wechatLogin?token=…` and
 * `virtual?token=…`). Anyone can make such a link with their own token, so it must never turn a
 * logged-in visitor silently into someone else, who would then receive what the visitor submits:
 *
 * - the token leaves the address at once (replaced, so that neither history, a Referer nor a
 *   screenshot keeps it), before anything else happens;
 * - nobody logged in (or the stored token just refused): the token's user is read from the server
 *   and the whole stored session (id, name, account, e-mail, token) becomes theirs;
 * - somebody else logged in: they are asked whether to switch accounts (askToSwitch) while the
 *   page goes on as them; only a yes replaces the session, from the server, as above;
 * - the token already in use: nothing changes.
 *
 * `next` is the page to go on to, from the link's address without its token. Null without a
 * token in the link.
 */
export async function takeLinkToken(args: LoaderFunctionArgs, session: SessionCheck, next: (rest: URL) => string): Promise<Response | null> {
  const url = new URL(args.request.url);
  if (!url.searchParams.has('token')) return null;
  const token = url.searchParams.get('token')?.trim() ?? '';
  url.searchParams.delete('token');
  const rest = `${url.pathname}${url.search}`;
  dropFromAddressBar(args.request.url, rest);
  // An empty token is no login: the page is shown as it would be without it.
  if (!token) return replace(rest);
  const lang = languageFromPath(url.pathname);
  if (token !== getToken()) {
    // Without its texts nobody can be asked: the visitor then simply stays who they were.
    if (isLoggedIn(session)) void askToSwitch(token, lang).catch(() => undefined);
    else await adoptLinkToken(token, lang);
  }
  return replace(next(url));
}

/**
 * On a first load the address bar already shows the link (a navigation inside the site shows an
 * address only once its loaders are done, and these replace it): the token goes before it is
 * checked or the visitor asked, which may take a while.
 */
function dropFromAddressBar(requestUrl: string, rest: string): void {
  const here = globalThis.location;
  if (here?.href.split('#')[0] === requestUrl) globalThis.history.replaceState(globalThis.history.state, '', rest);
}

/**
 * Makes the link's token the login: its user as the server knows them, replacing every stored
 * item, or nothing stored at all when the server refuses the token or cannot say whose it is.
 * Resolves whether the token is now the login.
 */
async function adoptLinkToken(token: string, lang: SiteLanguage): Promise<boolean> {
  try {
    const { readLinkSession } = await import('./api/link-login');
    storeLogin(await readLinkSession(token, lang));
    return true;
  } catch {
    await ensureLanguage(lang, ['account']).catch(() => undefined);
    toast.warning(i18next.t('linkLogin.failed', { ns: 'account', lng: lang }));
    return false;
  }
}

/**
 * Asks a logged-in visitor whether to switch to the account of a link's token. No: they stay
 * who they were, and are told so. Yes: the session becomes the token's user's, and the page
 * starts again, so that nothing the other account loaded or typed stays on it.
 */
async function askToSwitch(token: string, lang: SiteLanguage): Promise<void> {
  await ensureLanguage(lang, ['account']);
  const t = i18next.getFixedT(lang, 'account');
  const name = getSession()?.displayName || t('linkLogin.currentAccount');
  const confirmed = await requestAttention({
    title: t('linkLogin.title'),
    message: t('linkLogin.message', { name }),
    confirmLabel: t('linkLogin.confirm'),
    cancelLabel: t('linkLogin.cancel'),
  });
  if (!confirmed) {
    toast.info(t('linkLogin.kept', { name }));
    return;
  }
  if (await adoptLinkToken(token, lang)) reloadPage();
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
