import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '@/app/routes';
import { envelope } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';
import { stubShellApi } from '@/testing/shell-api';
import { models, trial } from '@/features/virtual/__tests__/fixtures';

// The virtual page through the real route table: the login it needs and the mini-program token.

async function renderApp(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  // Page chunks and catalogues load lazily: allow for a busy machine.
  await waitFor(() => expect(router.state.initialized).toBe(true), { timeout: 5_000 });
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'), { timeout: 5_000 });
  return router;
}

beforeEach(() => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
  stubShellApi([
    ['/api/virtual/catalogue', { body: envelope(models) }],
    ['/api/virtual/phoneHasCreateEcs', { body: envelope(trial('active')) }],
  ]);
});

// Each test loads the route table's chunks cold (the login page's, then the virtual page's, with
// their catalogues): the waits above allow 5 s each for a busy machine, so the test's own limit
// must cover them (vitest's default of 5 s would end the test before its first wait could).
describe('the /virtual route', { timeout: 20_000 }, () => {
  it('sends a visitor without login to the login page, which will lead back', async () => {
    const router = await renderApp('/en/virtual');
    expect(router.state.location.pathname).toBe('/en/login');
    expect(new URLSearchParams(router.state.location.search).get('from')).toBe('/en/virtual');
    expect(localStorage.getItem('jakaWhereFrom')).toBe('/en/virtual');
  });

  it('lets the mini-program in with its token and shows the trial, titled', async () => {
    stubShellApi([
      ['/api/virtual/catalogue', { body: envelope(models) }],
      ['/api/virtual/phoneHasCreateEcs', { body: envelope(trial('active')) }],
      ['/login/validateToken', { body: envelope({ valid: true, userId: 9 }) }],
      [
        '/login/findUserInfo/9',
        { body: envelope({ id: 9, userName: 'Mini User', phone: '13900000009', email: null, companyName: null, country: null, industry: null, createTime: '2024-01-01T00:00:00Z' }) },
      ],
    ]);
    const router = await renderApp('/virtual?token=mini-123');
    await waitFor(() => expect(router.state.location.pathname).toBe('/virtual'));
    expect(router.state.location.pathname).toBe('/virtual');
    expect(await screen.findByRole('heading', { level: 1, name: '虚拟体验' })).toBeTruthy();
    expect(await screen.findByRole('heading', { level: 2, name: '您的虚拟机器人' })).toBeTruthy();
    await waitFor(() => expect(document.title).toBe('虚拟体验 | 节卡机器人'));
  });
});
