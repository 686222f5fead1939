/**
 * What the first page's loader does in the browser and could not do on the server, run once the
 * server-rendered page is hydrated: the stored token is verified (spec section 4), and `/index`
 * follows a language the visitor chose earlier with the switcher (the server went by the
 * browser's Accept-Language only; the stored choice wins, as on every other entry).
 */
import type { createBrowserRouter } from 'react-router';
import { readBrowserInfo } from '@/lib/browser';
import { detectBrowserLanguage, preferredLanguage } from '@/lib/language';
import { HOME_PAGE, unprefixedIndexRedirect } from '@/lib/routing';
import { getStoredLanguage, getToken } from '@/lib/session';
import { verifySessionOnNavigation } from '@/features/account/session-check';

type Router = ReturnType<typeof createBrowserRouter>;

export async function afterHydration(router: Router): Promise<void> {
  const { pathname, search } = window.location;
  if (pathname === `/${HOME_PAGE}`) {
    const stored = getStoredLanguage();
    const target = stored ? unprefixedIndexRedirect(preferredLanguage(stored, detectBrowserLanguage(readBrowserInfo())), search) : null;
    if (target) {
      await router.navigate(target, { replace: true });
      return;
    }
  }
  if (getToken()) await verifySessionOnNavigation(new Request(window.location.href));
}
