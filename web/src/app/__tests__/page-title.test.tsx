import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '@/testing/fixtures';
import { createTestQueryClient } from '@/testing/render';
import { stubShellApi } from '@/testing/shell-api';
import { lineDetail, productDetail } from '@/features/products/__tests__/fixtures';
import { createRoutes } from '../routes';

// Pages named after their content (lib/page-title.ts): the layout puts the name into the title,
// uses the CMS's SEO title as it is, keeps the preview prefix and sets the meta description.

async function renderApp(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await screen.findByRole('main', {}, { timeout: 5000 });
  return router;
}

vi.setConfig({ testTimeout: 20_000 });

const description = () => document.head.querySelector<HTMLMetaElement>('meta[name="description"]')?.content;

beforeEach(() => {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
  if (!document.head.querySelector('meta[name="description"]')) {
    const meta = document.createElement('meta');
    meta.name = 'description';
    meta.content = 'JAKA collaborative robots';
    document.head.append(meta);
  }
  stubShellApi([
    ['/api/productCenter/getProductById/1/103', { body: envelope(productDetail) }],
    ['/api/productCenter/getProductLineDetails/1/1', { body: envelope(lineDetail) }],
  ]);
});

describe('titles from page content', () => {
  it('uses the SEO title of the CMS as it is, and its description', async () => {
    await renderApp('/en/productDetails/103');
    await waitFor(() => expect(document.title).toBe('JAKA Zu 7 Cobot | 7 kg Payload'), { timeout: 5000 });
    expect(description()).toBe('JAKA Zu 7: 7 kg payload.');
  });

  it('puts the content name into the site template when there is no SEO title', async () => {
    await renderApp('/en/productList/1');
    await waitFor(() => expect(document.title).toBe('JAKA Zu Cobots | JAKA Robotics'), { timeout: 5000 });
    expect(description()).toBe('Six-axis cobots.');
  });

  it('keeps the preview prefix', async () => {
    await renderApp('/en/preview/productDetails/103');
    await waitFor(() => expect(document.title).toBe('Preview: JAKA Zu 7 Cobot | 7 kg Payload'), { timeout: 5000 });
  });

  it('falls back to the route title and a description from the page name and the site tagline', async () => {
    await renderApp('/en/productDetails/103');
    await waitFor(() => expect(document.title).toBe('JAKA Zu 7 Cobot | 7 kg Payload'), { timeout: 5000 });
    cleanup();
    const router = await renderApp('/en/thx');
    expect(router.state.location.pathname).toBe('/en/thx');
    await waitFor(() => expect(document.title).toBe('Thank you | JAKA Robotics'));
    expect(description()).toBe('Thank you: Collaborative robots that make automation simple');
  });
});
