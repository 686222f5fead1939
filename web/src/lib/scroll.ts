/**
 * Page scrolling: how far the page is scrolled, as thresholds components can follow without
 * re-rendering on every scroll event, and animated scrolling to a position or an anchor
 * (spec section 9: thresholds 10, 200 and 500 px, footer bar after 100 px, animation 500 ms).
 */
import { useMemo, useSyncExternalStore } from 'react';

/** The scroll thresholds of the legacy site (px). */
export const SCROLL_THRESHOLDS = [10, 200, 500] as const;
/** The floating contact bar appears once the page is scrolled this far (px). */
export const FLOATING_BAR_THRESHOLD = 100;
/** Duration of animated scrolling to an anchor or to the top (ms). */
export const SCROLL_DURATION_MS = 500;

function scrollY(): number {
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

function prefersReducedMotion(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia('(prefers-reduced-motion: reduce)').matches;
}

const easeInOutCubic = (t: number) => (t < 0.5 ? 4 * t * t * t : 1 - (-2 * t + 2) ** 3 / 2);

let running: number | undefined;

/**
 * Scrolls the window to `top` over `duration` ms (instantly when the visitor prefers reduced
 * motion). Resolves when done; a newer call or a wheel/touch by the visitor cancels the older one.
 */
export function smoothScrollTo(top: number, duration = SCROLL_DURATION_MS): Promise<void> {
  if (running !== undefined) cancelAnimationFrame(running);
  const max = Math.max(0, document.documentElement.scrollHeight - window.innerHeight);
  const target = Math.min(Math.max(0, top), max);
  const start = scrollY();
  if (duration <= 0 || prefersReducedMotion() || Math.abs(target - start) < 1) {
    window.scrollTo({ top: target, behavior: 'instant' });
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const began = performance.now();
    const stop = () => {
      if (running !== undefined) cancelAnimationFrame(running);
      running = undefined;
      window.removeEventListener('wheel', stop);
      window.removeEventListener('touchstart', stop);
      resolve();
    };
    window.addEventListener('wheel', stop, { passive: true, once: true });
    window.addEventListener('touchstart', stop, { passive: true, once: true });
    const step = (now: number) => {
      const progress = Math.min(1, (now - began) / duration);
      window.scrollTo({ top: start + (target - start) * easeInOutCubic(progress), behavior: 'instant' });
      if (progress < 1) running = requestAnimationFrame(step);
      else stop();
    };
    running = requestAnimationFrame(step);
  });
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

/**
 * Scrolls to an element so that it lands below the sticky header (its CSS `scroll-margin-top`
 * says how far), then moves focus to it for keyboard and screen-reader users.
 */
export async function scrollToElement(element: HTMLElement, duration = SCROLL_DURATION_MS): Promise<void> {
  const margin = Number.parseFloat(getComputedStyle(element).scrollMarginTop) || 0;
  const top = element.getBoundingClientRect().top + scrollY() - margin;
  await smoothScrollTo(top, duration);
  if (!element.hasAttribute('tabindex') && !element.matches('a[href],button,input,select,textarea')) {
    element.setAttribute('tabindex', '-1');
  }
  element.focus({ preventScroll: true });
}

/** Back to the top of the page, animated. */
export function scrollToTop(): Promise<void> {
  return smoothScrollTo(0);
}
