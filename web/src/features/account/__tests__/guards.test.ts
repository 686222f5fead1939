import type { LoaderFunctionArgs } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attentionStore } from '@/lib/attention';
import { reloadPage } from '@/lib/reload';
import { type ToastMessage, connectToaster } from '@/lib/toast';
import { getReturnPage } from '@/lib/session';
import { mockFetch } from '@/testing/mock-fetch';
import { deregisterGuard, loginGuard, previousPage, registerGuard, requireLogin, virtualGuard, wechatLoginGuard } from '../guards';
import { verifySessionOnNavigation } from '../session-check';

vi.mock('@/lib/reload', () => ({ reloadPage: vi.fn() }));

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

  it('close /wechatLogin like /login', async () => {
    expect(await wechatLoginGuard(args('/wechatLogin'), 'none')).toBeNull();
    expect(location(await wechatLoginGuard(args('/wechatLogin?from=%2Fnews'), 'valid'))).toBe('/news');
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

describe('a session token in a link (wechatLogin?token=, virtual?token=)', () => {
  // The account of the link's token, as the server describes it.
  const STRANGER = { id: 1002, userName: 'Mallory', phone: null, email: 'mallory@example.com', companyName: null, country: null, industry: null, createTime: '2024-01-01T00:00:00Z' };

  /** The server: validateToken and findUserInfo answer for `tok-stranger` only, read from the token header. */
  function strangerServer() {
    const ok = (data: unknown) => ({ body: { success: true, code: 200, msg: 'ok', data } });
    const refused = { status: 401, body: { success: false, code: 401, msg: 'expired', data: null, errorKey: 'account.token_expired' } };
    return mockFetch([
      ['/login/validateToken', (r) => (r.headers.get('token') === 'tok-stranger' ? ok({ valid: true, userId: 1002 }) : refused)],
      ['/login/findUserInfo/1002', (r) => (r.headers.get('token') === 'tok-stranger' ? ok(STRANGER) : refused)],
    ]);
  }

  function stored() {
    return {
      id: localStorage.getItem('jakaUserId'),
      name: localStorage.getItem('jakaUserName'),
      account: localStorage.getItem('jakaUserAccount'),
      email: localStorage.getItem('jakaUserAccountEmail'),
      info: JSON.parse(localStorage.getItem('jakaUserInfo') ?? 'null') as unknown,
    };
  }

  const VISITOR = { id: '7', name: 'Li Wei', account: '13800138000', email: 'li@example.com', info: { token: 'tok-1' } };
  const WHOLLY_STRANGER = {
    id: '1002',
    name: 'Mallory',
    account: 'mallory@example.com',
    email: 'mallory@example.com',
    info: { token: 'tok-stranger', userId: 1002, userName: 'Mallory', account: 'mallory@example.com', email: 'mallory@example.com' },
  };

  async function answer(confirmed: boolean) {
    await vi.waitFor(() => expect(attentionStore.get()).not.toBeNull());
    const question = attentionStore.get();
    question?.resolve(confirmed);
    return question;
  }

  afterEach(() => {
    attentionStore.get()?.resolve(false);
    vi.mocked(reloadPage).mockClear();
  });

  it('with nobody logged in: reads the user from the server and stores the whole session, then goes on without the token', async () => {
    const { requests } = strangerServer();
    const response = await wechatLoginGuard(args('/en/wechatLogin?token=tok-stranger&from=%2Fen%2Frepair'), 'none');
    expect(location(response)).toBe('/en/repair');
    expect(response?.headers.get('X-Remix-Replace'), 'replaces the address: no history entry keeps the token').not.toBeNull();
    expect(stored()).toEqual(WHOLLY_STRANGER);
    expect(requests.map((r) => r.url)).toEqual(['/prod-api/login/validateToken', '/prod-api/login/findUserInfo/1002']);
    expect(requests.every((r) => !r.url.includes('tok-stranger')), 'the token is never in a URL').toBe(true);
    expect(attentionStore.get()).toBeNull();
  });

  it('with nobody logged in and a token the server refuses: stores nothing and says so', async () => {
    strangerServer();
    const response = await virtualGuard(args('/en/virtual?token=tok-forged'), 'none');
    expect(location(response)).toBe('/en/virtual');
    expect(localStorage.getItem('jakaUserInfo')).toBeNull();
    expect(toasts.at(-1)?.kind).toBe('warning');
  });

  it('with a visitor logged in: keeps them, unchanged, until they answer; no keeps them for good', async () => {
    storeSession();
    const { requests } = strangerServer();
    const response = await wechatLoginGuard(args('/en/wechatLogin?token=tok-stranger&from=%2Fen%2Frepair'), 'valid');
    expect(location(response)).toBe('/en/repair');
    expect(response?.headers.get('X-Remix-Replace')).not.toBeNull();
    expect(stored(), 'nothing changes before the answer').toEqual(VISITOR);
    const question = await answer(false);
    expect(question?.message).toContain('Li Wei');
    expect(question?.confirmLabel).toBe('Switch account');
    await vi.waitFor(() => expect(toasts.at(-1)?.message).toBe('You are still logged in as Li Wei.'));
    expect(stored()).toEqual(VISITOR);
    expect(requests).toHaveLength(0);
    expect(reloadPage).not.toHaveBeenCalled();
  });

  it('with a visitor logged in: yes replaces the whole session with the server\'s user and starts the page again', async () => {
    storeSession();
    strangerServer();
    const response = await virtualGuard(args('/en/virtual?token=tok-stranger'), 'valid');
    expect(location(response)).toBe('/en/virtual');
    await answer(true);
    await vi.waitFor(() => expect(reloadPage).toHaveBeenCalledTimes(1));
    expect(stored()).toEqual(WHOLLY_STRANGER);
  });

  it('asks nothing when the link holds the token already in use, and takes an empty token as none', async () => {
    storeSession();
    const { requests } = strangerServer();
    expect(location(await virtualGuard(args('/en/virtual?token=tok-1&tab=2'), 'valid'))).toBe('/en/virtual?tab=2');
    expect(location(await wechatLoginGuard(args('/wechatLogin?token=&from=%2Fnews'), 'none'))).toBe('/wechatLogin?from=%2Fnews');
    expect(attentionStore.get()).toBeNull();
    expect(requests).toHaveLength(0);
    expect(stored()).toEqual(VISITOR);
  });

  it('takes the token out of the address bar at once on a first load', async () => {
    strangerServer();
    window.history.replaceState(null, '', '/en/virtual?token=tok-stranger&tab=2');
    const pending = virtualGuard(args('/en/virtual?token=tok-stranger&tab=2'), 'none');
    expect(window.location.href).toBe(`${ORIGIN}/en/virtual?tab=2`);
    await pending;
  });
});
