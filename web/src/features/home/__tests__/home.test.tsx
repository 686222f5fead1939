import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { enquiryDialogStore } from '@/lib/enquiry-dialog';
import { storePreviewToken } from '@/lib/preview-token';
import { pageTitleStore } from '@/lib/page-title';
import { envelope, homeAggregate, homeBanners, siteInfo } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { AUTO_ADVANCE_MS, scrimTone } from '../components/hero-carousel';
import { HomeRoute } from '../routes/home';

afterEach(() => {
  vi.useRealTimers();
});

const activeSlide = () => {
  const carousel = screen.getByRole('region', { name: 'Highlights' });
  return within(carousel)
    .getAllByRole('group', { hidden: true })
    .find((g) => g.getAttribute('aria-roledescription') === 'slide' && g.getAttribute('aria-hidden') === 'false');
};

describe('the home page', () => {
  it('asks for the home aggregate in the page language, once', async () => {
    const { requests } = mockFetch([['/bff/home', { body: envelope(homeAggregate) }]]);
    await renderAt(<HomeRoute />, '/jp/index');
    await screen.findByRole('region', { name: '注目情報' });
    // Only the aggregate: the company's structured data is built on the server alone.
    expect(requests.map((r) => r.url)).toEqual(['/prod-api/bff/home']);
    const home = requests.find((r) => r.url === '/prod-api/bff/home');
    expect(home?.headers.get('lang')).toBe('ja');
    expect(home?.headers.get('preview')).toBeNull();
  });

  it('describes the company (Organization) from the site information, and the site in its own words', async () => {
    vi.stubEnv('SSR', true); // structured data is built where crawlers read it: on the server
    mockFetch([
      ['/bff/home', { body: envelope(homeAggregate) }],
      ['/api/common/allList', { body: envelope(siteInfo) }],
    ]);
    await renderAt(<HomeRoute />, '/en/index');
    await screen.findByRole('region', { name: 'Highlights' });
    const origin = window.location.origin;
    await waitFor(() => expect(pageTitleStore.get()?.structuredData?.[0]).toHaveProperty('logo'));
    expect(pageTitleStore.get()?.description).toBe(
      'From compact arms to protected and mobile robots: one programming experience across every line. Proven cobot cells for assembly, handling, inspection and more.',
    );
    expect(pageTitleStore.get()?.structuredData).toEqual([
      {
        '@context': 'https://schema.org',
        '@type': 'Organization',
        '@id': `${origin}/#organization`,
        name: 'JAKA Robotics',
        url: `${origin}/en/index`,
        logo: `${origin}/img/logo.svg`,
        email: 'info@example.com',
        telephone: '400-006-2665',
        address: 'Building 33, No. 610 Jianchuan Road, Shanghai',
        contactPoint: [{ '@type': 'ContactPoint', contactType: 'customer service', telephone: '400-006-2665', email: 'service@example.com' }],
        sameAs: ['https://www.linkedin.com/company/x'],
      },
    ]);
  });

  it('asks for drafts with the editor token on the preview mirror', async () => {
    const { requests } = mockFetch([['/bff/home', { body: envelope(homeAggregate) }]]);
    storePreviewToken('v1.editor.sig'); // opened from an editor's preview link
    await renderAt(<HomeRoute />, '/en/preview/index');
    await screen.findByRole('region', { name: 'Highlights' });
    expect(requests[0]?.headers.get('preview')).toBe('v1.editor.sig');
  });

  it('shows product cards, shown industries and news with their links', async () => {
    mockFetch([['/bff/home', { body: envelope(homeAggregate) }]]);
    await renderAt(<HomeRoute />, '/en/index');
    const products = await screen.findByRole('region', { name: 'Cobots for every task' });
    expect(within(products).getByRole('link', { name: /JAKA Zu Cobots/ }).getAttribute('href')).toBe('/en/productList/1');
    expect(within(products).getByRole('heading', { name: 'JAKA Pro' }).closest('a')).toBeNull();
    expect(within(products).getByRole('link', { name: /All products/ }).getAttribute('href')).toBe('/en/productList');

    const industries = screen.getByRole('region', { name: 'Industries we serve' });
    expect(within(industries).getByRole('link', { name: /Automotive/ }).getAttribute('href')).toBe('/en/industry/1');
    expect(within(industries).queryByText('Hidden industry')).toBeNull();

    const news = screen.getByRole('region', { name: 'Latest news' });
    const first = within(news).getByRole('link', { name: /50,000th/ });
    expect(first.getAttribute('href')).toBe('/en/newsDetail/39?typeId=1');
    expect(within(first).getByText('Hot')).toBeTruthy();
    expect(within(news).getByRole('link', { name: /Hannover/ }).getAttribute('href')).toBe('/en/newsDetail/36?typeId=4');
    expect(within(news).getByText('Oct 27, 2026')).toBeTruthy();
  });

  it('opens the enquiry dialog from its call to action: a prototype request in Chinese, contact elsewhere', async () => {
    mockFetch([['/bff/home', { body: envelope(homeAggregate) }]]);
    const user = userEvent.setup();
    const { unmount } = await renderAt(<HomeRoute />, '/index');
    await user.click(await screen.findByRole('button', { name: '咨询专家' }));
    expect(enquiryDialogStore.get()).toEqual({ open: true, intent: 'prototype' });
    unmount();
    enquiryDialogStore.set({ open: false, intent: 'contact' });

    await renderAt(<HomeRoute />, '/en/index');
    await user.click(await screen.findByRole('button', { name: 'Talk to an expert' }));
    expect(enquiryDialogStore.get()).toEqual({ open: true, intent: 'contact' });
    enquiryDialogStore.set({ open: false, intent: 'contact' });
  });

  it('shows a loading skeleton, then the banners as a carousel', async () => {
    mockFetch([['/bff/home', { body: envelope(homeAggregate) }]]);
    await renderAt(<HomeRoute />, '/en/index');
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    const carousel = await screen.findByRole('region', { name: 'Highlights' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slide = activeSlide();
    expect(slide?.getAttribute('aria-label')).toBe('1 of 3');
    expect(within(slide as HTMLElement).getByRole('heading', { name: 'JAKA Zu series' })).toBeTruthy();
    expect(within(slide as HTMLElement).getByText('Safe, flexible, easy to deploy')).toBeTruthy();
    expect(within(slide as HTMLElement).getByRole('link', { name: 'Learn more: JAKA Zu series' }).getAttribute('href')).toBe(
      '/en/productList/1',
    );
  });

  it('uses the banner colour for its text', async () => {
    mockFetch([['/bff/home', { body: envelope(homeAggregate) }]]);
    await renderAt(<HomeRoute />, '/en/index');
    await screen.findByRole('region', { name: 'Highlights' });
    const heading = screen.getByRole('heading', { name: 'MiniCobo', hidden: true });
    expect((heading.parentElement as HTMLElement).style.color).toBe('rgb(22, 25, 29)');
    expect(scrimTone('#16191d')).toBe('light');
    expect(scrimTone('#ffffff')).toBe('dark');
  });

  it('moves with next, previous and the dots', async () => {
    mockFetch([['/bff/home', { body: envelope(homeAggregate) }]]);
    const user = userEvent.setup();
    await renderAt(<HomeRoute />, '/en/index');
    await screen.findByRole('region', { name: 'Highlights' });
    await user.click(screen.getByRole('button', { name: 'Next slide' }));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 of 3');
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    await user.click(screen.getByRole('button', { name: 'Previous slide' }));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('3 of 3');
    await user.click(screen.getByRole('button', { name: 'Slide 2' }));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 of 3');
    expect(screen.getByRole('button', { name: 'Slide 2' }).getAttribute('aria-current')).toBe('true');
  });

  it('advances every 6 s, and not while hovered or paused', async () => {
    // Fake timers before render, so the carousel's own timer is a fake one.
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch([['/bff/home', { body: envelope(homeAggregate) }]]);
    await renderAt(<HomeRoute />, '/en/index');
    const carousel = await screen.findByRole('region', { name: 'Highlights' });

    // (shouldAdvanceTime lets a few real milliseconds pass too, hence the margin)
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS - 300);
    });
    expect(activeSlide()?.getAttribute('aria-label')).toBe('1 of 3');
    act(() => {
      vi.advanceTimersByTime(300);
    });
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 of 3');

    fireEvent.mouseEnter(carousel);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS * 3);
    });
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 of 3');
    fireEvent.mouseLeave(carousel);
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS);
    });
    expect(activeSlide()?.getAttribute('aria-label')).toBe('3 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play slide show' }));
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS * 3);
    });
    expect(activeSlide()?.getAttribute('aria-label')).toBe('3 of 3');
  });

  it('starts paused when the visitor prefers reduced motion', async () => {
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches: query.includes('reduce'),
        media: query,
        addEventListener: () => {},
        removeEventListener: () => {},
      })),
    );
    vi.useFakeTimers({ shouldAdvanceTime: true });
    mockFetch([['/bff/home', { body: envelope(homeAggregate) }]]);
    await renderAt(<HomeRoute />, '/en/index');
    await screen.findByRole('region', { name: 'Highlights' });
    act(() => {
      vi.advanceTimersByTime(AUTO_ADVANCE_MS * 2);
    });
    expect(activeSlide()?.getAttribute('aria-label')).toBe('1 of 3');
    expect(screen.getByRole('button', { name: 'Play slide show' })).toBeTruthy();
  });

  it('shows a visible error with retry, never the slides, when the body breaks the contract', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let body: unknown = envelope({ ...homeAggregate, banners: [{ ...homeBanners[0], color: 'red' }] });
    mockFetch([['/bff/home', () => ({ body })]]);
    const user = userEvent.setup();
    await renderAt(<HomeRoute />, '/en/index');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The server sent data in an unexpected format.');
    expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull();
    expect(screen.queryByText('JAKA Zu series')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(
      expect.any(String),
      '/prod-api/bff/home',
      expect.arrayContaining([expect.objectContaining({ path: ['data', 'banners', 0, 'color'] })]),
    );

    body = envelope(homeAggregate);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Highlights' });
  });

  it('shows an error with retry when the server fails', async () => {
    mockFetch([
      [
        '/bff/home',
        { status: 503, body: { success: false, code: 503, msg: 'down', data: null, errorKey: 'upstream.unavailable' } },
      ],
    ]);
    await renderAt(<HomeRoute />, '/zh_tw/index');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('服務暫時無法使用。');
    expect(within(alert).getByRole('button', { name: '重試' })).toBeTruthy();
  });
});
