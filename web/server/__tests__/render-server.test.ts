// @vitest-environment node
/**
 * The renderer's HTTP server in front of a real pool of worker threads, whose worker is a
 * stand-in (held-worker.mjs) that answers only once the test lets it.
 */
import { type Server, request as httpRequest } from 'node:http';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { HEALTH_PATH, createRenderServer } from '../render-server';
import type { RenderAnswer, RenderTask } from '../task';
import { startTracing } from '../tracing';

const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
const WAIT = { timeout: 10_000, interval: 5 };

interface Renderer {
  base: string;
  server: Server;
  pool: Piscina<RenderTask, RenderAnswer>;
  /** Tasks the worker began to render (skipped ones are not counted). */
  rendered: () => number;
  /** Lets the worker answer every page, now and later. */
  open: () => void;
}

const running: Renderer[] = [];

/** A renderer with one worker rendering one page at a time; its gate closed. */
async function startRenderer(maxQueue: number): Promise<Renderer> {
  const gate = new Int32Array(new SharedArrayBuffer(4));
  const rendered = new Int32Array(new SharedArrayBuffer(4));
  const pool = new Piscina<RenderTask, RenderAnswer>({
    filename: fileURLToPath(new URL('./held-worker.mjs', import.meta.url)),
    workerData: { gate, rendered },
    minThreads: 1,
    maxThreads: 1,
    concurrentTasksPerWorker: 1,
    maxQueue,
    atomics: 'disabled',
  });
  const server = createRenderServer(pool, await startTracing({}));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const renderer: Renderer = {
    base: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    server,
    pool,
    rendered: () => Atomics.load(rendered, 0),
    open() {
      Atomics.store(gate, 0, 1);
      Atomics.notify(gate, 0);
    },
  };
  running.push(renderer);
  return renderer;
}

afterEach(async () => {
  for (const renderer of running.splice(0)) {
    renderer.open();
    renderer.server.closeAllConnections();
    await new Promise((resolve) => renderer.server.close(resolve));
    await renderer.pool.destroy();
  }
});

/** A request with a path as sent, which fetch would normalise. */
function rawGet(base: string, path: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const request = httpRequest(`${base}/`, { path }, (response) => {
      response.resume();
      resolve(response.statusCode ?? 0);
    });
    request.on('error', reject);
    request.end();
  });
}

describe('the page renderer', () => {
  it("answers with the worker's page and the BFF's measures of it", async () => {
    const renderer = await startRenderer(4);
    renderer.open();
    const response = await fetch(`${renderer.base}/en/index?x=1`, {
      headers: { 'X-Site-Origin': 'https://www.jaka.com/ignored', traceparent, 'X-Preview-Token': ' token-1 ' },
    });
    const body = await response.text();
    expect(response.status).toBe(200);
    expect(body).toBe(`<p>/en/index?x=1 for https://www.jaka.com, trace ${traceparent}, preview token-1</p>`);
    expect(response.headers.get('content-length')).toBe(String(Buffer.byteLength(body)));
    expect(response.headers.get('server-timing')).toMatch(/^queue;dur=\d+\.\d, render;dur=\d+\.\d$/);
    expect(response.headers.get('x-renderer-queue')).toBe('0');

    const head = await fetch(`${renderer.base}/en/index?x=1`, {
      method: 'HEAD',
      headers: { 'X-Site-Origin': 'https://www.jaka.com/ignored', traceparent, 'X-Preview-Token': ' token-1 ' },
    });
    expect([head.status, await head.text(), head.headers.get('content-length')]).toEqual([200, '', String(Buffer.byteLength(body))]);
  });

  it('answers its health, other methods and bad paths without a worker', async () => {
    const renderer = await startRenderer(4);
    const health = await fetch(`${renderer.base}${HEALTH_PATH}`);
    expect([health.status, await health.text()]).toEqual([200, 'ok\n']);
    const post = await fetch(`${renderer.base}/en/index`, { method: 'POST', body: 'x' });
    expect([post.status, post.headers.get('allow')]).toEqual([405, 'GET, HEAD']);
    expect(await rawGet(renderer.base, '//evil.example/x')).toBe(400);
    expect(renderer.rendered()).toBe(0);
  });

  it('refuses a page at once with 503 and Retry-After when its queue is full, and says how many pages waited', async () => {
    const renderer = await startRenderer(2);
    const first = fetch(`${renderer.base}/a`);
    await vi.waitFor(() => expect(renderer.rendered()).toBe(1), WAIT);
    const second = fetch(`${renderer.base}/b`);
    await vi.waitFor(() => expect(renderer.pool.queueSize).toBe(1), WAIT);
    const third = fetch(`${renderer.base}/c`);
    await vi.waitFor(() => expect(renderer.pool.queueSize).toBe(2), WAIT);

    // The worker is still held: a server that waited for room would never answer here.
    const refused = await fetch(`${renderer.base}/d`);
    expect([refused.status, refused.headers.get('retry-after'), await refused.text()]).toEqual([503, '1', 'busy\n']);
    expect(renderer.rendered()).toBe(1);

    renderer.open();
    const answers = await Promise.all([first, second, third]);
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200]);
    expect(answers.map((answer) => answer.headers.get('x-renderer-queue'))).toEqual(['0', '0', '1']);
    const waited = /queue;dur=([\d.]+)/.exec(answers[2]?.headers.get('server-timing') ?? '')?.[1];
    expect(Number(waited)).toBeGreaterThan(0);
  });

  it('skips a page whose client left while it waited for a worker', async () => {
    const renderer = await startRenderer(4);
    const first = fetch(`${renderer.base}/a`);
    await vi.waitFor(() => expect(renderer.rendered()).toBe(1), WAIT);
    const leaving = httpRequest(`${renderer.base}/b`);
    leaving.on('error', () => undefined);
    leaving.end();
    await vi.waitFor(() => expect(renderer.pool.queueSize).toBe(1), WAIT);
    leaving.destroy();
    // The server has seen the client go once only the first page's connection is open.
    await vi.waitFor(async () => expect(await new Promise((resolve) => renderer.server.getConnections((_, count) => resolve(count)))).toBe(1), WAIT);

    renderer.open();
    expect((await first).status).toBe(200);
    await vi.waitFor(() => expect(renderer.pool.completed).toBe(2), WAIT);
    expect(renderer.rendered()).toBe(1);
  });
});
