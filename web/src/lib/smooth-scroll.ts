/**
 * Animated scrolling to a position, an element or the top (spec section 9: 500 ms). Loaded by
 * what scrolls (anchor links, the floating bar's "top" button) when it first does.
 */
import { scrollY } from './scroll';

/** Duration of animated scrolling to an anchor or to the top (ms). */
export const SCROLL_DURATION_MS = 500;

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
