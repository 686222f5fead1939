/**
 * Lazy page modules. A page's code is a separate chunk; when it cannot be loaded (offline, or the
 * site was redeployed and the old chunk is gone) the import fails with a ChunkLoadError, which the
 * route's error element shows as a retry panel instead of a blank page.
 */
import type { ComponentType } from 'react';

/** How long a page chunk may take before it counts as failed (spec section 9). */
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;

/** A page's code could not be loaded. */
export class ChunkLoadError extends Error {
  override readonly name = 'ChunkLoadError';
}

/** True for a failed page import, whichever way the browser or bundler reported it. */
export function isChunkLoadError(error: unknown): boolean {
  if (error instanceof ChunkLoadError) return true;
  if (!(error instanceof Error)) return false;
  return (
    error.name === 'ChunkLoadError' ||
    /dynamically imported module|module script failed|Importing a module script|Loading (CSS )?chunk/i.test(error.message)
  );
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(() => reject(new ChunkLoadError(`Page code did not load within ${ms} ms`)), ms);
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error instanceof Error ? error : new Error(String(error)));
      },
    );
  });
}

export type LazyPage = () => Promise<{ Component: ComponentType }>;

/**
 * A route's `lazy` function for the page component `name` of a module:
 * `lazyPage(() => import('@/features/news/routes/news-list'), 'NewsListRoute')`.
 *
 * It never rejects. React Router keeps a route whose `lazy` rejected marked as "still loading"
 * and renders nothing below the layout (a blank page). So a failed import resolves to a component
 * that throws the ChunkLoadError when rendered, which the route's error element catches and shows
 * as a retry panel.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K, timeoutMs = CHUNK_LOAD_TIMEOUT_MS): LazyPage {
  return async () => {
    try {
      const module = await withTimeout(load(), timeoutMs);
      return { Component: module[name] as ComponentType };
    } catch (cause: unknown) {
      const error =
        cause instanceof ChunkLoadError ? cause : new ChunkLoadError(cause instanceof Error ? cause.message : String(cause), { cause });
      console.error('[route] page code failed to load', error);
      return {
        Component: function ChunkLoadFailed(): never {
          throw error;
        },
      };
    }
  };
}
