import { QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { languageFromPath } from '@/lib/routing';
import { createTestI18n } from '@/testing/i18n';
import { createTestQueryClient } from '@/testing/render';

/** Renders `ui` as the page of a route pattern (with and without language prefix), at `path`. */
export async function renderRoute(ui: ReactElement, pattern: string, path: string) {
  const i18n = await createTestI18n(languageFromPath(path));
  const router = createMemoryRouter(
    [
      { path: `/${pattern}`, element: ui },
      { path: `/:lang/${pattern}`, element: ui },
    ],
    { initialEntries: [path] },
  );
  const result = render(
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={createTestQueryClient()}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>,
  );
  return { ...result, router };
}
