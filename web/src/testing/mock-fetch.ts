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
/**
 * The puzzle every lead form asks for (lib/lead-guard.ts); the solver is a stand-in in tests
 * (testing/setup.ts), so any puzzle will do. A test's own route for it comes first.
 */
export const LEAD_CHALLENGE = {
  algorithm: 'SHA-256',
  challenge: 'a'.repeat(64),
  maxnumber: 100_000,
  salt: `0123456789abcdef01234567?expires=${Math.floor(Date.now() / 1000) + 1800}`,
  signature: 'b'.repeat(64),
} as const;

const defaultRoutes: Array<[pattern: string | RegExp, reply: MockReply]> = [
  ['/api/leads/challenge', { body: { success: true, code: 200, msg: '操作成功', data: LEAD_CHALLENGE } }],
];

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
    const route = [...routes, ...defaultRoutes].find(([pattern]) => (typeof pattern === 'string' ? url.includes(pattern) : pattern.test(url)));
    if (!route) throw new Error(`Unexpected request in test: ${request.method} ${url}`);
    const reply = typeof route[1] === 'function' ? route[1](request) : route[1];
    const text = typeof reply.body === 'string' ? reply.body : JSON.stringify(reply.body);
    return new Response(text, { status: reply.status ?? 200, headers: { 'Content-Type': 'application/json', ...reply.headers } });
  };
  vi.stubGlobal('fetch', fetchMock);
  return { fetchMock, requests };
}
