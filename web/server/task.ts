/**
 * What the renderer's HTTP server (server/render-server.ts) and its worker threads
 * (server/render-worker.ts) hand each other for one page.
 */
import { performance } from 'node:perf_hooks';

/** Set once for every worker: what every render needs besides its request. */
export interface WorkerConfig {
  /** The client build's index.html (server/template.ts). */
  templateHtml: string;
  /** The BFF whose /prod-api serves the data. */
  apiOrigin: string;
  /** Head tags added to every page (the Core Web Vitals sample rate, lib/vitals-sampling.ts). */
  extraHead: string;
}

/** One page to render. */
export interface RenderTask {
  /** Path and query of the page. */
  url: string;
  /** The site's public origin. */
  origin: string;
  previewToken: string | null;
  /** The traceparent the page's data calls carry (server/tracing.ts). */
  traceparent: string | null;
  /**
   * A one-element Int32Array over a SharedArrayBuffer that the server sets to 1 when the page's
   * client has left: a task that starts after that is skipped.
   */
  gone: Int32Array;
}

export type RenderAnswer =
  | { kind: 'skipped' }
  | {
      kind: 'answer';
      status: number;
      headers: Record<string, string>;
      body: string;
      /** When a worker took the task and when it finished ({@link clock}). */
      began: number;
      ended: number;
    };

/** Milliseconds since the epoch, sub-millisecond, comparable between threads. */
export function clock(): number {
  return performance.timeOrigin + performance.now();
}
