import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { NewsListRoute } from '../routes/news-list';
import { firstPage, hotNews, newsItem, newsTypes } from './fixtures';

/** Generous waits: the first render loads every catalogue, slow on a busy machine. */
const SLOW = { timeout: 5000 };

function stubNews(overrides: Array<[string | RegExp, Parameters<typeof mockFetch>[0][number][1]]> = []) {
  return mockFetch([
    ...overrides,
    ['/api/news/newsTypeList/5', { body: envelope(newsTypes) }],
    ['/api/news/newsListByTitle', { body: envelope({ total: 1, rows: [newsItem(12, { title: 'JAKA Weekly | C series first orders' })] }) }],
    ['/api/news/newsList', { body: envelope(firstPage) }],
    ['/api/news/newsTopList', { body: envelope(hotNews) }],
  ]);
}

describe('the news list', () => {
  it('shows the news types as tabs, the articles with their links and the hot news, in the page language', async () => {
    const { requests } = stubNews();
    await renderAt(<NewsListRoute />, '/jp/news');
    await screen.findAllByRole('link', { name: /50,000th JAKA cobot/ }, SLOW);
    const tabs = screen.getByRole('tablist', { name: 'ニュースのカテゴリー' });
    expect(within(tabs).getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'すべてのニュース',
      'Company News',
      'Industry Insights',
      'JAKA Weekly',
    ]);
    expect(within(tabs).getByRole('tab', { name: 'すべてのニュース' }).getAttribute('aria-selected')).toBe('true');
    const list = screen.getByRole('tabpanel');
    expect(within(list).getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([
      '/jp/newsDetail/39?typeId=1',
      '/jp/newsDetail/37?typeId=3',
      '/jp/newsDetail/36?typeId=4',
    ]);
    expect(within(list).getByText('固定')).toBeTruthy();
    const hot = screen.getByRole('complementary', { name: '注目のニュース' });
    expect(within(hot).getAllByRole('link')).toHaveLength(2);
    const listCall = requests.find((r) => r.url.includes('/newsList?'));
    expect(listCall?.url).toBe('/prod-api/api/news/newsList?pageNum=1&pageSize=8');
    expect(listCall?.headers.get('lang')).toBe('ja');
  });

  it('lists one type when its tab is chosen, and pages through it', async () => {
    const { requests } = stubNews();
    const user = userEvent.setup();
    const { router } = await renderAt(<NewsListRoute />, '/en/news');
    await user.click(await screen.findByRole('tab', { name: 'JAKA Weekly' }, SLOW));
    expect(router.state.location.search).toBe('?type=3');
    await waitFor(() => expect(requests.some((r) => r.url.includes('newsList?typeId=3&pageNum=1&pageSize=8'))).toBe(true));

    await user.click(await screen.findByRole('button', { name: 'Page 2' }, SLOW));
    expect(router.state.location.search).toBe('?type=3&page=2');
    await waitFor(() => expect(requests.some((r) => r.url.includes('newsList?typeId=3&pageNum=2&pageSize=8'))).toBe(true));
  });

  it('searches the titles, marks the words and clears back to the list', async () => {
    const { requests } = stubNews();
    const user = userEvent.setup();
    const { router } = await renderAt(<NewsListRoute />, '/en/news?type=2');
    await screen.findByRole('link', { name: /50,000th/ }, SLOW);
    await user.type(screen.getByRole('searchbox', { name: 'Search news by title' }), 'weekly{Enter}');
    expect(router.state.location.search).toBe('?type=2&q=weekly');
    expect(await screen.findByRole('heading', { name: 'Results for “weekly”: 1' }, SLOW)).toBeTruthy();
    expect(requests.some((r) => r.url.endsWith('/newsListByTitle?title=weekly&pageNum=1&pageSize=8'))).toBe(true);
    const hit = screen.getByRole('link', { name: /C series first orders/ });
    expect(within(hit).getByText('Weekly').tagName).toBe('MARK');
    expect(screen.queryByRole('tablist')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Clear search' }));
    expect(router.state.location.search).toBe('?type=2');
    expect(await screen.findByRole('tablist', {}, SLOW)).toBeTruthy();
    expect(document.activeElement).toBe(screen.getByRole('searchbox'));
  });

  it('says when a search finds nothing, with a way back to all news', async () => {
    stubNews([['/api/news/newsListByTitle', { body: envelope({ total: 0, rows: [] }) }]]);
    const user = userEvent.setup();
    const { router } = await renderAt(<NewsListRoute />, '/news?q=xyz');
    expect(await screen.findByText('未找到与“xyz”相关的新闻，请换个关键词试试。', {}, SLOW)).toBeTruthy();
    await user.click(screen.getByRole('button', { name: '查看全部新闻' }));
    expect(router.state.location.search).toBe('');
  });

  it('shows an empty category and an error with retry', async () => {
    let fail = true;
    stubNews([
      [
        '/api/news/newsList?',
        () => (fail ? { status: 503, body: { success: false, code: 503, msg: 'down', data: null, errorKey: 'upstream.unavailable' } } : { body: envelope({ total: 0, rows: [] }) }),
      ],
    ]);
    const user = userEvent.setup();
    await renderAt(<NewsListRoute />, '/en/news');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(alert.textContent).toContain('The service is temporarily unavailable.');
    fail = false;
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('There are no articles in this category yet.', {}, SLOW)).toBeTruthy();
    expect(screen.queryByRole('navigation', { name: 'Pages of news' })).toBeNull();
  });
});
