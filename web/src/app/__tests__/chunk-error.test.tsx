import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reloadPage } from '@/lib/reload';
import { createTestQueryClient } from '@/testing/render';
import { stubShellApi } from '@/testing/shell-api';
import { createRoutes } from '../routes';

vi.mock('@/lib/reload', () => ({ reloadPage: vi.fn() }));

// The news list's chunk "is gone" (e.g. the site was redeployed while the tab stayed open).
vi.mock('@/features/news/routes/news-list', () => {
  throw new TypeError('Failed to fetch dynamically imported module: /assets/news-list-1a2b3c.js');
});

async function renderApp(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(router.state.initialized).toBe(true));
  return router;
}

beforeEach(() => {
  stubShellApi();
  vi.spyOn(console, 'error').mockImplementation(() => {});
});

describe('a page whose code cannot be loaded', () => {
  it('shows a retry panel inside the layout instead of a blank page', async () => {
    const user = userEvent.setup();
    await renderApp('/en/news');
    const main = await screen.findByRole('main');
    const alert = await within(main).findByRole('alert');
    expect(alert.getAttribute('data-error')).toBe('chunk');
    expect(within(alert).getByRole('heading', { level: 1, name: 'This page could not be loaded' })).toBeTruthy();
    // The header stays usable.
    expect(screen.getByRole('banner')).toBeTruthy();
    await user.click(within(alert).getByRole('button', { name: 'Retry' }));
    expect(reloadPage).toHaveBeenCalledTimes(1);
  });

  it('does not affect the other pages', async () => {
    await renderApp('/en/about');
    expect(await screen.findByRole('heading', { level: 1, name: 'About JAKA' })).toBeTruthy();
    // Its own data may fail in this stubbed setting; what matters is that its code loaded.
    const alerts = screen.queryAllByRole('alert');
    expect(alerts.filter((a) => a.getAttribute('data-error') === 'chunk')).toEqual([]);
  });
});
