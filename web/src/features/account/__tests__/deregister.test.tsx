import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attentionStore } from '@/lib/attention';
import { type ToastMessage, connectToaster } from '@/lib/toast';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { DeregisterRoute } from '../routes/deregister';
import { body, envelope, failure } from './helpers';

vi.setConfig({ testTimeout: 20_000 });

const toasts: ToastMessage[] = [];
let disconnect: () => void = () => {};
beforeEach(() => {
  toasts.length = 0;
  disconnect = connectToaster((toast) => toasts.push(toast));
  localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-1' }));
  localStorage.setItem('jakaUserId', '7');
  localStorage.setItem('jakaUserName', 'Ada');
  localStorage.setItem('jakaUserAccount', 'ada@example.com');
  localStorage.setItem('jakaUserAccountEmail', 'ada@example.com');
});
afterEach(() => {
  disconnect();
  vi.unstubAllGlobals();
});

/** Answers the attention dialog (rendered by the shell, not here). */
async function answerAttention(confirm: boolean) {
  await waitFor(() => expect(attentionStore.get()).not.toBeNull());
  const request = attentionStore.get();
  request?.resolve(confirm);
  return request;
}

describe('deregistration', () => {
  it('warns that data is removed and re-registration is needed, asks once more, then logs out and goes home', async () => {
    const { requests } = mockFetch([
      ['/login/emailVerificationCode', { body: envelope(null) }],
      ['/login/logOff', { body: envelope(null) }],
    ]);
    const user = userEvent.setup();
    const { router } = await renderAt(<DeregisterRoute />, '/en/deregister');
    expect(screen.getByRole('heading', { level: 2, name: 'This cannot be undone' })).toBeTruthy();
    expect(screen.getByText(/you will have to register again/)).toBeTruthy();
    expect(screen.getByLabelText<HTMLInputElement>('Mobile number or e-mail').value).toBe('ada@example.com');

    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByText(/A code was sent to ada@example.com/);
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    expect(await screen.findByText('Please confirm that you have read the warning')).toBeTruthy();
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));

    const question = await answerAttention(true);
    expect(question?.title).toBe('Delete your account?');
    expect(question?.tone).toBe('danger');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/index'));
    expect(body(requests[0])).toEqual({ email: 'ada@example.com', purpose: 'logOff' });
    expect(body(requests[1])).toEqual({ account: 'ada@example.com', code: '654321' });
    expect(requests[1]?.headers.get('token')).toBe('tok-1');
    for (const key of ['jakaUserId', 'jakaUserName', 'jakaUserAccount', 'jakaUserAccountEmail', 'jakaUserInfo']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(toasts.map((t) => t.message)).toContain('Your account has been deleted.');
  });

  it('keeps the account when the visitor cancels', async () => {
    const { requests } = mockFetch([['/login/emailVerificationCode', { body: envelope(null) }]]);
    const user = userEvent.setup();
    const { router } = await renderAt(<DeregisterRoute />, '/en/deregister');
    await user.click(screen.getByRole('button', { name: 'Get code' }));
    await screen.findByText(/A code was sent/);
    await user.type(screen.getByLabelText('Verification code'), '654321');
    await user.click(screen.getByRole('checkbox', { name: /I understand/ }));
    await user.click(screen.getByRole('button', { name: 'Delete my account' }));
    await answerAttention(false);
    await waitFor(() => expect(toasts.map((t) => t.message)).toContain('Your account was not deleted.'));
    expect(requests).toHaveLength(1);
    expect(router.state.location.pathname).toBe('/en/deregister');
    expect(localStorage.getItem('jakaUserInfo')).not.toBeNull();
  });

  it('shows a wrong code and keeps the session', async () => {
    mockFetch([
      ['/login/emailVerificationCode', { body: envelope(null) }],
      ['/login/logOff', failure(422, 'account.code_incorrect')],
    ]);
    const user = userEvent.setup();
    await renderAt(<DeregisterRoute />, '/zh_tw/deregister');
    await user.click(screen.getByRole('button', { name: '取得驗證碼' }));
    await screen.findByText(/驗證碼已傳送至/);
    await user.type(screen.getByLabelText('驗證碼'), '000000');
    await user.click(screen.getByRole('checkbox', { name: /我已了解/ }));
    await user.click(screen.getByRole('button', { name: '註銷帳號' }));
    await answerAttention(true);
    expect(await screen.findByText('驗證碼錯誤，請重新輸入')).toBeTruthy();
    expect(localStorage.getItem('jakaUserInfo')).not.toBeNull();
  });
});
