import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { envelope, languages, navTree } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { Header } from '../layout/header';
import { usePageLanguage } from '@/lib/use-page-language';

function HeaderAtPath() {
  return <Header lang={usePageLanguage()} />;
}

function stubApi() {
  return mockFetch([
    ['/api/programa/buildProgramaTree/', { body: envelope(navTree) }],
    ['/api/language/list', { body: envelope(languages) }],
  ]);
}

describe('the header', () => {
  it('shows the visible navigation items in a labelled nav', async () => {
    stubApi();
    await renderAt(<HeaderAtPath />, '/index');
    const nav = await screen.findByRole('navigation', { name: '主导航' });
    await within(nav).findByRole('link', { name: /产品/ });
    expect(within(nav).getByRole('link', { name: /关于我们/ }).getAttribute('href')).toBe('/about');
    expect(within(nav).getByRole('button', { name: /服务支持/ })).toBeTruthy();
    expect(within(nav).queryByText('内部页面')).toBeNull();
    expect(within(nav).queryByText('隐藏分类')).toBeNull();
  });

  it('asks for the menu of the language and prefixes router paths with it', async () => {
    const { requests } = stubApi();
    await renderAt(<HeaderAtPath />, '/jp/index');
    const nav = await screen.findByRole('navigation', { name: 'メインナビゲーション' });
    const about = await within(nav).findByRole('link', { name: /关于我们/ });
    expect(about.getAttribute('href')).toBe('/jp/about');
    const menuRequest = requests.find((r) => r.url.includes('buildProgramaTree'));
    expect(menuRequest?.url).toBe('/prod-api/api/programa/buildProgramaTree/37');
    expect(menuRequest?.headers.get('lang')).toBe('ja');
  });

  it('opens a mega-menu on hover and on focus, with external links in a new tab', async () => {
    stubApi();
    const user = userEvent.setup();
    await renderAt(<HeaderAtPath />, '/en/index');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const products = await within(nav).findByRole('link', { name: /产品/ });
    expect(products.getAttribute('aria-expanded')).toBe('false');

    await user.hover(products);
    expect(products.getAttribute('aria-expanded')).toBe('true');
    const zu = within(nav).getByRole('link', { name: /JAKA Zu 7/ });
    expect(zu.getAttribute('href')).toBe('/en/productDetails/7');
    expect(within(nav).getByText('C')).toBeTruthy();
    expect(within(nav).getByText('New')).toBeTruthy();
    expect(within(nav).queryByText('已下线型号')).toBeNull();

    const service = within(nav).getByRole('button', { name: /服务支持/ });
    service.focus();
    await waitFor(() => expect(service.getAttribute('aria-expanded')).toBe('true'));
    const shop = within(nav).getByRole('link', { name: /在线商城/ });
    expect(shop.getAttribute('target')).toBe('_blank');
    expect(shop.getAttribute('rel')).toContain('noopener');
    expect(shop.getAttribute('href')).toBe('https://shop.example.com/');
  });

  it('lists the shown languages in the switcher and switches to the same page', async () => {
    const { requests } = stubApi();
    const user = userEvent.setup();
    const { router } = await renderAt(<HeaderAtPath />, '/index?from=ad');
    const button = screen.getByRole('button', { name: /语言/ });
    await user.click(button);
    const menu = await screen.findByRole('menu');
    const items = await within(menu).findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['简体中文', 'English', '日本語']);
    expect(within(menu).queryByText('Русский')).toBeNull();
    expect(JSON.parse(requests.find((r) => r.url.endsWith('/api/language/list'))?.body ?? '')).toEqual({
      pageNum: 1,
      pageSize: 10,
    });

    await user.click(within(menu).getByRole('menuitem', { name: 'English' }));
    expect(localStorage.getItem('lang')).toBe('en');
    expect(router.state.location.pathname).toBe('/en/index');
    expect(router.state.location.search).toBe('?from=ad');
  });

  it('goes back to the unprefixed path for Chinese', async () => {
    stubApi();
    const user = userEvent.setup();
    const { router } = await renderAt(<HeaderAtPath />, '/en/index');
    await user.click(screen.getByRole('button', { name: /Language/ }));
    await user.click(await screen.findByRole('menuitem', { name: '简体中文' }));
    expect(localStorage.getItem('lang')).toBe('zh');
    expect(router.state.location.pathname).toBe('/index');
  });

  it('shows a retry button instead of the menu when the tree breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer: unknown = envelope([{ id: 'x', name: 1 }]);
    mockFetch([
      ['/api/programa/buildProgramaTree/', () => ({ body: answer })],
      ['/api/language/list', { body: envelope(languages) }],
    ]);
    const user = userEvent.setup();
    await renderAt(<HeaderAtPath />, '/en/index');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const alert = await within(nav).findByRole('alert');
    expect(alert.getAttribute('data-error-kind')).toBe('response-shape');
    expect(within(alert).getByText('The server sent data in an unexpected format.')).toBeTruthy();

    answer = envelope(navTree);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(nav).findByRole('link', { name: /关于我们/ });
  });

  it('collapses the navigation behind a menu button', async () => {
    stubApi();
    const user = userEvent.setup();
    await renderAt(<HeaderAtPath />, '/en/index');
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-controls')).toBe('site-nav');
    await user.click(toggle);
    expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(document.getElementById('site-nav')?.getAttribute('data-mobile-open')).toBe('true');
  });
});
