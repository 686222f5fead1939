import { describe, expect, it, vi } from 'vitest';
import { reportSubmitFailure, serverFieldName, sourcePageOf, submitFailureKey } from '../form-submit';
import { ApiError } from '../http';
import { toast } from '../toast';

const apiError = (status: number, errorKey: string, errors: Array<{ field: string; message: string }> = []) =>
  new ApiError({ status, errorKey, errors, url: '/prod-api/crm/addSaleClue' });

describe('a failed submission', () => {
  it('names the form field of a server field error', () => {
    expect(serverFieldName('values/companyName')).toBe('companyName');
    expect(serverFieldName('/email')).toBe('email');
    expect(serverFieldName('industry/0')).toBe('industry');
    expect(serverFieldName('body')).toBe('');
  });

  it('says "Submission failed!" for a refusal and asks for a retry when the server could not be reached', () => {
    expect(submitFailureKey(apiError(422, 'lead.rejected'))).toBe('messages:lead.rejected');
    expect(submitFailureKey(apiError(200, 'client.http_error'))).toBe('messages:lead.rejected');
    expect(submitFailureKey(apiError(0, 'client.network'))).toBe('toasts.retry');
    expect(submitFailureKey(apiError(503, 'upstream.unavailable'))).toBe('toasts.retry');
    expect(submitFailureKey(apiError(429, 'request.rate_limited'))).toBe('toasts.tooMany');
    expect(submitFailureKey(apiError(400, 'request.invalid', [{ field: 'email', message: 'bad' }]))).toBe('toasts.checkFields');
  });

  it('puts field errors on the fields it has, then shows one toast', () => {
    const error = vi.spyOn(toast, 'error');
    const placed: string[] = [];
    reportSubmitFailure(
      apiError(400, 'request.invalid', [
        { field: 'values/email', message: 'is not an e-mail address' },
        { field: 'values/unknown', message: 'x' },
      ]),
      (key) => key,
      (name) => (name === 'email' ? (placed.push(name), true) : false),
    );
    expect(placed).toEqual(['email']);
    expect(error).toHaveBeenCalledWith('toasts.checkFields');
  });

  it('records the page it was sent from, at most 500 characters', () => {
    expect(sourcePageOf({ pathname: '/en/productDetails/12', search: '?tab=specs' })).toBe('/en/productDetails/12?tab=specs');
    expect(sourcePageOf({ pathname: `/${'x'.repeat(600)}`, search: '' })).toHaveLength(500);
  });
});
