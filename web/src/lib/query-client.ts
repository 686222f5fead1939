import { QueryClient } from '@tanstack/react-query';
import { ApiError } from './http';

/** Statuses worth one more try: the upstream may recover in a moment. */
const TRANSIENT = new Set([0, 502, 503, 504]);

/**
 * Retry once on a transient failure (no connection, upstream down or slow); never on a
 * client error, a business refusal, a time-out (already 10 s) or a body that breaks the contract.
 */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 1) return false;
  return error instanceof ApiError && TRANSIENT.has(error.status) && !error.isTimeout;
}

export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        staleTime: 5 * 60_000,
        retry: shouldRetry,
        refetchOnWindowFocus: false,
      },
    },
  });
}
