import { describe, expect, it } from 'vitest';
import { SITE_LANGUAGES, type SiteLanguage } from '@/lib/language';
import { allCatalogues } from '@/testing/i18n';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const path = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(path, value);
    else for (const [k, v] of flatten(value, path)) out.set(k, v);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const catalogues = allCatalogues();
const source = flatten(catalogues.en);
const ENGLISH: readonly SiteLanguage[] = ['en', 'en_eu', 'en_us'];

/** Values that are legitimately the same as in English (brand names, a shared word, templates). */
const SAME_AS_ENGLISH: Partial<Record<SiteLanguage, readonly string[]>> = {
  es: ['site.name', 'titles.template'],
  fr: ['site.name', 'titles.template', 'nav.menu'],
  de: ['site.name', 'titles.template'],
  ru: ['site.name', 'titles.template'],
};
const ALWAYS_SAME = ['titles.template'];

describe.each(SITE_LANGUAGES)('the %s catalogue', (lang) => {
  const catalogue = flatten(catalogues[lang]);

  it('has every key of the source catalogue and no other', () => {
    expect([...catalogue.keys()].sort()).toEqual([...source.keys()].sort());
  });

  it('has no empty text', () => {
    for (const [key, value] of catalogue) expect(value.trim(), key).not.toBe('');
  });

  it('keeps the placeholders of each text', () => {
    for (const [key, value] of source) expect(placeholders(catalogue.get(key) ?? ''), key).toEqual(placeholders(value));
  });

  it.skipIf(ENGLISH.includes(lang))('leaves no English text untranslated', () => {
    const allowed = new Set([...ALWAYS_SAME, ...(SAME_AS_ENGLISH[lang] ?? [])]);
    const untranslated = [...catalogue].filter(([key, value]) => !allowed.has(key) && value === source.get(key));
    expect(untranslated).toEqual([]);
  });
});
