/**
 * What the server hands the browser with a rendered page, in the `ssr-state` JSON block: the
 * page's language and catalogues, the router's loader results and the query cache. The browser
 * hydrates from it (main.tsx) and asks for none of it again.
 */
import type { DehydratedState } from '@tanstack/react-query';
import type { FieldError } from '@/api/generated/model/fieldError.zod';
import { ApiError } from './http';
import type { SiteLanguage } from './language';

/** The id of the JSON block in the served HTML. */
export const SSR_STATE_ID = 'ssr-state';

/** A route error as JSON: a 404 the loader threw, or an error's message. */
export type SerializedError = { kind: 'response'; status: number; statusText: string } | { kind: 'error'; message: string };

/** An ApiError as JSON (its fields are own properties; the class is restored in the browser). */
export interface SerializedApiError {
  apiError: {
    status: number;
    code: number;
    errorKey: string;
    msg: string;
    errors: FieldError[];
    url: string;
    retryAfter: number | null;
  };
}

export interface SsrState {
  lang: SiteLanguage;
  /** Catalogue namespaces the page used (besides `common`). */
  namespaces: string[];
  /** Whether the content is an editor's drafts (a preview with a token). */
  drafts: boolean;
  queries: DehydratedState;
  router: {
    loaderData: Record<string, unknown>;
    actionData: Record<string, unknown> | null;
    errors: Record<string, SerializedError> | null;
  };
}

export function serializeApiError(error: unknown): SerializedApiError | { message: string } {
  if (!(error instanceof ApiError)) return { message: error instanceof Error ? error.message : String(error) };
  const { status, code, errorKey, msg, errors, url, retryAfter } = error;
  return { apiError: { status, code, errorKey, msg, errors, url, retryAfter } };
}

export function reviveApiError(value: unknown): unknown {
  if (typeof value === 'object' && value !== null && 'apiError' in value) {
    return new ApiError((value as SerializedApiError).apiError);
  }
  return value;
}

/** Reads the state the server sent, or null for a page the browser renders alone (no server render). */
export function readSsrState(doc: Document): SsrState | null {
  const element = doc.getElementById(SSR_STATE_ID);
  if (!element?.textContent) return null;
  try {
    const state = JSON.parse(element.textContent) as SsrState;
    for (const query of state.queries.queries) {
      if (query.state.error) query.state.error = reviveApiError(query.state.error) as Error;
    }
    return state;
  } catch (error: unknown) {
    console.error('[hydrate] the server state is unreadable; rendering in the browser', error);
    return null;
  }
}
