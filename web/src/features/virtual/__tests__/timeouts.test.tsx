import { act, renderHook } from '@testing-library/react';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { MemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { HttpOptions } from '@/lib/http';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { createTestQueryClient } from '@/testing/render';
import { VM_TIMEOUT_MS, useApplyTrial, useSwitchTrial, useSyncTrial } from '../api/virtual-trial';
import { trial } from './fixtures';

// Records the options every call hands to the HTTP layer, then lets the real one answer.
const seen = vi.hoisted(() => [] as Array<{ url: string; options: unknown }>);
vi.mock('@/lib/http', async (importOriginal) => {
  const real = await importOriginal<typeof import('@/lib/http')>();
  return {
    ...real,
    http: (url: string, options?: HttpOptions) => {
      seen.push({ url, options });
      return real.http(url, options);
    },
  };
});

function wrapper({ children }: { children: ReactNode }) {
  return (
    <MemoryRouter>
      <QueryClientProvider client={createTestQueryClient()}>{children}</QueryClientProvider>
    </MemoryRouter>
  );
}

const context = { lang: 'en', preview: false } as const;
const timeoutOf = (path: string) => (seen.find((s) => s.url === path)?.options as HttpOptions | undefined)?.timeoutMs;

afterEach(() => {
  seen.length = 0;
});

describe('the trial calls', () => {
  it('give apply and switch the 60 s time-out, and leave synchronising at the default', async () => {
    mockFetch([
      ['/api/virtual/applyVirtualMachine', { body: envelope(trial('creating')) }],
      ['/api/virtual/switchVersion', { body: envelope(trial('upgrading')) }],
      ['/api/virtual/systemRecovery', { body: envelope({ synchronizedAt: '2026-05-04T09:00:00Z' }) }],
    ]);
    const { result } = renderHook(
      () => ({ apply: useApplyTrial('phone', context, 't'), change: useSwitchTrial('phone', context, 't'), sync: useSyncTrial(context) }),
      { wrapper },
    );
    const choice = { robotModel: 'JAKA Zu 7', cabinetVersion: 'CAB 3.0' };
    await act(() => result.current.apply.mutateAsync({ data: choice }));
    await act(() => result.current.change.mutateAsync({ data: choice }));
    await act(() => result.current.sync.mutateAsync());
    expect(VM_TIMEOUT_MS).toBe(60_000);
    expect(timeoutOf('/api/virtual/applyVirtualMachine')).toBe(60_000);
    expect(timeoutOf('/api/virtual/switchVersion')).toBe(60_000);
    expect(timeoutOf('/api/virtual/systemRecovery')).toBeUndefined();
  });
});
