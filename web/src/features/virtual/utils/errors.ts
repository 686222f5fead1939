/**
 * What the page says when a trial call fails: the envelope's errorKey mapped to this feature's
 * catalogue (spec section 8), else the shell's generic messages (time-out, no connection…).
 */
import { ApiError } from '@/lib/http';

/** Keys of the `virtual` catalogue's `errors` section. */
export type VirtualErrorKey =
  | 'errors.trialActive'
  | 'errors.noTrial'
  | 'errors.creating'
  | 'errors.upgrading'
  | 'errors.trialExpired'
  | 'errors.noChange'
  | 'errors.unknownModel'
  | 'errors.unknownCabinet'
  | 'errors.unsupported'
  | 'errors.noIdentity';

const BY_ERROR_KEY: Record<string, VirtualErrorKey> = {
  'virtual.trial_active': 'errors.trialActive',
  'virtual.no_trial': 'errors.noTrial',
  'virtual.creating': 'errors.creating',
  'virtual.upgrading': 'errors.upgrading',
  'virtual.trial_expired': 'errors.trialExpired',
  'virtual.no_change': 'errors.noChange',
  'virtual.unknown_model': 'errors.unknownModel',
  'virtual.unknown_cabinet': 'errors.unknownCabinet',
  'virtual.unsupported_combination': 'errors.unsupported',
  'virtual.no_identity': 'errors.noIdentity',
};

/** The catalogue key of a trial refusal, or null for failures the shell explains. */
export function virtualErrorKey(error: unknown): VirtualErrorKey | null {
  return error instanceof ApiError ? (BY_ERROR_KEY[error.errorKey] ?? null) : null;
}

/** The login is gone (expired token, logged out elsewhere): the server wants a new one. */
export function isLoginRequired(error: unknown): boolean {
  return error instanceof ApiError && error.status === 401;
}

/**
 * The answer never came (time-out, gateway time-out, no connection): the pool may have done
 * the work all the same, so the trial is read again rather than assumed unchanged.
 */
export function isOutcomeUnknown(error: unknown): boolean {
  return error instanceof ApiError && (error.isTimeout || error.status === 504 || error.status === 0);
}

/**
 * Refusals that mean the trial on the page is out of date (created elsewhere, switched, ended):
 * the trial is read again so that the page shows what the pool has.
 */
export function meansTrialChanged(error: unknown): boolean {
  const key = virtualErrorKey(error);
  return (
    key === 'errors.trialActive' ||
    key === 'errors.noTrial' ||
    key === 'errors.creating' ||
    key === 'errors.upgrading' ||
    key === 'errors.trialExpired'
  );
}

/** Refusals that mean the catalogue on the page is out of date (the pool dropped a model). */
export function meansCatalogueChanged(error: unknown): boolean {
  const key = virtualErrorKey(error);
  return key === 'errors.unknownModel' || key === 'errors.unknownCabinet' || key === 'errors.unsupported';
}
