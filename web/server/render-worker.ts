/**
 * The module every worker thread of the renderer's pool loads (piscina calls its default export
 * with each task): server/render-task.ts with the settings the server gave the pool.
 */
import { workerData } from 'node:worker_threads';
import { createRenderTask } from './render-task';
import type { WorkerConfig } from './task';

export default createRenderTask(workerData as WorkerConfig);
