import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { headerOverlayStore } from '@/lib/overlays';
import { envelope, navTree } from '@/testing/fixtures';
import { renderAt } from '@/testing/render';
import { stubShellApi } from '@/testing/shell-api';
import { Header } from '../layout/header';

afterEach(() => headerOverlayStore.set(null));

/** Opens a header menu whose code loads on demand: hover (starts the load), then click. */
async function openMenu(user: ReturnType<typeof userEvent.setup>, name: string | RegExp) {
  await user.hover(screen.getByRole('button', { name }));
  await waitFor(() => expect(screen.getByRole('button', { name }).hasAttribute('data-state')).toBe(true));
  await user.click(screen.getByRole('button', { name }));
  return screen.findByRole('menu');
}

/** The navigation once the menu has loaded (the loading state is another element). */
async function loadedNav(name: string) {
  await screen.findByRole('link', { name: /关于我们/ });
  return screen.getByRole('navigation', { name });
}

describe('the header', () => {
  it('shows the visible navigation items in a labelled nav, hidden ones (status 1) left out', async () => {
    stubShellApi();
    await renderAt(<Header />, '/index');
    const nav = await loadedNav('主导航');
    expect(within(nav).getByRole('button', { name: /产品/ })).toBeTruthy();
    expect(within(nav).getByRole('button', { name: /服务支持/ })).toBeTruthy();
    // A top item without children is a plain link.
    expect(within(nav).getByRole('link', { name: /关于我们/ }).getAttribute('href')).toBe('/about');
    expect(within(nav).queryByText('内部页面')).toBeNull();
  });

  it('asks for the menu of the language (jp: menu 37, lang ja) and prefixes router paths with it', async () => {
    const { requests } = stubShellApi();
    await renderAt(<Header />, '/jp/index');
    const nav = await loadedNav('メインナビゲーション');
    const about = within(nav).getByRole('link', { name: /关于我们/ });
    expect(about.getAttribute('href')).toBe('/jp/about');
    const menuRequest = requests.find((r) => r.url.includes('buildProgramaTree'));
    expect(menuRequest?.url).toBe('/prod-api/api/programa/buildProgramaTree/37');
    expect(menuRequest?.headers.get('lang')).toBe('ja');
  });

  it('opens a mega-menu with the product lines, badges for type C, and hidden products left out', async () => {
    stubShellApi();
    const user = userEvent.setup();
    await renderAt(<Header />, '/en/index');
    let nav = await loadedNav('Main navigation');
    // The first paint has the bar; a press on an item loads the mega-menus and opens its panel.
    const placeholder = within(nav).getByRole('button', { name: /产品/ });
    expect(placeholder.getAttribute('aria-expanded')).toBe('false');
    await user.click(placeholder);
    await waitFor(() => expect(screen.getByRole('button', { name: /产品/ }).getAttribute('aria-expanded')).toBe('true'));
    nav = screen.getByRole('navigation', { name: 'Main navigation' }); // the loaded menu's own nav
    const zu = await within(nav).findByRole('link', { name: /JAKA Zu 7/ });
    expect(zu.getAttribute('href')).toBe('/en/productDetails/7');
    expect(zu.textContent).toContain('type C');
    expect(within(nav).getByRole('link', { name: /JAKA MiniCobo/ }).textContent).toContain('New');
    expect(within(nav).queryByText('已下线型号')).toBeNull();
    expect(within(nav).queryByText('隐藏分类')).toBeNull();
    expect(within(nav).getByRole('link', { name: '产品 overview' }).getAttribute('href')).toBe('/en/productList');
  });

  it('opens menus from the keyboard and closes them with Escape, focus back on the trigger', async () => {
    stubShellApi();
    const user = userEvent.setup();
    await renderAt(<Header />, '/en/index');
    let nav = await loadedNav('Main navigation');
    // Focus on the first paint's look-alike button moves to the real trigger once it has loaded.
    within(nav).getByRole('button', { name: /服务支持/ }).focus();
    await waitFor(() => expect(document.activeElement?.hasAttribute('data-state')).toBe(true));
    nav = screen.getByRole('navigation', { name: 'Main navigation' }); // the loaded menu's own nav
    const service = within(nav).getByRole('button', { name: /服务支持/ });
    expect(document.activeElement).toBe(service);
    await user.keyboard('{Enter}');
    await waitFor(() => expect(service.getAttribute('aria-expanded')).toBe('true'));
    const shop = within(nav).getByRole('link', { name: /在线商城/ });
    expect(shop.getAttribute('target')).toBe('_blank');
    expect(shop.getAttribute('rel')).toBe('noopener noreferrer');
    expect(shop.getAttribute('href')).toBe('https://shop.example.com/');
    expect(shop.textContent).toContain('(opens in a new tab)');

    await user.keyboard('{Escape}');
    await waitFor(() => expect(service.getAttribute('aria-expanded')).toBe('false'));
    expect(document.activeElement).toBe(service);
  });

  it('shows the logo of the site information, the wordmark until it has arrived or if it breaks', async () => {
    stubShellApi();
    await renderAt(<Header />, '/en/index');
    const home = screen.getByRole('link', { name: 'JAKA Robotics home page' });
    expect(home.getAttribute('href')).toBe('/en/index');
    expect(home.querySelector('img')).toBeNull(); // the wordmark first
    await waitFor(() => expect(home.querySelector('img')?.getAttribute('src')).toBe('/img/logo.svg'));
    fireEvent.error(home.querySelector('img') as HTMLImageElement);
    expect(home.querySelector('img')).toBeNull();
    expect(home.textContent).toContain('JAKA');
  });

  it('lists the shown languages in the switcher and opens the same page, query included', async () => {
    const { requests } = stubShellApi();
    const user = userEvent.setup();
    const { router } = await renderAt(<Header />, '/productDetails/7?from=ad#specs');
    const menu = await openMenu(user, /语言/);
    const items = await within(menu).findAllByRole('menuitem');
    expect(items.map((i) => i.textContent)).toEqual(['简体中文', 'English', '日本語']);
    expect(within(menu).queryByText('Русский')).toBeNull();
    expect(JSON.parse(requests.find((r) => r.url.endsWith('/api/language/list'))?.body ?? '')).toEqual({ pageNum: 1, pageSize: 10 });

    await user.click(within(menu).getByRole('menuitem', { name: 'English' }));
    expect(localStorage.getItem('lang')).toBe('en');
    expect(router.state.location.pathname).toBe('/en/productDetails/7');
    expect(router.state.location.search).toBe('?from=ad');
    expect(router.state.location.hash).toBe('#specs');
  });

  it('goes back to the unprefixed path for Chinese', async () => {
    stubShellApi();
    const user = userEvent.setup();
    const { router } = await renderAt(<Header />, '/en/index');
    const menu = await openMenu(user, /Language/);
    await user.click(within(menu).getByRole('menuitem', { name: '简体中文' }));
    expect(localStorage.getItem('lang')).toBe('zh');
    expect(router.state.location.pathname).toBe('/index');
  });

  it('shows a retry button instead of the menu when the tree breaks the contract', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    let answer: unknown = envelope([{ id: 'x', name: 1 }]);
    stubShellApi([['/api/programa/buildProgramaTree/', () => ({ body: answer })]]);
    const user = userEvent.setup();
    await renderAt(<Header />, '/en/index');
    const nav = await screen.findByRole('navigation', { name: 'Main navigation' });
    const alert = await within(nav).findByRole('alert');
    expect(alert.getAttribute('data-error-kind')).toBe('response-shape');
    expect(within(alert).getByText('The server sent data in an unexpected format.')).toBeTruthy();

    answer = envelope(navTree);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await within(screen.getByRole('navigation', { name: 'Main navigation' })).findByRole('link', { name: /关于我们/ });
  });

  it('offers login and register (remembering this page) to visitors', async () => {
    stubShellApi();
    const user = userEvent.setup();
    await renderAt(<Header />, '/en/news?page=2');
    const login = screen.getByRole('link', { name: 'Log in' });
    expect(login.getAttribute('href')).toBe('/en/login');
    expect(screen.getByRole('link', { name: 'Register' }).getAttribute('href')).toBe('/en/register');
    await user.click(login);
    expect(localStorage.getItem('jakaWhereFrom')).toBe('/en/news?page=2');
  });

  it('shows the user menu with the account name when a token is stored', async () => {
    stubShellApi();
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-1' }));
    localStorage.setItem('jakaUserName', 'Li Wei');
    const user = userEvent.setup();
    await renderAt(<Header />, '/en/index');
    expect(screen.queryByRole('link', { name: 'Log in' })).toBeNull();
    const menu = await openMenu(user, 'Account menu: Li Wei');
    expect(within(menu).getByText('Signed in as')).toBeTruthy();
    expect(within(menu).getByRole('menuitem', { name: 'Delete account' }).getAttribute('href')).toBe('/en/deregister');
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toBeTruthy();
  });

  it('opens a menu clicked before its code arrived as soon as it is there', async () => {
    stubShellApi();
    const user = userEvent.setup();
    await renderAt(<Header />, '/en/index');
    const placeholder = screen.getByRole('button', { name: /Language/ });
    expect(placeholder.hasAttribute('data-state')).toBe(false);
    fireEvent.click(placeholder);
    const menu = await screen.findByRole('menu');
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(3);
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull());
  });

  it('opens the search overlay and the mobile menu through the shell', async () => {
    stubShellApi();
    const user = userEvent.setup();
    await renderAt(<Header />, '/en/index');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    expect(headerOverlayStore.get()).toBe('search');
    headerOverlayStore.set(null);
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    expect(toggle.getAttribute('aria-expanded')).toBe('false');
    await user.click(toggle);
    expect(headerOverlayStore.get()).toBe('menu');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true'));
  });
});
