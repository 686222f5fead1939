import { describe, expect, it } from 'vitest';
import { rememberReturnPage, safeReturnPath } from '@/lib/session';
import { afterLoginPath, isAccountPage, originPage, usableReturnPath } from '../utils/return-page';

describe('the return page is only ever a path of this site', () => {
  it.each([
    '/en/news?page=2',
    '/index',
    '/productDetails/12#specs',
    '/search?searchInfo=%2F%2Fevil.example',
    '/a/b/../c',
  ])('accepts %s', (path) => {
    expect(safeReturnPath(path)).not.toBeNull();
  });

  it.each([
    ['protocol-relative', '//evil.example'],
    ['protocol-relative with path', '//evil.example/en/index'],
    ['absolute https', 'https://evil.example/'],
    ['absolute http', 'http://evil.example'],
    ['javascript', 'javascript:alert(1)'],
    ['javascript after slash', '/javascript:alert(1)//'.replace(/^\//, '')],
    ['data URL', 'data:text/html,<script>alert(1)</script>'],
    ['backslash host', '/\\evil.example'],
    ['double backslash', '\\\\evil.example'],
    ['backslash inside', '/en/\\..\\\\evil.example'],
    ['tab before the second slash', '/\t/evil.example'],
    ['newline before the second slash', '/\n/evil.example'],
    ['leading space', ' /index'],
    ['relative path', 'index'],
    ['empty', ''],
    ['encoded nothing special but too long', `/${'a'.repeat(2001)}`],
  ])('refuses %s', (_label, value) => {
    expect(safeReturnPath(value)).toBeNull();
  });

  it('refuses what is not a string', () => {
    expect(safeReturnPath(null)).toBeNull();
    expect(safeReturnPath(undefined)).toBeNull();
    expect(safeReturnPath(42)).toBeNull();
  });

  it('never remembers an outside address in jakaWhereFrom', () => {
    rememberReturnPage('//evil.example');
    expect(localStorage.getItem('jakaWhereFrom')).toBeNull();
    rememberReturnPage('/en/news');
    expect(localStorage.getItem('jakaWhereFrom')).toBe('/en/news');
    rememberReturnPage('https://evil.example');
    expect(localStorage.getItem('jakaWhereFrom')).toBe('/en/news');
  });
});

describe('where a login leads', () => {
  it('does not lead to an account page (which would loop)', () => {
    expect(isAccountPage('/login')).toBe(true);
    expect(isAccountPage('/en/register?from=%2Findex')).toBe(true);
    expect(isAccountPage('/jp/wechatLogin')).toBe(true);
    expect(isAccountPage('/deregister')).toBe(true);
    expect(isAccountPage('/en/news')).toBe(false);
    expect(usableReturnPath('/en/login')).toBeNull();
  });

  it('prefers ?from=, then jakaWhereFrom, then the home page of the language', () => {
    expect(afterLoginPath('en', null)).toBe('/en/index');
    expect(afterLoginPath('zh', null)).toBe('/index');
    localStorage.setItem('jakaWhereFrom', '/en/download');
    expect(afterLoginPath('en', null)).toBe('/en/download');
    expect(afterLoginPath('en', '/en/news')).toBe('/en/news');
    expect(afterLoginPath('en', '//evil.example')).toBe('/en/download');
    localStorage.setItem('jakaWhereFrom', 'https://evil.example');
    expect(originPage('//evil.example')).toBeNull();
    expect(afterLoginPath('en', '//evil.example')).toBe('/en/index');
  });
});
