import { ApiError, ResponseShapeError } from './http';

export type ErrorMessageKey =
  | 'status.errorShape'
  | 'status.errorTimeout'
  | 'status.errorNetwork'
  | 'status.errorUnavailable'
  | 'status.errorGeneric';

/** The catalogue key that explains a failed load to the visitor. */
export function errorMessageKey(error: unknown): ErrorMessageKey {
  if (error instanceof ResponseShapeError) return 'status.errorShape';
  if (error instanceof ApiError) {
    if (error.isTimeout || error.status === 504) return 'status.errorTimeout';
    if (error.status === 0) return 'status.errorNetwork';
    if (error.status === 502 || error.status === 503) return 'status.errorUnavailable';
  }
  return 'status.errorGeneric';
}
