import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageTitleStore } from '@/lib/page-title';
import * as toastModule from '@/lib/toast';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderRoute } from './render-route';
import { shareTargets } from '../components/share-bar';
import { NewsDetailRoute } from '../routes/news-detail';
import { article, hotNews, newsTypes } from './fixtures';

/** Generous waits: the first render loads every catalogue, slow on a busy machine. */
const SLOW = { timeout: 5000 };

const notFound = { status: 404, body: { success: false, code: 404, msg: 'gone', data: null, errorKey: 'resource.not_found' } };

function stubDetail(detail: Parameters<typeof mockFetch>[0][number][1] = { body: envelope(article()) }) {
  return mockFetch([
    ['/api/news/newsTypeList/5', { body: envelope(newsTypes) }],
    ['/api/news/newsTopList', { body: envelope(hotNews) }],
    ['/api/news/getNewsDetail/', detail],
  ]);
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe('a news article', () => {
  it('shows the article with its type, author, previous and next, asked with its type', async () => {
    const { requests } = stubDetail();
    await renderRoute(<NewsDetailRoute />, 'newsDetail/:id', '/en/newsDetail/35?typeId=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'JAKA Pro series certified for cleanrooms' }, SLOW)).toBeTruthy();
    expect(requests.find((r) => r.url.includes('getNewsDetail'))?.url).toBe('/prod-api/api/news/getNewsDetail/1/35');
    expect(screen.getByRole('link', { name: 'Company News' }).getAttribute('href')).toBe('/en/news?type=1');
    expect(screen.getByText('By JAKA Newsroom')).toBeTruthy();
    expect(screen.getByRole('heading', { level: 2, name: 'Why it matters' })).toBeTruthy();
    const more = screen.getByRole('navigation', { name: 'More news' });
    expect(within(more).getByRole('link', { name: /Previous article\s*JAKA App 3.0/ }).getAttribute('href')).toBe('/en/newsDetail/33?typeId=1');
    expect(within(more).getByRole('link', { name: /Next article\s*The 50,000th/ }).getAttribute('href')).toBe('/en/newsDetail/39?typeId=1');
    expect(screen.getByRole('link', { name: 'Back to all news' }).getAttribute('href')).toBe('/en/news');
  });

  it('describes itself as a NewsArticle: headline, summary, date, picture, author and publisher', async () => {
    vi.stubEnv('SSR', true); // structured data is built where crawlers read it: on the server
    stubDetail({ body: envelope(article({ image: '/cms-assets/pictures/news-35.jpg' })) });
    await renderRoute(<NewsDetailRoute />, 'newsDetail/:id', '/en/newsDetail/35?typeId=1');
    await screen.findByRole('heading', { level: 1, name: 'JAKA Pro series certified for cleanrooms' }, SLOW);
    const origin = window.location.origin;
    await waitFor(() => expect(pageTitleStore.get()?.page).toBe('JAKA Pro series certified for cleanrooms'));
    const entry = pageTitleStore.get();
    expect(entry?.description).toBe('Summary of news 35');
    expect(entry?.image).toBe('/cms-assets/pictures/news-35.jpg');
    expect(entry?.type).toBe('article');
    expect(entry?.structuredData).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'NewsArticle',
        headline: 'JAKA Pro series certified for cleanrooms',
        description: 'Summary of news 35',
        image: [`${origin}/cms-assets/pictures/news-35.jpg`],
        datePublished: '2026-10-27T10:00:00+08:00',
        author: [{ '@type': 'Organization', name: 'JAKA Newsroom' }],
        publisher: { '@type': 'Organization', '@id': `${origin}/#organization`, name: 'JAKA Robotics', url: `${origin}/en/index` },
        mainEntityOfPage: `${origin}/en/newsDetail/35?typeId=1`,
        url: `${origin}/en/newsDetail/35?typeId=1`,
        inLanguage: 'en',
      },
    ]);
  });

  it('says so at the ends of its type', async () => {
    stubDetail({ body: envelope(article({ previous: null, next: null })) });
    await renderRoute(<NewsDetailRoute />, 'newsDetail/:id', '/newsDetail/35?typeId=1');
    expect(await screen.findByText('这已是该分类最早的一篇。', {}, SLOW)).toBeTruthy();
    expect(screen.getByText('这已是该分类最新的一篇。')).toBeTruthy();
  });

  it('renders hostile rich text harmlessly: no script, no event handler, no javascript: link', async () => {
    const hostile =
      '<p>Safe text</p><script>window.pwned = true</script><img src="x" onerror="window.pwned = true">' +
      '<a href="javascript:alert(1)">click</a><iframe src="https://evil.example"></iframe><p onclick="alert(1)">para</p>';
    stubDetail({ body: envelope(article({ content: hostile })) });
    const { container } = await renderRoute(<NewsDetailRoute />, 'newsDetail/:id', '/en/newsDetail/35?typeId=1');
    await screen.findByText('Safe text', {}, SLOW);
    expect(container.querySelector('script')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
    expect(container.querySelector('[onerror], [onclick]')).toBeNull();
    expect(screen.getByText('click').getAttribute('href')).toBeNull();
    expect((window as { pwned?: boolean }).pwned).toBeUndefined();
  });

  it('copies its link and says so', async () => {
    stubDetail();
    const success = vi.spyOn(toastModule.toast, 'success');
    const user = userEvent.setup();
    // After setup, which puts its own clipboard in place.
    const writeText = vi.spyOn(navigator.clipboard, 'writeText');
    await renderRoute(<NewsDetailRoute />, 'newsDetail/:id', '/en/newsDetail/35?typeId=1');
    await user.click(await screen.findByRole('button', { name: 'Copy link' }, SLOW));
    expect(writeText).toHaveBeenCalledWith(`${window.location.origin}/en/newsDetail/35?typeId=1`);
    expect(success).toHaveBeenCalledWith('Link copied to clipboard');
  });

  it('offers the share targets of its language: WeChat and Weibo in Chinese, LINE in Japanese', async () => {
    stubDetail();
    const user = userEvent.setup();
    await renderRoute(<NewsDetailRoute />, 'newsDetail/:id', '/newsDetail/35?typeId=1');
    const wechat = await screen.findByRole('button', { name: '微信二维码' }, SLOW);
    expect(wechat.getAttribute('aria-expanded')).toBe('false');
    await user.click(wechat);
    expect(wechat.getAttribute('aria-expanded')).toBe('true');
    expect(screen.getByText('用微信扫一扫，在手机上阅读并分享本文。')).toBeTruthy();
    expect(screen.getByRole('link', { name: '分享到微博' }).getAttribute('href')).toContain('service.weibo.com');
    expect(screen.queryByRole('link', { name: /Facebook/ })).toBeNull();

    const url = 'https://example.com/jp/newsDetail/35?typeId=1';
    expect(shareTargets('jp', url, 't').map((target) => target.id)).toEqual(['line', 'x', 'facebook', 'email']);
    expect(shareTargets('ru', url, 't').map((target) => target.id)).toEqual(['vk', 'telegram', 'email']);
    expect(shareTargets('de', url, 't')[0]?.href).toBe(`https://www.linkedin.com/sharing/share-offsite/?url=${encodeURIComponent(url)}`);
  });

  it('finds the type of an old link without one, and puts it into the address', async () => {
    const { requests } = stubDetail(({ url }) => (url.endsWith('/getNewsDetail/2/35') ? { body: envelope(article({ typeId: 2 })) } : notFound));
    const { router } = await renderRoute(<NewsDetailRoute />, 'newsDetail/:id', '/en/newsDetail/35');
    await screen.findByRole('heading', { level: 1, name: 'JAKA Pro series certified for cleanrooms' }, SLOW);
    expect(requests.filter((r) => r.url.includes('getNewsDetail')).map((r) => r.url)).toEqual([
      '/prod-api/api/news/getNewsDetail/1/35',
      '/prod-api/api/news/getNewsDetail/2/35',
    ]);
    await waitFor(() => expect(router.state.location.search).toBe('?typeId=2'));
  });

  it('says when the article does not exist, with a way back', async () => {
    stubDetail(notFound);
    await renderRoute(<NewsDetailRoute />, 'newsDetail/:id', '/en/newsDetail/999?typeId=1');
    expect(await screen.findByRole('heading', { level: 1, name: 'Article not found' }, SLOW)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Back to all news' })).toBeTruthy();
  });

  it('shows an error with retry when the server fails', async () => {
    stubDetail({ status: 502, body: { success: false, code: 502, msg: 'bad', data: null, errorKey: 'upstream.bad_gateway' } });
    await renderRoute(<NewsDetailRoute />, 'newsDetail/:id', '/en/newsDetail/35?typeId=1');
    const alert = await screen.findByRole('alert', {}, SLOW);
    expect(within(alert).getByRole('button', { name: 'Try again' })).toBeTruthy();
  });
});
