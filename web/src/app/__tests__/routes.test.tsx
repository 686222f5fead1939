import { QueryClientProvider } from '@tanstack/react-query';
import { cleanup, render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { envelope } from '@/testing/fixtures';
import { allCatalogues } from '@/testing/i18n';
import { createTestQueryClient } from '@/testing/render';
import { stubShellApi } from '@/testing/shell-api';
import { PAGES, createRoutes } from '../routes';

function setBrowser(languagesList: string[], userAgent = 'Mozilla/5.0 (X11; Linux x86_64) Chrome/130') {
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(languagesList);
  vi.spyOn(navigator, 'language', 'get').mockReturnValue(languagesList[0] ?? '');
  vi.spyOn(navigator, 'userAgent', 'get').mockReturnValue(userAgent);
}

async function renderApp(path: string, routes = createRoutes()) {
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(router.state.navigation.state).toBe('idle'));
  await waitFor(() => expect(router.state.initialized).toBe(true));
  // The layout has rendered (and run its effects); a dialog the page opened at once may have
  // hidden it from the accessibility tree already.
  await screen.findByRole('main', { hidden: true });
  return router;
}

beforeEach(() => {
  stubShellApi();
  setBrowser(['zh-CN']);
});

/** Every page of spec section 2 (path after the optional language prefix). */
const SPEC_PAGES = [
  'index', 'resource', 'thx', 'investment', 'ESG', 'search',
  'login', 'register', 'wechatLogin', 'deregister',
  'productList', 'productList/:id', 'productDetails/:id', 'productComparison',
  'solutionList', 'case', 'caseDetail/:id', 'application/:id', 'industry/:id', 'productLevel/:id',
  'service', 'repair', 'repairList', 'repairDetail/:id', 'showRoom',
  'jakaAcademy', 'download', 'commonQuestion', 'provider', 'virtual', 'jaka+', 'jakaHotline', 'jakaList/:id', 'jakaDetail/:id',
  'about', 'contact', 'join', 'position', 'news', 'newsDetail/:id', 'flsm', 'imprint',
  'cooperationIntent', 'activity', 'NotFound',
];

/** The draft mirrors of spec section 2. */
const SPEC_PREVIEWS = [
  'index', 'resource', 'investment', 'ESG', 'productList', 'productList/:id', 'productDetails/:id',
  'case', 'caseDetail/:id', 'application/:id', 'industry/:id', 'productLevel/:id', 'service', 'repair', 'repairList',
  'jakaAcademy', 'download', 'commonQuestion', 'commonQuestionDetail', 'provider', 'jaka+', 'jakaHotline',
  'jakaList/:id', 'jakaDetail/:id', 'about', 'contact', 'join', 'position', 'news', 'newsDetail/:id',
];

const concrete = (path: string) => path.replace(':id', '42');

/** Pages a visitor without a login is sent away from. */
const NEEDS_LOGIN = new Set(['deregister', 'repair', 'repairList', 'repairDetail/:id']);

