/**
 * The page renderer: a small HTTP server the BFF sends page requests to (RENDERER_URL). It
 * renders the page with React on the server (src/entry-server.tsx) into the client build's
 * index.html, so the HTML carries the page, its head and its data, and the hashed scripts and
 * styles of the build hydrate it.
 *
 *   RENDERER_HOST     address to listen on (127.0.0.1)
 *   RENDERER_PORT     port (0: any free port)
 *   RENDERER_API_URL  the BFF whose /prod-api serves the data (required)
 *   WEB_DIR           the client build (web/dist)
 *   VITALS_SAMPLE_RATE  the share of page views that measure their Core Web Vitals, from 0 to 1
 *                     (0.1), written into every page (lib/vitals-sampling.ts)
 *
 * It prints `The renderer is at http://host:port` once it listens. Pages are rendered one at a
 * time: rendering is CPU work on one thread anyway, and it keeps the page's language, origin and
 * preview token in module state (lib/render-context.ts) the request's own. A queue longer than
 * MAX_QUEUE is refused at once (503): the BFF then serves the client-rendered page.
 */
import { readFileSync } from 'node:fs';
import { type IncomingMessage, type ServerResponse, createServer } from 'node:http';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { JSDOM } from 'jsdom';
import { setSanitizerWindow } from '@/components/ui/rich-text';
import { type RenderResult, renderPage } from '@/entry-server';
import { jsonForScript } from '@/lib/page-head';
import { SSR_PHRASES_ID } from '@/lib/phrase-core';
import { SSR_STATE_ID } from '@/lib/ssr-state';
import { DEFAULT_VITALS_SAMPLE_RATE, parseSampleRate, sampleRateMeta } from '@/lib/vitals-sampling';
import { type PageTemplate, fillTemplate, parseTemplate } from './template';
import { startTracing, validTraceparent } from './tracing';

const MAX_QUEUE = 64;
/** How long a page may be cached by the BFF and browsers (seconds). */
const PUBLIC_MAX_AGE = 60;

function required(name: string): string {
  const value = process.env[name]?.trim();
  if (!value) {
    console.error(`${name} is required (the BFF whose /prod-api serves the pages' data, e.g. http://127.0.0.1:8080)`);
    process.exit(2);
  }
  return value;
}

const host = process.env.RENDERER_HOST?.trim() || '127.0.0.1';
const port = Number(process.env.RENDERER_PORT ?? 0);
const apiOrigin = new URL(required('RENDERER_API_URL')).origin;
const webDir = process.env.WEB_DIR?.trim() || 'web/dist';
const vitalsSampleRate = parseSampleRate(process.env.VITALS_SAMPLE_RATE?.trim() || String(DEFAULT_VITALS_SAMPLE_RATE));
if (vitalsSampleRate === null) {
  console.error(`VITALS_SAMPLE_RATE ${JSON.stringify(process.env.VITALS_SAMPLE_RATE)}: want the share of page views measured, from 0 to 1, e.g. 0.1`);
  process.exit(2);
}
const vitalsMeta = sampleRateMeta(vitalsSampleRate);
const template: PageTemplate = parseTemplate(readFileSync(join(webDir, 'index.html'), 'utf8'));

const tracing = await startTracing();

// CMS rich text is sanitised with DOMPurify, which needs a DOM.
setSanitizerWindow(new JSDOM('').window);

/** The origin the BFF says the site has, if it is one; else this renderer's own address. */
function siteOriginOf(request: IncomingMessage): string {
  const header = request.headers['x-site-origin'];
  const value = Array.isArray(header) ? header[0] : header;
  if (value) {
    try {
      const url = new URL(value);
      if (url.protocol === 'https:' || url.protocol === 'http:') return url.origin;
    } catch {
      // Not a URL: ignored.
    }
  }
  return `http://${request.headers.host ?? `${host}:${port}`}`;
}

