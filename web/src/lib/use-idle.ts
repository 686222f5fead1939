import { useEffect, useState } from 'react';

/**
 * True once the browser is idle after the first render (at the latest after `timeoutMs`): the
 * moment to fetch code that the first paint does not need (menus, dialogs, toasts).
 */
export function useIdle(timeoutMs = 3000): boolean {
  const [idle, setIdle] = useState(false);
  useEffect(() => {
    if (typeof window.requestIdleCallback === 'function') {
      const id = window.requestIdleCallback(() => setIdle(true), { timeout: timeoutMs });
      return () => window.cancelIdleCallback(id);
    }
    const timer = setTimeout(() => setIdle(true), Math.min(timeoutMs, 1500));
    return () => clearTimeout(timer);
  }, [timeoutMs]);
  return idle;
}
