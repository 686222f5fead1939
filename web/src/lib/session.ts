/**
 * Browser storage of the session and the visitor's language choice, under the keys of spec
 * section 3. Storage may be unavailable (private modes, sandboxed frames): every access is guarded.
 */
import { useSyncExternalStore } from 'react';
import { type SiteLanguage, isSiteLanguage } from './language';

export const STORAGE_KEYS = {
  userId: 'jakaUserId',
  userName: 'jakaUserName',
  userAccount: 'jakaUserAccount',
  userAccountEmail: 'jakaUserAccountEmail',
  userInfo: 'jakaUserInfo',
  whereFrom: 'jakaWhereFrom',
  lang: 'lang',
} as const;

function read(key: string): string | null {
  try {
    return globalThis.localStorage?.getItem(key) ?? null;
  } catch {
    return null;
  }
}

function write(key: string, value: string): void {
  try {
    globalThis.localStorage?.setItem(key, value);
  } catch {
    // Storage full or blocked: the choice simply is not remembered.
  }
  notify();
}

function remove(key: string): void {
  try {
    globalThis.localStorage?.removeItem(key);
  } catch {
    // Blocked storage holds nothing to remove.
  }
}

/** The session token kept in `jakaUserInfo`, or null when not logged in. */
export function getToken(): string | null {
  const raw = read(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    // Plain checks rather than a schema: this runs on every page, before any code loads on demand.
    const parsed: unknown = JSON.parse(raw);
    const token = typeof parsed === 'object' && parsed !== null ? (parsed as { token?: unknown }).token : undefined;
    return typeof token === 'string' && token.length > 0 ? token : null;
  } catch {
    return null;
  }
}

/** The language the visitor chose with the switcher, if any. */
export function getStoredLanguage(): SiteLanguage | null {
  const value = read(STORAGE_KEYS.lang);
  return isSiteLanguage(value) ? value : null;
}

/**
 * The cookie that tells the server the visitor's choice, so that `/` and `/index` redirect to it
 * before any script runs (bff/internal/pages/language.go reads it). A year; the whole site.
 */
const LANGUAGE_COOKIE = 'lang';
const LANGUAGE_COOKIE_MAX_AGE = 365 * 24 * 60 * 60;

/** Remembers the visitor's language choice (called by the language switcher only). */
export function storeLanguage(lang: SiteLanguage): void {
  write(STORAGE_KEYS.lang, lang);
  try {
    globalThis.document.cookie = `${LANGUAGE_COOKIE}=${lang}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE}; SameSite=Lax`;
  } catch {
    // Cookies blocked: the server goes by the browser's languages; the page still follows the choice.
  }
}

/** The logged-in visitor as the header shows them. */
export interface Session {
  token: string;
  /** What to call the visitor: name, else account (phone), else e-mail; '' when none is stored. */
  displayName: string;
}

/** The stored session, or null when there is no token. */
export function getSession(): Session | null {
  const token = getToken();
  if (!token) return null;
  const displayName =
    read(STORAGE_KEYS.userName)?.trim() ||
    read(STORAGE_KEYS.userAccount)?.trim() ||
    read(STORAGE_KEYS.userAccountEmail)?.trim() ||
    '';
  return { token, displayName };
}

/**
 * Logout: removes id, name, account, user info (with the token) and the return page (spec
 * section 4), and the account e-mail too, so nothing personal stays behind in the browser.
 */
export function clearSession(): void {
  for (const key of [
    STORAGE_KEYS.userId,
    STORAGE_KEYS.userName,
    STORAGE_KEYS.userAccount,
    STORAGE_KEYS.userAccountEmail,
    STORAGE_KEYS.userInfo,
    STORAGE_KEYS.whereFrom,
  ]) {
    remove(key);
  }
  notify();
}

/**
 * The session a login or registration hands out (the contract's LoginResult), as it is stored:
 * jakaUserId, jakaUserName, jakaUserAccount, jakaUserAccountEmail and jakaUserInfo (with the token).
 */
export interface LoginSession {
  token: string;
  userId: number;
  userName: string;
  /** The phone number or e-mail address the visitor logged in with. */
  account: string;
  email?: string | null | undefined;
}

/**
 * Stores a new session under the keys of spec section 3 (all tabs follow). Every item is written,
 * so nothing of a session before it remains: a token from a link is stored only this way, with
 * its user as the server describes them (features/account/guards.ts).
 */