function previewTokenOf(request: IncomingMessage): string | null {
  const header = request.headers['x-preview-token'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value || null;
}

let queue: Promise<unknown> = Promise.resolve();
let queued = 0;

/** When a render arrived and began (performance.now()), and the renders it found ahead of it. */
interface RenderTimes {
  arrived: number;
  began: number;
  queuedAhead: number;
}

/**
 * Runs renders one after another; a request whose client left before its turn is skipped. The
 * result comes with when the task arrived and began: the BFF's metrics take the wait and the
 * render apart.
 */
function inTurn<T>(request: IncomingMessage, task: () => Promise<T>): Promise<{ result: T; times: RenderTimes } | null> {
  const times: RenderTimes = { arrived: performance.now(), began: 0, queuedAhead: queued };
  queued++;
  const run = queue.then(async () => {
    if (request.destroyed) return null;
    times.began = performance.now();
    return { result: await task(), times };
  });
  queue = run.then(
    () => queued--,
    () => queued--,
  );
  return run;
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string, head: boolean): void {
  response.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(head ? undefined : body);
}

function answer(response: ServerResponse, result: RenderResult, times: RenderTimes, head: boolean): void {
  // For the BFF's metrics (it drops both before anything reaches a visitor): the wait for the
  // turn, the render itself, and the renders this one found ahead of it.
  const timing = `queue;dur=${(times.began - times.arrived).toFixed(1)}, render;dur=${(performance.now() - times.began).toFixed(1)}`;
  const measured = { 'Server-Timing': timing, 'X-Renderer-Queue': String(times.queuedAhead) };
  if (result.kind === 'redirect') {
    send(response, result.status, { Location: result.location, 'Cache-Control': 'no-store', ...measured }, '', head);
    return;
  }
  const html = fillTemplate(template, {
    lang: result.lang,
    head: `${result.head}${vitalsMeta}`,
    body: result.body,
    state:
      `<script type="application/json" id="${SSR_STATE_ID}">${jsonForScript(result.state)}</script>` +
      (result.phrases ? `<script type="application/json" id="${SSR_PHRASES_ID}">${jsonForScript(result.phrases)}</script>` : ''),
  });
  const headers: Record<string, string> = {
    'Content-Type': 'text/html; charset=utf-8',
    'Cache-Control': result.cacheable ? `public, max-age=${PUBLIC_MAX_AGE}` : 'no-store',
    ...measured,
  };
  if (result.noindex) headers['X-Robots-Tag'] = 'noindex';
  send(response, result.status, headers, html, head);
}

const server = createServer((request, response) => {
  const head = request.method === 'HEAD';
  if (request.method !== 'GET' && !head) {
    send(response, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }, 'method not allowed\n', false);
    return;
  }
  const path = request.url ?? '/';
  if (path === '/__renderer/health') {
    send(response, 200, { 'Content-Type': 'text/plain' }, 'ok\n', head);
    return;
  }
  if (!path.startsWith('/') || path.startsWith('//')) {
    send(response, 400, { 'Content-Type': 'text/plain' }, 'bad path\n', head);
    return;
  }
  if (queued >= MAX_QUEUE) {
    send(response, 503, { 'Content-Type': 'text/plain', 'Retry-After': '1' }, 'busy\n', head);
    return;
  }
  const origin = siteOriginOf(request);
  // The render is a span of the page's trace (server/tracing.ts); its data calls carry it on.
  const span = tracing.start(validTraceparent(request.headers.traceparent), path);
  inTurn(request, () => renderPage({ url: path, origin, apiOrigin, previewToken: previewTokenOf(request), traceparent: span.traceparent })).then(
    (done) => {
      span.end(done?.result.status ?? 499);
      if (done && !response.destroyed) answer(response, done.result, done.times, head);
    },
    (error: unknown) => {
      span.end(500, error);
      // The path without its query: a query may hold what a visitor typed (a search, a token).
      console.error('[renderer] page failed', path.split('?')[0], error);
      if (!response.headersSent) send(response, 500, { 'Content-Type': 'text/plain' }, 'render failed\n', head);
    },
  );
});

server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`The renderer is at http://${host}:${actual}`);
});

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => server.close(() => void tracing.shutdown().finally(() => process.exit(0))));
}
