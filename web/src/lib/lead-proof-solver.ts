/**
 * Solves a lead's puzzle (getLeadChallenge) with the `altcha` package's solver in a Web Worker,
 * so the page never waits for it. Loaded only when a lead form is first focused: neither the
 * solver nor its worker is in the first page's JavaScript.
 *
 * The BFF speaks ALTCHA's HMAC scheme of version 1 (challenge = SHA-256(salt + number)); the
 * version 3 solver takes it as its widget does (the widget's createChallengeFromV1): the salt's
 * bytes are the nonce, the counter is appended as a string, and the whole hash is the prefix.
 * The worker is its own file from the site (script-src and worker-src 'self'), never a blob:.
 */
import { solveChallengeWorkers } from 'altcha/lib';
import ShaWorker from 'altcha/workers/sha?worker';
import type { LeadChallenge } from '@/api/generated/model/leadChallenge.zod';

/** A phone solves in well under a second; past this the puzzle is given up and fetched anew. */
const SOLVE_TIMEOUT_MS = 60_000;

function hex(bytes: Uint8Array): string {
  return [...bytes].map((b) => b.toString(16).padStart(2, '0')).join('');
}

/** The payload of `X-Lead-Proof`: base64 of ALTCHA's version 1 payload. */
export async function solveLeadChallenge(challenge: LeadChallenge): Promise<string> {
  const started = performance.now();
  const solution = await solveChallengeWorkers({
    challenge: {
      parameters: {
        algorithm: challenge.algorithm,
        cost: 1,
        keyLength: 32,
        nonce: hex(new TextEncoder().encode(challenge.salt)),
        keyPrefix: challenge.challenge,
        salt: '',
      },
      signature: challenge.signature,
    },
    // Two workers halve the wait on a phone without taking every core from the page.
    concurrency: Math.min(2, Math.max(1, globalThis.navigator?.hardwareConcurrency ?? 1)),
    createWorker: () => new ShaWorker(),
    counterMode: 'string',
    timeout: SOLVE_TIMEOUT_MS,
  });
  if (!solution) throw new Error('the lead puzzle was not solved in time');
  const payload = {
    algorithm: challenge.algorithm,
    challenge: challenge.challenge,
    number: solution.counter,
    salt: challenge.salt,
    signature: challenge.signature,
    took: Math.round(performance.now() - started),
  };
  return btoa(JSON.stringify(payload));
}
