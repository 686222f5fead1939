import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';

// jsdom does not scroll; the router's scroll restoration and the scroll helpers call this.
window.scrollTo = () => {};
Element.prototype.scrollIntoView = () => {};

// Radix measures its menus and popovers; jsdom has no layout, so these only need to exist.
class ResizeObserverStub {
  observe() {}
  unobserve() {}
  disconnect() {}
}
globalThis.ResizeObserver ??= ResizeObserverStub as unknown as typeof ResizeObserver;
if (!Reflect.has(Element.prototype, 'hasPointerCapture')) Element.prototype.hasPointerCapture = () => false;
if (!Reflect.has(Element.prototype, 'releasePointerCapture')) Element.prototype.releasePointerCapture = () => {};

// The code of API calls and zod load on demand in the site (lib/http.ts); a test's first call
// would otherwise spend its waiting time compiling them. Loaded here once per test file.
await Promise.all([import('@/lib/http-request'), import('zod')]);

afterEach(() => {
  cleanup();
  window.localStorage.clear();
  window.sessionStorage.clear();
});
