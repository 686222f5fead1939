import { render, screen } from '@testing-library/react';
import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { useHydrated } from '../use-hydrated';

function Submit() {
  const hydrated = useHydrated();
  return (
    <button type="submit" disabled={!hydrated}>
      Send
    </button>
  );
}

describe('a submit button of a server-rendered form', () => {
  it('is disabled in the server HTML, so a click before the code runs cannot submit natively', () => {
    expect(renderToString(<Submit />)).toContain('disabled');
  });

  it('is enabled once React runs the page', () => {
    render(<Submit />);
    expect(screen.getByRole('button', { name: 'Send' }).hasAttribute('disabled')).toBe(false);
  });
});
