// The page renderer's speed over every public page of spec section 2 in zh, en and ja: first one
// page at a time with the BFF's content cache cold, then with the cache warm, by clients asking
// one page after another side by side (CONCURRENCY, e.g. 1 and 8, as a crawler does). For each it
// prints the pages rendered a second, the pages per second of the renderer's own CPU time (a
// core's worth of rendering), and the median and p95 of the render itself (Server-Timing:
// render;dur=…), of the wait for a worker (queue;dur=…) and of the whole answer as the client saw
// it. It starts its own renderer against a running site (BASE_URL, default that of `make run`)
// and asks it directly, so the BFF's page cache is not in the way.
//
//   node bench/render-times.mjs            (the site must be up: make run)
//   BASE_URL=http://127.0.0.1:9000 node bench/render-times.mjs
//   CONCURRENCY=1,4,8 ROUNDS=5 node bench/render-times.mjs
//   RENDERER=/other/web/dist-ssr/renderer.js WEB_DIR=/other/web/dist node bench/render-times.mjs
//                                          (another build, e.g. an older commit's, to compare)
//   DATA_DELAY_MS=100 node bench/render-times.mjs
//                                          (every data call answered that much later, as by a
//                                          content system that is slow or not cached yet)
//
// The renderer's own settings (RENDERER_WORKERS, RENDERER_CONCURRENCY, …) pass through.
import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { readFileSync } from 'node:fs';
import { createServer, request as httpRequest } from 'node:http';
import { availableParallelism } from 'node:os';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const levels = (process.env.CONCURRENCY ?? '1,8').split(',').map(Number);
const rounds = Number(process.env.ROUNDS ?? 3);
if (levels.some((n) => !Number.isInteger(n) || n < 1) || !Number.isInteger(rounds) || rounds < 1) {
  throw new Error('CONCURRENCY: whole numbers from 1, separated by commas (1,8); ROUNDS: a whole number from 1');
}
const pages = [
  'index', 'resource', 'thx', 'investment', 'ESG', 'search?searchInfo=JAKA',
  'productList', 'productList/1', 'productDetails/103', 'productComparison?ids=101,102',
  'solutionList', 'case', 'caseDetail/1', 'application/1', 'industry/1', 'productLevel/1',
  'service', 'showRoom', 'jakaAcademy', 'download', 'commonQuestion', 'provider',
  'jaka+', 'jakaHotline', 'jakaList/1', 'jakaDetail/1', 'about', 'contact', 'join', 'position',
  'news', 'newsDetail/4?typeId=1', 'flsm', 'imprint?key=terms', 'cooperationIntent', 'activity',
];
const paths = ['', '/en', '/jp'].flatMap((prefix) => pages.map((page) => `${prefix}/${page}`));

/** The site, or a proxy in front of it that answers every data call DATA_DELAY_MS later. */
async function dataSource() {
  const delay = Number(process.env.DATA_DELAY_MS ?? 0);
  if (!(delay > 0)) return { url: base, close: () => undefined };
  const proxy = createServer((request, response) => {
    setTimeout(() => {
      const headers = { ...request.headers };
      delete headers.host;
      const forward = httpRequest(new URL(request.url, base), { method: request.method, headers }, (answer) => {
        response.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(response);
      });
      forward.on('error', () => response.writeHead(502).end());
      request.pipe(forward);
    }, delay);
  });
  proxy.listen(0, '127.0.0.1');
  await once(proxy, 'listening');
  return { url: `http://127.0.0.1:${proxy.address().port}`, close: () => proxy.close() };
}
const data = await dataSource();

const renderer = spawn(process.execPath, [process.env.RENDERER ?? 'web/dist-ssr/renderer.js'], {
  env: { ...process.env, RENDERER_PORT: '0', RENDERER_API_URL: data.url, WEB_DIR: process.env.WEB_DIR ?? 'web/dist' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [line] = await once(renderer.stdout, 'data');
const url = /http:\/\/\S+/.exec(String(line))?.[0];
if (!url) throw new Error(`the renderer did not say where it is: ${line}`);

/** The renderer's CPU time so far in seconds (all its threads), or null where /proc has none. */
function cpuSeconds() {
  try {
    const fields = readFileSync(`/proc/${renderer.pid}/stat`, 'utf8').split(') ')[1].split(' ');
    // utime and stime (fields 14 and 15 of the line) in clock ticks, 100 a second on Linux.
    return (Number(fields[11]) + Number(fields[12])) / 100;
  } catch {
    return null;
  }
}

async function ask(path) {
  const started = performance.now();
  const response = await fetch(url + path, { headers: { 'X-Site-Origin': base } });
  await response.text();
  const timing = response.headers.get('server-timing') ?? '';
  const render = /render;dur=([\d.]+)/.exec(timing)?.[1];
  const queue = /queue;dur=([\d.]+)/.exec(timing)?.[1];
  if (response.status >= 500 || !render) throw new Error(`${path}: ${response.status}`);
  return { render: Number(render), queue: Number(queue ?? 0), total: performance.now() - started };
}

/** Every path `times` times, asked by `clients` clients side by side. */
async function pass(clients, times) {
  const work = Array.from({ length: times }, () => paths).flat();
  const results = [];
  const cpuBefore = cpuSeconds();
  const started = performance.now();
  await Promise.all(
    Array.from({ length: clients }, async () => {
      for (let path = work.shift(); path !== undefined; path = work.shift()) results.push(await ask(path));
    }),
  );
  const seconds = (performance.now() - started) / 1000;
  const cpu = cpuBefore === null ? null : cpuSeconds() - cpuBefore;
  return { results, seconds, cpu };
}

const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
};
const ms = (values) => `${quantile(values, 0.5).toFixed(1).padStart(6)} / ${quantile(values, 0.95).toFixed(1).padStart(6)}`;

function report(name, { results, seconds, cpu }) {
  const perSecond = results.length / seconds;
  const perCore = cpu ? (results.length / cpu).toFixed(1) : '–';
  console.log(
    `${name.padEnd(30)} pages ${String(results.length).padStart(4)}  ${perSecond.toFixed(1).padStart(6)} pages/s  ` +
      `${perCore.padStart(6)} pages/CPU-s  render ${ms(results.map((r) => r.render))} ms  ` +
      `queue ${ms(results.map((r) => r.queue))} ms  answer ${ms(results.map((r) => r.total))} ms (median / p95)`,
  );
}

try {
  const delay = data.url === base ? '' : `, data calls answered ${process.env.DATA_DELAY_MS} ms later`;
  console.log(`renderer ${process.env.RENDERER ?? 'web/dist-ssr/renderer.js'}, ${availableParallelism()} cores, ${rounds} rounds of ${paths.length} pages${delay}`);
  report('content cache cold, 1 client', await pass(1, 1));
  for (const clients of levels) report(`warm, ${clients} client${clients === 1 ? '' : 's'}`, await pass(clients, rounds));
} finally {
  renderer.kill();
  data.close();
}
