// The renderer's own time per page (Server-Timing: render;dur=…), median and p95, over every
// public page of spec section 2 in zh, en and ja: first with the BFF's content cache cold, then
// warm. It starts its own renderer against a running site (BASE_URL, default that of `make run`)
// and asks it directly, so the BFF's page cache is not in the way.
//
//   node bench/render-times.mjs            (the site must be up: make run)
//   BASE_URL=http://127.0.0.1:9000 node bench/render-times.mjs
import { spawn } from 'node:child_process';
import { once } from 'node:events';

const base = process.env.BASE_URL ?? 'http://127.0.0.1:8080';
const pages = [
  'index', 'resource', 'thx', 'investment', 'ESG', 'search?searchInfo=JAKA',
  'productList', 'productList/1', 'productDetails/103', 'productComparison?ids=101,102',
  'solutionList', 'case', 'caseDetail/1', 'application/1', 'industry/1', 'productLevel/1',
  'service', 'showRoom', 'jakaAcademy', 'download', 'commonQuestion', 'provider',
  'jaka+', 'jakaHotline', 'jakaList/1', 'jakaDetail/1', 'about', 'contact', 'join', 'position',
  'news', 'newsDetail/4?typeId=1', 'flsm', 'imprint?key=terms', 'cooperationIntent', 'activity',
];
const paths = ['', '/en', '/jp'].flatMap((prefix) => pages.map((page) => `${prefix}/${page}`));

const renderer = spawn(process.execPath, ['web/dist-ssr/renderer.js'], {
  env: { ...process.env, RENDERER_PORT: '0', RENDERER_API_URL: base, WEB_DIR: process.env.WEB_DIR ?? 'web/dist' },
  stdio: ['ignore', 'pipe', 'inherit'],
});
const [line] = await once(renderer.stdout, 'data');
const url = /http:\/\/\S+/.exec(String(line))?.[0];
if (!url) throw new Error(`the renderer did not say where it is: ${line}`);

async function pass() {
  const times = [];
  for (const path of paths) {
    const response = await fetch(url + path, { headers: { 'X-Site-Origin': base } });
    await response.text();
    const dur = /render;dur=([\d.]+)/.exec(response.headers.get('server-timing') ?? '')?.[1];
    if (response.status >= 500 || !dur) throw new Error(`${path}: ${response.status}`);
    times.push(Number(dur));
  }
  return times.sort((a, b) => a - b);
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))];
const report = (name, t) =>
  console.log(`${name.padEnd(34)} pages ${String(t.length).padStart(3)}  median ${quantile(t, 0.5).toFixed(1).padStart(6)} ms  p95 ${quantile(t, 0.95).toFixed(1).padStart(6)} ms  max ${t.at(-1).toFixed(1).padStart(6)} ms`);

try {
  report('first render (content cache cold)', await pass());
  report('again (content cache warm)', await pass());
} finally {
  renderer.kill();
}
