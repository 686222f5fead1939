import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope, keywords } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { SearchRoute } from '../routes/search';

/** Generous waits: the first render loads every catalogue, slow on a busy machine. */
const SLOW = { timeout: 5000 };

const result = {
  query: 'JAKA Zu',
  total: 9,
  groups: [
    {
      type: 'product',
      total: 6,
      items: [
        { type: 'product', id: 103, title: 'JAKA Zu 7', summary: 'A 7 kg cobot', image: '/cms-assets/products/zu-7.svg', date: null, link: '/productDetails/103' },
      ],
    },
    {
      type: 'news',
      total: 2,
      items: [
        { type: 'news', id: 39, title: 'The 50,000th JAKA Zu leaves the line', summary: null, image: null, date: '2026-10-27T10:00:00+08:00', link: '/newsDetail/39?typeId=1' },
        { type: 'news', id: 14, title: 'Tier-1 supplier runs 60 JAKA Zu cobots', summary: 'Sixty cobots', image: null, date: '2024-05-15T10:00:00+08:00', link: '/newsDetail/14?typeId=1' },
      ],
    },
    {
      type: 'faq',
      total: 1,
      items: [{ type: 'faq', id: 1, title: 'Can a JAKA Zu be mounted on a wall?', summary: null, image: null, date: null, link: '/commonQuestion?id=1' }],
    },
  ],
};

const nothing = { query: 'xyzzy', total: 0, groups: [] };

function stubSearch() {
  return mockFetch([
    ['/bff/search?q=xyzzy', { body: envelope(nothing) }],
    ['/bff/search', { body: envelope(result) }],
    ['/api/keyWord', { body: envelope(keywords) }],
  ]);
}

describe('the search page', () => {
  it('groups the hits by kind with their counts, each with an explore link in the page language', async () => {
    const { requests } = stubSearch();
    await renderAt(<SearchRoute />, '/en/search?searchInfo=JAKA%20Zu');
    expect(await screen.findByText('Results for “JAKA Zu”: 9', {}, SLOW)).toBeTruthy();
    expect(requests[0]?.url).toBe('/prod-api/bff/search?q=JAKA+Zu');
    const kinds = screen.getByRole('navigation', { name: 'Results by type' });
    expect(within(kinds).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['Products 6', '#search-product'],
      ['News 2', '#search-news'],
      ['FAQ 1', '#search-faq'],
    ]);
    const products = screen.getByRole('region', { name: 'Products 6' });
    expect(within(products).getByText('Showing 1 of 6')).toBeTruthy();
    expect(within(products).getByRole('link', { name: 'Explore details: JAKA Zu 7' }).getAttribute('href')).toBe('/en/productDetails/103');
    expect(within(products).queryByRole('link', { name: /See all/ })).toBeNull();
    const news = screen.getByRole('region', { name: 'News 2' });
    expect(within(news).getByRole('link', { name: /50,000th/ }).getAttribute('href')).toBe('/en/newsDetail/39?typeId=1');
    expect(within(news).getByText('Oct 27, 2026')).toBeTruthy();
    expect(within(news).getAllByText('Zu').every((el) => el.tagName === 'MARK')).toBe(true);
    const faq = screen.getByRole('region', { name: 'FAQ 1' });
    expect(within(faq).getByRole('link', { name: /mounted on a wall/ }).getAttribute('href')).toBe('/en/commonQuestion?id=1');
  });

  it("says 'No relevant results found' when nothing matches, and offers popular searches", async () => {
    stubSearch();
    const user = userEvent.setup();
    const { router } = await renderAt(<SearchRoute />, '/en/search?searchInfo=xyzzy');
    expect(await screen.findByText('No relevant results found', {}, SLOW)).toBeTruthy();
    const popular = await screen.findByRole('region', { name: 'Popular searches' }, SLOW);
    const word = within(popular).getAllByRole('button')[0] as HTMLElement;
    await user.click(word);
    expect(new URLSearchParams(router.state.location.search).get('searchInfo')).toBe(word.textContent);
  });

  it('says it in Chinese too, and a Latin-letter search there leads on: the English site, products, FAQ, contact', async () => {
    stubSearch();
    await renderAt(<SearchRoute />, '/search?searchInfo=xyzzy');
    expect(await screen.findByText('未找到相关结果', {}, SLOW)).toBeTruthy();
    const ways = screen.getByRole('region', { name: '您还可以' });
    expect(within(ways).getAllByRole('link').map((a) => [a.textContent, a.getAttribute('href')])).toEqual([
      ['在英文网站中搜索“xyzzy”', '/en/search?searchInfo=xyzzy'],
      ['浏览全部产品', '/productList'],
      ['查看常见问题', '/commonQuestion'],
      ['联系我们的团队', '/contact'],
    ]);
  });

  it('leads on even when the popular searches cannot be had; no English-site search on the English site', async () => {
    mockFetch([
      ['/bff/search', { body: envelope(nothing) }],
      ['/api/keyWord', { status: 503, body: { success: false, code: 503, msg: 'x', data: null, errorKey: 'upstream.unavailable' } }],
    ]);
    await renderAt(<SearchRoute />, '/en/search?searchInfo=robot');
    expect(await screen.findByText('No relevant results found', {}, SLOW)).toBeTruthy();
    const ways = screen.getByRole('region', { name: 'Other ways on' });
    expect(within(ways).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual(['/en/productList', '/en/commonQuestion', '/en/contact']);
  });

  it('offers the English site only for a search in Latin letters', async () => {
    mockFetch([
      ['/bff/search', { body: envelope(nothing) }],
      ['/api/keyWord', { body: envelope(keywords) }],
    ]);
    await renderAt(<SearchRoute />, '/search?searchInfo=%E7%84%8A%E6%8E%A5%E6%9C%BA');
    expect(await screen.findByText('未找到相关结果', {}, SLOW)).toBeTruthy();
    expect(within(screen.getByRole('region', { name: '您还可以' })).queryByRole('link', { name: /英文网站/ })).toBeNull();
  });

  it('refines the search and clears it', async () => {
    const { requests } = stubSearch();
    const user = userEvent.setup();
    const { router } = await renderAt(<SearchRoute />, '/en/search?searchInfo=xyzzy');
    await screen.findByText('No relevant results found', {}, SLOW);
    const box = screen.getByRole('searchbox', { name: 'Search the site' });
    expect((box as HTMLInputElement).value).toBe('xyzzy');
    await user.clear(box);
    await user.type(box, 'JAKA Zu{Enter}');
    expect(router.state.location.search).toBe('?searchInfo=JAKA+Zu');
    expect(await screen.findByText('Results for “JAKA Zu”: 9', {}, SLOW)).toBeTruthy();
    await waitFor(() => expect(requests.some((r) => r.url.endsWith('/bff/search?q=JAKA+Zu'))).toBe(true));

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('');
    expect(await screen.findByText('Enter a few words to search products, customer cases, news, documents and FAQ.', {}, SLOW)).toBeTruthy();
    expect((box as HTMLInputElement).value).toBe('');
  });

  it('shows an error with retry when the search fails', async () => {
    mockFetch([
      ['/bff/search', { status: 503, body: { success: false, code: 503, msg: 'x', data: null, errorKey: 'upstream.unavailable' } }],
      ['/api/keyWord', { body: envelope(keywords) }],
    ]);
    await renderAt(<SearchRoute />, '/en/search?searchInfo=cobot');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
