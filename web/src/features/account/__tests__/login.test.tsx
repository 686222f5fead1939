import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastMessage, connectToaster } from '@/lib/toast';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { LoginRoute } from '../routes/login';
import { LOGIN, body, envelope, failure } from './helpers';

vi.mock('../utils/leave-site', () => ({ leaveSite: vi.fn() }));
const { leaveSite } = await import('../utils/leave-site');

// Typing through whole forms is slow on a busy machine.
vi.setConfig({ testTimeout: 20_000 });

const toasts: ToastMessage[] = [];
let disconnect: () => void = () => {};
beforeEach(() => {
  toasts.length = 0;
  disconnect = connectToaster((toast) => toasts.push(toast));
});
afterEach(() => {
  disconnect();
  vi.unstubAllGlobals();
  vi.useRealTimers();
  sessionStorage.clear();
});

describe('login by password', () => {
  it('logs in by e-mail, stores the session under the keys of spec 3 and returns to ?from=', async () => {
    const { requests } = mockFetch([['/login/emailPasswordLogin', { body: envelope(LOGIN) }]]);
    const user = userEvent.setup();
    const { router } = await renderAt(<LoginRoute />, '/en/login?from=%2Fen%2Fnews');
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    await user.type(screen.getByLabelText('Mobile number or e-mail'), ' ada@example.com ');
    await user.type(screen.getByLabelText('Password'), 'Jaka@2024');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/news'));
    expect(body(requests[0])).toEqual({ email: 'ada@example.com', password: 'Jaka@2024' });
    expect(localStorage.getItem('jakaUserId')).toBe('42');
    expect(localStorage.getItem('jakaUserName')).toBe('Ada Lovelace');
    expect(localStorage.getItem('jakaUserAccount')).toBe('ada@example.com');
    expect(localStorage.getItem('jakaUserAccountEmail')).toBe('ada@example.com');
    expect(JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}')).toMatchObject({ token: 'tok-new', userId: 42 });
    expect(toasts.map((t) => t.message)).toEqual(['Login successful']);
  });

  it('uses the phone operation for a phone number and goes to the remembered page', async () => {
    localStorage.setItem('jakaWhereFrom', '/en/download');
    const { requests } = mockFetch([['/login/phonePasswordLogin', { body: envelope({ ...LOGIN, account: '13800138000', email: null }) }]]);
    const user = userEvent.setup();
    const { router } = await renderAt(<LoginRoute />, '/en/login?from=%2F%2Fevil.example');
    await user.type(screen.getByLabelText('Mobile number or e-mail'), '13800138000');
    await user.type(screen.getByLabelText('Password'), 'Jaka@2024{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/download'));
    expect(body(requests[0])).toEqual({ phone: '13800138000', password: 'Jaka@2024' });
    expect(localStorage.getItem('jakaWhereFrom')).toBeNull();
  });

  it('checks the fields on blur and says what is wrong', async () => {
    const { requests } = mockFetch([]);
    const user = userEvent.setup();
    await renderAt(<LoginRoute />, '/en/login');
    const account = screen.getByLabelText('Mobile number or e-mail');
    await user.type(account, 'abc');
    await user.tab();
    expect(await screen.findByText('Please enter the correct mobile phone or email')).toBeTruthy();
    expect(account.getAttribute('aria-invalid')).toBe('true');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findByText('Please enter a password')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });

  it('says when account and password do not match, keeping what was typed', async () => {
    mockFetch([['/login/emailPasswordLogin', failure(401, 'account.bad_credentials')]]);
    const user = userEvent.setup();
    await renderAt(<LoginRoute />, '/en/login');
    await user.type(screen.getByLabelText('Mobile number or e-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-one');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Incorrect account or password.');
    expect(screen.getByLabelText<HTMLInputElement>('Mobile number or e-mail').value).toBe('ada@example.com');
    expect(localStorage.getItem('jakaUserInfo')).toBeNull();
  });

  it('tells how long to wait after too many attempts (429 Retry-After)', async () => {
    mockFetch([['/login/emailPasswordLogin', { ...failure(429, 'account.too_many_attempts'), headers: { 'Retry-After': '840' } }]]);
    const user = userEvent.setup();
    await renderAt(<LoginRoute />, '/en/login');
    await user.type(screen.getByLabelText('Mobile number or e-mail'), 'ada@example.com');
    await user.type(screen.getByLabelText('Password'), 'wrong-one{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe('Too many failed attempts. Please try again in 840 s.');
  });
});

describe('login by verification code', () => {
  it('wants the code requested first, sends it, counts 60 s down and logs in', async () => {
    const { requests } = mockFetch([
      ['/login/phoneVerificationCode', { body: envelope(null) }],
      ['/login/phoneCodeLogin', { body: envelope({ ...LOGIN, account: '13800138000' }) }],
    ]);
    const user = userEvent.setup();
    const { router } = await renderAt(<LoginRoute />, '/login');
    await user.click(screen.getByRole('radio', { name: '验证码登录' }));
    await user.type(screen.getByLabelText('手机号或邮箱'), '13800138000');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.click(screen.getByRole('button', { name: '登录' }));
    expect(await screen.findByText('请先获取短信验证码！')).toBeTruthy();

    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    const wait = await screen.findByRole('button', { name: /60/ });
    expect((wait as HTMLButtonElement).disabled).toBe(true);
    expect(body(requests[0])).toEqual({ phone: '13800138000', purpose: 'login' });
    expect(screen.getByText(/13800138000/)).toBeTruthy();
    expect(screen.queryByText('请先获取短信验证码！')).toBeNull();

    await user.click(screen.getByRole('button', { name: '登录' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
    expect(body(requests[1])).toEqual({ phone: '13800138000', code: '123456' });
  });

  it('shows a wrong code on the code field', async () => {
    mockFetch([
      ['/login/emailVerificationCode', { body: envelope(null) }],
      ['/login/emailCodeLogin', failure(422, 'account.code_incorrect')],
    ]);
    const user = userEvent.setup();
    await renderAt(<LoginRoute />, '/en/login');
    await user.click(screen.getByRole('radio', { name: 'Code login' }));
    await user.type(screen.getByLabelText('Mobile number or e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByText(/A code was sent to ada@example.com/);
    await user.type(screen.getByLabelText('Verification code'), '000000{Enter}');
    expect(await screen.findByText('Verification Code is incorrect. Please re-enter')).toBeTruthy();
    expect(screen.getByLabelText('Verification code').getAttribute('aria-invalid')).toBe('true');
  });

  it('waits as long as the server says when codes come too often (429 Retry-After)', async () => {
    mockFetch([['/login/emailVerificationCode', { ...failure(429, 'account.code_too_frequent'), headers: { 'Retry-After': '37' } }]]);
    const user = userEvent.setup();
    await renderAt(<LoginRoute />, '/en/login');
    await user.click(screen.getByRole('radio', { name: 'Code login' }));
    await user.type(screen.getByLabelText('Mobile number or e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect((await screen.findByRole('alert')).textContent).toContain('37 s');
    expect(screen.getByRole('button', { name: 'A new code can be requested in 37 seconds' })).toBeTruthy();
  });

  it('checks the account before sending a code', async () => {
    const { requests } = mockFetch([]);
    const user = userEvent.setup();
    await renderAt(<LoginRoute />, '/en/login');
    await user.click(screen.getByRole('radio', { name: 'Code login' }));
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    expect(await screen.findByText('Please enter your mobile number or e-mail')).toBeTruthy();
    expect(requests).toHaveLength(0);
  });
});

describe('forgot password', () => {
  it('resets the password with a code and goes back to login with the account filled in', async () => {
    const { requests } = mockFetch([
      ['/login/emailVerificationCode', { body: envelope(null) }],
      ['/login/emailResetPass', { body: envelope(null) }],
    ]);
    const user = userEvent.setup();
    const { router } = await renderAt(<LoginRoute />, '/en/login');
    await user.click(screen.getByRole('link', { name: 'Forgot password?' }));
    await screen.findByRole('heading', { level: 1, name: 'Reset your password' });
    await user.type(screen.getByLabelText('Mobile number or e-mail'), 'ada@example.com');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByText(/A code was sent/);
    await user.type(screen.getByLabelText('Verification code'), '123456');
    await user.type(screen.getByLabelText('New password'), 'NewPass#1');
    await user.type(screen.getByLabelText('Confirm password'), 'NewPass#2');
    await user.tab();
    expect(await screen.findByText('The passwords entered twice are inconsistent')).toBeTruthy();
    await user.clear(screen.getByLabelText('Confirm password'));
    await user.type(screen.getByLabelText('Confirm password'), 'NewPass#1{Enter}');
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(body(requests[0])).toEqual({ email: 'ada@example.com', purpose: 'resetPassword' });
    expect(body(requests[1])).toEqual({ email: 'ada@example.com', code: '123456', password: 'NewPass#1', confirmPassword: 'NewPass#1' });
    expect(toasts.map((t) => t.message)).toContain('Password reset successfully. Please log in with your new password.');
    expect(screen.getByLabelText<HTMLInputElement>('Mobile number or e-mail').value).toBe('ada@example.com');
  });
});

describe('third-party login', () => {
  it('sends the browser to the provider with a way back to this login page', async () => {
    const { requests } = mockFetch([
      ['/login/thirdPartyAuthorize', { body: envelope({ authorizeUrl: 'http://idp.example/oauth/google/authorize?state=s1', state: 's1', expiresIn: 600 }) }],
    ]);
    const user = userEvent.setup();
    await renderAt(<LoginRoute />, '/en/login?from=%2Fen%2Fnews');
    await user.click(screen.getByRole('button', { name: 'Log in with Google' }));
    await waitFor(() => expect(leaveSite).toHaveBeenCalledWith('http://idp.example/oauth/google/authorize?state=s1'));
    const sent = body(requests[0]) as { provider: string; redirectUri: string };
    expect(sent.provider).toBe('google');
    const back = new URL(sent.redirectUri);
    expect(back.origin).toBe(window.location.origin);
    expect(back.pathname).toBe('/en/login');
    expect(back.searchParams.get('thirdParty')).toBe('google');
    expect(back.searchParams.get('from')).toBe('/en/news');
    expect(JSON.parse(sessionStorage.getItem('jakaThirdPartyLogin') ?? '{}')).toEqual({ provider: 'google', state: 's1' });
  });

  it('offers WeChat, QQ and Weibo on the Chinese site', async () => {
    mockFetch([]);
    await renderAt(<LoginRoute />, '/login');
    const others = screen.getByText('其他登录方式').parentElement as HTMLElement;
    expect(within(others).getByRole('link', { name: /微信/ }).getAttribute('href')).toBe('/wechatLogin');
    expect(within(others).getByRole('button', { name: '使用 QQ 登录' })).toBeTruthy();
  });

  it('finishes the login when the provider comes back with the kept state', async () => {
    sessionStorage.setItem('jakaThirdPartyLogin', JSON.stringify({ provider: 'google', state: 's1' }));
    const { requests } = mockFetch([['/login/thirdPartyLogin', { body: envelope(LOGIN) }]]);
    const { router } = await renderAt(<LoginRoute />, '/en/login?thirdParty=google&from=%2Fen%2Fnews&code=c0de&state=s1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/news'));
    expect(body(requests[0])).toEqual({ provider: 'google', code: 'c0de', state: 's1' });
    expect(localStorage.getItem('jakaUserName')).toBe('Ada Lovelace');
    expect(sessionStorage.getItem('jakaThirdPartyLogin')).toBeNull();
  });

  it('refuses an answer whose state is not the one kept (a slipped-in login)', async () => {
    sessionStorage.setItem('jakaThirdPartyLogin', JSON.stringify({ provider: 'google', state: 's1' }));
    const { requests } = mockFetch([]);
    const { router } = await renderAt(<LoginRoute />, '/en/login?thirdParty=google&code=c0de&state=attacker');
    expect((await screen.findByRole('alert')).textContent).toBe('Verification failed');
    expect(requests).toHaveLength(0);
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('jakaUserInfo')).toBeNull();
  });

  it('says so when the visitor refused at the provider', async () => {
    sessionStorage.setItem('jakaThirdPartyLogin', JSON.stringify({ provider: 'linkedin', state: 's1' }));
    mockFetch([]);
    await renderAt(<LoginRoute />, '/en/login?thirdParty=linkedin&error=access_denied&state=s1');
    expect((await screen.findByRole('alert')).textContent).toBe('The login with LinkedIn was cancelled.');
  });
});
