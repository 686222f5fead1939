import { fireEvent, render, screen } from '@testing-library/react';
import { type ReactElement, createRef } from 'react';
import { RouterProvider, createMemoryRouter } from 'react-router';
import { describe, expect, it } from 'vitest';
import { Link } from '../link';

function renderLinks(ui: ReactElement) {
  const router = createMemoryRouter([{ path: '*', element: ui }], { initialEntries: ['/en/index'] });
  render(<RouterProvider router={router} />);
  return router;
}

describe('the site link', () => {
  it('is an anchor to the path that navigates in the page on a plain click', () => {
    const router = renderLinks(
      <Link to="/en/productList?line=3" className="more" state={{ from: 'home' }}>
        Products
      </Link>,
    );
    const link = screen.getByRole('link', { name: 'Products' });
    expect(link.getAttribute('href')).toBe('/en/productList?line=3');
    expect(link.className).toBe('more');
    const event = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(link, event);
    expect(event.defaultPrevented).toBe(true);
    expect(router.state.location.pathname).toBe('/en/productList');
    expect(router.state.location.search).toBe('?line=3');
    expect(router.state.location.state).toEqual({ from: 'home' });
    expect(router.state.historyAction).toBe('PUSH');
  });

  it('leaves modified clicks, other targets and absolute URLs to the browser', () => {
    const router = renderLinks(
      <>
        <Link to="/en/news">News</Link>
        <Link to="/en/about" target="_blank">
          About
        </Link>
        <Link to="https://shop.example.com/">Shop</Link>
      </>,
    );
    const modified = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0, ctrlKey: true });
    fireEvent(screen.getByRole('link', { name: 'News' }), modified);
    const otherTarget = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(screen.getByRole('link', { name: 'About' }), otherTarget);
    const shop = screen.getByRole('link', { name: 'Shop' });
    expect(shop.getAttribute('href')).toBe('https://shop.example.com/');
    const external = new MouseEvent('click', { bubbles: true, cancelable: true, button: 0 });
    fireEvent(shop, external);
    expect([modified, otherTarget, external].map((e) => e.defaultPrevented)).toEqual([false, false, false]);
    expect(router.state.location.pathname).toBe('/en/index');
  });

  it('runs its own click handler first, which may keep the page where it is', () => {
    const ref = createRef<HTMLAnchorElement>();
    const router = renderLinks(
      <Link to="/en/news" ref={ref} onClick={(event) => event.preventDefault()}>
        News
      </Link>,
    );
    fireEvent.click(screen.getByRole('link', { name: 'News' }));
    expect(router.state.location.pathname).toBe('/en/index');
    expect(ref.current?.tagName).toBe('A');
  });
});
