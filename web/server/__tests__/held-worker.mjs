// A stand-in for server/render-worker.ts in the pool's tests: it answers a page only once the
// test opens its gate (workerData.gate[0] = 1), and counts the tasks it rendered
// (workerData.rendered[0]). A task whose client left is skipped, as the real worker does.
import { workerData } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

const clock = () => performance.timeOrigin + performance.now();

export default async function render(task) {
  if (Atomics.load(task.gone, 0) !== 0) return { kind: 'skipped' };
  const began = clock();
  Atomics.add(workerData.rendered, 0, 1);
  while (Atomics.load(workerData.gate, 0) === 0) await Atomics.waitAsync(workerData.gate, 0, 0).value;
  return {
    kind: 'answer',
    status: 200,
    headers: { 'Content-Type': 'text/html; charset=utf-8' },
    body: `<p>${task.url} for ${task.origin}, trace ${task.traceparent}, preview ${task.previewToken}</p>`,
    began,
    ended: clock(),
  };
}
