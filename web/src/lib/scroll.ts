/**
 * Page scrolling: how far the page is scrolled, as thresholds components can follow without
 * re-rendering on every scroll event (spec section 9: thresholds 10, 200 and 500 px, footer bar
 * after 100 px), and the element an anchor points at. The animation is in lib/smooth-scroll.ts,
 * loaded when something first scrolls.
 */
import { useMemo, useSyncExternalStore } from 'react';

/** The scroll thresholds of the legacy site (px). */
export const SCROLL_THRESHOLDS = [10, 200, 500] as const;
/** The floating contact bar appears once the page is scrolled this far (px). */
export const FLOATING_BAR_THRESHOLD = 100;
/** How far the page is scrolled (px). */
export function scrollY(): number {
  return typeof window === 'undefined' ? 0 : window.scrollY || document.documentElement.scrollTop || 0;
}

function subscribe(onChange: () => void): () => void {
  window.addEventListener('scroll', onChange, { passive: true });
  window.addEventListener('resize', onChange, { passive: true });
  return () => {
    window.removeEventListener('scroll', onChange);
    window.removeEventListener('resize', onChange);
  };
}

/**
 * True once the page is scrolled more than `px` (0: any scroll). The component re-renders only
 * when the answer changes, not on every scroll event.
 */
export function useScrolledPast(px: number): boolean {
  return useSyncExternalStore(
    subscribe,
    () => scrollY() > px,
    () => false,
  );
}

/** Which of the standard thresholds the page is scrolled past. */
export interface ScrollThresholds {
  /** Scrolled at all (the sticky header changes its style). */
  scrolled: boolean;
  past10: boolean;
  past200: boolean;
  past500: boolean;
}

/** The standard thresholds at once; re-renders only when one of them flips. */
export function useScrollThresholds(): ScrollThresholds {
  // One number as the snapshot (a bit per threshold), so the store compares cheaply.
  const bits = useSyncExternalStore(
    subscribe,
    () => {
      const y = scrollY();
      return (y > 0 ? 1 : 0) | (y > 10 ? 2 : 0) | (y > 200 ? 4 : 0) | (y > 500 ? 8 : 0);
    },
    () => 0,
  );
  return useMemo(
    () => ({ scrolled: (bits & 1) !== 0, past10: (bits & 2) !== 0, past200: (bits & 4) !== 0, past500: (bits & 8) !== 0 }),
    [bits],
  );
}

/** The element an anchor (`#id`, URL-encoded or not) points at, if it is on the page. */
export function anchorTarget(hash: string): HTMLElement | null {
  const raw = hash.startsWith('#') ? hash.slice(1) : hash;
  if (!raw) return null;
  let id = raw;
  try {
    id = decodeURIComponent(raw);
  } catch {
    // A malformed escape: look the raw text up.
  }
  return document.getElementById(id);
}
