/**
 * The one HTTP layer of the site: orval's mutator for every generated call.
 *
 * - prefixes `/prod-api`;
 * - sends `lang` (wire code of the page language), `token` (when logged in) and, on `/preview/`
 *   pages opened from an editor's preview link, `preview: <preview token>` (drafts, no cache; see
 *   lib/preview-token.ts); a preview page without a token sends no `preview` header;
 * - aborts after `timeoutMs` (10 s by default);
 * - unwraps the envelope: a non-2xx status or `success: false` throws an {@link ApiError};
 * - validates the body with the operation's generated zod schema (orval passes a loader of it as
 *   `schema`, see orval.config.ts): a body that does not match throws a {@link ResponseShapeError},
 *   logged with console.error. The schema (and zod) load beside the first request that needs
 *   them, so they are no part of a page's initial JavaScript.
 *
 * The resolved value is the whole (validated) envelope, as the generated types declare;
 * feature hooks select `data` from it.
 *
 * This module holds what every page's code refers to (the call, its options, its errors); the
 * code that makes a call (lib/http-request.ts) loads with the first one: a page rendered on the
 * server hydrates from the data sent with it and asks the API nothing until the visitor moves on.
 */
import type { ZodType, core } from 'zod';
import type { FieldError } from '@/api/generated/model/fieldError.zod';
import type { SiteLanguage } from './language';

export const API_BASE = '/prod-api';
export const DEFAULT_TIMEOUT_MS = 10_000;

/** The zod schema of a 2xx body, or a loader of it (what generated calls pass). */
export type ResponseSchema = ZodType | (() => Promise<ZodType>);

/** Options of one call: fetch's own, plus what the site's HTTP layer understands. */
export interface HttpOptions extends RequestInit {
  /** Generated zod schema of the 2xx body; orval passes it (includeZodSchemaInArguments). */
  schema?: ResponseSchema;
  /** Abort the call after this many milliseconds (default 10 000; 60 000 for VM apply/switch). */
  timeoutMs?: number;
  /** Page language to send; defaults to the language of the page being shown. */
  lang?: SiteLanguage;
  /**
   * Ask for drafts with the editor's preview token (header `preview`), when the tab holds one;
   * defaults to whether a `/preview/` page is shown.
   */
  preview?: boolean;
}

/** Error keys the client itself assigns when no server envelope explains a failure. */
export const CLIENT_ERROR_KEYS = {
  timeout: 'client.timeout',
  network: 'client.network',
  http: 'client.http_error',
} as const;

/** A call that failed: non-2xx status, `success: false`, time-out or no connection. */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  /** HTTP status; 0 when no response arrived (time-out, network). */
  readonly status: number;
  /** The envelope's `code` (the HTTP status when the body had none). */
  readonly code: number;
  /** Stable key of the failure (server `errorKey`, or one of {@link CLIENT_ERROR_KEYS}). */
  readonly errorKey: string;
  /** Human text from the server, in the request's language; '' when none. */
  readonly msg: string;
  /** Field errors of a validation failure. */
  readonly errors: FieldError[];
  readonly url: string;
  /** Seconds to wait before trying again (the `Retry-After` header of a 429 or 503); null when not sent. */
  readonly retryAfter: number | null;

  constructor(init: {
    status: number;
    code?: number;
    errorKey: string;
    msg?: string;
    errors?: FieldError[];
    url: string;
    retryAfter?: number | null;
  }) {
    super(`${init.url}: ${init.errorKey} (HTTP ${init.status})${init.msg ? `: ${init.msg}` : ''}`);
    this.status = init.status;
    this.code = init.code ?? init.status;
    this.errorKey = init.errorKey;
    this.msg = init.msg ?? '';
    this.errors = init.errors ?? [];
    this.url = init.url;
    this.retryAfter = init.retryAfter ?? null;
  }

  get isTimeout(): boolean {
    return this.errorKey === CLIENT_ERROR_KEYS.timeout;
  }
}

/** True for the answer "this item does not exist (or is not published in this language)". */
export function isNotFound(error: unknown): boolean {
  return error instanceof ApiError && error.status === 404;
}

/** A 2xx body that does not match the contract: never rendered, always shown as an error. */
export class ResponseShapeError extends Error {
  override readonly name = 'ResponseShapeError';
  readonly url: string;
  readonly issues: core.$ZodIssue[];

  constructor(url: string, issues: core.$ZodIssue[]) {
    const first = issues[0];
    const where = first ? ` at ${first.path.join('.') || '(root)'}: ${first.message}` : '';
    super(`${url}: response does not match the API contract${where}`);
    this.url = url;
    this.issues = issues;
  }
}

/**
 * What a generated hook's error can be (orval reads this name from the mutator). The error body
 * orval passes in is already unpacked into ApiError's fields.
 */
export type ErrorType<_ErrorBody> = ApiError | ResponseShapeError;

/**
 * The fetcher every generated call goes through. `url` is the operation path
 * (e.g. `/api/banner/allList?type=2`), without the `/prod-api` prefix.
 */
export async function http<T>(url: string, options: HttpOptions = {}): Promise<T> {
  let request: typeof import('./http-request').request;
  try {
    ({ request } = await import('./http-request'));
  } catch (error: unknown) {
    // The code of the call did not arrive (offline, a new deployment): as if the site were unreachable.
    throw new ApiError({ status: 0, errorKey: CLIENT_ERROR_KEYS.network, msg: error instanceof Error ? error.message : '', url: `${API_BASE}${url}` });
  }
  return request<T>(url, options);
}
