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
 */
import type { ZodType, core } from 'zod';
import type { FieldError } from '@/api/generated/model/fieldError.zod';
import type { ErrorEnvelope } from '@/api/generated/model/errorEnvelope.zod';
import { type SiteLanguage, toWireLanguage } from './language';
import { getPageLanguage, isPreviewPage } from './page-language';
import { getPreviewToken } from './preview-token';
import { apiOrigin } from './render-context';
import { getToken } from './session';

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

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** `Retry-After` in whole seconds (the BFF sends seconds; an HTTP date is read too), else null. */
export function parseRetryAfter(value: string | null, now = Date.now()): number | null {
  if (!value) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed);
  const date = Date.parse(trimmed);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}

/** The schema of the error envelope, loaded with the first failure that has a body to read. */
async function errorEnvelopeSchema(): Promise<typeof ErrorEnvelope | null> {
  try {
    return (await import('@/api/generated/model/errorEnvelope.zod')).ErrorEnvelope;
  } catch {
    return null; // Its code could not be loaded: the failure is still reported, less precisely.
  }
}

async function apiErrorFrom(status: number, body: unknown, url: string, headers?: Headers): Promise<ApiError> {
  const retryAfter = parseRetryAfter(headers?.get('Retry-After') ?? null);
  const schema = body === undefined ? null : await errorEnvelopeSchema();
  const parsed = schema?.safeParse(body);
  if (parsed?.success) {
    const env = parsed.data;
    return new ApiError({
      status,
      code: env.code,
      errorKey: env.errorKey,
      msg: env.msg,
      errors: env.errors ?? [],
      url,
      retryAfter,
    });
  }
  // A failure without our envelope (a proxy's HTML page, an old server): keep what we can.
  const msg = isRecord(body) && typeof body.msg === 'string' ? body.msg : '';
  const code = isRecord(body) && typeof body.code === 'number' ? body.code : status;
  return new ApiError({ status, code, errorKey: CLIENT_ERROR_KEYS.http, msg, url, retryAfter });
}

function buildHeaders(init: HeadersInit | undefined, lang: SiteLanguage, preview: boolean): Headers {
  const headers = new Headers(init);
  headers.set('lang', toWireLanguage(lang));
  const previewToken = preview ? getPreviewToken() : null;
  if (previewToken) headers.set('preview', previewToken);
  const token = getToken();
  if (token) headers.set('token', token);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  return headers;
}

/**
 * Starts loading a call's response schema, beside its request: by the time the answer is in, its
 * schema usually is too. Null when the call has none.
 */
function loadSchema(schema: ResponseSchema | undefined): Promise<ZodType | null> {
  if (!schema) return Promise.resolve(null);
  if (typeof schema !== 'function') return Promise.resolve(schema);
  const loading = schema();
  // Awaited only once the answer is in: a request that fails first must not leave it unhandled.
  loading.catch(() => undefined);
  return loading;
}

/** Why a combined signal was aborted by us rather than by the caller. */
const TIMED_OUT = Symbol('timed out');

/**
 * The fetcher every generated call goes through. `url` is the operation path
 * (e.g. `/api/banner/allList?type=2`), without the `/prod-api` prefix.
 */
export async function http<T>(url: string, options: HttpOptions = {}): Promise<T> {
  const { schema, timeoutMs = DEFAULT_TIMEOUT_MS, lang, preview, signal: callerSignal, headers, ...init } = options;
  // Relative in the browser; on the server the renderer asks the BFF by its address.
  const fullUrl = `${apiOrigin()}${API_BASE}${url}`;

  // One controller aborts on the caller's signal (React Query cancelling) or on the time-out.
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  if (callerSignal?.aborted) controller.abort(callerSignal.reason);
  else callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
  const schemaLoad = loadSchema(schema);

  let response: Response;
  let text: string;
  try {
    response = await fetch(fullUrl, {
      ...init,
      headers: buildHeaders(headers, lang ?? getPageLanguage(), preview ?? isPreviewPage()),
      signal: controller.signal,
    });
    text = await response.text();
  } catch (error: unknown) {
    if (controller.signal.reason === TIMED_OUT) {
      throw new ApiError({ status: 0, errorKey: CLIENT_ERROR_KEYS.timeout, url: fullUrl });
    }
    if (callerSignal?.aborted) throw error; // cancelled by the caller: not a failure to show
    throw new ApiError({
      status: 0,
      errorKey: CLIENT_ERROR_KEYS.network,
      msg: error instanceof Error ? error.message : '',
      url: fullUrl,
    });
  } finally {
    clearTimeout(timer);
    callerSignal?.removeEventListener('abort', onCallerAbort);
  }

  let body: unknown;
  try {
    body = text === '' ? undefined : JSON.parse(text);
  } catch {
    if (!response.ok) throw await apiErrorFrom(response.status, undefined, fullUrl, response.headers);
    const issue: core.$ZodIssue = { code: 'custom', path: [], message: 'Body is not JSON', input: text.slice(0, 200) };
    console.error('[api] response is not JSON', fullUrl, [issue]);
    throw new ResponseShapeError(fullUrl, [issue]);
  }

  if (!response.ok || (isRecord(body) && body.success === false)) {
    throw await apiErrorFrom(response.status, body, fullUrl, response.headers);
  }

  let validator: ZodType | null;
  try {
    validator = await schemaLoad;
  } catch (error: unknown) {
    // The schema's code did not arrive (offline, a new deployment): the answer cannot be
    // checked, which is a failure to reach the site like any other (React Query retries it).
    throw new ApiError({ status: 0, errorKey: CLIENT_ERROR_KEYS.network, msg: error instanceof Error ? error.message : '', url: fullUrl });
  }

  if (!validator) {
    // Every generated call passes its schema; a hand-written call without one still gets the envelope check.
    if (!isRecord(body) || body.success !== true) {
      const issue: core.$ZodIssue = { code: 'custom', path: ['success'], message: 'Expected an envelope with success: true', input: body };
      console.error('[api] response does not match the API contract', fullUrl, [issue]);
      throw new ResponseShapeError(fullUrl, [issue]);
    }
    return body as T;
  }

  const result = validator.safeParse(body);
  if (!result.success) {
    console.error('[api] response does not match the API contract', fullUrl, result.error.issues);
    throw new ResponseShapeError(fullUrl, result.error.issues);
  }
  // The schema is the one orval generated for T, so its output is T.
  return result.data as T;
}
