import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { Pager, pageWindow } from '../pager';

const labels = { nav: 'Pages', previous: 'Previous', next: 'Next', page: (p: number) => `Page ${p}` };

describe('the pager', () => {
  it('shows the first, last and neighbouring pages, with gaps', () => {
    expect(pageWindow(1, 1)).toEqual([1]);
    expect(pageWindow(1, 3)).toEqual([1, 2, 3]);
    expect(pageWindow(5, 10)).toEqual([1, 0, 4, 5, 6, 0, 10]);
    expect(pageWindow(10, 10)).toEqual([1, 0, 9, 10]);
  });

  it('is absent for a single page, and moves between pages', async () => {
    const onPageChange = vi.fn();
    const { rerender } = render(<Pager page={1} pageCount={1} onPageChange={onPageChange} labels={labels} />);
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(<Pager page={1} pageCount={3} onPageChange={onPageChange} labels={labels} />);
    expect(screen.getByRole('button', { name: 'Previous' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Page 1' }).getAttribute('aria-current')).toBe('page');
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    await user.click(screen.getByRole('button', { name: 'Page 3' }));
    expect(onPageChange.mock.calls).toEqual([[2], [3]]);
  });
});
