/**
 * Browser storage of the session and the visitor's language choice, under the keys of spec
 * section 3. Storage may be unavailable (private modes, sandboxed frames): every access is guarded.
 */
import { z } from 'zod';
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
}

const StoredUserInfo = z.object({ token: z.string().min(1) });

/** The session token kept in `jakaUserInfo`, or null when not logged in. */
export function getToken(): string | null {
  const raw = read(STORAGE_KEYS.userInfo);
  if (!raw) return null;
  try {
    const parsed = StoredUserInfo.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data.token : null;
  } catch {
    return null;
  }
}

/** The language the visitor chose with the switcher, if any. */
export function getStoredLanguage(): SiteLanguage | null {
  const value = read(STORAGE_KEYS.lang);
  return isSiteLanguage(value) ? value : null;
}

/** Remembers the visitor's language choice (called by the language switcher only). */
export function storeLanguage(lang: SiteLanguage): void {
  write(STORAGE_KEYS.lang, lang);
}
