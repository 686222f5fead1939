import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES } from '@/lib/language';
import { floatingActions } from '../layout/floating-bar';
import { FOOTER_YEAR, copyrightYears } from '../layout/footer';

describe('the floating bar per language', () => {
  it('offers online consultation and a prototype request in Chinese', () => {
    expect(floatingActions('zh')).toEqual(['consult', 'prototype']);
  });

  it('offers e-mail and contact in Japanese, English, Thai and Korean', () => {
    for (const lang of ['jp', 'en', 'th', 'ko'] as const) expect(floatingActions(lang)).toEqual(['email', 'contact']);
  });

  it('offers only back to top (always there) in every other language', () => {
    const others = SITE_LANGUAGES.filter((l) => !['zh', 'jp', 'en', 'th', 'ko'].includes(l));
    expect(others).toEqual(['zh_tw', 'en_eu', 'en_us', 'es', 'fr', 'de', 'ru']);
    for (const lang of others) expect(floatingActions(lang)).toEqual([]);
  });
});

describe('the copyright years', () => {
  it('start in 2023 (spec section 9) and run to the current year', () => {
    expect(FOOTER_YEAR).toBe(2023);
    expect(copyrightYears(new Date('2023-06-01'))).toBe('2023');
    expect(copyrightYears(new Date('2026-11-21'))).toBe('2023–2026');
  });
});
