import { afterEach, describe, expect, it, vi } from 'vitest';
import { DEFAULT_MINIPROGRAM_SDK_URL, loadMiniProgramSdk, miniProgramSdkUrl, resetMiniProgramSdk } from '../mini-program';

const browser = (userAgent: string, wxEnvironment?: string) => ({ languages: ['zh-CN'], userAgent, wxEnvironment });
const scripts = () => [...document.head.querySelectorAll<HTMLScriptElement>('script[data-mini-program-sdk]')];

afterEach(() => {
  resetMiniProgramSdk();
  scripts().forEach((s) => s.remove());
  delete (window as { wx?: unknown }).wx;
});

describe('the mini-program SDK', () => {
  it('is never loaded in an ordinary browser', async () => {
    await expect(loadMiniProgramSdk(browser('Mozilla/5.0 Chrome/130'))).resolves.toBeNull();
    expect(scripts()).toHaveLength(0);
  });

  it('is loaded once inside the mini-program (by user agent or environment), from the configured URL', async () => {
    const pending = loadMiniProgramSdk(browser('Mozilla/5.0 MicroMessenger/8.0 miniProgram'), 'https://sdk.example.com/jweixin.js');
    void loadMiniProgramSdk(browser('Mozilla/5.0', 'miniprogram'), 'https://sdk.example.com/other.js');
    expect(scripts().map((s) => s.src)).toEqual(['https://sdk.example.com/jweixin.js']);
    const sdk = { miniProgram: { navigateTo: vi.fn() } };
    (window as { wx?: unknown }).wx = sdk;
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(pending).resolves.toBe(sdk);
  });

  it('resolves to null, without throwing, when the script fails to load', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pending = loadMiniProgramSdk(browser('miniProgram'), 'https://blocked.example.com/sdk.js');
    scripts()[0]?.dispatchEvent(new Event('error'));
    await expect(pending).resolves.toBeNull();
    expect(warn).toHaveBeenCalled();
  });

  it('resolves to null when the script defines no SDK', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const pending = loadMiniProgramSdk(browser('miniProgram'), 'https://sdk.example.com/empty.js');
    scripts()[0]?.dispatchEvent(new Event('load'));
    await expect(pending).resolves.toBeNull();
  });

  it('takes its URL from VITE_MINIPROGRAM_SDK_URL, with the platform default otherwise', () => {
    expect(miniProgramSdkUrl({ VITE_MINIPROGRAM_SDK_URL: 'https://cdn.example.com/sdk.js' } as ImportMetaEnv)).toBe(
      'https://cdn.example.com/sdk.js',
    );
    expect(miniProgramSdkUrl({ VITE_MINIPROGRAM_SDK_URL: ' ' } as ImportMetaEnv)).toBe(DEFAULT_MINIPROGRAM_SDK_URL);
    expect(miniProgramSdkUrl({} as ImportMetaEnv)).toBe('https://res.wx.qq.com/open/js/jweixin-1.6.0.js');
  });
});
