import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { createRoutes } from '@/app/routes';
import { createTestQueryClient } from '@/testing/render';
import { stubShellApi } from '@/testing/shell-api';
import { envelope, failure } from '@/features/account/__tests__/helpers';

// The account guards through the real route table: the token check on every route change and
// the guards of the account pages, as the router runs them.

vi.setConfig({ testTimeout: 20_000 });

async function renderApp(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(router.state.initialized).toBe(true));
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  return router;
}

function storeSession() {
  localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-1' }));
  localStorage.setItem('jakaUserId', '7');
  localStorage.setItem('jakaUserName', 'Li Wei');
  localStorage.setItem('jakaUserAccount', '13800138000');
}

beforeEach(() => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['en-US']);
});

describe('the route table with a stored session', () => {
  it('verifies the token on every route change', async () => {
    storeSession();
    const { requests } = stubShellApi();
    const router = await renderApp('/en/news');
    const checks = () => requests.filter((r) => r.url.startsWith('/prod-api/login/validateToken')).length;
    expect(checks()).toBe(1);
    await router.navigate('/en/about');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/about'));
    expect(checks()).toBe(2);
  });

  it('on a refused token says "login expired", clears the session and shows the login links', async () => {
    storeSession();
    stubShellApi([['/login/validateToken', failure(401, 'account.token_expired')]]);
    const router = await renderApp('/en/news');
    expect(router.state.location.pathname).toBe('/en/news');
    expect(await screen.findByText('Your login has expired. Please log in again.', {}, { timeout: 8000 })).toBeTruthy();
    expect(localStorage.getItem('jakaUserInfo')).toBeNull();
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
  });

  it('sends the visitor home from the deregister page when the token has expired', async () => {
    storeSession();
    stubShellApi([['/login/validateToken', failure(401, 'account.token_expired')]]);
    const router = await renderApp('/en/deregister');
    expect(router.state.location.pathname).toBe('/en/index');
  });

  it('keeps a logged-in visitor out of /login, and never lets ?from= lead off the site', async () => {
    storeSession();
    stubShellApi();
    const router = await renderApp('/en/login?from=%2F%2Fevil.example');
    expect(router.state.location.pathname).toBe('/en/index');
    await router.navigate('/en/login?from=%2Fen%2Fdownload');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/download'));
  });

  it('without a login, refuses the deregister page', async () => {
    stubShellApi();
    const router = await renderApp('/en/deregister');
    expect(router.state.location.pathname).toBe('/en/index');
  });

  it('logs in with a mini-program token given to /wechatLogin, as its user, and goes on without it', async () => {
    const profile = { id: 5, userName: 'Mini User', phone: '13900000005', email: null, companyName: null, country: null, industry: null, createTime: '2024-01-01T00:00:00Z' };
    const { requests } = stubShellApi([
      ['/login/validateToken', { body: envelope({ valid: true, userId: 5 }) }],
      ['/login/findUserInfo/5', { body: envelope(profile) }],
    ]);
    const router = await renderApp('/en/wechatLogin?token=mini-1');
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/index'));
    expect(router.state.location.search).toBe('');
    expect(localStorage.getItem('jakaUserId')).toBe('5');
    expect(localStorage.getItem('jakaUserName')).toBe('Mini User');
    expect(JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}')).toMatchObject({ token: 'mini-1', userId: 5 });
    expect(requests.some((r) => r.url === '/prod-api/login/validateToken' && r.headers.get('token') === 'mini-1')).toBe(true);
  });
});
