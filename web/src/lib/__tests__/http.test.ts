import { afterEach, describe, expect, it, vi } from 'vitest';
import { bannerAllList } from '@/api/generated/endpoints/content/content';
import { buildProgramaTree } from '@/api/generated/endpoints/site/site';
import { languageList } from '@/api/generated/endpoints/language/language';
import { envelope, homeBanners, languages, navTree } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { config as zodConfig, z } from 'zod';
import { ApiError, ResponseShapeError, http } from '../http';
import { setPageLanguage } from '../page-language';
import { newServerRender, runServerRender } from '../server-render';

afterEach(() => {
  setPageLanguage('zh');
  vi.useRealTimers();
  vi.unstubAllEnvs();
});

/** A server render of the tests below runs in a build for the server. */
function inServerBuild(): void {
  vi.stubEnv('SSR', true);
}

describe('the HTTP layer', () => {
  it('prefixes /prod-api and returns the validated envelope', async () => {
    const { requests } = mockFetch([['/api/banner/allList', { body: envelope(homeBanners) }]]);
    const result = await bannerAllList({ type: 2, status: 0 });
    expect(requests[0]?.url).toBe('/prod-api/api/banner/allList?type=2&status=0');
    expect(result.data.map((b) => b.title)).toEqual(['JAKA Zu series', 'MiniCobo', 'Global service']);
  });

  it('sends the page language as the lang header, jp as ja', async () => {
    const { requests } = mockFetch([['/api/language/list', { body: envelope(languages) }]]);
    setPageLanguage('jp');
    await languageList({ pageNum: 1, pageSize: 10 });
    setPageLanguage('en_eu');
    await languageList({ pageNum: 1, pageSize: 10 });
    expect(requests.map((r) => r.headers.get('lang'))).toEqual(['ja', 'en_eu']);
    expect(requests[0]?.method).toBe('POST');
    expect(JSON.parse(requests[0]?.body ?? '')).toEqual({ pageNum: 1, pageSize: 10 });
  });

  it("sends a server render's data calls with the render's traceparent, and the browser's without one", async () => {
    const { requests } = mockFetch([['/api/language/list', { body: envelope(languages) }]]);
    await languageList({ pageNum: 1, pageSize: 10 });
    const traceparent = '00-4bf92f3577b34da6a3ce929d0e0e4736-00f067aa0ba902b7-01';
    const render = newServerRender({ origin: 'https://www.jaka.com', apiOrigin: '', previewToken: null, traceparent }, 'en', false);
    inServerBuild();
    await runServerRender(render, () => languageList({ pageNum: 1, pageSize: 10 }));
    expect(requests.map((r) => r.headers.get('traceparent'))).toEqual([null, traceparent]);
  });

  it("lists a server render's data calls as its sources: method, path, query and language, never a body", async () => {
    const { requests } = mockFetch([
      ['/api/language/list', { body: envelope(languages) }],
      ['/api/banner/allList', { body: envelope(homeBanners) }],
    ]);
    const render = newServerRender({ origin: 'https://www.jaka.com', apiOrigin: 'http://bff.test', previewToken: null, traceparent: null }, 'jp', false);
    inServerBuild();
    await runServerRender(render, async () => {
      await languageList({ pageNum: 1, pageSize: 10 });
      await bannerAllList({ type: 2, status: 0 });
      await bannerAllList({ type: 2, status: 0 });
      await buildProgramaTree(8, { lang: 'en' }).catch(() => undefined);
    });
    // Outside a render (the browser) nothing is collected.
    await bannerAllList({ type: 10, status: 0 });
    expect([...render.sources]).toEqual([
      'POST /prod-api/api/language/list?lang=ja',
      'GET /prod-api/api/banner/allList?type=2&status=0&lang=ja',
      'GET /prod-api/api/programa/buildProgramaTree/8?lang=en',
    ]);
    expect(requests).toHaveLength(5);
  });

  it('lets a call name its language explicitly', async () => {
    const { requests } = mockFetch([['/api/programa', { body: envelope(navTree) }]]);
    await buildProgramaTree(37, { lang: 'jp' });
    expect(requests[0]?.headers.get('lang')).toBe('ja');
  });

  it('sends the stored token, and no token header when logged out', async () => {
    const { requests } = mockFetch([['/api/programa', { body: envelope(navTree) }]]);
    await buildProgramaTree(8);
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-123', name: 'x' }));
    await buildProgramaTree(8);
    localStorage.setItem('jakaUserInfo', 'not json');
    await buildProgramaTree(8);
    expect(requests.map((r) => r.headers.get('token'))).toEqual([null, 'tok-123', null]);
  });

  it('throws an ApiError with the envelope fields on a non-2xx status', async () => {
    mockFetch([
      [
        '/api/language/list',
        {
          status: 400,
          body: {
            success: false,
            code: 400,
            msg: 'pageSize too large',
            data: null,
            errorKey: 'request.invalid',
            errors: [{ field: '/pageSize', message: 'must be <= 100' }],
          },
        },
      ],
    ]);
    const error = await languageList({ pageNum: 1, pageSize: 10 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 400,
      code: 400,
      errorKey: 'request.invalid',
      msg: 'pageSize too large',
      errors: [{ field: '/pageSize', message: 'must be <= 100' }],
    });
  });

  it('throws an ApiError when success is false even with HTTP 200', async () => {
    mockFetch([
      ['/api/banner', { body: { success: false, code: 200, msg: '失败', data: null, errorKey: 'content.failed' } }],
    ]);
    await expect(bannerAllList({ type: 2 })).rejects.toMatchObject({
      name: 'ApiError',
      status: 200,
      errorKey: 'content.failed',
      msg: '失败',
    });
  });

  it('throws an ApiError for a failure without envelope (e.g. a proxy page)', async () => {
    mockFetch([['/api/banner', { status: 502, body: '<html>Bad Gateway</html>' }]]);
    await expect(bannerAllList({ type: 2 })).rejects.toMatchObject({ status: 502, errorKey: 'client.http_error' });
  });

  it('throws a logged ResponseShapeError when a 2xx body breaks the contract', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    const broken = [{ ...homeBanners[0], title: 42 }];
    mockFetch([['/api/banner', { body: envelope(broken) }]]);
    const error = await bannerAllList({ type: 2, status: 0 }).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ResponseShapeError);
    const shapeError = error as ResponseShapeError;
    expect(shapeError.url).toBe('/prod-api/api/banner/allList?type=2&status=0');
    expect(shapeError.issues[0]?.path).toEqual(['data', 0, 'title']);
    expect(consoleError).toHaveBeenCalledWith(
      expect.stringContaining('does not match'),
      '/prod-api/api/banner/allList?type=2&status=0',
      shapeError.issues,
    );
  });

  it('throws a ResponseShapeError when a 2xx body is not JSON', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    mockFetch([['/api/banner', { body: '<!doctype html><title>SPA fallback</title>' }]]);
    await expect(bannerAllList({ type: 2 })).rejects.toBeInstanceOf(ResponseShapeError);
  });

  it('turns a network failure into an ApiError with status 0', async () => {
    vi.stubGlobal('fetch', vi.fn(async () => Promise.reject(new TypeError('Failed to fetch'))));
    await expect(bannerAllList({ type: 2 })).rejects.toMatchObject({ status: 0, errorKey: 'client.network' });
  });

  it('gives up after timeoutMs (10 s by default)', async () => {
    vi.useFakeTimers();
    let seenSignal: AbortSignal | undefined;
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            seenSignal = init.signal ?? undefined;
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const pending = http('/api/banner/allList?type=2').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(9_999);
    expect(seenSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    const error = await pending;
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).isTimeout).toBe(true);

    const slow = http('/api/virtual/applyVirtualMachine', { timeoutMs: 60_000 }).catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(seenSignal?.aborted).toBe(false);
    await vi.advanceTimersByTimeAsync(30_000);
    expect(await slow).toMatchObject({ errorKey: 'client.timeout' });
  });

  it('loads a call’s response schema beside its request and checks the answer with it', async () => {
    let requested = false;
    let loadedBeforeAnswer = false;
    const { fetchMock } = mockFetch([['/api/banner', { body: envelope({ title: 42 }) }]]);
    fetchMock.mockImplementationOnce(() => {
      requested = true;
      return Promise.resolve(new Response(JSON.stringify(envelope({ title: 42 }))));
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const schema = () => {
      loadedBeforeAnswer = !requested;
      return Promise.resolve(z.object({ success: z.literal(true), data: z.object({ title: z.string() }) }));
    };
    const error = await http('/api/banner/allList', { schema }).catch((e: unknown) => e);
    expect(loadedBeforeAnswer).toBe(true);
    expect(error).toBeInstanceOf(ResponseShapeError);
    expect((error as ResponseShapeError).issues[0]?.path).toEqual(['data', 'title']);
  });

  it('reports a schema whose code cannot be loaded as a failure to reach the site', async () => {
    mockFetch([['/api/banner', { body: envelope(homeBanners) }]]);
    const schema = () => Promise.reject(new TypeError('Failed to fetch dynamically imported module'));
    await expect(http('/api/banner/allList', { schema })).rejects.toMatchObject({ name: 'ApiError', status: 0, errorKey: 'client.network' });
  });

  it('reports the code of a call that cannot be loaded as a failure to reach the site', async () => {
    vi.resetModules();
    vi.doMock('../http-request', () => {
      throw new TypeError('Failed to fetch dynamically imported module');
    });
    // The API would answer: only the missing code fails the call.
    mockFetch([['/api/banner', { body: envelope(homeBanners) }]]);
    try {
      const fresh = await import('../http');
      await expect(fresh.http('/api/banner/allList')).rejects.toMatchObject({
        name: 'ApiError',
        status: 0,
        errorKey: 'client.network',
        url: '/prod-api/api/banner/allList',
      });
    } finally {
      vi.doUnmock('../http-request');
      vi.resetModules();
    }
  });

  it('uses zod without compiled parsers, which the content security policy forbids', () => {
    expect(zodConfig().jitless).toBe(true);
  });

  it('passes a caller cancellation through as it is', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(
        (_url: string, init: RequestInit) =>
          new Promise<Response>((_resolve, reject) => {
            init.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
          }),
      ),
    );
    const controller = new AbortController();
    const pending = http('/api/banner/allList', { signal: controller.signal }).catch((e: unknown) => e);
    controller.abort();
    const error = await pending;
    expect(error).not.toBeInstanceOf(ApiError);
    expect((error as Error).name).toBe('AbortError');
  });
});
