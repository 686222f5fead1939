/**
 * Server only: runs a page's render with its own {@link ServerRender}, which every function of
 * lib/render-context.ts (and the modules that keep per-page values: page language, page title,
 * phrases, the HTTP layer) finds through an AsyncLocalStorage, however many renders interleave
 * while they wait for their data.
 */
import { AsyncLocalStorage } from 'node:async_hooks';
import type { SiteLanguage } from './language';
import { type ServerRender, type ServerRequestContext, findServerRenderWith } from './render-context';

const renders = new AsyncLocalStorage<ServerRender>();
findServerRenderWith(() => renders.getStore());

/** A render's state as it starts: nothing collected yet. */
export function newServerRender(request: ServerRequestContext, lang: SiteLanguage, preview: boolean): ServerRender {
  return { request, lang, preview, notFound: false, pageTitle: null, phrases: null, sources: new Set() };
}

/** Runs `work` (and everything it starts) as the render `render`. */
export function runServerRender<T>(render: ServerRender, work: () => T): T {
  return renders.run(render, work);
}
