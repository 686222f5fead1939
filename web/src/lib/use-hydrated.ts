import { useSyncExternalStore } from 'react';

const subscribe = () => () => {};

/**
 * False while the page is the server's HTML (and during hydration), true once React runs it.
 * A form's submit button stays disabled until then: a click on a server-rendered form before its
 * code runs would submit it natively, reloading the page and losing what the visitor typed.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  );
}
