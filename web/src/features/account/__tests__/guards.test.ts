import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastMessage, connectToaster } from '@/lib/toast';
import { getReturnPage } from '@/lib/session';
import { mockFetch } from '@/testing/mock-fetch';
import { deregisterGuard, loginGuard, previousPage, registerGuard, requireLogin, wechatLoginGuard } from '../guards';
import { verifySessionOnNavigation } from '../session-check';

const ORIGIN = 'http://localhost:3000';

function args(path: string): LoaderFunctionArgs {
  return { request: new Request(`${ORIGIN}${path}`), params: {}, context: undefined } as unknown as LoaderFunctionArgs;
}

function location(response: Response | null): string | null {
  return response?.headers.get('Location') ?? null;
}

function storeSession(token = 'tok-1') {
  localStorage.setItem('jakaUserInfo', JSON.stringify({ token }));
  localStorage.setItem('jakaUserId', '7');
  localStorage.setItem('jakaUserName', 'Li Wei');
  localStorage.setItem('jakaUserAccount', '13800138000');
  localStorage.setItem('jakaUserAccountEmail', 'li@example.com');
  localStorage.setItem('jakaWhereFrom', '/en/news');
  localStorage.setItem('lang', 'en');
}

const toasts: ToastMessage[] = [];
let disconnect: () => void = () => {};

beforeEach(() => {
  toasts.length = 0;
  disconnect = connectToaster((toast) => toasts.push(toast));
  window.history.replaceState(null, '', '/');
});

afterEach(() => {
  disconnect();
  vi.unstubAllGlobals();
});

describe('the token check on every route change', () => {
  it('asks nothing without a stored token', async () => {
    const { requests } = mockFetch([]);
    expect(await verifySessionOnNavigation(new Request(`${ORIGIN}/en/news`))).toBe('none');
    expect(requests).toHaveLength(0);
  });

  it('keeps a live session', async () => {
    storeSession();
    const { requests } = mockFetch([['/login/validateToken', { body: { success: true, code: 200, msg: 'ok', data: { valid: true, userId: 7 } } }]]);
    expect(await verifySessionOnNavigation(new Request(`${ORIGIN}/en/news`))).toBe('valid');
    // In the header, never in the query (which lands in access logs).
    expect(requests[0]?.url).toBe('/prod-api/login/validateToken');
    expect(requests[0]?.headers.get('token')).toBe('tok-1');
    expect(requests[0]?.method).toBe('POST');
    expect(requests[0]?.headers.get('lang')).toBe('en');
    expect(localStorage.getItem('jakaUserInfo')).not.toBeNull();
  });

  it('on a refused token says "login expired" and clears id, name, account and user info', async () => {
    storeSession();
    mockFetch([
      [
        '/login/validateToken',
        { status: 401, body: { success: false, code: 401, msg: 'expired', data: null, errorKey: 'account.token_expired' } },
      ],
    ]);
    expect(await verifySessionOnNavigation(new Request(`${ORIGIN}/en/news`))).toBe('invalid');
    for (const key of ['jakaUserId', 'jakaUserName', 'jakaUserAccount', 'jakaUserInfo']) expect(localStorage.getItem(key), key).toBeNull();
    expect(localStorage.getItem('jakaWhereFrom')).toBe('/en/news');
    expect(localStorage.getItem('lang')).toBe('en');
    expect(toasts).toEqual([{ kind: 'warning', message: 'Your login has expired. Please log in again.', description: undefined }]);
  });

  it('says it in the page language', async () => {
    storeSession();
    mockFetch([['/login/validateToken', { status: 401, body: { success: false, code: 401, msg: 'x', data: null, errorKey: 'account.token_expired' } }]]);
    await verifySessionOnNavigation(new Request(`${ORIGIN}/index`));
    expect(toasts[0]?.message).toBe('登录已过期，请重新登录');
  });

  it('keeps the session when the account system cannot answer (an outage logs nobody out)', async () => {
    storeSession();
    mockFetch([['/login/validateToken', { status: 503, body: { success: false, code: 503, msg: 'down', data: null, errorKey: 'upstream.unavailable' } }]]);
    expect(await verifySessionOnNavigation(new Request(`${ORIGIN}/en/news`))).toBe('unverified');
    expect(localStorage.getItem('jakaUserInfo')).not.toBeNull();
    expect(toasts).toEqual([]);
  });
});

