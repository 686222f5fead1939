import { vi } from 'vitest';

export interface RecordedRequest {
  url: string;
  method: string;
  headers: Headers;
  body: string | null;
}

type Reply = { status?: number; body: unknown; headers?: Record<string, string> };
export type MockReply = Reply | ((request: RecordedRequest) => Reply);

/**
 * Replaces global fetch: the first route whose pattern matches the URL answers. Unmatched
 * requests fail the test loudly. Returns the recorded requests.
 */
export function mockFetch(routes: Array<[pattern: string | RegExp, reply: MockReply]>) {
  const requests: RecordedRequest[] = [];
  // A promise that rejects (as fetch does) when the route throws.
  const fetchMock = vi.fn((input: RequestInfo | URL, init?: RequestInit) => new Promise<Response>((resolve) => resolve(answer(input, init))));
  const answer = (input: RequestInfo | URL, init?: RequestInit): Response => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    const request: RecordedRequest = {
      url,
      method: init?.method ?? 'GET',
      headers: new Headers(init?.headers),
      body: typeof init?.body === 'string' ? init.body : null,
    };
    requests.push(request);
    const route = routes.find(([pattern]) => (typeof pattern === 'string' ? url.includes(pattern) : pattern.test(url)));
    if (!route) throw new Error(`Unexpected request in test: ${request.method} ${url}`);
    const reply = typeof route[1] === 'function' ? route[1](request) : route[1];
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json', ...reply.headers } });
  };
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
