/**
 * What the page says when a trial call fails: the server's text of the envelope's errorKey (the
 * shared `messages` catalogue, spec section 8), else the shell's generic messages (time-out, no
 * connection…).
 */
import type { ServerMessageKey } from '@/i18n/catalogue';
import { ApiError } from '@/lib/http';

/** The trial refusals this page explains, by errorKey; their texts are the server's (`messages` namespace). */
export const VIRTUAL_ERROR_KEYS = [
  'virtual.trial_active',
  'virtual.no_trial',
  'virtual.creating',
  'virtual.upgrading',
  'virtual.trial_expired',
  'virtual.no_change',
  'virtual.unknown_model',
  'virtual.unknown_cabinet',
  'virtual.unsupported_combination',
  'virtual.no_identity',
] as const satisfies readonly ServerMessageKey[];

/** A trial refusal's errorKey, a key of the `messages` catalogue. */
export type VirtualErrorKey = (typeof VIRTUAL_ERROR_KEYS)[number];

/** The errorKey of a trial refusal, or null for failures the shell explains. */
export function virtualErrorKey(error: unknown): VirtualErrorKey | null {
  if (!(error instanceof ApiError)) return null;
  return (VIRTUAL_ERROR_KEYS as readonly string[]).includes(error.errorKey) ? (error.errorKey as VirtualErrorKey) : null;
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
    key === 'virtual.trial_active' ||
    key === 'virtual.no_trial' ||
    key === 'virtual.creating' ||
    key === 'virtual.upgrading' ||
    key === 'virtual.trial_expired'
  );
}

/** Refusals that mean the catalogue on the page is out of date (the pool dropped a model). */
export function meansCatalogueChanged(error: unknown): boolean {
  const key = virtualErrorKey(error);
  return key === 'virtual.unknown_model' || key === 'virtual.unknown_cabinet' || key === 'virtual.unsupported_combination';
}
