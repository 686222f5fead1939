import { QueryClientProvider } from '@tanstack/react-query';
import { act, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { attentionStore } from '@/lib/attention';
import { closeEnquiryDialog, enquiryDialogStore, openEnquiryDialog } from '@/lib/enquiry-dialog';
import { headerOverlayStore } from '@/lib/overlays';
import { createTestQueryClient } from '@/testing/render';
import { stubShellApi } from '@/testing/shell-api';
import { LOADING_OVERLAY_MS } from '../layout/loading-overlay';
import { createRoutes } from '../routes';

async function renderApp(path: string) {
  const router = createMemoryRouter(createRoutes(), { initialEntries: [path] });
  render(
    <QueryClientProvider client={createTestQueryClient()}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  await waitFor(() => expect(router.state.initialized).toBe(true));
  await screen.findByRole('main');
  return router;
}

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

beforeEach(() => {
  stubShellApi();
  vi.spyOn(navigator, 'languages', 'get').mockReturnValue(['zh-CN']);
});

afterEach(() => {
  scrollTo(0);
  closeEnquiryDialog();
  headerOverlayStore.set(null);
  attentionStore.get()?.resolve(false);
});

describe('the page head', () => {
  it('lists the page in all twelve languages plus x-default, with the query that changes the page', async () => {
    await renderApp('/en/productDetails/7?id=3&utm_source=newsletter');
    await waitFor(() => expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(13));
    const links = Object.fromEntries(
      [...document.head.querySelectorAll('link[rel="alternate"]')].map((l) => [l.getAttribute('hreflang') ?? '', l.getAttribute('href')] as const),
    );
    const origin = window.location.origin;
    expect(links['zh-CN']).toBe(`${origin}/productDetails/7?id=3`);
    expect(links.ja).toBe(`${origin}/jp/productDetails/7?id=3`);
    expect(links['en-DE']).toBe(`${origin}/en_eu/productDetails/7?id=3`);
    expect(links['x-default']).toBe(`${origin}/productDetails/7?id=3`);
    expect(Object.keys(links).sort()).toEqual(
      ['de', 'en', 'en-DE', 'en-US', 'es', 'fr', 'ja', 'ko', 'ru', 'th', 'x-default', 'zh-CN', 'zh-TW'].sort(),
    );
    expect(document.head.querySelector('meta[name="robots"]')).toBeNull();
  });

  it('marks preview pages noindex, with a visible notice', async () => {
    await renderApp('/en/preview/news');
    await waitFor(() => expect(document.head.querySelector('meta[name="robots"]')?.getAttribute('content')).toBe('noindex, nofollow'));
    expect(document.head.querySelectorAll('link[rel="alternate"]')).toHaveLength(0);
    expect(screen.getByRole('note').textContent).toBe('Preview: this page may show unpublished drafts.');
  });
});

describe('route changes', () => {
  it('cover the new page with the loading overlay for 250 ms, but not FAQ pages', async () => {
    const router = await renderApp('/en/news');
    const overlay = screen.getByTestId('loading-overlay');
    expect(overlay.getAttribute('data-visible')).toBe('false');

    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      await act(() => router.navigate('/en/about'));
      await screen.findByRole('heading', { level: 1, name: 'About JAKA' });
      expect(overlay.getAttribute('data-visible')).toBe('true');
      expect(screen.getByRole('main').getAttribute('aria-busy')).toBe('true');
      act(() => {
        vi.advanceTimersByTime(LOADING_OVERLAY_MS + 20);
      });
      expect(overlay.getAttribute('data-visible')).toBe('false');

      await act(() => router.navigate('/en/commonQuestion'));
      await screen.findByRole('heading', { level: 1, name: 'FAQ' });
      expect(overlay.getAttribute('data-visible')).toBe('false');
    } finally {
      vi.useRealTimers();
    }
  });

  it('show the progress bar while the next page loads', async () => {
    const router = await renderApp('/en/news');
    const bar = screen.getByTestId('navigation-progress');
    expect(bar.getAttribute('data-busy')).toBe('false');
    let navigation: Promise<void> | undefined;
    act(() => {
      navigation = router.navigate('/en/join');
    });
    expect(bar.getAttribute('data-busy')).toBe('true');
    expect(bar.getAttribute('data-visible')).toBe('true');
    await act(async () => navigation);
    await waitFor(() => expect(bar.getAttribute('data-busy')).toBe('false'));
  });
});

describe('the footer', () => {
  it('shows the link tree, hotline, mailbox, address, legal links, licences and years', async () => {
    await renderApp('/en/news');
    const footer = await screen.findByRole('contentinfo');
    const tree = await within(footer).findByRole('navigation', { name: 'Site links' });
    expect(within(tree).getByRole('link', { name: 'Products' }).getAttribute('href')).toBe('/en/productList');
    expect(within(tree).getByRole('link', { name: 'JAKA Zu' }).getAttribute('href')).toBe('/en/productList/1');
    const shop = within(tree).getByRole('link', { name: /Shop/ });
    expect(shop.getAttribute('target')).toBe('_blank');
    expect(shop.getAttribute('rel')).toBe('noopener noreferrer');

    expect(within(footer).getByRole('link', { name: '400-006-2665' }).getAttribute('href')).toBe('tel:4000062665');
    expect(within(footer).getByRole('link', { name: 'info@example.com' }).getAttribute('href')).toBe('mailto:info@example.com');
    expect(within(footer).getByText('Building 33, No. 610 Jianchuan Road, Shanghai')).toBeTruthy();

    const legal = within(footer).getByRole('navigation', { name: 'Legal' });
    expect(within(legal).getByRole('link', { name: 'Privacy policy' }).getAttribute('href')).toBe('/en/imprint?key=privacy');
    expect(within(footer).getByRole('link', { name: /沪ICP备15056138号-1/ }).getAttribute('href')).toBe('https://beian.miit.gov.cn/');
    expect(within(footer).getByRole('link', { name: /沪公网安备/ }).getAttribute('href')).toContain('beian.mps.gov.cn');
    const year = new Date().getFullYear();
    expect(within(footer).getByText(`© ${year > 2023 ? `2023–${year}` : '2023'} JAKA Robotics. All rights reserved.`)).toBeTruthy();

    expect(within(footer).getByRole('link', { name: /^JAKA on LinkedIn\s*\(opens in a new tab\)$/ }).getAttribute('target')).toBe('_blank');
    expect(within(footer).getByRole('button', { name: 'Scan to follow JAKA on WeChat' })).toBeTruthy();
  });

  it('shows the type-19 banner above it', async () => {
    const { requests } = stubShellApi();
    await renderApp('/en/news');
    const banner = await screen.findByRole('region', { name: 'Talk to an application engineer' });
    expect(within(banner).getByRole('link', { name: 'Get in touch' }).getAttribute('href')).toBe('/en/contact');
    expect(requests.some((r) => r.url === '/prod-api/api/banner/allList?type=19&status=0')).toBe(true);
  });
});

describe('the floating bar', () => {
  it('appears after 100 px of scrolling, with the actions of the language', async () => {
    await renderApp('/news');
    const bar = screen.getByRole('complementary', { name: '快捷联系', hidden: true });
    expect(bar.getAttribute('data-visible')).toBe('false');
    scrollTo(100);
    expect(bar.getAttribute('data-visible')).toBe('false');
    scrollTo(101);
    expect(bar.getAttribute('data-visible')).toBe('true');
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['在线咨询', '申请样机', '返回顶部']);
  });

  it('offers e-mail and contact in English, Japanese, Thai and Korean, only back to top elsewhere', async () => {
    await renderApp('/en/news');
    scrollTo(400);
    const bar = screen.getByRole('complementary', { name: 'Quick contact' });
    await waitFor(() => expect(within(bar).getByRole('link', { name: 'Email us' }).getAttribute('href')).toBe('mailto:info@example.com'));
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['Contact us', 'Back to top']);
  });

  it('has only back to top in German', async () => {
    await renderApp('/de/news');
    scrollTo(400);
    const bar = screen.getByRole('complementary', { name: 'Schnellkontakt' });
    expect(within(bar).getAllByRole('button').map((b) => b.textContent)).toEqual(['Nach oben']);
    expect(within(bar).queryByRole('link')).toBeNull();
  });
});

