import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { WechatLoginRoute } from '../routes/wechat-login';
import { LOGIN, body, envelope, failure } from './helpers';

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const scene = (status: string, extra: Record<string, unknown> = {}) => ({
  sceneId: 'scene-00001',
  qrContent: 'https://open.weixin.qq.com/connect/qrconnect?scene=scene-00001',
  expiresIn: 300,
  status,
  login: null,
  ...extra,
});

describe('WeChat QR login', () => {
  it('shows the QR code, follows the scene and logs in when WeChat confirms', async () => {
    const states = ['waiting', 'scanned', 'confirmed'];
    const { requests } = mockFetch([
      [
        '/login/wxCode',
        (request) => {
          const sent = body(request) as { sceneId?: string };
          if (!sent.sceneId) return { body: envelope(scene('waiting')) };
          const status = states.shift() ?? 'confirmed';
          return { body: envelope(scene(status, status === 'confirmed' ? { login: LOGIN } : {})) };
        },
      ],
    ]);
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const { router } = await renderAt(<WechatLoginRoute />, '/wechatLogin?from=%2Fdownload');
    const qr = await screen.findByRole('img', { name: '微信登录二维码' });
    expect(qr.tagName.toLowerCase()).toBe('svg');
    expect(await screen.findByText('请打开微信扫一扫')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(2100);
    expect(await screen.findByText('扫描成功，请在微信中确认登录')).toBeTruthy();
    await vi.advanceTimersByTimeAsync(2100);
    await waitFor(() => expect(router.state.location.pathname).toBe('/download'));
    expect(JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}')).toMatchObject({ token: 'tok-new' });
    expect(body(requests[0])).toEqual({});
    expect(body(requests[1])).toEqual({ sceneId: 'scene-00001' });
  });

  it.each([
    [404, 'account.qr_expired', 'the scene has expired'],
    [403, 'account.qr_other_browser', 'this browser no longer holds the scene (its cookie is gone)'],
  ])('offers a new QR code when the poll answers %i %s: %s', async (status, key) => {
    let created = 0;
    mockFetch([
      [
        '/login/wxCode',
        (request) => {
          const sent = body(request) as { sceneId?: string };
          if (!sent.sceneId) {
            created += 1;
            return { body: envelope(scene('waiting', { sceneId: `scene-0000${created}` })) };
          }
          return sent.sceneId === 'scene-00001' ? failure(status, key) : { body: envelope(scene('waiting', { sceneId: sent.sceneId })) };
        },
      ],
    ]);
    const user = userEvent.setup();
    await renderAt(<WechatLoginRoute />, '/en/wechatLogin');
    expect(await screen.findByText('The QR code has expired')).toBeTruthy();
    await user.click(screen.getByRole('button', { name: 'Get a new QR code' }));
    expect(await screen.findByText('Open WeChat and scan the QR code')).toBeTruthy();
    expect(created).toBe(2);
  });

  it('shows an error with retry when no QR code can be had', async () => {
    let fail = true;
    mockFetch([['/login/wxCode', () => (fail ? failure(503, 'upstream.unavailable') : { body: envelope(scene('waiting')) })]]);
    const user = userEvent.setup();
    await renderAt(<WechatLoginRoute />, '/en/wechatLogin');
    expect(await screen.findByText('The service is temporarily unavailable.')).toBeTruthy();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByRole('img', { name: 'QR code for logging in with WeChat' })).toBeTruthy();
  });
});
