/**
 * The page renderer: a small HTTP server the BFF sends page requests to (RENDERER_URL). It
 * renders the page with React on the server (src/entry-server.tsx) into the client build's
 * index.html, so the HTML carries the page, its head and its data, and the hashed scripts and
 * styles of the build hydrate it.
 *
 *   RENDERER_HOST         address to listen on (127.0.0.1)
 *   RENDERER_PORT         port (0: any free port)
 *   RENDERER_API_URL      the BFF whose /prod-api serves the data (required)
 *   WEB_DIR               the client build (web/dist)
 *   VITALS_SAMPLE_RATE    the share of page views that measure their Core Web Vitals, from 0 to 1
 *                         (0.1), written into every page (lib/vitals-sampling.ts)
 *   RENDERER_WORKERS      worker threads that render (the cores the process may use:
 *                         os.availableParallelism(), fewer under a container's CPU quota)
 *   RENDERER_CONCURRENCY  pages each worker renders at once (4): a render mostly waits for its
 *                         data, and the others use the core meanwhile
 *   RENDERER_MAX_QUEUE    pages that may wait for a worker (64); past it a request is answered
 *                         503 at once, and the BFF serves the client-rendered page
 *
 * It prints `The renderer is at http://host:port` once it listens.
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { Piscina } from 'piscina';
import { DEFAULT_VITALS_SAMPLE_RATE, parseSampleRate, sampleRateMeta } from '@/lib/vitals-sampling';
import { usableCores } from './cores';
import { createRenderServer } from './render-server';
import type { RenderAnswer, RenderTask, WorkerConfig } from './task';
import { parseTemplate } from './template';
import { startTracing } from './tracing';

function fail(message: string): never {
  console.error(message);
  process.exit(2);
}

function required(name: string): string {
  const value = process.env[name]?.trim();
  return value || fail(`${name} is required (the BFF whose /prod-api serves the pages' data, e.g. http://127.0.0.1:8080)`);
}

/** A whole number of at least 1 from the environment, else its default. */
function count(name: string, fallback: number, what: string): number {
  const text = process.env[name]?.trim();
  if (!text) return fallback;
  const value = Number(text);
  return Number.isInteger(value) && value >= 1 && value <= 1024 ? value : fail(`${name} ${JSON.stringify(text)}: want ${what}, a whole number from 1 to 1024`);
}

const host = process.env.RENDERER_HOST?.trim() || '127.0.0.1';
const port = Number(process.env.RENDERER_PORT ?? 0);
const apiOrigin = new URL(required('RENDERER_API_URL')).origin;
const webDir = process.env.WEB_DIR?.trim() || 'web/dist';
const vitalsSampleRate = parseSampleRate(process.env.VITALS_SAMPLE_RATE?.trim() || String(DEFAULT_VITALS_SAMPLE_RATE));
if (vitalsSampleRate === null) {
  fail(`VITALS_SAMPLE_RATE ${JSON.stringify(process.env.VITALS_SAMPLE_RATE)}: want the share of page views measured, from 0 to 1, e.g. 0.1`);
}
const workers = count('RENDERER_WORKERS', usableCores(), 'the worker threads that render');
const concurrency = count('RENDERER_CONCURRENCY', 4, 'the pages a worker renders at once');
const maxQueue = count('RENDERER_MAX_QUEUE', 64, 'the pages that may wait for a worker');

const templateHtml = readFileSync(join(webDir, 'index.html'), 'utf8');
// A broken deployment stops here, not at the first page.
parseTemplate(templateHtml);
const workerData: WorkerConfig = { templateHtml, apiOrigin, extraHead: sampleRateMeta(vitalsSampleRate) };

const tracing = await startTracing();

const pool = new Piscina<RenderTask, RenderAnswer>({
  // The worker's build beside this one (web/dist-ssr/render-worker.js).
  filename: join(dirname(fileURLToPath(import.meta.url)), 'render-worker.js'),
  workerData,
  minThreads: workers,
  maxThreads: workers,
  concurrentTasksPerWorker: concurrency,
  maxQueue,
  // Workers wait for their next task in their event loop, not blocked in Atomics.wait(): the
  // renders under way there are waiting for their data.
  atomics: 'disabled',
});
pool.on('error', (error: unknown) => console.error('[renderer] worker failed', error));

const server = createRenderServer(pool, tracing);

server.listen(port, host, () => {
  const address = server.address();
  const actual = typeof address === 'object' && address ? address.port : port;
  console.log(`The renderer is at http://${host}:${actual}`);
});

// Renders under way finish and are answered; then the workers and the exporter stop.
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () =>
    server.close(() =>
      void pool
        .destroy()
        .finally(() => tracing.shutdown())
        .finally(() => process.exit(0)),
    ),
  );
}
