import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { attentionStore } from '@/lib/attention';
import { mockFetch } from '@/testing/mock-fetch';
import { confirmLogout } from '../utils/logout';
import { envelope } from './helpers';

describe('logout from the user menu', () => {
  it('clears the session at once and ends it on the server with the token it had', async () => {
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-9' }));
    localStorage.setItem('jakaUserName', 'Li Wei');
    const { requests } = mockFetch([['/login/logout', { body: envelope(null) }]]);
    const done = confirmLogout(i18next.t);
    attentionStore.get()?.resolve(true);
    expect(await done).toBe(true);
    expect(localStorage.getItem('jakaUserInfo')).toBeNull();
    await expect.poll(() => requests.length).toBe(1);
    expect(requests[0]?.url).toBe('/prod-api/login/logout');
    expect(requests[0]?.headers.get('token')).toBe('tok-9');
  });

  it('asks nothing of the server when cancelled', async () => {
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 'tok-9' }));
    const { requests } = mockFetch([]);
    const done = confirmLogout(i18next.t);
    attentionStore.get()?.resolve(false);
    expect(await done).toBe(false);
    expect(localStorage.getItem('jakaUserInfo')).not.toBeNull();
    expect(requests).toHaveLength(0);
  });
});
