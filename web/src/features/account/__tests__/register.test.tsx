import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { act } from 'react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type ToastMessage, connectToaster } from '@/lib/toast';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { RegisterRoute } from '../routes/register';
import { LOGIN, body, envelope, failure } from './helpers';

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
});

type User = ReturnType<typeof userEvent.setup>;

async function fillAccountStep(user: User, account: string, labels = { account: '手机号或邮箱', code: '验证码', password: '密码', confirm: '确认密码', send: '获取验证码' }) {
  await user.type(screen.getByLabelText(labels.account), account);
  await user.click(screen.getByRole('button', { name: labels.send }));
  await screen.findByText(new RegExp(account.replace('+', '\\+')));
  await user.type(screen.getByLabelText(labels.code), '123456');
  await user.type(screen.getByLabelText(labels.password), 'Secret#1');
  await user.type(screen.getByLabelText(labels.confirm), 'Secret#1');
}

describe('registration on the Chinese site', () => {
  it('goes account → complete information → success, logged in, then on to the origin page', async () => {
    const { requests } = mockFetch([
      ['/login/phoneVerificationCode', { body: envelope(null) }],
      ['/login/phoneRegister', { body: envelope({ ...LOGIN, userName: '李伟', account: '13900001111', email: null }) }],
    ]);
    const user = userEvent.setup();
    const { router } = await renderAt(<RegisterRoute />, '/register?from=%2Fdownload');
    const steps = screen.getByRole('list', { name: '注册步骤' });
    expect(within(steps).getByText('账号').closest('li')?.getAttribute('aria-current')).toBe('step');

    await fillAccountStep(user, '13900001111');
    expect(body(requests[0])).toEqual({ phone: '13900001111', purpose: 'register' });
    await user.click(screen.getByRole('checkbox', { name: /服务条款/ }));
    await user.click(screen.getByRole('button', { name: '下一步' }));

    expect(await screen.findByRole('heading', { level: 2, name: '完善信息' })).toBe(document.activeElement);
    await user.type(screen.getByLabelText('姓名'), '李伟');
    await user.type(screen.getByLabelText('公司名称'), '上海某某自动化有限公司');
    await user.click(screen.getByRole('button', { name: '注册' }));

    expect(await screen.findByRole('heading', { level: 2, name: '注册成功' })).toBeTruthy();
    expect(screen.getByText('欢迎您，李伟！您已自动登录。')).toBeTruthy();
    expect(body(requests[1])).toEqual({
      phone: '13900001111',
      code: '123456',
      password: 'Secret#1',
      confirmPassword: 'Secret#1',
      userName: '李伟',
      companyName: '上海某某自动化有限公司',
    });
    expect(JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}')).toMatchObject({ token: 'tok-new' });
    expect(localStorage.getItem('jakaUserName')).toBe('李伟');
    expect(toasts.map((t) => t.message)).toEqual(['注册成功']);

    await user.click(screen.getByRole('button', { name: '继续' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/download'));
  });

  it('moves on by itself a few seconds after the success screen', async () => {
    mockFetch([
      ['/login/emailVerificationCode', { body: envelope(null) }],
      ['/login/emailRegister', { body: envelope(LOGIN) }],
    ]);
    const user = userEvent.setup();
    const { router } = await renderAt(<RegisterRoute />, '/register');
    await fillAccountStep(user, 'ada@example.com');
    await user.click(screen.getByRole('checkbox', { name: /服务条款/ }));
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await user.type(await screen.findByLabelText('姓名'), 'Ada');
    await user.type(screen.getByLabelText('公司名称'), 'ACME');
    vi.useFakeTimers({ shouldAdvanceTime: true });
    await user.click(screen.getByRole('button', { name: '注册' }));
    await screen.findByRole('heading', { level: 2, name: '注册成功' });
    act(() => {
      vi.advanceTimersByTime(6000);
    });
    await waitFor(() => expect(router.state.location.pathname).toBe('/index'));
  });

  it('wants terms and privacy ticked, matching passwords and the SMS code requested first', async () => {
    const { requests } = mockFetch([]);
    const user = userEvent.setup();
    await renderAt(<RegisterRoute />, '/register');
    await user.type(screen.getByLabelText('手机号或邮箱'), '13900001111');
    await user.type(screen.getByLabelText('验证码'), '123456');
    await user.type(screen.getByLabelText('密码'), 'Secret#1');
    await user.type(screen.getByLabelText('确认密码'), 'Secret#2');
    await user.tab();
    expect(await screen.findByText('两次输入的密码不一致')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '下一步' }));
    expect(await screen.findByText('请先勾选并同意服务条款和隐私政策')).toBeTruthy();
    expect(screen.getByText('请先获取短信验证码！')).toBeTruthy();
    expect(screen.queryByRole('heading', { name: '完善信息' })).toBeNull();
    expect(requests).toHaveLength(0);
  });

  it('opens the terms and the privacy policy in a new tab', async () => {
    mockFetch([]);
    await renderAt(<RegisterRoute />, '/register');
    const terms = screen.getByRole('link', { name: /服务条款/ });
    expect(terms.getAttribute('href')).toBe('/imprint?key=terms');
    expect(terms.getAttribute('target')).toBe('_blank');
    expect(screen.getByRole('link', { name: /隐私政策/ }).getAttribute('href')).toBe('/imprint?key=privacy');
  });

  it('says when the phone is registered already', async () => {
    mockFetch([['/login/phoneVerificationCode', failure(409, 'account.phone_registered')]]);
    const user = userEvent.setup();
    await renderAt(<RegisterRoute />, '/register');
    await user.type(screen.getByLabelText('手机号或邮箱'), '13800138000');
    await user.click(screen.getByRole('button', { name: '获取验证码' }));
    expect(await screen.findByText('该手机号已注册！')).toBeTruthy();
    expect(screen.getByRole('button', { name: '获取验证码' })).toBeTruthy();
  });

  it('goes back to the account step when the code was wrong, keeping what was typed', async () => {
    mockFetch([
      ['/login/phoneVerificationCode', { body: envelope(null) }],
      ['/login/phoneRegister', failure(422, 'account.code_incorrect')],
    ]);
    const user = userEvent.setup();
    await renderAt(<RegisterRoute />, '/register');
    await fillAccountStep(user, '13900001111');
    await user.click(screen.getByRole('checkbox', { name: /服务条款/ }));
    await user.click(screen.getByRole('button', { name: '下一步' }));
    await user.type(await screen.findByLabelText('姓名'), '李伟');
    await user.type(screen.getByLabelText('公司名称'), '某公司');
    await user.click(screen.getByRole('button', { name: '注册' }));
    expect(await screen.findByText('验证码错误，请重新输入')).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('手机号或邮箱').value).toBe('13900001111');
    await waitFor(() => expect(screen.getByLabelText('验证码')).toBe(document.activeElement));
    expect(localStorage.getItem('jakaUserInfo')).toBeNull();
  });
});

