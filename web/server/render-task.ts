/**
 * A worker's part of the renderer: renders one page of a {@link RenderTask} into its HTTP answer.
 * A worker runs several at once (server/renderer.ts, RENDERER_CONCURRENCY): each render keeps
 * its request's values to itself (lib/render-context.ts), so they interleave while they wait
 * for their data.
 */
import { JSDOM } from 'jsdom';
import { setSanitizerWindow } from '@/components/ui/rich-text';
import { renderPage } from '@/entry-server';
import { pageAnswer } from './page-answer';
import { type RenderAnswer, type RenderTask, type WorkerConfig, clock } from './task';
import { parseTemplate } from './template';

/** Readies this thread for rendering and returns the function that renders a task. */
export function createRenderTask(config: WorkerConfig): (task: RenderTask) => Promise<RenderAnswer> {
  const template = parseTemplate(config.templateHtml);
  // CMS rich text is sanitised with DOMPurify, which needs a DOM.
  setSanitizerWindow(new JSDOM('').window);
  return async (task) => {
    // Its client left while it waited for a worker: nobody would read the page.
    if (Atomics.load(task.gone, 0) !== 0) return { kind: 'skipped' };
    const began = clock();
    const result = await renderPage({
      url: task.url,
      origin: task.origin,
      apiOrigin: config.apiOrigin,
      previewToken: task.previewToken,
      traceparent: task.traceparent,
    });
    const answer = pageAnswer(result, template, config.extraHead);
    return { kind: 'answer', ...answer, began, ended: clock() };
  };
}
