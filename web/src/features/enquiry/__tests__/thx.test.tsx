import { QueryClientProvider, dehydrate, hydrate } from '@tanstack/react-query';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n as I18n } from 'i18next';
import type { ReactElement } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { getCommonAllListQueryKey } from '@/api/generated/endpoints/site/site';
import { SITE_LANGUAGES, type SiteLanguage } from '@/lib/language';
import { localizePath } from '@/lib/routing';
import { contentQuery } from '@/lib/use-page-language';
import { envelope, siteInfo } from '@/testing/fixtures';
import { createTestI18n } from '@/testing/i18n';
import { mockFetch } from '@/testing/mock-fetch';
import { createTestQueryClient, renderAt } from '@/testing/render';
import { ThxRoute } from '../routes/thx';

// /thx, where every enquiry lands: the confirmation, what happens next, the hotline of the page
// language, and the next steps, in every language; the same markup on the server and in the
// browser.

vi.setConfig({ testTimeout: 20_000 });

afterEach(() => vi.useRealTimers());

const siteInfoReply = (): [string, { body: unknown }] => ['/api/common/allList', { body: envelope(siteInfo) }];

/** The page's own parts (the frame's breadcrumb also links home). */
const nextSteps = () => screen.getByRole('region', { name: /While you wait|等待期间/ });

describe('the thank-you page', () => {
  it('confirms the request and says what happens next: an account manager within one business day, and where the reply comes', async () => {
    const { requests } = mockFetch([siteInfoReply()]);
    await renderAt(<ThxRoute />, '/en/thx');

    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, we have received your request' })).toBeTruthy();
    expect(screen.getByText('An account manager will contact you within one business day.')).toBeTruthy();

    const next = screen.getByRole('region', { name: 'What happens next' });
    const steps = within(within(next).getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading', { level: 3 }).textContent)).toEqual([
      'Request received',
      'An account manager contacts you',
      'Look out for our reply',
    ]);
    expect(steps[1]?.textContent).toContain('Within one business day, by phone or email.');
    expect(steps[2]?.textContent).toContain('check your spam or junk folder');

    // The hotline and mailbox of the page language, from the site information the footer shows.
    const sooner = await screen.findByRole('complementary', { name: 'Need an answer sooner?' });
    expect(within(sooner).getByRole('link', { name: '400-006-2665' }).getAttribute('href')).toBe('tel:4000062665');
    expect(within(sooner).getByRole('link', { name: 'info@example.com' }).getAttribute('href')).toBe('mailto:info@example.com');
    expect(requests.map((r) => new URL(r.url, 'http://site').pathname)).toEqual(['/prod-api/api/common/allList']);
    expect(requests[0]?.headers.get('lang')).toBe('en');
  });

  it('offers products, cases and downloads, and the home page, in the page language', async () => {
    mockFetch([siteInfoReply()]);
    const user = userEvent.setup();
    const { router } = await renderAt(<ThxRoute />, '/en/thx');

    const region = nextSteps();
    const hrefs = within(region)
      .getAllByRole('link')
      .map((link) => [link.textContent, link.getAttribute('href')]);
    expect(hrefs).toEqual([
      ['ProductsCompare the payload and reach of our cobot series.', '/en/productList'],
      ['Customer casesSee how manufacturers in many industries put our cobots to work.', '/en/case'],
      ['DownloadsManuals, datasheets, CAD models and software.', '/en/download'],
      ['Back to the home page', '/en/index'],
    ]);

    await user.click(within(region).getByRole('link', { name: /^Customer cases/ }));
    expect(router.state.location.pathname).toBe('/en/case');
  });

  it('in Chinese, without a language prefix', async () => {
    mockFetch([siteInfoReply()]);
    await renderAt(<ThxRoute />, '/thx');
    expect(screen.getByRole('heading', { level: 1, name: '提交成功，感谢您的关注' })).toBeTruthy();
    expect(screen.getByText('客户经理将在 1 个工作日内与您联系。')).toBeTruthy();
    const links = within(nextSteps()).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual(['/productList', '/case', '/download', '/index']);
    expect(links[0]?.textContent).toContain('产品中心');
  });

  it.each(SITE_LANGUAGES)('is written in %s, with every link in that language', async (lang) => {
    mockFetch([siteInfoReply()]);
    const { container } = await renderAt(<ThxRoute />, localizePath('/thx', lang));
    await screen.findByRole('complementary');
    const h1 = screen.getByRole('heading', { level: 1 });
    expect(h1.textContent).not.toMatch(/thx\.|^$/);
    // No catalogue key shows instead of a text.
    expect(container.textContent).not.toMatch(/\bthx\.\w+|titles\.\w+|footer\.\w+/);
    // What happens next, the hotline, where to go next; three steps with a heading each.
    expect(screen.getAllByRole('heading', { level: 2 })).toHaveLength(3);
    expect(screen.getAllByRole('heading', { level: 3 })).toHaveLength(3);
    const hrefs = [...container.querySelectorAll('a[href^="/"]')].map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/productList', '/case', '/download'].map((path) => localizePath(path, lang))));
    expect(hrefs.every((href) => href?.startsWith(localizePath('/', lang)))).toBe(true);
  });

  it('still confirms the request and offers the next steps when the site information cannot be loaded', async () => {
    mockFetch([['/api/common/allList', { status: 503, body: { success: false, code: 503, msg: 'down', errorKey: 'upstream.unavailable' } }]]);
    const { queryClient } = await renderAt(<ThxRoute />, '/en/thx');
    expect(screen.getByRole('heading', { level: 1, name: 'Thank you, we have received your request' })).toBeTruthy();
    expect(within(nextSteps()).getAllByRole('link')).toHaveLength(4);
    const key = [...getCommonAllListQueryKey(), ...contentQuery({ lang: 'en', preview: false }).key];
    await waitFor(() => expect(queryClient.getQueryState(key)?.status).toBe('error'));
    // Nothing to retry on a confirmation: the hotline box is simply left out.
    expect(screen.queryByRole('complementary')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });
});