describe('enterprise registration on the other sites', () => {
  it('registers an e-mail with the enterprise fields, the country from the page language', async () => {
    const { requests } = mockFetch([
      ['/login/emailVerificationCode', { body: envelope(null) }],
      ['/api/dict/data/list', { body: envelope([{ dictValue: 'auto', dictLabel: 'Automobilindustrie' }, { dictValue: '3c', dictLabel: 'Elektronik' }]) }],
      ['/login/overseasEmailRegister', { body: envelope({ ...LOGIN, userName: 'Max Muster' }) }],
    ]);
    const user = userEvent.setup();
    await renderAt(<RegisterRoute />, '/en_eu/register');
    expect(screen.getByLabelText('E-mail')).toBeTruthy();
    await user.type(screen.getByLabelText('E-mail'), '13900001111');
    await user.tab();
    expect(await screen.findByText('Please enter the correct email')).toBeTruthy();
    await user.clear(screen.getByLabelText('E-mail'));
    await fillAccountStep(user, 'max@firma.de', { account: 'E-mail', code: 'Verification code', password: 'Password', confirm: 'Confirm password', send: 'Get code' });
    await user.click(screen.getByRole('checkbox', { name: /Terms of Service/ }));
    await user.click(screen.getByRole('button', { name: 'Next' }));

    const country = await screen.findByRole<HTMLSelectElement>('combobox', { name: 'Country or region' });
    await waitFor(() => expect(country.value).toBe('DE'));
    expect(screen.getByLabelText<HTMLInputElement>('Calling code').value).toBe('+49');
    await user.selectOptions(country, 'UK');
    expect(screen.getByLabelText<HTMLInputElement>('Calling code').value).toBe('+44');
    await user.selectOptions(country, 'DE');
    const industry = await screen.findByRole('combobox', { name: 'Industry' });
    await user.type(screen.getByLabelText('Name'), 'Max Muster');
    await user.type(screen.getByLabelText('Company name'), 'Muster GmbH');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    expect(await screen.findByText('Please select an industry')).toBeTruthy();
    await user.selectOptions(industry, 'auto');
    await user.type(screen.getByLabelText('Phone number'), '30 1234567');
    await user.click(screen.getByRole('button', { name: 'Register' }));
    await screen.findByRole('heading', { level: 2, name: 'Registration successful' });

    const sent = requests.find((r) => r.url.includes('overseasEmailRegister'));
    expect(body(sent)).toEqual({
      userName: 'Max Muster',
      companyName: 'Muster GmbH',
      country: 'DE',
      industry: 'auto',
      phoneCode: '+49',
      phoneNumber: '30 1234567',
      email: 'max@firma.de',
      code: '123456',
      password: 'Secret#1',
      confirmPassword: 'Secret#1',
    });
    const dict = requests.find((r) => r.url.includes('/api/dict/data/list'));
    expect(body(dict)).toEqual({ dictType: 'industry_tags' });
    expect(dict?.headers.get('lang')).toBe('en_eu');
  });
});
