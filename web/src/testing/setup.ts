import { cleanup, configure } from '@testing-library/react';
import { afterAll, afterEach, vi } from 'vitest';
import { resetLeadProofs } from '@/lib/lead-guard';
import { modelsSettled } from '@/lib/phrase-core';

// jsdom has no Web Workers: a lead's puzzle is "solved" at once, as the salt it was given, so
// that a test can tell which puzzle a submission carried.
vi.mock('@/lib/lead-proof-solver', () => ({
  solveLeadChallenge: (challenge: { salt: string }) => Promise.resolve(`solved:${challenge.salt}`),
}));

// Most tests run in jsdom; the renderer's own (server/) may run in Node (`@vitest-environment node`).
const dom = typeof window !== 'undefined';

if (dom) {
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
}

// The code of API calls and zod load on demand in the site (lib/http.ts); a test's first call
// would otherwise spend its waiting time compiling them. Loaded here once per test file.
await Promise.all([import('@/lib/http-request'), import('zod')]);

// A page's chunks (dialogs, routes, namespaces) load lazily as in the site; on a busy machine
// that takes more than Testing Library's default second. findBy… and waitFor still return as
// soon as their condition holds: this only moves the point at which they give up.
configure({ asyncUtilTimeout: 5_000 });

afterEach(() => {
  if (!dom) return;
  cleanup();
  resetLeadProofs();
  window.localStorage.clear();
  window.sessionStorage.clear();
});

// A Chinese or Japanese title asks for its phrase model (lib/phrase-core.ts), which loads in the
// background as in the site: let it arrive before the file's environment is torn down.
afterAll(modelsSettled);
