import { createElement } from 'react';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ChunkLoadError, isChunkLoadError, lazyPage } from '../lazy-page';

afterEach(() => vi.useRealTimers());

describe('lazy pages', () => {
  it('resolve to the named component of the module', async () => {
    const Page = () => null;
    const { Component } = await lazyPage(() => Promise.resolve({ Page }), 'Page')();
    expect(Component).toBe(Page);
  });

  it('turn a failed import into a component that throws a ChunkLoadError (never a rejected lazy)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const failing = lazyPage(() => Promise.reject(new TypeError('Failed to fetch dynamically imported module: /a.js')), 'Page' as never);
    const { Component } = await failing();
    expect(() => renderToString(createElement(Component))).toThrow(ChunkLoadError);
  });

  it('give up after the chunk time-out', async () => {
    vi.useFakeTimers();
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const pending = lazyPage(() => new Promise<{ Page: () => null }>(() => {}), 'Page', 120_000)();
    await vi.advanceTimersByTimeAsync(120_000);
    const { Component } = await pending;
    expect(() => renderToString(createElement(Component))).toThrow(/120000 ms/);
  });

  it('recognise the ways browsers report a failed chunk', () => {
    expect(isChunkLoadError(new TypeError('Failed to fetch dynamically imported module: x'))).toBe(true);
    expect(isChunkLoadError(new TypeError('Importing a module script failed.'))).toBe(true);
    expect(isChunkLoadError(new Error('error loading dynamically imported module'))).toBe(true);
    expect(isChunkLoadError(new ChunkLoadError('x'))).toBe(true);
    expect(isChunkLoadError(new Error('Cannot read properties of undefined'))).toBe(false);
    expect(isChunkLoadError('nope')).toBe(false);
  });
});
