/** Reads what the browser says about itself into the plain shape the language rules take. */
import type { BrowserInfo } from './language';

interface WxWindow {
  __wxjs_environment?: unknown;
}

export function readBrowserInfo(): BrowserInfo {
  const nav = globalThis.navigator;
  const wx = (globalThis as WxWindow).__wxjs_environment;
  return {
    languages: nav?.languages ?? [],
    language: nav?.language,
    userAgent: nav?.userAgent ?? '',
    wxEnvironment: typeof wx === 'string' ? wx : undefined,
  };
}
