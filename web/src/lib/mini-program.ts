/**
 * The messaging app's mini-program browser. Inside it (and only there) the platform's JS SDK is
 * loaded, so that pages can talk to the mini-program (e.g. `wx.miniProgram.navigateTo`). The SDK
 * is optional: when it is missing, blocked or fails to load, the site works as everywhere else.
 */
import { readBrowserInfo } from './browser';
import { type BrowserInfo, isMiniProgram } from './language';

/** The platform's published SDK; override with VITE_MINIPROGRAM_SDK_URL at build time. */
export const DEFAULT_MINIPROGRAM_SDK_URL = 'https://res.wx.qq.com/open/js/jweixin-1.6.0.js';

/** The part of the SDK the site may use; every member may be missing. */
export interface MiniProgramSdk {
  miniProgram?: {
    navigateTo?: (options: { url: string }) => void;
    postMessage?: (options: { data: unknown }) => void;
    getEnv?: (callback: (env: { miniprogram?: boolean }) => void) => void;
  };
}

interface SdkWindow {
  wx?: MiniProgramSdk;
}

/** The SDK URL this build uses. */
export function miniProgramSdkUrl(env: ImportMetaEnv = import.meta.env): string {
  const configured = env.VITE_MINIPROGRAM_SDK_URL?.trim();
  return configured ? configured : DEFAULT_MINIPROGRAM_SDK_URL;
}

let pending: Promise<MiniProgramSdk | null> | null = null;

/**
 * Loads the SDK once when the page runs inside the mini-program browser; resolves to the SDK, or
 * to null outside the mini-program and when the script fails to load or defines nothing. Never
 * rejects, so callers need no error handling.
 */
export function loadMiniProgramSdk(
  browser: BrowserInfo = readBrowserInfo(),
  url: string = miniProgramSdkUrl(),
): Promise<MiniProgramSdk | null> {
  if (!isMiniProgram(browser)) return Promise.resolve(null);
  pending ??= new Promise<MiniProgramSdk | null>((resolve) => {
    const script = document.createElement('script');
    script.src = url;
    script.async = true;
    script.dataset.miniProgramSdk = '';
    script.onload = () => {
      const sdk = (window as SdkWindow).wx ?? null;
      if (!sdk) console.warn('[mini-program] SDK loaded but defines no wx object', url);
      resolve(sdk);
    };
    script.onerror = () => {
      console.warn('[mini-program] SDK could not be loaded; continuing without it', url);
      resolve(null);
    };
    document.head.append(script);
  });
  return pending;
}

/** For tests: forget the loaded (or failed) SDK. */
export function resetMiniProgramSdk(): void {
  pending = null;
}
