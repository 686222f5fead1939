import { describe, expect, it } from 'vitest';
import { SiteLangCode } from '@/api/generated/model/siteLangCode.zod';
import {
  SITE_LANGUAGES,
  defaultCountry,
  detectBrowserLanguage,
  headerMenuId,
  htmlLang,
  isPrefixLanguage,
  isSiteLanguage,
  languagePrefix,
  preferredLanguage,
  siteLanguageFromBrowserTag,
  toWireLanguage,
} from '../language';

const browser = (languages: string[], userAgent = 'Mozilla/5.0 Chrome/130', wxEnvironment?: string) => ({
  languages,
  language: languages[0],
  userAgent,
  wxEnvironment,
});

describe('site languages', () => {
  it('are the twelve codes of the contract, in its order', () => {
    expect([...SITE_LANGUAGES]).toEqual(SiteLangCode.options);
  });

  it('recognises only those codes', () => {
    expect(isSiteLanguage('en_eu')).toBe(true);
    expect(isSiteLanguage('ja')).toBe(false);
    expect(isSiteLanguage('EN')).toBe(false);
    expect(isSiteLanguage(undefined)).toBe(false);
  });

  it('gives Chinese no URL prefix and every other language its code as prefix', () => {
    expect(languagePrefix('zh')).toBe('');
    expect(isPrefixLanguage('zh')).toBe(false);
    for (const lang of SITE_LANGUAGES.filter((l) => l !== 'zh')) {
      expect(languagePrefix(lang)).toBe(`/${lang}`);
      expect(isPrefixLanguage(lang)).toBe(true);
    }
    expect(isPrefixLanguage('xx')).toBe(false);
  });
});

describe('wire code', () => {
  it('sends jp as ja', () => {
    expect(toWireLanguage('jp')).toBe('ja');
  });

  it('sends every other language as it is', () => {
    for (const lang of SITE_LANGUAGES.filter((l) => l !== 'jp')) expect(toWireLanguage(lang)).toBe(lang);
  });
});

describe('browser language detection', () => {
  it.each([
    ['zh-CN', 'zh'],
    ['zh', 'zh'],
    ['zh-SG', 'zh'],
    ['zh-TW', 'zh_tw'],
    ['zh-Hant', 'zh_tw'],
    ['zh-Hant-HK', 'zh_tw'],
    ['tw', 'zh_tw'],
    ['en', 'en'],
    ['en-US', 'en'],
    ['en-GB', 'en'],
    ['ja', 'jp'],
    ['ja-JP', 'jp'],
    ['th', 'th'],
    ['th-TH', 'th'],
    ['ko', 'ko'],
    ['ko-KR', 'ko'],
    ['de', 'en_eu'],
    ['de-AT', 'en_eu'],
    ['fr-FR', 'zh'],
    ['es', 'zh'],
    ['ru', 'zh'],
    ['', 'zh'],
    ['constructor', 'zh'],
    ['toString-x', 'zh'],
  ] as const)('maps %s to %s', (tag, expected) => {
    expect(siteLanguageFromBrowserTag(tag)).toBe(expected);
  });

  it('follows the most preferred browser language', () => {
    expect(detectBrowserLanguage(browser(['ja-JP', 'en-US']))).toBe('jp');
    expect(detectBrowserLanguage(browser(['fr-FR', 'en-US']))).toBe('zh');
  });

  it('falls back to navigator.language, then to zh', () => {
    expect(detectBrowserLanguage({ languages: [], language: 'ko-KR', userAgent: '' })).toBe('ko');
    expect(detectBrowserLanguage({ languages: [], userAgent: '' })).toBe('zh');
  });

  it('answers zh inside a mini-program, by user agent or by environment', () => {
    expect(detectBrowserLanguage(browser(['en-US'], 'Mozilla/5.0 MicroMessenger/8.0 miniProgram'))).toBe('zh');
    expect(detectBrowserLanguage(browser(['en-US'], 'Mozilla/5.0', 'miniprogram'))).toBe('zh');
  });

  it('lets a stored choice beat the browser', () => {
    expect(preferredLanguage('zh', 'en')).toBe('zh');
    expect(preferredLanguage('jp', 'zh')).toBe('jp');
    expect(preferredLanguage(null, 'en')).toBe('en');
    expect(preferredLanguage('klingon', 'ko')).toBe('ko');
  });
});

describe('per-language constants', () => {
  it('default countries follow spec section 1', () => {
    expect(Object.fromEntries(SITE_LANGUAGES.map((l) => [l, defaultCountry(l)]))).toEqual({
      zh: 'CN',
      en: '',
      jp: 'JP',
      th: 'TH',
      ko: 'KR',
      es: 'ES',
      de: 'DE',
      fr: 'FR',
      ru: 'RU',
      en_eu: 'DE',
      en_us: 'US',
      zh_tw: 'TW',
    });
  });

  it('header menu ids: zh 8, jp 37, th 108, ko 71, every other 8', () => {
    expect(headerMenuId('zh')).toBe(8);
    expect(headerMenuId('jp')).toBe(37);
    expect(headerMenuId('th')).toBe(108);
    expect(headerMenuId('ko')).toBe(71);
    for (const lang of ['zh_tw', 'en', 'en_eu', 'en_us', 'es', 'fr', 'de', 'ru'] as const) {
      expect(headerMenuId(lang)).toBe(8);
    }
  });

  it('html lang tags are BCP 47', () => {
    expect(htmlLang('zh')).toBe('zh-CN');
    expect(htmlLang('zh_tw')).toBe('zh-TW');
    expect(htmlLang('jp')).toBe('ja');
    expect(htmlLang('en_eu')).toBe('en-150');
    expect(htmlLang('en_us')).toBe('en-US');
    for (const lang of SITE_LANGUAGES) expect(htmlLang(lang)).toMatch(/^[a-z]{2}(-[A-Z]{2}|-\d{3})?$/);
  });
});
