/**
 * The renderer's HTTP server: it checks a page request, hands the page to the pool of worker
 * threads (server/render-worker.ts) and answers with what the worker rendered. The pool's queue
 * is bounded: when it is full the request is answered 503 at once, and the BFF serves the
 * client-rendered page.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http';
import type { Piscina } from 'piscina';
import { type RenderAnswer, type RenderTask, clock } from './task';
import { type RenderTracing, validTraceparent } from './tracing';

export const HEALTH_PATH = '/__renderer/health';

/** The pool as the server uses it (piscina's). */
export type RenderPool = Pick<Piscina<RenderTask, RenderAnswer>, 'run' | 'queueSize'>;

/** The status of a render whose client left before it began. */
const CLIENT_GONE = 499;

/** piscina's refusal of a task when its queue is full (`maxQueue`). */
function isQueueFull(error: unknown): boolean {
  return error instanceof Error && error.message === 'Task queue is at limit';
}

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
  if (request.headers.host) return `http://${request.headers.host}`;
  const { localAddress = '127.0.0.1', localPort } = request.socket;
  return `http://${localAddress.includes(':') ? `[${localAddress}]` : localAddress}:${localPort}`;
}

function previewTokenOf(request: IncomingMessage): string | null {
  const header = request.headers['x-preview-token'];
  const value = (Array.isArray(header) ? header[0] : header)?.trim();
  return value || null;
}

function send(response: ServerResponse, status: number, headers: Record<string, string>, body: string, head: boolean): void {
  response.writeHead(status, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) });
  response.end(head ? undefined : body);
}

export function createRenderServer(pool: RenderPool, tracing: RenderTracing): Server {
  return createServer((request, response) => {
    const head = request.method === 'HEAD';
    if (request.method !== 'GET' && !head) {
      send(response, 405, { Allow: 'GET, HEAD', 'Content-Type': 'text/plain' }, 'method not allowed\n', false);
      return;
    }
    const path = request.url ?? '/';
    if (path === HEALTH_PATH) {
      send(response, 200, { 'Content-Type': 'text/plain' }, 'ok\n', head);
      return;
    }
    if (!path.startsWith('/') || path.startsWith('//')) {
      send(response, 400, { 'Content-Type': 'text/plain' }, 'bad path\n', head);
      return;
    }

    const arrived = clock();
    // For the BFF's metrics: the tasks waiting for a worker when this one arrived.
    const waiting = pool.queueSize;
    const gone = new Int32Array(new SharedArrayBuffer(4));
    response.on('close', () => {
      if (!response.writableFinished) Atomics.store(gone, 0, 1);
    });
    // The render is a span of the page's trace (server/tracing.ts); its data calls carry it on.
    const span = tracing.start(validTraceparent(request.headers.traceparent), path);
    const task: RenderTask = { url: path, origin: siteOriginOf(request), previewToken: previewTokenOf(request), traceparent: span.traceparent, gone };
    pool.run(task).then(
      (answer) => {
        if (answer.kind === 'skipped') {
          span.end(CLIENT_GONE);
          return;
        }
        span.end(answer.status);
        if (response.destroyed) return;
        // For the BFF's metrics (it drops both before anything reaches a visitor): the wait
        // for a worker, the render itself, and the tasks this one found waiting.
        const timing = `queue;dur=${Math.max(0, answer.began - arrived).toFixed(1)}, render;dur=${(answer.ended - answer.began).toFixed(1)}`;
        send(response, answer.status, { ...answer.headers, 'Server-Timing': timing, 'X-Renderer-Queue': String(waiting) }, answer.body, head);
      },
      (error: unknown) => {
        if (isQueueFull(error)) {
          span.end(503);
          send(response, 503, { 'Content-Type': 'text/plain', 'Retry-After': '1' }, 'busy\n', head);
          return;
        }
        span.end(500, error);
        // The path without its query: a query may hold what a visitor typed (a search, a token).
        console.error('[renderer] page failed', path.split('?')[0], error);
        if (!response.headersSent) send(response, 500, { 'Content-Type': 'text/plain' }, 'render failed\n', head);
      },
    );
  });
}
