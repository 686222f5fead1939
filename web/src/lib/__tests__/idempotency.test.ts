import { beforeEach, describe, expect, it } from 'vitest';
import { newIdempotencyKey, resetSubmissionKeys, settleSubmission, submissionKey } from '../idempotency';

beforeEach(() => resetSubmissionKeys());

describe('idempotency keys of submissions', () => {
  it('fit the header’s pattern and differ every time', () => {
    const a = newIdempotencyKey();
    expect(a).toMatch(/^[A-Za-z0-9_-]{8,128}$/);
    expect(newIdempotencyKey()).not.toBe(a);
  });

  it('stay the same while the same body is sent again (double click, retry)', () => {
    const key = submissionKey('addSaleClue', { userName: 'A' });
    expect(submissionKey('addSaleClue', { userName: 'A' })).toBe(key);
  });

  it('change with the body, per form, and after a success', () => {
    const key = submissionKey('addSaleClue', { userName: 'A' });
    expect(submissionKey('addOverseasSaleClue', { userName: 'A' })).not.toBe(key);
    const edited = submissionKey('addSaleClue', { userName: 'B' });
    expect(edited).not.toBe(key);
    settleSubmission('addSaleClue');
    expect(submissionKey('addSaleClue', { userName: 'B' })).not.toBe(edited);
  });
});
