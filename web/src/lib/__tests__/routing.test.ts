import { describe, expect, it } from 'vitest';
import {
  alternateLinks,
  homePath,
  isPreviewPath,
  isSiteRelativePath,
  legalPath,
  searchPath,
  languageFromPath,
  languageRootRedirect,
  localizePath,
  rootRedirect,
  splitLanguage,
  switchLanguagePath,
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
    expect(languageRootRedirect('foo')).toBeNull();
    expect(languageRootRedirect('zh')).toBeNull();
    expect(languageRootRedirect(undefined)).toBeNull();
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

describe('preview pages', () => {
  it('are the /preview/ mirrors, with or without a language prefix', () => {
    expect(isPreviewPath('/preview/news')).toBe(true);
    expect(isPreviewPath('/en/preview/newsDetail/3')).toBe(true);
    expect(isPreviewPath('/preview')).toBe(true);
    expect(isPreviewPath('/news')).toBe(false);
    expect(isPreviewPath('/en/previewer')).toBe(false);
    expect(isPreviewPath('/xx/preview/news')).toBe(false);
  });
});

describe('paths the shell builds', () => {
  it('searches in the page language with searchInfo', () => {
    expect(searchPath('IP68 cobot', 'en')).toBe('/en/search?searchInfo=IP68+cobot');
    expect(searchPath('协作 & 机器人', 'zh')).toBe('/search?searchInfo=%E5%8D%8F%E4%BD%9C+%26+%E6%9C%BA%E5%99%A8%E4%BA%BA');
  });

  it('opens legal texts as /imprint?key=…', () => {
    expect(legalPath('privacy', 'jp')).toBe('/jp/imprint?key=privacy');
    expect(legalPath('terms', 'zh')).toBe('/imprint?key=terms');
  });

  it('accepts only same-site paths as return pages', () => {
    expect(isSiteRelativePath('/en/news')).toBe(true);
    expect(isSiteRelativePath('//evil.example')).toBe(false);
    expect(isSiteRelativePath('/\\evil.example')).toBe(false);
    expect(isSiteRelativePath('https://evil.example')).toBe(false);
    expect(isSiteRelativePath(null)).toBe(false);
  });

  it('lists the same page in every language and x-default for the hreflang alternates', () => {
    const links = alternateLinks('/en/productDetails/7', '?a=1', 'https://www.example.com', ['zh', 'en', 'jp'], (l) => l);
    expect(links).toEqual([
      { hrefLang: 'zh', href: 'https://www.example.com/productDetails/7?a=1' },
      { hrefLang: 'en', href: 'https://www.example.com/en/productDetails/7?a=1' },
      { hrefLang: 'jp', href: 'https://www.example.com/jp/productDetails/7?a=1' },
      { hrefLang: 'x-default', href: 'https://www.example.com/productDetails/7?a=1' },
    ]);
  });

  it('switches a preview page to another language, staying a preview', () => {
    expect(switchLanguagePath('/en/preview/news', 'jp')).toBe('/jp/preview/news');
    expect(switchLanguagePath('/preview/news', 'ko')).toBe('/ko/preview/news');
  });
});
