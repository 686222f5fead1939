/**
 * The route-change check of the stored token (loaded on demand by the account guards, so that
 * visitors without a session never download it).
 */
import { validateToken } from '@/api/generated/endpoints/account/account';
import { ApiError } from '@/lib/http';
import type { SiteLanguage } from '@/lib/language';

/** How long a route change waits for the check at most. */
const CHECK_TIMEOUT_MS = 5000;

/**
 * true: a live session; false: the server refused the token (401 `account.token_expired`, or any
 * other answer without success in the 4xx range); null: no verdict (no connection, time-out,
 * the account system down, the navigation cancelled), in which case the session is kept.
 */
export async function checkToken(token: string, lang: SiteLanguage, signal?: AbortSignal): Promise<boolean | null> {
  try {
    // The token goes in the header, never in the query: a query string lands in access logs.
    const envelope = await validateToken(undefined, { lang, timeoutMs: CHECK_TIMEOUT_MS, headers: { token }, ...(signal ? { signal } : {}) });
    return envelope.data.valid;
  } catch (error: unknown) {
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) return false;
    return null;
  }
}
