import { describe, expect, it } from 'vitest';
import { clearExpiredSession, getSession, getStoredAccount, storeLogin } from '@/lib/session';

describe('the session keys of spec section 3', () => {
  it('hold a new login: id, name, account, e-mail and the user info with the token', () => {
    storeLogin({ token: 't-1', userId: 42, userName: 'Ada', account: '13800138000', email: 'ada@example.com' });
    expect(localStorage.getItem('jakaUserId')).toBe('42');
    expect(localStorage.getItem('jakaUserName')).toBe('Ada');
    expect(localStorage.getItem('jakaUserAccount')).toBe('13800138000');
    expect(localStorage.getItem('jakaUserAccountEmail')).toBe('ada@example.com');
    expect(JSON.parse(localStorage.getItem('jakaUserInfo') ?? '{}')).toEqual({
      token: 't-1',
      userId: 42,
      userName: 'Ada',
      account: '13800138000',
      email: 'ada@example.com',
    });
    expect(getSession()).toEqual({ token: 't-1', displayName: 'Ada' });
    expect(getStoredAccount()).toEqual({ userId: '42', account: '13800138000', email: 'ada@example.com' });
  });

  it('take the account as e-mail when an e-mail login reports none', () => {
    storeLogin({ token: 't-2', userId: 1, userName: 'B', account: 'b@example.com', email: null });
    expect(localStorage.getItem('jakaUserAccountEmail')).toBe('b@example.com');
  });

  it('lose id, name, account and user info when the token expires; the return page and language stay', () => {
    storeLogin({ token: 't-1', userId: 42, userName: 'Ada', account: 'ada@example.com' });
    localStorage.setItem('jakaWhereFrom', '/en/news');
    localStorage.setItem('lang', 'en');
    clearExpiredSession();
    expect(Object.keys({ ...localStorage }).sort()).toEqual(['jakaWhereFrom', 'lang']);
    expect(getSession()).toBeNull();
  });
});
