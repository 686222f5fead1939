import { useEffect, useRef, useState } from 'react';
import styles from './loading-overlay.module.css';

/** How long the overlay covers a newly entered page (spec section 9). */
export const LOADING_OVERLAY_MS = 250;

/**
 * True for 250 ms after the page (pathname) changes, unless the new page opts out (FAQ pages).
 * Not on the first page of a visit: the boot screen covers that.
 */
export function useRouteChangeOverlay(pathname: string, enabled: boolean): boolean {
  const [visible, setVisible] = useState(false);
  const previous = useRef(pathname);
  useEffect(() => {
    if (previous.current === pathname) return undefined;
    previous.current = pathname;
    if (!enabled) {
      setVisible(false);
      return undefined;
    }
    setVisible(true);
    const timer = setTimeout(() => setVisible(false), LOADING_OVERLAY_MS);
    return () => clearTimeout(timer);
  }, [pathname, enabled]);
  return visible;
}

/**
 * The overlay itself: a light veil with a spinner over the page content (not the header). It
 * never takes clicks; screen readers hear the page as busy through `aria-busy` on main.
 */
export function LoadingOverlay({ visible }: { visible: boolean }) {
  return (
    <div className={styles.overlay} data-visible={visible} data-testid="loading-overlay" aria-hidden="true">
      <span className={styles.spinner} />
    </div>
  );
}
