// @vitest-environment node
/**
 * A worker renders several pages at once: each must come out exactly as it would alone, however
 * their data answers interleave.
 */
import { readFileSync } from 'node:fs';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { allCatalogues } from '@/testing/i18n';
import { envelope, footerBanners, homeAggregate, keywords, languages, navTree, siteInfo } from '@/testing/fixtures';
import { toWireLanguage, type SiteLanguage } from '@/lib/language';
import { createRenderTask } from '../render-task';
import { SOURCES_HEADER } from '../page-answer';
import type { RenderAnswer, RenderTask } from '../task';

const templateHtml = readFileSync(new URL('../../index.html', import.meta.url), 'utf8');

/** The BFF's answers by path; anything else is a failure the page leaves to the browser. */
function reply(path: string): { status: number; body: unknown } {
  const routes: Array<[string, unknown]> = [
    ['/api/programa/buildProgramaTree/', navTree],
    ['/api/language/list', languages],
    ['/api/common/allList', siteInfo],
    ['/api/banner/allList', footerBanners],
    ['/api/keyWord', keywords],
    ['/bff/home', homeAggregate],
  ];
  if (path.includes('/api/news/getNewsDetail/')) {
    return { status: 404, body: { success: false, code: 404, msg: 'gone', data: null, errorKey: 'resource.not_found' } };
  }
  const route = routes.find(([prefix]) => path.includes(prefix));
  if (route) return { status: 200, body: envelope(route[1]) };
  return { status: 503, body: { success: false, code: 503, msg: 'down', data: null, errorKey: 'upstream.unavailable' } };
}

interface Call {
  /** The BFF the call went to: each render of a test has its own. */
  host: string;
  method: string;
  url: URL;
  headers: Headers;
  answer: () => void;
}

/**
 * A stub BFF whose answers wait until the test sends them: `answer(host)` sends every answer
 * waiting for that host's calls.
 */
function heldBff() {
  const calls: Call[] = [];
  const waiting: Call[] = [];
  vi.stubGlobal('fetch', (input: RequestInfo | URL, init?: RequestInit) => {
    const url = new URL(input instanceof Request ? input.url : String(input));
    return new Promise<Response>((resolve) => {
      const call: Call = {
        host: url.host,
        method: init?.method ?? 'GET',
        url,
        headers: new Headers(init?.headers),
        answer: () => {
          const { status, body } = reply(url.pathname);
          resolve(new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }));
        },
      };
      calls.push(call);
      waiting.push(call);
    });
  });
  return {
    calls,
    /** Whether a call of that host waits for its answer. */
    holds: (host: string) => waiting.some((call) => call.host === host),
    answer(host: string) {
      for (const call of waiting.filter((c) => c.host === host)) {
        waiting.splice(waiting.indexOf(call), 1);
        call.answer();
      }
    },
  };
}

type Bff = ReturnType<typeof heldBff>;

interface Page {
  url: string;
  /** The BFF of this render (its calls are told apart by it). */
  bff: string;
  origin: string;
  previewToken?: string;
  traceparent: string;
}

type Answer = Extract<RenderAnswer, { kind: 'answer' }>;

const render = createRenderTask({ templateHtml, apiOrigin: 'http://unused.test', extraHead: '' });

function taskOf(page: Page): RenderTask {
  return { url: page.url, origin: page.origin, previewToken: page.previewToken ?? null, traceparent: page.traceparent, gone: new Int32Array(new SharedArrayBuffer(4)) };
}

/** Renders with the page's own BFF as the renderer's upstream. */
async function renderWith(page: Page): Promise<Answer> {
  const task = createRenderTask({ templateHtml, apiOrigin: `http://${page.bff}`, extraHead: '' });
  const answer = await task(taskOf(page));
  if (answer.kind !== 'answer') throw new Error(`${page.url} was skipped`);
  return answer;
}

/** Renders one page alone, answering its calls as they come. */
async function alone(bff: Bff, page: Page) {
  let done = false;
  const rendering = renderWith(page).finally(() => (done = true));
  while (!done) {
    await vi.waitFor(() => expect(done || bff.holds(page.bff)).toBe(true), { timeout: 10_000, interval: 5 });
    bff.answer(page.bff);
  }
  return rendering;
}

/**
 * Renders two pages at once and answers their calls in crossed order: once each render still
 * under way waits for an answer, the one started last gets its answers first, then the other;
 * the next round the other way round.
 */
async function crossed(bff: Bff, first: Page, second: Page): Promise<[Answer, Answer]> {
  const done = new Set<string>();
  const a = renderWith(first).finally(() => done.add(first.bff));
  const b = renderWith(second).finally(() => done.add(second.bff));
  let order = [second.bff, first.bff];
  while (done.size < 2) {
    await vi.waitFor(
      () => expect(order.every((host) => done.has(host) || bff.holds(host)), 'each render under way waits for an answer of its own BFF').toBe(true),
      { timeout: 10_000, interval: 5 },
    );
    for (const host of order) bff.answer(host);
    order = [...order].reverse();
  }
  return Promise.all([a, b]);
}

