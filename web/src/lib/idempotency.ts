/**
 * Idempotency keys of form submissions (the `Idempotency-Key` header of addSaleClue,
 * addOverseasSaleClue and customFormRecord). One key names one submission: a double click, a
 * retry after a time-out, or sending again after the dialog was closed and reopened reuses it, so
 * the CRM gets the lead once. The key is kept until the submission succeeds; a changed body gets
 * a new key (the BFF answers 409 to the same key with another body).
 */

interface Pending {
  fingerprint: string;
  key: string;
}

const pending = new Map<string, Pending>();

/** A random key of 32 hex digits (a UUID without dashes fits the header's pattern too). */
export function newIdempotencyKey(): string {
  const cryptoApi = globalThis.crypto;
  if (cryptoApi && typeof cryptoApi.randomUUID === 'function') return cryptoApi.randomUUID().replace(/-/g, '');
  const bytes = new Uint8Array(16);
  if (cryptoApi && typeof cryptoApi.getRandomValues === 'function') cryptoApi.getRandomValues(bytes);
  else for (let i = 0; i < bytes.length; i += 1) bytes[i] = Math.floor(Math.random() * 256);
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/**
 * The key for submitting `body` from the form `scope` (e.g. `addSaleClue`): the pending one when
 * the same body was sent before without success, else a new one.
 */
export function submissionKey(scope: string, body: unknown): string {
  const fingerprint = JSON.stringify(body);
  const current = pending.get(scope);
  if (current && current.fingerprint === fingerprint) return current.key;
  const key = newIdempotencyKey();
  pending.set(scope, { fingerprint, key });
  return key;
}

/** Forgets the pending key of `scope` (after a success: the next submission is a new lead). */
export function settleSubmission(scope: string): void {
  pending.delete(scope);
}

/** For tests: forget every pending key. */
export function resetSubmissionKeys(): void {
  pending.clear();
}