describe('the route table', () => {
  it('has every page of the spec, and the preview mirrors the spec lists', () => {
    const live = PAGES.filter((p) => p.preview !== 'only').map((p) => p.path);
    const previews = PAGES.filter((p) => p.preview).map((p) => p.path);
    expect([...live].sort()).toEqual([...SPEC_PAGES].sort());
    expect([...previews].sort()).toEqual([...SPEC_PREVIEWS].sort());
  });

  it('gives every page a title in every language', () => {
    for (const [lang, catalogues] of Object.entries(allCatalogues())) {
      for (const page of PAGES) {
        const key = page.titleKey.replace('titles.', '') as keyof (typeof catalogues)['common']['titles'];
        expect(catalogues.common.titles[key], `${lang} ${page.path}`).toBeTruthy();
      }
    }
  });

  it.each(PAGES.filter((p) => p.preview !== 'only' && p.path !== 'index' && p.path !== 'virtual'))(
    'renders /$path with and without a prefix, titled',
    async (page) => {
      const key = page.titleKey.replace('titles.', '') as 'home';
      // Pages that need a login get a stored session (the shell stub answers its check as valid).
      if (NEEDS_LOGIN.has(page.path)) localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-routes' }));
      const jp = await renderApp(`/jp/${concrete(page.path)}`);
      expect(jp.state.location.pathname).toBe(`/jp/${concrete(page.path)}`);
      await waitFor(() => expect(document.title).toBe(`${allCatalogues().jp.common.titles[key]} | JAKAロボティクス`));
      expect(await screen.findByRole('heading', { level: 1 })).toBeTruthy();
      cleanup();
      if (NEEDS_LOGIN.has(page.path)) localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-routes' }));
      const zh = await renderApp(`/${concrete(page.path)}`);
      expect(zh.state.location.pathname).toBe(`/${concrete(page.path)}`);
      await waitFor(() => expect(document.title).toBe(`${allCatalogues().zh.common.titles[key]} | 节卡机器人`));
    },
  );

  it('frames a page that is still being prepared: breadcrumb, title as h1, translated panel', async () => {
    // Every page has its content now: the news article stands in for one still being prepared.
    const preparing = async () => ({ Component: (await import('@/components/ui/preparing-page')).PreparingPage });
    await renderApp('/en/newsDetail/7', createRoutes(PAGES.map((p) => (p.path === 'newsDetail/:id' ? { ...p, page: preparing } : p))));
    const breadcrumb = await screen.findByRole('navigation', { name: 'Breadcrumb' });
    const links = within(breadcrumb).getAllByRole('link');
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Home', '/en/index'],
      ['News', '/en/news'],
    ]);
    expect(within(breadcrumb).getByText('News article').getAttribute('aria-current')).toBe('page');
    expect(screen.getByRole('heading', { level: 1, name: 'News article' })).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'This page is being prepared' })).toBeTruthy();
  });

  it('serves /imprint?key=… with the same page module as flsm', async () => {
    const router = await renderApp('/en/imprint?key=privacy');
    expect(router.state.location.search).toBe('?key=privacy');
    await screen.findByRole('heading', { level: 1, name: 'Terms and policies' });
    const imprint = PAGES.find((p) => p.path === 'imprint');
    const flsm = PAGES.find((p) => p.path === 'flsm');
    expect(imprint?.page).toBe(flsm?.page);
  });
});

