import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SCROLL_THRESHOLDS, useScrollThresholds, useScrolledPast } from '../scroll';
import { SCROLL_DURATION_MS, smoothScrollTo } from '../smooth-scroll';

function scrollTo(y: number) {
  Object.defineProperty(window, 'scrollY', { value: y, configurable: true, writable: true });
  act(() => {
    window.dispatchEvent(new Event('scroll'));
  });
}

afterEach(() => {
  scrollTo(0);
  vi.useRealTimers();
});

function Probe() {
  const t = useScrollThresholds();
  const past100 = useScrolledPast(100);
  return <p data-testid="probe">{JSON.stringify({ ...t, past100 })}</p>;
}

const state = () => JSON.parse(screen.getByTestId('probe').textContent ?? '{}') as Record<string, boolean>;

describe('scroll thresholds', () => {
  it('are 10, 200 and 500 px', () => {
    expect([...SCROLL_THRESHOLDS]).toEqual([10, 200, 500]);
  });

  it('follow the page as it scrolls, any scroll included', () => {
    render(<Probe />);
    expect(state()).toEqual({ scrolled: false, past10: false, past200: false, past500: false, past100: false });
    scrollTo(1);
    expect(state()).toMatchObject({ scrolled: true, past10: false });
    scrollTo(11);
    expect(state()).toMatchObject({ past10: true, past100: false, past200: false });
    scrollTo(101);
    expect(state()).toMatchObject({ past100: true, past200: false });
    scrollTo(201);
    expect(state()).toMatchObject({ past200: true, past500: false });
    scrollTo(501);
    expect(state()).toEqual({ scrolled: true, past10: true, past200: true, past500: true, past100: true });
    scrollTo(0);
    expect(state()).toEqual({ scrolled: false, past10: false, past200: false, past500: false, past100: false });
  });
});

describe('animated scrolling', () => {
  it('takes 500 ms to reach its target', async () => {
    vi.useFakeTimers({ toFake: ['requestAnimationFrame', 'cancelAnimationFrame', 'performance'] });
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 5000, configurable: true });
    const positions: number[] = [];
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation((options?: ScrollToOptions | number) => {
      const top = typeof options === 'object' ? (options.top ?? 0) : 0;
      positions.push(top);
      Object.defineProperty(window, 'scrollY', { value: top, configurable: true, writable: true });
    });
    const done = smoothScrollTo(1000);
    vi.advanceTimersByTime(SCROLL_DURATION_MS / 2);
    const halfway = positions.at(-1) ?? 0;
    expect(halfway).toBeGreaterThan(0);
    expect(halfway).toBeLessThan(1000);
    vi.advanceTimersByTime(SCROLL_DURATION_MS / 2 + 50);
    await done;
    expect(positions.at(-1)).toBe(1000);
    expect(scroll.mock.calls.every(([options]) => (options as ScrollToOptions).behavior === 'instant')).toBe(true);
  });

  it('jumps at once when the visitor prefers reduced motion', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({ matches: query.includes('reduce'), addEventListener() {}, removeEventListener() {} }));
    Object.defineProperty(document.documentElement, 'scrollHeight', { value: 5000, configurable: true });
    const scroll = vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
    await smoothScrollTo(800);
    expect(scroll).toHaveBeenCalledTimes(1);
    expect(scroll).toHaveBeenCalledWith({ top: 800, behavior: 'instant' });
  });
});
