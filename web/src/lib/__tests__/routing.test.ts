import { describe, expect, it } from 'vitest';
import {
  homePath,
  languageFromPath,
  languageRootRedirect,
  localizePath,
  rootRedirect,
  splitLanguage,
  switchLanguagePath,
  unknownPathRedirect,
  unprefixedIndexRedirect,
} from '../routing';

describe('reading the language from a path', () => {
  it('takes a supported first segment as the language', () => {
    expect(splitLanguage('/en/index')).toEqual({ lang: 'en', rest: '/index' });
    expect(splitLanguage('/jp/productList/3')).toEqual({ lang: 'jp', rest: '/productList/3' });
    expect(splitLanguage('/en_eu')).toEqual({ lang: 'en_eu', rest: '/' });
  });

  it('treats a path without prefix, or with an unsupported one, as Chinese', () => {
    expect(splitLanguage('/index')).toEqual({ lang: 'zh', rest: '/index' });
    expect(splitLanguage('/xx/index')).toEqual({ lang: 'zh', rest: '/xx/index' });
    expect(languageFromPath('/zh/index')).toBe('zh');
    expect(languageFromPath('/')).toBe('zh');
  });
});

describe('redirects', () => {
  it('sends / to /index, keeping the query', () => {
    expect(rootRedirect()).toBe('/index');
    expect(rootRedirect('?from=ad')).toBe('/index?from=ad');
  });

  it('sends /{lang} alone to /{lang}/index', () => {
    expect(languageRootRedirect('en')).toBe('/en/index');
    expect(languageRootRedirect('zh_tw', '?a=1')).toBe('/zh_tw/index?a=1');
  });

  it('treats an unsupported single segment (zh included: it has no prefix) as unknown', () => {
    expect(languageRootRedirect('foo')).toBe('/NotFound');
    expect(languageRootRedirect('zh')).toBe('/NotFound');
    expect(languageRootRedirect(undefined)).toBe('/NotFound');
  });

  it('sends unknown paths to NotFound, keeping a valid prefix', () => {
    expect(unknownPathRedirect('/whatever')).toBe('/NotFound');
    expect(unknownPathRedirect('/en/whatever')).toBe('/en/NotFound');
    expect(unknownPathRedirect('/jp/a/b/c')).toBe('/jp/NotFound');
    expect(unknownPathRedirect('/xx/index')).toBe('/NotFound');
  });

  it('sends /index to the preferred language when that is not Chinese', () => {
    expect(unprefixedIndexRedirect('en')).toBe('/en/index');
    expect(unprefixedIndexRedirect('jp', '?q=1')).toBe('/jp/index?q=1');
  });

  it('keeps /index for Chinese', () => {
    expect(unprefixedIndexRedirect('zh')).toBeNull();
  });
});

describe('localized links', () => {
  it('prefixes site paths with the language, except for Chinese', () => {
    expect(localizePath('/productList/3', 'en')).toBe('/en/productList/3');
    expect(localizePath('productList', 'ko')).toBe('/ko/productList');
    expect(localizePath('/productList/3', 'zh')).toBe('/productList/3');
    expect(homePath('zh')).toBe('/index');
    expect(homePath('th')).toBe('/th/index');
  });

  it('leaves absolute URLs alone', () => {
    expect(localizePath('https://shop.example.com/x', 'en')).toBe('https://shop.example.com/x');
    expect(localizePath('//cdn.example.com/a.pdf', 'en')).toBe('//cdn.example.com/a.pdf');
    expect(localizePath('mailto:sales@example.com', 'en')).toBe('mailto:sales@example.com');
  });

  it('switches the same page to another language', () => {
    expect(switchLanguagePath('/index', 'en')).toBe('/en/index');
    expect(switchLanguagePath('/en/index', 'zh')).toBe('/index');
    expect(switchLanguagePath('/en/productList/3', 'jp')).toBe('/jp/productList/3');
    expect(switchLanguagePath('/en/NotFound', 'ko')).toBe('/ko/NotFound');
  });
});
