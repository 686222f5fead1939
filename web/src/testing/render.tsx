import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { languageFromPath } from '@/lib/routing';
import { createTestI18n } from './i18n';

export function createTestQueryClient(): QueryClient {
  return new QueryClient({ defaultOptions: { queries: { retry: false, gcTime: Infinity } } });
}

/**
 * Renders `ui` at `path` (any path matches) with a fresh query client, a router and the real
 * catalogue of the path's language. Returns the router to check where navigation led.
 */
export async function renderAt(ui: ReactElement, path = '/index') {
  const i18n = await createTestI18n(languageFromPath(path));
  const queryClient = createTestQueryClient();
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: [path] });
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient, i18n };
}
