/**
 * What a form does when a submission fails (spec section 8): field errors of the server land on
 * the fields, a refusal says "Submission failed!", a lost connection says the entries are kept and
 * the visitor can try again (with the same idempotency key, so a retry is still one lead).
 */
import type { ParseKeys } from 'i18next';
import type { ServerMessageKey } from '@/i18n/catalogue';
import { ApiError } from './http';
import { toast } from './toast';

/** A key of the `forms` catalogue. */
export type FormsKey = ParseKeys<'forms'>;

/** A form field's message: a key of the `forms` catalogue, or a sentence the server says too (`messages:<key>`). */
export type FormMessageKey = FormsKey | `messages:${ServerMessageKey}`;

/**
 * "Submission failed!": the server's own text of a refused lead (lead.rejected, in the shared
 * `messages` catalogue), said for any failure that has no better explanation.
 */
export const SUBMIT_FAILED = 'messages:lead.rejected';

/**
 * The lead guard's refusals (lib/lead-guard.ts), said in the server's own words: too many leads
 * from the address or e-mail, a proof of work that failed twice, a filled trap field.
 */
const LEAD_REFUSALS = ['lead.too_many', 'lead.proof_invalid', 'lead.refused'] as const satisfies readonly ServerMessageKey[];
type LeadRefusal = (typeof LEAD_REFUSALS)[number];

/** The toast of a failed submission: a key of the `forms` catalogue, or a server text. */
export type SubmitFailureKey = FormsKey | typeof SUBMIT_FAILED | `messages:${LeadRefusal}`;

/** The form field a server field error names: `values/companyName`, `/email`, `industry/0` → the first name. */
export function serverFieldName(field: string): string {
  const parts = field.split('/').filter((part) => part !== '' && part !== 'body' && part !== 'values');
  return parts[0] ?? '';
}

/** The toast a failed submission shows. */
export function submitFailureKey(error: unknown): SubmitFailureKey {
  if (error instanceof ApiError) {
    const refusal = LEAD_REFUSALS.find((key) => key === error.errorKey);
    if (refusal) return `messages:${refusal}`;
    if (error.status === 0 || error.status === 502 || error.status === 503 || error.status === 504) return 'toasts.retry';
    if (error.status === 429) return 'toasts.tooMany';
    if (error.status === 400 && error.errors.length > 0) return 'toasts.checkFields';
  }
  // success: false, 422 lead.rejected, and anything unexpected.
  return SUBMIT_FAILED;
}

/**
 * Reports a failed submission: the server's field errors go to `setFieldError` (which says
 * whether the form has such a field), then one toast explains the failure. What the visitor
 * typed is left as it is.
 */
export function reportSubmitFailure(
  error: unknown,
  translate: (key: SubmitFailureKey) => string,
  setFieldError: (name: string) => boolean,
): void {
  let placed = 0;
  if (error instanceof ApiError) {
    for (const fieldError of error.errors) if (setFieldError(serverFieldName(fieldError.field))) placed += 1;
  }
  const key = submitFailureKey(error);
  if (key === SUBMIT_FAILED || placed === 0) console.warn('[form] submission failed', error);
  toast.error(translate(key === 'toasts.checkFields' && placed === 0 ? SUBMIT_FAILED : key));
}

/** The page a form was sent from, for the sales team: path and query, at most 500 characters. */
export function sourcePageOf(location: { pathname: string; search: string }): string {
  return `${location.pathname}${location.search}`.slice(0, 500) || '/';
}
