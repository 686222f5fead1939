/**
 * Where a visitor goes after logging in or registering, and where the account guards send a
 * visitor who may not see a page: always a path of this site (see safeReturnPath), never an
 * account page itself (which would loop).
 */
import type { SiteLanguage } from '@/lib/language';
import { homePath, splitLanguage } from '@/lib/routing';
import { getReturnPage, safeReturnPath } from '@/lib/session';

const ACCOUNT_PAGES = new Set(['/login', '/register', '/wechatLogin', '/deregister']);

/** True for /login, /register, /wechatLogin and /deregister, with or without language prefix. */
export function isAccountPage(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return ACCOUNT_PAGES.has(splitLanguage(pathname).rest);
}

/** A safe, non-account path, or null. */
export function usableReturnPath(value: unknown): string | null {
  const path = safeReturnPath(value);
  return path && !isAccountPage(path) ? path : null;
}

/**
 * The origin page: the `from` query parameter of the account page, else the remembered page
 * (jakaWhereFrom), each only when it is a usable path of this site.
 */
export function originPage(from: string | null | undefined): string | null {
  return usableReturnPath(from) ?? usableReturnPath(getReturnPage());
}

/** Where a successful login or registration leads: the origin page, else the home page. */
export function afterLoginPath(lang: SiteLanguage, from: string | null | undefined): string {
  return originPage(from) ?? homePath(lang);
}
