/**
 * The code of an API call: headers, time-out, the envelope and the response schema (lib/http.ts
 * says what it does; this module loads with the first call).
 */
import type { ZodType, core } from 'zod';
import type { ErrorEnvelope } from '@/api/generated/model/errorEnvelope.zod';
import { API_BASE, ApiError, CLIENT_ERROR_KEYS, DEFAULT_TIMEOUT_MS, type HttpOptions, type ResponseSchema, ResponseShapeError } from './http';
import { type SiteLanguage, toWireLanguage } from './language';
import { getPageLanguage, isPreviewPage } from './page-language';
import { getPreviewToken } from './preview-token';
import { apiOrigin, serverRender, serverRequestContext } from './render-context';
import { getToken } from './session';

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
  // A call may name its own token (a token to check before it is stored); else the session's.
  const token = getToken();
  if (token && !headers.has('token')) headers.set('token', token);
  if (!headers.has('Accept')) headers.set('Accept', 'application/json');
  // On the server, a page's data calls belong to its trace (the BFF's span of the render).
  const traceparent = serverRequestContext()?.traceparent;
  if (traceparent) headers.set('traceparent', traceparent);
  return headers;
}

/**
 * A data call as a page's list of sources names it (`X-Render-Sources`, server/page-answer.ts):
 * method, path and query as sent, and the language the call asked in (its `lang` header) as a
 * last query parameter: `GET /prod-api/api/productCenter/getProductDetails/1/2/101?lang=en`.
 * Never a body, a token or the preview token.
 */
export function sourceOf(method: string | undefined, url: string, lang: SiteLanguage): string {
  const sent = new URL(url, 'http://site.invalid');
  const query = `${sent.search}${sent.search ? '&' : '?'}lang=${encodeURIComponent(toWireLanguage(lang))}`;
  return `${(method ?? 'GET').toUpperCase()} ${sent.pathname}${query}`;
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

/** Makes one call of {@link http} (see lib/http.ts for what it does). */
export async function request<T>(url: string, options: HttpOptions = {}): Promise<T> {
  const { schema, timeoutMs = DEFAULT_TIMEOUT_MS, lang, preview, signal: callerSignal, headers, ...init } = options;
  // Relative in the browser; on the server the renderer asks the BFF by its address.
  const fullUrl = `${apiOrigin()}${API_BASE}${url}`;

  // Cancelled before it started (while its code was loading): nothing to send.
  if (callerSignal?.aborted) throw callerSignal.reason;
  const language = lang ?? getPageLanguage();
  // On the server the page is built from this call, whatever its answer: the BFF keeps the list
  // with the page, to know which pages a change of content concerns.
  // The server's list of what a page was rendered from; the browser's build drops it.
  if (import.meta.env.SSR) serverRender()?.sources.add(sourceOf(init.method, fullUrl, language));
  // One controller aborts on the caller's signal (React Query cancelling) or on the time-out.
  const controller = new AbortController();
  const onCallerAbort = () => controller.abort(callerSignal?.reason);
  callerSignal?.addEventListener('abort', onCallerAbort, { once: true });
  const timer = setTimeout(() => controller.abort(TIMED_OUT), timeoutMs);
  const schemaLoad = loadSchema(schema);

  let response: Response;
  let text: string;
  try {
    response = await fetch(fullUrl, {
      ...init,
      headers: buildHeaders(headers, language, preview ?? isPreviewPage()),
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