/** The page with its providers, as the server renderer and the browser would mount it. */
function page(path: string, i18n: I18n, queryClient: ReturnType<typeof createTestQueryClient>): ReactElement {
  const router = createMemoryRouter([{ path: '*', element: <ThxRoute /> }], { initialEntries: [path] });
  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** A query client holding the site information of a language, as the server loads it. */
function serverQueryClient(lang: SiteLanguage) {
  const client = createTestQueryClient();
  client.setQueryData([...getCommonAllListQueryKey(), ...contentQuery({ lang, preview: false }).key], envelope(siteInfo));
  return client;
}

/** Renders on the "server": no window, document or storage, as in the Node renderer. */
function renderOnServer(element: ReactElement): string {
  vi.stubGlobal('window', undefined);
  vi.stubGlobal('document', undefined);
  vi.stubGlobal('localStorage', undefined);
  vi.stubGlobal('sessionStorage', undefined);
  try {
    return renderToString(element);
  } finally {
    vi.unstubAllGlobals();
  }
}

describe('the thank-you page on the server', () => {
  it.each(['/thx', '/en/thx', '/jp/thx', '/th/thx', '/ru/thx'])('renders %s without the browser, whatever the clock and chance say', async (path) => {
    const lang = SITE_LANGUAGES.find((l) => localizePath('/thx', l) === path) ?? 'zh';
    const i18n = await createTestI18n(lang);

    vi.useFakeTimers({ now: new Date('2026-01-05T09:00:00Z'), toFake: ['Date'] });
    vi.spyOn(Math, 'random').mockReturnValue(0.1);
    const first = renderOnServer(page(path, i18n, serverQueryClient(lang)));
    vi.setSystemTime(new Date('2027-07-18T23:30:00Z'));
    vi.spyOn(Math, 'random').mockReturnValue(0.9);
    const second = renderOnServer(page(path, i18n, serverQueryClient(lang)));

    expect(second).toBe(first);
    expect(first).toContain(`href="${localizePath('/productList', lang)}"`);
    expect(first).toContain('href="tel:4000062665"');
    expect(first).toContain(i18n.t('forms:thx.lead'));
  });

  it('hydrates in the browser without a mismatch, and without asking for the site information again at once', async () => {
    const i18n = await createTestI18n('en');
    const server = serverQueryClient('en');
    const html = renderOnServer(page('/en/thx', i18n, server));
    // What travels with the HTML: the dehydrated cache.
    const state = JSON.parse(JSON.stringify(dehydrate(server))) as ReturnType<typeof dehydrate>;

    const { requests } = mockFetch([siteInfoReply()]);
    const browser = createTestQueryClient();
    browser.setDefaultOptions({ queries: { ...browser.getDefaultOptions().queries, staleTime: 60_000 } });
    hydrate(browser, state);
    const container = document.createElement('div');
    container.innerHTML = html;
    document.body.append(container);
    const recoverable = vi.fn();
    const consoleError = vi.spyOn(console, 'error');

    const root = await act(() => Promise.resolve(hydrateRoot(container, page('/en/thx', i18n, browser), { onRecoverableError: recoverable })));
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.innerHTML).toBe(html);
    expect(within(container).getByRole('link', { name: 'info@example.com' })).toBeTruthy();
    expect(requests).toEqual([]);
    act(() => root.unmount());
    container.remove();
  });
});
