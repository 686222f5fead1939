import { describe, expect, it } from 'vitest';
import { LOCALE_NAMESPACES, NAMESPACES } from '@/i18n/catalogue';
import { SITE_LANGUAGES, type SiteLanguage } from '@/lib/language';
import { allCatalogues, catalogueFiles } from '@/testing/i18n';

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

/** Every key of every namespace of one language, as `namespace:key`. */
function flattenAll(lang: SiteLanguage): Map<string, string> {
  const out = new Map<string, string>();
  for (const ns of NAMESPACES) {
    for (const [key, value] of flatten(allCatalogues()[lang][ns] as Tree)) out.set(`${ns}:${key}`, value);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

const source = flattenAll('en');
const ENGLISH: readonly SiteLanguage[] = ['en', 'en_eu', 'en_us'];

/** Values that are legitimately the same as in English (brand names, a shared word, templates). */
const SAME_AS_ENGLISH: Partial<Record<SiteLanguage, readonly string[]>> = {
  es: ['common:site.name'],
  fr: [
    'common:site.name',
    'common:nav.typeBadge',
    'common:attention.title',
    'common:toasts.region',
    'common:titles.solutionList',
    'common:titles.application',
    'products:typeBadge',
    'solutions:typeBadge',
  ],
  de: ['common:site.name', 'products:version'],
  ru: ['common:site.name'],
};
const ALWAYS_SAME = [
  'common:titles.template',
  // Brand names of login providers.
  'account:login.wechat',
  'account:login.providers.google',
  'account:login.providers.linkedin',
  'account:login.providers.qq',
  'account:login.providers.weibo',
  // Payload and reach in kg and mm: the units are written the same in most languages.
  'products:payloadValue',
  'products:reachValue',
  'solutions:payloadValue',
  'solutions:reachValue',
];

describe('the catalogue files', () => {
  it('are exactly one per language and namespace', () => {
    const expected = SITE_LANGUAGES.flatMap((lang) => LOCALE_NAMESPACES.map((ns) => `${lang}/${ns}`));
    expect(catalogueFiles().sort()).toEqual(expected.sort());
  });
});

describe.each(SITE_LANGUAGES)('the %s catalogue', (lang) => {
  const catalogue = flattenAll(lang);

  it('has every key of the source catalogue, in every namespace, and no other', () => {
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

describe('names Japanese and Korean translate', () => {
  it('are translated in Thai too: the series, the academy, the weekly', () => {
    const english = [...flattenAll('th')].filter(([, value]) => /\b(Series|Academy|Weekly)\b/.test(value));
    expect(english).toEqual([]);
  });
});