export function storeLogin(login: LoginSession): void {
  const email = login.email ?? (login.account.includes('@') ? login.account : '');
  const info = { token: login.token, userId: login.userId, userName: login.userName, account: login.account, email };
  try {
    const storage = globalThis.localStorage;
    storage?.setItem(STORAGE_KEYS.userId, String(login.userId));
    storage?.setItem(STORAGE_KEYS.userName, login.userName);
    storage?.setItem(STORAGE_KEYS.userAccount, login.account);
    storage?.setItem(STORAGE_KEYS.userAccountEmail, email);
    storage?.setItem(STORAGE_KEYS.userInfo, JSON.stringify(info));
  } catch {
    // Storage blocked: the login lasts as long as nothing reads it back.
  }
  notify();
}

/** The stored account details (for forms that need the logged-in phone or e-mail). */
export function getStoredAccount(): { userId: string | null; account: string | null; email: string | null } {
  return {
    userId: read(STORAGE_KEYS.userId),
    account: read(STORAGE_KEYS.userAccount)?.trim() || null,
    email: read(STORAGE_KEYS.userAccountEmail)?.trim() || null,
  };
}

/**
 * A token that failed verification (spec section 4): the four items id, name, account and user
 * info are removed, and the account e-mail with them so that nothing personal stays behind. The
 * return page and the language stay, so that logging in again leads back.
 */
export function clearExpiredSession(): void {
  for (const key of [
    STORAGE_KEYS.userId,
    STORAGE_KEYS.userName,
    STORAGE_KEYS.userAccount,
    STORAGE_KEYS.userAccountEmail,
    STORAGE_KEYS.userInfo,
  ]) {
    remove(key);
  }
  notify();
}

// Any origin would do: it only has to be one no path of this site can leave.
const PROBE_ORIGIN = 'https://return-page.invalid';
const MAX_RETURN_PATH = 2000;

/**
 * The value as a path of this site (`/en/news?page=2#top`), or null when it could lead anywhere
 * else: only a single leading `/` is accepted, never `//host`, a scheme (`https:`,
 * `javascript:`), a backslash (browsers read `/\host` as `//host`), control characters or white
 * space (browsers drop tabs and newlines, so `/\t/host` becomes `//host`), and the result must
 * still be on the same origin once a URL parser has read it.
 */
export function safeReturnPath(value: unknown): string | null {
  if (typeof value !== 'string' || value.length === 0 || value.length > MAX_RETURN_PATH) return null;
  if (!value.startsWith('/') || value.startsWith('//')) return null;
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is refused here
  if (/[\\\s\u0000-\u001f\u007f]/.test(value)) return null;
  let url: URL;
  try {
    url = new URL(value, PROBE_ORIGIN);
  } catch {
    return null;
  }
  if (url.origin !== PROBE_ORIGIN) return null;
  const path = `${url.pathname}${url.search}${url.hash}`;
  return path.startsWith('//') ? null : path;
}

/** Remembers the page to return to after login or registration (site paths only). */
export function rememberReturnPage(path: string): void {
  const safe = safeReturnPath(path);
  if (safe) write(STORAGE_KEYS.whereFrom, safe);
}

/** The remembered return page (jakaWhereFrom), if it is a path of this site. */
export function getReturnPage(): string | null {
  return safeReturnPath(read(STORAGE_KEYS.whereFrom));
}

/** Forgets the return page once the visitor has been taken there. */
export function forgetReturnPage(): void {
  remove(STORAGE_KEYS.whereFrom);
}

// --- Reactivity: components follow the session, also when another tab logs in or out. ---

const listeners = new Set<() => void>();
let snapshotKey: string | null = null;
let snapshot: Session | null = null;

function notify(): void {
  for (const listener of [...listeners]) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === null || Object.values<string>(STORAGE_KEYS).includes(event.key)) listener();
  };
  globalThis.addEventListener?.('storage', onStorage);
  return () => {
    listeners.delete(listener);
    globalThis.removeEventListener?.('storage', onStorage);
  };
}

function currentSession(): Session | null {
  const session = getSession();
  const key = session ? `${session.token}\u0000${session.displayName}` : '';
  if (key !== snapshotKey) {
    snapshotKey = key;
    snapshot = session;
  }
  return snapshot;
}

/** The stored session, following logins and logouts (in this tab and others). */
export function useSession(): Session | null {
  return useSyncExternalStore(subscribe, currentSession, () => null);
}
