import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { anchorTarget } from '@/lib/scroll';

/** The animation's code, loaded with the first anchor the page scrolls to. */
function scrollToElement(element: HTMLElement): Promise<void> {
  return import('@/lib/smooth-scroll').then(
    (smooth) => smooth.scrollToElement(element),
    (error: unknown) => {
      console.error('[scroll] animation code failed to load; jumping instead', error);
      element.scrollIntoView();
    },
  );
}

/** How long to wait for an anchor's element to appear when a page opens with `#id` (ms). */
const WAIT_FOR_ANCHOR_MS = 3000;

function sameDocumentHash(anchor: HTMLAnchorElement): string | null {
  const href = anchor.getAttribute('href');
  if (!href || !href.includes('#')) return null;
  const url = new URL(anchor.href, window.location.href);
  const here = window.location;
  if (url.origin !== here.origin || url.pathname !== here.pathname || url.search !== here.search) return null;
  return url.hash.length > 1 ? url.hash : null;
}

/**
 * Anchors scroll smoothly (500 ms, spec section 9) and land below the sticky header:
 * - a click on a link to `#id` of the same page animates there, then records the hash;
 * - a page opened with `#id` scrolls there once the element exists (content may load late).
 */
export function useAnchorScrolling(): void {
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const onClick = (event: MouseEvent) => {
      if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
      const anchor = (event.target as Element | null)?.closest?.('a[href]');
      if (!(anchor instanceof HTMLAnchorElement) || anchor.target === '_blank' || anchor.hasAttribute('download')) return;
      const hash = sameDocumentHash(anchor);
      const element = hash ? anchorTarget(hash) : null;
      if (!hash || !element) return;
      // Capture phase: before a router Link would jump there without animation.
      event.preventDefault();
      void scrollToElement(element).then(() => {
        if (window.location.hash !== hash) {
          void navigate({ pathname: window.location.pathname, search: window.location.search, hash }, { preventScrollReset: true });
        }
      });
    };
    document.addEventListener('click', onClick, true);
    return () => document.removeEventListener('click', onClick, true);
  }, [navigate]);

  useEffect(() => {
    if (!location.hash) return undefined;
    const found = anchorTarget(location.hash);
    if (found) {
      if (Math.abs(found.getBoundingClientRect().top - (Number.parseFloat(getComputedStyle(found).scrollMarginTop) || 0)) > 2) {
        void scrollToElement(found);
      }
      return undefined;
    }
    const observer = new MutationObserver(() => {
      const element = anchorTarget(location.hash);
      if (!element) return;
      observer.disconnect();
      void scrollToElement(element);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    const timer = setTimeout(() => observer.disconnect(), WAIT_FOR_ANCHOR_MS);
    return () => {
      observer.disconnect();
      clearTimeout(timer);
    };
  }, [location.pathname, location.hash]);
}
