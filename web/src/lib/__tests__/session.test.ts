import { describe, expect, it } from 'vitest';
import { clearSession, getSession, getToken, rememberReturnPage, storeLogin } from '../session';

describe('the stored session', () => {
  it('is the token in jakaUserInfo, named by name, else account, else e-mail', () => {
    expect(getSession()).toBeNull();
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 't1' }));
    expect(getSession()).toEqual({ token: 't1', displayName: '' });
    localStorage.setItem('jakaUserAccountEmail', 'a@example.com');
    expect(getSession()?.displayName).toBe('a@example.com');
    localStorage.setItem('jakaUserAccount', '13800000000');
    expect(getSession()?.displayName).toBe('13800000000');
    localStorage.setItem('jakaUserName', 'Li Wei');
    expect(getSession()?.displayName).toBe('Li Wei');
  });

  it('needs a token: user info without one, or broken JSON, is no session', () => {
    localStorage.setItem('jakaUserInfo', JSON.stringify({ name: 'x' }));
    expect(getSession()).toBeNull();
    localStorage.setItem('jakaUserInfo', '{broken');
    expect(getToken()).toBeNull();
  });

  it('stores a login as a whole: nothing of the session before it remains', () => {
    storeLogin({ token: 'old', userId: 3, userName: 'Old Name', account: 'old@example.com', email: 'old@example.com' });
    storeLogin({ token: 'new', userId: 4, userName: 'New Name', account: '13800138000' });
    expect(localStorage.getItem('jakaUserId')).toBe('4');
    expect(localStorage.getItem('jakaUserName')).toBe('New Name');
    expect(localStorage.getItem('jakaUserAccount')).toBe('13800138000');
    expect(localStorage.getItem('jakaUserAccountEmail')).toBe('');
    expect(JSON.parse(localStorage.getItem('jakaUserInfo') ?? '')).toEqual({ token: 'new', userId: 4, userName: 'New Name', account: '13800138000', email: '' });
  });

  it('is cleared on logout: id, name, account, e-mail, user info and return page; the language stays', () => {
    for (const key of ['jakaUserId', 'jakaUserName', 'jakaUserAccount', 'jakaUserAccountEmail', 'jakaWhereFrom']) {
      localStorage.setItem(key, 'x');
    }
    localStorage.setItem('jakaUserInfo', JSON.stringify({ token: 't' }));
    localStorage.setItem('lang', 'en');
    clearSession();
    expect(Object.keys({ ...localStorage })).toEqual(['lang']);
  });

  it('remembers only same-site paths as the return page', () => {
    rememberReturnPage('//evil.example/x');
    expect(localStorage.getItem('jakaWhereFrom')).toBeNull();
    rememberReturnPage('https://evil.example/');
    expect(localStorage.getItem('jakaWhereFrom')).toBeNull();
    rememberReturnPage('/en/news?page=2');
    expect(localStorage.getItem('jakaWhereFrom')).toBe('/en/news?page=2');
  });
});