/** The calls a render made, as its sources name them (method, path, query, its lang header). */
function callsOf(bff: Bff, host: string): string[] {
  const made = bff.calls.filter((call) => call.host === host);
  return [...new Set(made.map((call) => `${call.method} ${call.url.pathname}${call.url.search}${call.url.search ? '&' : '?'}lang=${call.headers.get('lang')}`))];
}

function sourcesOf(answer: { headers: Record<string, string> }): string[] {
  return (answer.headers[SOURCES_HEADER] ?? '').split(', ').map((entry) => entry.replaceAll('%2C', ','));
}

/** The page without the times its data arrived at (in its data block), which differ between runs. */
function withoutTimes(html: string): string {
  return html.replace(/"(dehydratedAt|dataUpdatedAt|errorUpdatedAt)":\d+/g, '"$1":0');
}

function text(lang: SiteLanguage, key: string): string {
  const common = allCatalogues()[lang].common as Record<string, Record<string, string>>;
  const [group = '', name = ''] = key.split('.');
  const value = common[group]?.[name];
  if (!value) throw new Error(`no ${lang} text ${key}`);
  return value;
}

const en: Page = { url: '/en/index', bff: 'bff-en.test', origin: 'https://en.example', traceparent: '00-11111111111111111111111111111111-1111111111111111-01' };
const jpPreview: Page = {
  url: '/jp/preview/index',
  bff: 'bff-jp.test',
  origin: 'https://jp.example',
  previewToken: 'editor-token-jp',
  traceparent: '00-22222222222222222222222222222222-2222222222222222-01',
};

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('renders that interleave in one worker', () => {
  it('each come out in their own language, origin, texts, preview token and trace, as they would alone', async () => {
    const soloBff = heldBff();
    const soloEn = await alone(soloBff, en);
    const soloJp = await alone(soloBff, jpPreview);

    const bff = heldBff();
    const [both, jp] = await crossed(bff, en, jpPreview);

    expect(withoutTimes(both.body)).toBe(withoutTimes(soloEn.body));
    expect(withoutTimes(jp.body)).toBe(withoutTimes(soloJp.body));
    expect(both.headers).toEqual(soloEn.headers);
    expect(jp.headers).toEqual(soloJp.headers);

    expect(both.body).toContain('<html lang="en"');
    expect(both.body).toContain('<link rel="canonical" href="https://en.example/en/index"');
    expect(both.body).toContain(text('en', 'nav.skipToContent'));
    expect(both.body).not.toContain('jp.example');
    expect(jp.body).toContain('<html lang="ja"');
    expect(jp.body).toContain(text('jp', 'nav.skipToContent'));
    expect(jp.body).toContain('"lang":"jp"');
    expect(jp.body).not.toContain('en.example');
    // The Japanese page's titles are split into phrases; the English page has none of them.
    expect(jp.body).toContain('id="ssr-phrases"');
    expect(both.body).not.toContain('id="ssr-phrases"');

    const enCalls = bff.calls.filter((call) => call.host === en.bff);
    const jpCalls = bff.calls.filter((call) => call.host === jpPreview.bff);
    expect(enCalls.length).toBeGreaterThan(0);
    expect(jpCalls.length).toBeGreaterThan(0);
    for (const call of enCalls) {
      expect([call.headers.get('lang'), call.headers.get('preview'), call.headers.get('traceparent')]).toEqual(['en', null, en.traceparent]);
    }
    for (const call of jpCalls) {
      expect([call.headers.get('lang'), call.headers.get('preview'), call.headers.get('traceparent')]).toEqual([toWireLanguage('jp'), 'editor-token-jp', jpPreview.traceparent]);
    }
  });

  it("each report only their own content as missing", async () => {
    const missing: Page = { ...en, url: '/en/newsDetail/999?typeId=1' };
    const jp: Page = { ...jpPreview, url: '/jp/index', previewToken: undefined };
    const bff = heldBff();
    const [gone, found] = await crossed(bff, missing, jp);
    expect(gone.status).toBe(404);
    expect(found.status).toBe(200);
    expect(gone.body).toContain('<meta name="robots" content="noindex');
    expect(found.body).not.toContain('noindex');
  });

  it('each list exactly the data calls they made', async () => {
    const bff = heldBff();
    const [a, b] = await crossed(bff, en, { ...jpPreview, url: '/jp/index', previewToken: undefined });
    expect(sourcesOf(a).sort()).toEqual(callsOf(bff, en.bff).sort());
    expect(sourcesOf(b).sort()).toEqual(callsOf(bff, jpPreview.bff).sort());
    expect(sourcesOf(a)).toContain('GET /prod-api/bff/home?lang=en');
    expect(sourcesOf(b)).toContain('GET /prod-api/bff/home?lang=ja');
    expect(sourcesOf(a)).toContain('POST /prod-api/api/language/list?lang=en');
  });
});

describe('a task', () => {
  it('whose client left before a worker took it is skipped without rendering', async () => {
    const bff = heldBff();
    const task = taskOf(en);
    Atomics.store(task.gone, 0, 1);
    expect(await render(task)).toEqual({ kind: 'skipped' });
    expect(bff.calls).toHaveLength(0);
  });
});