describe('the guards of the account pages', () => {
  it('send a logged-in visitor away from /login: to ?from=, else the remembered page, else back, else home', () => {
    storeSession();
    expect(location(loginGuard(args('/en/login?from=%2Fen%2Fdownload'), 'valid'))).toBe('/en/download');
    expect(location(loginGuard(args('/en/login'), 'valid'))).toBe('/en/news');
    localStorage.removeItem('jakaWhereFrom');
    window.history.replaceState(null, '', '/en/about?tab=2');
    expect(location(loginGuard(args('/en/login'), 'valid'))).toBe('/en/about?tab=2');
    window.history.replaceState(null, '', '/en/login');
    expect(location(loginGuard(args('/en/login'), 'unverified'))).toBe('/en/index');
    expect(loginGuard(args('/en/login'), 'none')).toBeNull();
    expect(loginGuard(args('/en/login'), 'invalid')).toBeNull();
  });

  it('never send anyone off the site from ?from= (open redirect)', () => {
    storeSession();
    localStorage.removeItem('jakaWhereFrom');
    window.history.replaceState(null, '', '/login');
    for (const evil of ['//evil.example', 'https://evil.example', '/\\evil.example', 'javascript:alert(1)', '/%09/evil.example']) {
      const target = location(loginGuard(args(`/login?from=${encodeURIComponent(evil)}`), 'valid'));
      expect(target, evil).toBe(evil === '/%09/evil.example' ? '/%09/evil.example' : '/index');
      expect(new URL(target ?? '', ORIGIN).origin, evil).toBe(ORIGIN);
    }
  });

  it('close /wechatLogin like /login, and store a mini-program token from its query', () => {
    expect(wechatLoginGuard(args('/wechatLogin'), 'none')).toBeNull();
    const stored = wechatLoginGuard(args('/en/wechatLogin?token=mini-abc&from=%2Fen%2Fvirtual'), 'none');
    expect(JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}')).toEqual({ token: 'mini-abc' });
    expect(location(stored)).toBe('/en/virtual');
    expect(location(wechatLoginGuard(args('/wechatLogin?from=%2Fnews'), 'valid'))).toBe('/news');
  });

  it('keep a logged-in visitor on the previous page instead of /register', () => {
    window.history.replaceState(null, '', '/en/productList');
    expect(location(registerGuard(args('/en/register'), 'valid'))).toBe('/en/productList');
    window.history.replaceState(null, '', '/en/register');
    expect(location(registerGuard(args('/en/register'), 'valid'))).toBe('/en/index');
    expect(registerGuard(args('/en/register'), 'none')).toBeNull();
  });

  it('let only a logged-in visitor into /deregister: back without a token, home when it just expired', () => {
    expect(deregisterGuard(args('/en/deregister'), 'valid')).toBeNull();
    window.history.replaceState(null, '', '/en/news');
    expect(location(deregisterGuard(args('/en/deregister'), 'none'))).toBe('/en/news');
    expect(location(deregisterGuard(args('/en/deregister'), 'invalid'))).toBe('/en/index');
    window.history.replaceState(null, '', '/deregister');
    expect(location(deregisterGuard(args('/deregister'), 'none'))).toBe('/index');
  });

  it('take "back" only from another page of the site', () => {
    const target = new URL(`${ORIGIN}/en/login`);
    expect(previousPage(target, new URL(`${ORIGIN}/en/login`))).toBeNull();
    expect(previousPage(target, new URL(`${ORIGIN}/en/register`))).toBeNull();
    expect(previousPage(target, new URL(`${ORIGIN}/en/news#top`))).toBe('/en/news#top');
  });
});

describe('the login the repair and virtual pages need (requireLogin)', () => {
  it('sends a visitor to the login page of the language, remembering the page in ?from= and jakaWhereFrom', () => {
    const response = requireLogin(args('/en/repairList?status=pending'), 'none');
    expect(response?.status).toBe(302);
    expect(response?.headers.get('Location')).toBe('/en/login?from=%2Fen%2FrepairList%3Fstatus%3Dpending');
    expect(getReturnPage()).toBe('/en/repairList?status=pending');
  });

  it('does the same when the stored token was just refused, in Chinese without prefix', () => {
    const response = requireLogin(args('/repairDetail/5001'), 'invalid');
    expect(response?.headers.get('Location')).toBe('/login?from=%2FrepairDetail%2F5001');
  });

  it('lets a logged-in visitor in, also when the token could not be checked', () => {
    expect(requireLogin(args('/repair'), 'valid')).toBeNull();
    expect(requireLogin(args('/repair'), 'unverified')).toBeNull();
  });
});
