import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { envelope, homeBanners } from '@/testing/fixtures';
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
  it('asks for published home banners in the page language', async () => {
    const { requests } = mockFetch([['/api/banner/allList', { body: envelope(homeBanners) }]]);
    await renderAt(<HomeRoute />, '/jp/index');
    await screen.findByRole('region', { name: '注目情報' });
    expect(requests[0]?.url).toBe('/prod-api/api/banner/allList?type=2&status=0');
    expect(requests[0]?.headers.get('lang')).toBe('ja');
  });

  it('shows a loading skeleton, then the banners as a carousel', async () => {
    mockFetch([['/api/banner/allList', { body: envelope(homeBanners) }]]);
    await renderAt(<HomeRoute />, '/en/index');
    expect(screen.getByRole('status').textContent).toContain('Loading…');
    const carousel = await screen.findByRole('region', { name: 'Highlights' });
    expect(carousel.getAttribute('aria-roledescription')).toBe('carousel');
    const slide = activeSlide();
    expect(slide?.getAttribute('aria-label')).toBe('1 of 3');
    expect(within(slide as HTMLElement).getByRole('heading', { name: 'JAKA Zu series' })).toBeTruthy();
    expect(within(slide as HTMLElement).getByText('Safe, flexible, easy to deploy')).toBeTruthy();
    expect(within(slide as HTMLElement).getByRole('link', { name: 'Learn more' }).getAttribute('href')).toBe(
      '/en/productList/1',
    );
  });

  it('uses the banner colour for its text', async () => {
    mockFetch([['/api/banner/allList', { body: envelope(homeBanners) }]]);
    await renderAt(<HomeRoute />, '/en/index');
    await screen.findByRole('region', { name: 'Highlights' });
    const heading = screen.getByRole('heading', { name: 'MiniCobo', hidden: true });
    expect((heading.parentElement as HTMLElement).style.color).toBe('rgb(22, 25, 29)');
    expect(scrimTone('#16191d')).toBe('light');
    expect(scrimTone('#ffffff')).toBe('dark');
  });

  it('moves with next, previous and the dots', async () => {
    mockFetch([['/api/banner/allList', { body: envelope(homeBanners) }]]);
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
    mockFetch([['/api/banner/allList', { body: envelope(homeBanners) }]]);
    await renderAt(<HomeRoute />, '/en/index');
    const carousel = await screen.findByRole('region', { name: 'Highlights' });

    // (shouldAdvanceTime lets a few real milliseconds pass too, hence the margin)
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS - 300));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('1 of 3');
    act(() => vi.advanceTimersByTime(300));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 of 3');

    fireEvent.mouseEnter(carousel);
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS * 3));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('2 of 3');
    fireEvent.mouseLeave(carousel);
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('3 of 3');

    fireEvent.click(screen.getByRole('button', { name: 'Pause slide show' }));
    fireEvent.blur(screen.getByRole('button', { name: 'Play slide show' }));
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS * 3));
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
    mockFetch([['/api/banner/allList', { body: envelope(homeBanners) }]]);
    await renderAt(<HomeRoute />, '/en/index');
    await screen.findByRole('region', { name: 'Highlights' });
    act(() => vi.advanceTimersByTime(AUTO_ADVANCE_MS * 2));
    expect(activeSlide()?.getAttribute('aria-label')).toBe('1 of 3');
    expect(screen.getByRole('button', { name: 'Play slide show' })).toBeTruthy();
  });

  it('shows a visible error with retry, never the slides, when the body breaks the contract', async () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => {});
    let body: unknown = envelope([{ ...homeBanners[0], color: 'red' }]);
    mockFetch([['/api/banner/allList', () => ({ body })]]);
    const user = userEvent.setup();
    await renderAt(<HomeRoute />, '/en/index');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('The server sent data in an unexpected format.');
    expect(screen.queryByRole('region', { name: 'Highlights' })).toBeNull();
    expect(screen.queryByText('JAKA Zu series')).toBeNull();
    expect(consoleError).toHaveBeenCalledWith(
      expect.any(String),
      '/prod-api/api/banner/allList?type=2&status=0',
      expect.arrayContaining([expect.objectContaining({ path: ['data', 0, 'color'] })]),
    );

    body = envelope(homeBanners);
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    await screen.findByRole('region', { name: 'Highlights' });
  });

  it('shows an error with retry when the server fails', async () => {
    mockFetch([
      [
        '/api/banner/allList',
        { status: 503, body: { success: false, code: 503, msg: 'down', data: null, errorKey: 'upstream.unavailable' } },
      ],
    ]);
    await renderAt(<HomeRoute />, '/zh_tw/index');
    const alert = await screen.findByRole('alert');
    expect(alert.textContent).toContain('服務暫時無法使用。');
    expect(within(alert).getByRole('button', { name: '重試' })).toBeTruthy();
  });
});
