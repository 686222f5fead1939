import { describe, expect, it } from 'vitest';
import { errorMessageKey } from '../error-message';
import { ApiError, ResponseShapeError } from '../http';
import { shouldRetry } from '../query-client';

const apiError = (status: number, errorKey = 'x') => new ApiError({ status, errorKey, url: '/prod-api/x' });

describe('what a failed load tells the visitor', () => {
  it('names a contract violation as such', () => {
    expect(errorMessageKey(new ResponseShapeError('/u', []))).toBe('status.errorShape');
  });

  it('distinguishes time-outs, lost connections and unavailable services', () => {
    expect(errorMessageKey(apiError(0, 'client.timeout'))).toBe('status.errorTimeout');
    expect(errorMessageKey(apiError(504))).toBe('status.errorTimeout');
    expect(errorMessageKey(apiError(0, 'client.network'))).toBe('status.errorNetwork');
    expect(errorMessageKey(apiError(503))).toBe('status.errorUnavailable');
    expect(errorMessageKey(apiError(404))).toBe('status.errorGeneric');
    expect(errorMessageKey(new Error('boom'))).toBe('status.errorGeneric');
  });
});

describe('retries', () => {
  it('retries a transient failure once', () => {
    expect(shouldRetry(0, apiError(503))).toBe(true);
    expect(shouldRetry(0, apiError(0, 'client.network'))).toBe(true);
    expect(shouldRetry(1, apiError(503))).toBe(false);
  });

  it('never retries client errors, time-outs or contract violations', () => {
    expect(shouldRetry(0, apiError(400))).toBe(false);
    expect(shouldRetry(0, apiError(0, 'client.timeout'))).toBe(false);
    expect(shouldRetry(0, new ResponseShapeError('/u', []))).toBe(false);
  });
});
