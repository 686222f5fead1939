/**
 * A minimal external store for shell-wide UI state (which overlay is open, the pending
 * attention request, …). Anything can change it — a button, a route loader, a plain function in
 * another feature — and React components read it with `useStore`, re-rendering only on change.
 */
import { useSyncExternalStore } from 'react';

export interface Store<T> {
  // Properties, not methods: useStore hands get and subscribe to React on their own.
  get: () => T;
  set: (next: T | ((previous: T) => T)) => void;
  subscribe: (listener: () => void) => () => void;
}

export function createStore<T>(initial: T): Store<T> {
  let state = initial;
  const listeners = new Set<() => void>();
  return {
    get: () => state,
    set(next) {
      const value = typeof next === 'function' ? (next as (previous: T) => T)(state) : next;
      if (Object.is(value, state)) return;
      state = value;
      for (const listener of [...listeners]) listener();
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The store's current value; the component re-renders when it changes. */
export function useStore<T>(store: Store<T>): T {
  return useSyncExternalStore(store.subscribe, store.get, store.get);
}
