import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { languageFromPath } from '@/lib/routing';
import { createTestI18n } from './i18n';
import { createTestQueryClient } from './render';

/**
 * Renders a page `ui` at `path` under its route `pattern` (e.g. `productDetails/:id`), so that
 * the page reads its params as in the app: with and without language prefix, live and preview.
 * Any other path renders nothing; navigation within the pattern keeps the page mounted.
 */
export async function renderRouteAt(ui: ReactElement, pattern: string, path: string) {
  const i18n = await createTestI18n(languageFromPath(path));
  const queryClient = createTestQueryClient();
  const paths = [`/${pattern}`, `/:lang/${pattern}`, `/preview/${pattern}`, `/:lang/preview/${pattern}`];
  const router = createMemoryRouter(
    [...paths.map((p) => ({ path: p, element: ui })), { path: '*', element: null }],
    { initialEntries: [path] },
  );
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, router, queryClient, i18n };
}
