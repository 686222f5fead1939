/**
 * The renderer's HTTP answer for a rendered page: the page in the client build's index.html,
 * its caching and indexing headers, and the list of data calls it was built from.
 */
import type { RenderResult } from '@/entry-server';
import { jsonForScript } from '@/lib/page-head';
import { SSR_PHRASES_ID } from '@/lib/phrase-core';
import { SSR_STATE_ID } from '@/lib/ssr-state';
import { type PageTemplate, fillTemplate } from './template';

/** How long a page may be cached by the BFF and browsers (seconds). */
const PUBLIC_MAX_AGE = 60;

/**
 * The header with the data calls a page was built from (entries separated by `, `), which the
 * BFF keeps with the cached page to drop exactly the pages a change of content concerns, and
 * drops before the answer reaches a visitor.
 */
export const SOURCES_HEADER = 'X-Render-Sources';

/** The longest list of sources sent; a longer one is sent as {@link ALL_SOURCES}. */
export const MAX_SOURCES_LENGTH = 16 * 1024;

/** "Unknown: the page may depend on anything." */
export const ALL_SOURCES = '*';

export interface PageAnswer {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/** Anything but printable ASCII, and the comma: what would split the list or break the header. */
const UNSAFE_IN_ENTRY = /[^\u0020-\u002b\u002d-\u007e]/gu;
const utf8 = new TextEncoder();

/** One entry, with what would split the list or break the header percent-encoded (UTF-8). */
function encodeEntry(entry: string): string {
  return entry.replace(UNSAFE_IN_ENTRY, (char) => [...utf8.encode(char)].map((byte) => `%${byte.toString(16).toUpperCase().padStart(2, '0')}`).join(''));
}

/** The value of {@link SOURCES_HEADER}: every source once, or `*` when the list is too long. */
export function sourcesHeader(sources: Iterable<string>, maxLength = MAX_SOURCES_LENGTH): string {
  const value = [...new Set(sources)].map(encodeEntry).join(', ');
  return value.length > maxLength ? ALL_SOURCES : value;
}

export function pageAnswer(result: RenderResult, template: PageTemplate, extraHead: string): PageAnswer {
  if (result.kind === 'redirect') {
    return { status: result.status, headers: { Location: result.location, 'Cache-Control': 'no-store' }, body: '' };
  }
  const body = fillTemplate(template, {
    lang: result.lang,
    head: `${result.head}${extraHead}`,
    body: result.body,
    state:
      `<script type="application/json" id="${SSR_STATE_ID}">${jsonForScript(result.state)}</script>` +
      (result.phrases ? `<script type="application/json" id="${SSR_PHRASES_ID}">${jsonForScript(result.phrases)}</script>` : ''),
  });
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': result.cacheable ? `public, max-age=${PUBLIC_MAX_AGE}` : 'no-store',
    [SOURCES_HEADER]: sourcesHeader(result.sources),
  };
  if (result.noindex) headers['X-Robots-Tag'] = 'noindex';
  return { status: result.status, headers, body };
}
