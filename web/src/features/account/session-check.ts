/**
 * Every route change verifies a stored token (spec section 4; validateToken, whose answer the BFF
 * caches for a few seconds) before the page's guard runs. When the server refuses it, "login
 * expired" is shown and the session is cleared. Loaded with the first change of page (and after
 * the first page is hydrated); the call behind it is loaded only when a token is stored.
 */
import i18next from 'i18next';
import { ensureLanguage } from '@/lib/i18n';
import type { SiteLanguage } from '@/lib/language';
import { languageFromPath } from '@/lib/routing';
import { clearExpiredSession, getToken } from '@/lib/session';
import { toast } from '@/lib/toast';

/**
 * What the route-change check found: no stored token; a live one; one the server refused (now
 * cleared); or one that could not be checked (kept: an outage does not log everybody out).
 */
export type SessionCheck = 'none' | 'valid' | 'invalid' | 'unverified';

let inflight: { token: string; promise: Promise<boolean | null> } | null = null;

async function askServer(token: string, lang: SiteLanguage, signal: AbortSignal): Promise<boolean | null> {
  if (inflight?.token === token) return inflight.promise;
  const promise = import('./api/validate-token').then(({ checkToken }) => checkToken(token, lang, signal));
  inflight = { token, promise };
  try {
    return await promise;
  } finally {
    if (inflight?.promise === promise) inflight = null;
  }
}

async function announceExpiry(lang: SiteLanguage): Promise<void> {
  try {
    await ensureLanguage(lang, ['messages']);
    toast.warning(i18next.t('account.token_expired', { ns: 'messages', lng: lang }));
  } catch {
    // Without the catalogue the session is still cleared; the header shows the login links.
  }
}

/** Verifies the stored token before a page is entered (called by every page's loader). */
export async function verifySessionOnNavigation(request: Request): Promise<SessionCheck> {
  const token = getToken();
  if (!token) return 'none';
  const lang = languageFromPath(new URL(request.url).pathname);
  const verdict = await askServer(token, lang, request.signal);
  if (verdict === true) return 'valid';
  if (verdict === null || request.signal.aborted) return 'unverified';
  // Only clear what was checked: another tab may have logged in with a new token meanwhile.
  if (getToken() === token) {
    clearExpiredSession();
    await announceExpiry(lang);
  }
  return 'invalid';
}