describe('the enquiry dialog', () => {
  it('opens from the floating bar over the page, locks page scroll, and unlocks it on close', async () => {
    const user = userEvent.setup();
    await renderApp('/index');
    scrollTo(300);
    await user.click(await screen.findByRole('button', { name: '申请样机' }, { timeout: 5000 }));
    const dialog = await screen.findByRole('dialog', { name: '申请样机' });
    expect(within(dialog).getByTestId('enquiry-form-slot')).toBeTruthy();
    await waitFor(() => expect(document.body.hasAttribute('data-scroll-locked')).toBe(true));
    expect(enquiryDialogStore.get()).toEqual({ open: true, intent: 'prototype' });

    await user.click(within(dialog).getByRole('button', { name: '关闭' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(document.body.hasAttribute('data-scroll-locked')).toBe(false);
    expect(enquiryDialogStore.get().open).toBe(false);
  });

  it('opens from any code through the store and closes with Escape', async () => {
    const user = userEvent.setup();
    await renderApp('/en/about');
    act(() => openEnquiryDialog('contact'));
    const dialog = await screen.findByRole('dialog', { name: 'Contact us' });
    await waitFor(() => expect(dialog.contains(document.activeElement)).toBe(true));
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});

describe('logout', () => {
  async function startLogout(user: ReturnType<typeof userEvent.setup>) {
    const name = 'Account menu: Li Wei';
    await user.hover(await screen.findByRole('button', { name }));
    await waitFor(() => expect(screen.getByRole('button', { name }).hasAttribute('data-state')).toBe(true));
    await user.click(screen.getByRole('button', { name }));
    await user.click(await screen.findByRole('menuitem', { name: 'Log out' }));
    return screen.findByRole('alertdialog', { name: 'Log out?' });
  }

  beforeEach(() => {
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-1' }));
    localStorage.setItem('jakaUserName', 'Li Wei');
    localStorage.setItem('jakaUserId', '7');
    localStorage.setItem('jakaUserAccount', '13800000000');
    localStorage.setItem('jakaUserAccountEmail', 'li@example.com');
    localStorage.setItem('jakaWhereFrom', '/en/news');
    localStorage.setItem('lang', 'en');
  });

  it('on cancel keeps the session and says so', async () => {
    const user = userEvent.setup();
    await renderApp('/en/news');
    const dialog = await startLogout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(await screen.findByText('Logout cancelled')).toBeTruthy();
    expect(localStorage.getItem('jakaUserInfo')).not.toBeNull();
    expect(screen.getByRole('button', { name: 'Account menu: Li Wei' })).toBeTruthy();
  });

  it('on confirm clears the stored session, says so and shows login again', async () => {
    const user = userEvent.setup();
    await renderApp('/en/news');
    const dialog = await startLogout(user);
    await user.click(within(dialog).getByRole('button', { name: 'Log out' }));
    expect(await screen.findByText('Logged out successfully')).toBeTruthy();
    for (const key of ['jakaUserId', 'jakaUserName', 'jakaUserAccount', 'jakaUserAccountEmail', 'jakaUserInfo', 'jakaWhereFrom']) {
      expect(localStorage.getItem(key), key).toBeNull();
    }
    expect(localStorage.getItem('lang')).toBe('en');
    expect(await screen.findByRole('link', { name: 'Log in' })).toBeTruthy();
  });
});

describe('the search overlay', () => {
  it('searches for the typed words in the page language on Enter', async () => {
    const user = userEvent.setup();
    const router = await renderApp('/jp/news');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: '検索' }));
    const dialog = await screen.findByRole('dialog', { name: 'サイト内検索' });
    const input = within(dialog).getByRole('searchbox', { name: '検索キーワード' });
    await waitFor(() => expect(document.activeElement).toBe(input));
    await user.type(input, ' IP68 協働 {Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/jp/search'));
    expect(new URLSearchParams(router.state.location.search).get('searchInfo')).toBe('IP68 協働');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('offers the popular keywords: a linked one opens its page, the others are searched', async () => {
    const user = userEvent.setup();
    const router = await renderApp('/en/news');
    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Search' }));
    const dialog = await screen.findByRole('dialog', { name: 'Search the site' });
    const popular = await within(dialog).findByRole('region', { name: 'Popular searches' });
    await user.click(within(popular).getByRole('button', { name: 'IP68 cobot' }));
    await waitFor(() => expect(router.state.location.search).toBe('?searchInfo=IP68+cobot'));

    await user.click(within(screen.getByRole('banner')).getByRole('button', { name: 'Search' }));
    const again = await screen.findByRole('dialog', { name: 'Search the site' });
    await user.click(await within(again).findByRole('link', { name: 'JAKA Zu 7' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/productDetails/103'));
  });
});

describe('the mobile menu', () => {
  it('is a dialog with the navigation as accordion levels, closing when a link is followed', async () => {
    const user = userEvent.setup();
    const router = await renderApp('/en/news');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Site menu' });
    const nav = await within(drawer).findByRole('navigation', { name: 'Main navigation' });
    const products = await within(nav).findByRole('button', { name: /产品/ });
    expect(products.getAttribute('aria-expanded')).toBe('false');
    await user.click(products);
    expect(products.getAttribute('aria-expanded')).toBe('true');
    const line = within(nav).getByRole('button', { name: /协作机器人/ });
    await user.click(line);
    await user.click(within(nav).getByRole('link', { name: /JAKA Zu 7/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/en/productDetails/7'));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('closes with Escape and has the languages and account', async () => {
    const user = userEvent.setup();
    await renderApp('/en/news');
    await user.click(screen.getByRole('button', { name: 'Open menu' }));
    const drawer = await screen.findByRole('dialog', { name: 'Site menu' });
    expect(within(drawer).getByRole('link', { name: 'Log in' })).toBeTruthy();
    expect(await within(drawer).findByRole('link', { name: '日本語' })).toBeTruthy();
    fireEvent.keyDown(document.activeElement ?? document.body, { key: 'Escape' });
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });
});
