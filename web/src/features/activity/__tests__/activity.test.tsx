import { screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { envelope } from '@/testing/fixtures';
import { mockFetch } from '@/testing/mock-fetch';
import { renderAt } from '@/testing/render';
import { ActivityRoute } from '../routes/activity';

// The sign-up form has its own tests; here only its place on the page matters.
vi.setConfig({ testTimeout: 20_000 });

vi.mock('../components/competition-form-slot', () => ({ CompetitionFormSlot: () => <p>sign-up form</p> }));

describe('the developer challenge page', () => {
  it('shows the challenge article, sanitised, and the sign-up form below it', async () => {
    mockFetch([
      [
        '/api/common/getDetails/308',
        {
          body: envelope({
            id: 308,
            title: 'JAKA Developer Challenge 2026',
            subhead: 'Build the next application',
            image: null,
            content: '<p>Open to everyone</p><script>alert(1)</script>',
            sections: [{ title: 'Prizes', content: '<p onclick="x()">RMB 100,000</p>', image: null }],
          }),
        },
      ],
    ]);
    await renderAt(<ActivityRoute />, '/en/activity');
    expect(await screen.findByRole('heading', { name: 'JAKA Developer Challenge 2026' })).toBeTruthy();
    expect(screen.getByText('Build the next application')).toBeTruthy();
    expect(screen.getByRole('heading', { name: 'Prizes' })).toBeTruthy();
    expect(document.querySelector('script')).toBeNull();
    expect(document.querySelector('[onclick]')).toBeNull();
    expect(document.getElementById('signup')?.textContent).toBe('sign-up form');
  });
});
