import { QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope, homeBanners, languages, navTree } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { createTestQueryClient } from '@/testing/render';
import { createRoutes } from '../router';

function setBrowser(languagesList: string[], userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130') {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languagesList);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languagesList[0] ?? '');
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

async function renderApp(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await waitFor(() => expect(router.state.initialized).toBe(true));
  await screen.findByRole('main'); // the layout has rendered (and run its effects)
  return router;
}

beforeEach(() => {
  mockFetch([
    ['/api/programa/buildProgramaTree/', { body: envelope(navTree) }],
    ['/api/language/list', { body: envelope(languages) }],
    ['/api/banner/allList', { body: envelope(homeBanners) }],
  ]);
  setBrowser(['zh-CN']);
});

describe('routes', () => {
  it('sends / to /index and renders the Chinese home page', async () => {
    const router = await renderApp('/');
    expect(router.state.location.pathname).toBe('/index');
    await screen.findByRole('region', { name: '焦点推荐' });
    expect(document.documentElement.lang).toBe('zh-CN');
    await waitFor(() => expect(document.title).toBe('协作机器人 | 节卡机器人'));
  });

  it('sends /{lang} alone to /{lang}/index and renders it in that language', async () => {
    const router = await renderApp('/en');
    expect(router.state.location.pathname).toBe('/en/index');
    await screen.findByRole('region', { name: 'Highlights' });
    expect(document.documentElement.lang).toBe('en');
    await waitFor(() => expect(document.title).toBe('Collaborative robots | JAKA Robotics'));
  });

  it('sends /index to the browser language when it is not Chinese and nothing is stored', async () => {
    setBrowser(['ja-JP', 'en']);
    const router = await renderApp('/index?from=ad');
    expect(router.state.location.pathname).toBe('/jp/index');
    expect(router.state.location.search).toBe('?from=ad');
    expect(document.documentElement.lang).toBe('ja');
  });

  it('keeps /index when the visitor chose Chinese, whatever the browser says', async () => {
    setBrowser(['en-US']);
    localStorage.setItem('lang', 'zh');
    const router = await renderApp('/');
    expect(router.state.location.pathname).toBe('/index');
  });

  it('follows a stored non-Chinese choice over a Chinese browser', async () => {
    localStorage.setItem('lang', 'ko');
    const router = await renderApp('/index');
    expect(router.state.location.pathname).toBe('/ko/index');
  });

  it('keeps /index inside a mini-program', async () => {
    setBrowser(['en-US'], 'Mozilla/5.0 MicroMessenger/8.0.40 miniProgram');
    const router = await renderApp('/index');
    expect(router.state.location.pathname).toBe('/index');
  });

  it('sends unknown paths to NotFound, keeping the language prefix', async () => {
    const router = await renderApp('/en/whatever/deeper');
    expect(router.state.location.pathname).toBe('/en/NotFound');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/en/index');
    await waitFor(() => expect(document.title).toBe('Page not found | JAKA Robotics'));
  });

  it('treats an unsupported first segment as an unknown path', async () => {
    expect((await renderApp('/xx/index')).state.location.pathname).toBe('/NotFound');
  });

  it('treats /zh as unknown, since Chinese has no prefix', async () => {
    const router = await renderApp('/zh');
    expect(router.state.location.pathname).toBe('/NotFound');
    expect(await screen.findByRole('heading', { level: 1, name: '页面未找到' })).toBeTruthy();
  });

  it('sets the html lang of every prefix, e.g. zh_tw', async () => {
    const router = await renderApp('/zh_tw/index');
    expect(router.state.location.pathname).toBe('/zh_tw/index');
    await screen.findByRole('region', { name: '焦點推薦' });
    expect(document.documentElement.lang).toBe('zh-TW');
    await waitFor(() => expect(document.title).toBe('協作機器人 | 節卡機器人'));
  });
});
