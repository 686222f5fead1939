/**
 * The bot defences every lead form sends with its submission (spec: sales leads), in one place:
 *
 * - a proof of work (`X-Lead-Proof`): a puzzle of getLeadChallenge, solved in a Web Worker in
 *   the background from the moment the form is first focused, so that a person never sees it;
 *   a submission that comes sooner waits for it. A proof belongs to one submission (its
 *   idempotency key): a retry of the same submission sends the same proof, which the BFF knows
 *   again, and a refused proof is replaced once, at once, without the visitor doing anything.
 * - a trap field (`X-Lead-Trap`): an input people neither see nor reach (off-screen, no tab
 *   stop, hidden from assistive technology, no autofill), which programs that fill every field
 *   fill. The BFF refuses such a lead openly (lead.refused), and the form keeps what was typed.
 */
import { type RefObject, useRef } from 'react';
import { getLeadChallenge } from '@/api/generated/endpoints/crm/crm';
import { ApiError } from './http';

/** The headers of a lead's submission. */
export interface LeadHeaders extends Record<string, string> {
  'Idempotency-Key': string;
  'X-Lead-Proof': string;
  'X-Lead-Trap': string;
}

interface Proof {
  payload: string;
  /** When the BFF stops taking it (the salt's `expires`), in ms. */
  expiresAt: number;
}

/** A proof this close to its expiry is not sent: it could expire on the way. */
const EXPIRY_MARGIN_MS = 60_000;

let prepared: Promise<Proof> | null = null;
const byKey = new Map<string, Proof>();

function expiresAt(salt: string): number {
  const match = /[?&]expires=(\d+)/.exec(salt);
  return match ? Number(match[1]) * 1000 : 0;
}

async function solve(): Promise<Proof> {
  const [envelope, solver] = await Promise.all([getLeadChallenge(), import('./lead-proof-solver')]);
  return { payload: await solver.solveLeadChallenge(envelope.data), expiresAt: expiresAt(envelope.data.salt) };
}

const fresh = (proof: Proof) => proof.expiresAt - EXPIRY_MARGIN_MS > Date.now();

/** Starts solving the next submission's puzzle in the background, unless that is under way. */
export function prepareLeadProof(): void {
  if (prepared) return;
  const pending = solve();
  prepared = pending;
  // A failure (offline, the BFF away) is tried again by the next call, or by the submission.
  pending.catch(() => {
    if (prepared === pending) prepared = null;
  });
}

/** The proof of the submission of `key`: the one it was sent with before, else the prepared one. */
async function proofFor(key: string): Promise<string> {
  const known = byKey.get(key);
  if (known && fresh(known)) return known.payload;
  // Taken at once, so that two forms sending together never share one proof.
  const pending = prepared ?? solve();
  prepared = null;
  let proof = await pending;
  if (!fresh(proof)) proof = await solve();
  byKey.set(key, proof);
  return proof.payload;
}

/**
 * Sends a lead with `call`, given its headers: the idempotency key `key`, the proof and the trap
 * field's value. A proof the BFF refused (expired, say, after a long pause) is replaced and the
 * lead sent once more; any other failure is the caller's to report.
 */
export async function sendLead<T>(key: string, trap: string, call: (headers: LeadHeaders) => Promise<T>): Promise<T> {
  const attempt = async () => call({ 'Idempotency-Key': key, 'X-Lead-Proof': await proofFor(key), 'X-Lead-Trap': trap });
  try {
    const result = await attempt().catch(async (error: unknown) => {
      if (!(error instanceof ApiError) || error.errorKey !== 'lead.proof_invalid') throw error;
      byKey.delete(key);
      return attempt();
    });
    byKey.delete(key);
    return result;
  } catch (error: unknown) {
    // A refusal other than a lost answer ends this proof's use: the next try starts afresh.
    if (error instanceof ApiError && error.status >= 400 && error.status < 500 && error.status !== 429) byKey.delete(key);
    throw error;
  }
}

/** What a lead form needs: its trap field's ref, the focus that starts the puzzle, and the send. */
export interface LeadGuard {
  trapRef: RefObject<HTMLInputElement | null>;
  /** The form's onFocus: the first focus inside the form starts solving. */
  onFocus: () => void;
  send: <T>(key: string, call: (headers: LeadHeaders) => Promise<T>) => Promise<T>;
}

export function useLeadGuard(): LeadGuard {
  const trapRef = useRef<HTMLInputElement | null>(null);
  return {
    trapRef,
    onFocus: prepareLeadProof,
    send: (key, call) => sendLead(key, trapRef.current?.value ?? '', call),
  };
}

/** For tests: forget the prepared and the kept proofs. */
export function resetLeadProofs(): void {
  prepared = null;
  byKey.clear();
}