describe('routing rules', () => {
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

  it('sends a German browser to en_eu and a French one to Chinese', async () => {
    setBrowser(['de-DE']);
    expect((await renderApp('/index')).state.location.pathname).toBe('/en_eu/index');
  });

  it('keeps a French browser on the Chinese home page', async () => {
    setBrowser(['fr-FR']);
    expect((await renderApp('/index')).state.location.pathname).toBe('/index');
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

  it('keeps /index inside a mini-program, by user agent', async () => {
    setBrowser(['en-US'], 'Mozilla/5.0 MicroMessenger/8.0.40 miniProgram');
    const router = await renderApp('/index');
    expect(router.state.location.pathname).toBe('/index');
  });

  it('does not redirect other unprefixed pages by browser language', async () => {
    setBrowser(['en-US']);
    expect((await renderApp('/news')).state.location.pathname).toBe('/news');
  });

  it('shows NotFound at an unknown path, in the language of its prefix', async () => {
    const router = await renderApp('/en/whatever/deeper');
    expect(router.state.location.pathname).toBe('/en/whatever/deeper');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to the home page' }).getAttribute('href')).toBe('/en/index');
    await waitFor(() => expect(document.title).toBe('Page not found | JAKA Robotics'));
  });

  it('treats an unsupported first segment as an unknown path', async () => {
    expect((await renderApp('/xx/index')).state.location.pathname).toBe('/xx/index');
    expect(await screen.findByRole('heading', { level: 1, name: '页面未找到' })).toBeTruthy();
  });

  it('treats /zh as unknown, since Chinese has no prefix', async () => {
    const router = await renderApp('/zh');
    expect(router.state.location.pathname).toBe('/zh');
    expect(await screen.findByRole('heading', { level: 1, name: '页面未找到' })).toBeTruthy();
  });

  it('sets the html lang of every prefix, e.g. zh_tw', async () => {
    const router = await renderApp('/zh_tw/index');
    expect(router.state.location.pathname).toBe('/zh_tw/index');
    await screen.findByRole('region', { name: '焦點推薦' });
    expect(document.documentElement.lang).toBe('zh-TW');
    await waitFor(() => expect(document.title).toBe('協作機器人 | 節卡機器人'));
  });

  it('has preview mirrors with and without prefix; pages without a mirror are unknown there', async () => {
    expect((await renderApp('/preview/news')).state.location.pathname).toBe('/preview/news');
    await screen.findByRole('heading', { level: 1, name: '新闻中心' });
    await waitFor(() => expect(document.title).toBe('预览：新闻中心 | 节卡机器人'));
    cleanup();
    expect((await renderApp('/en/preview/commonQuestionDetail')).state.location.pathname).toBe('/en/preview/commonQuestionDetail');
    cleanup();
    expect((await renderApp('/preview/thx')).state.location.pathname).toBe('/preview/thx');
    expect(await screen.findByRole('heading', { level: 1, name: '页面未找到' })).toBeTruthy();
    cleanup();
    expect((await renderApp('/commonQuestionDetail')).state.location.pathname).toBe('/commonQuestionDetail');
    expect(await screen.findByRole('heading', { level: 1, name: '页面未找到' })).toBeTruthy();
  });

  it('opens an editor\'s preview link: keeps its token for the tab, off the address, on every preview call', async () => {
    const { requests } = stubShellApi();
    const router = await renderApp('/en/preview/news?previewToken=v1.editor.sig&type=2');
    expect(router.state.location.pathname).toBe('/en/preview/news');
    expect(router.state.location.search).toBe('?type=2');
    expect(sessionStorage.getItem('jakaPreviewToken')).toBe('v1.editor.sig');
    await waitFor(() => expect(requests.some((r) => r.url.includes('/buildProgramaTree/'))).toBe(true));
    expect(requests.map((r) => r.headers.get('preview'))).not.toContain(null);
    expect(new Set(requests.map((r) => r.headers.get('preview')))).toEqual(new Set(['v1.editor.sig']));

    // Another preview page of the tab keeps the token; a live page sends none.
    requests.length = 0;
    await router.navigate('/en/preview/about');
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(new Set(requests.map((r) => r.headers.get('preview')))).toEqual(new Set(['v1.editor.sig']));
    requests.length = 0;
    await router.navigate('/en/news');
    await waitFor(() => expect(requests.length).toBeGreaterThan(0));
    expect(requests.map((r) => r.headers.get('preview')).filter(Boolean)).toEqual([]);
  });

  it('a preview page opened without a link sends no preview header', async () => {
    const { requests } = stubShellApi();
    await renderApp('/en/preview/news');
    await waitFor(() => expect(requests.some((r) => r.url.includes('/buildProgramaTree/'))).toBe(true));
    expect(requests.map((r) => r.headers.get('preview')).filter(Boolean)).toEqual([]);
  });

  it("logs the virtual page's token in as the user the server names, and drops it from the address", async () => {
    stubShellApi([
      ['/login/validateToken', { body: envelope({ valid: true, userId: 9 }) }],
      ['/login/findUserInfo/9', { body: envelope(miniUser) }],
    ]);
    const router = await renderApp('/virtual?token=mini-123&from=wx');
    await waitFor(() => expect(router.state.location.pathname).toBe('/virtual'));
    expect(router.state.location.search).toBe('?from=wx');
    await waitFor(() => expect(JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}')).toMatchObject({ token: 'mini-123', userId: 9 }));
    expect(localStorage.getItem('jakaUserName')).toBe('Mini User');
  });

  it('never keeps a logged-in visitor\'s name beside another account\'s token from a link', async () => {
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'old', userId: 7 }));
    localStorage.setItem('jakaUserId', '7');
    localStorage.setItem('jakaUserName', 'Anna');
    stubShellApi([
      ['/login/validateToken', { body: envelope({ valid: true, userId: 7 }) }],
      ['/login/findUserInfo/9', { body: envelope(miniUser) }],
    ]);
    await renderApp('/en/virtual?token=new');
    await screen.findByRole('alertdialog'); // the visitor is asked whether to switch accounts
    // The visitor is asked before anything changes: until then the session is wholly theirs.
    const stored = JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}') as { token?: string; userId?: number };
    expect([stored.token, stored.userId, localStorage.getItem('jakaUserName')]).toEqual(['old', 7, 'Anna']);
  });
});

const miniUser = { id: 9, userName: 'Mini User', phone: '13900000009', email: null, companyName: null, country: null, industry: null, createTime: '2024-01-01T00:00:00Z' };
