// The whole app's use of the server's catalogue, features included: so it is a test of the app,
// the one place that may import every feature.
import { readFileSync, readdirSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIELD_OF_KEY, FORM_KEYS } from '@/features/account/utils/errors';
import { VIRTUAL_ERROR_KEYS } from '@/features/virtual/utils/errors';
import { loadCatalogue } from '@/lib/i18n';
import { SITE_LANGUAGES } from '@/lib/language';
import { allCatalogues, createTestI18n, serverCatalogue } from '@/testing/i18n';

/** The app's sources (vitest runs in web/). */
const SRC = join(process.cwd(), 'src');

/** Every source file of the app (tests excluded). */
function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === '__tests__' || name === 'generated' ? [] : sourceFiles(path);
    return /\.(ts|tsx)$/.test(name) ? [path] : [];
  });
}

/**
 * The keys of the server's catalogue that the app's code names: `messages:<key>` and
 * `tm('<key>')` literals (tm is the translate function of the `messages` namespace), and the
 * errorKeys the account forms and the virtual trial show in the server's words.
 */
function serverKeysUsed(files = sourceFiles(SRC)): Map<string, string> {
  const used = new Map<string, string>();
  for (const file of files) {
    const text = readFileSync(file, 'utf8');
    for (const m of text.matchAll(/['"`]messages:([\w.]+)['"`]|\btm\(\s*'([\w.]+)'/g)) used.set((m[1] ?? m[2])!, relative(SRC, file));
    for (const m of text.matchAll(/ns: 'messages', key: '([\w.]+)'/g)) used.set(m[1]!, relative(SRC, file));
  }
  for (const key of [...Object.keys(FIELD_OF_KEY), ...FORM_KEYS]) used.set(key, 'features/account/utils/errors.ts');
  for (const key of VIRTUAL_ERROR_KEYS) used.set(key, 'features/virtual/utils/errors.ts');
  return used;
}

/** Every text of a nested catalogue, by dotted key. */
function textsOf(catalogue: unknown, prefix = ''): Array<[string, string]> {
  if (typeof catalogue === 'string') return [[prefix, catalogue]];
  if (catalogue === null || typeof catalogue !== 'object') return [];
  return Object.entries(catalogue).flatMap(([key, value]) => textsOf(value, prefix ? `${prefix}.${key}` : key));
}

/** A sentence without its closing punctuation (a copy often differs from the original only there). */
const sentence = (text: string) => text.trim().replace(/[.。!！]+$/u, '');

/**
 * Web texts that read like a server sentence the app uses but are said at another moment: the
 * required-field messages of other forms (the account and enquiry forms ask for a name, a company,
 * a phone or an e-mail address as the repair form does), a page title and a heading.
 */
const NOT_COPIES = new Set([
  'account:validation.emailRequired',
  'account:validation.phoneRequired',
  'account:validation.userNameRequired',
  'account:validation.companyNameRequired',
  'forms:messages.name',
  'forms:messages.companyName',
  'forms:messages.phone',
  'forms:messages.email',
  'common:titles.thx',
  'repair:login.title',
]);

describe('the server catalogue (messages/, shared with the BFF)', () => {
  const used = serverKeysUsed();

  it('is found in the code', () => {
    expect(used.get('account.phone_registered')).toBe('features/account/utils/errors.ts');
    expect(used.get('virtual.creating')).toBeDefined();
    expect(used.get('account.verification_failed')).toBeDefined();
  });

  it.each(SITE_LANGUAGES)('has every key the app uses in %s', (lang) => {
    const catalogue = serverCatalogue(lang);
    const missing = [...used].filter(([key]) => !(key in catalogue)).map(([key, file]) => `${key} (${file})`);
    expect(missing).toEqual([]);
  });

  it.each(SITE_LANGUAGES)('is not copied into the web catalogues in %s: the app reads each sentence it shares with the server from it', (lang) => {
    const server = serverCatalogue(lang);
    const shared = new Map([...used.keys()].filter((key) => key in server).map((key) => [sentence(server[key]!), key]));
    const { messages: _server, ...web } = allCatalogues()[lang];
    const copies = Object.entries(web).flatMap(([ns, catalogue]) =>
      textsOf(catalogue)
        .filter(([key, text]) => shared.has(sentence(text)) && !NOT_COPIES.has(`${ns}:${key}`))
        .map(([key, text]) => `${ns}:${key} copies messages:${shared.get(sentence(text))}`),
    );
    expect(copies).toEqual([]);
  });

  it('would report a key the server does not have', () => {
    const file = join(SRC, 'app/__tests__/fixtures/uses-missing-key.ts.txt');
    const probe = serverKeysUsed([file]);
    expect(probe.has('account.no_such_key')).toBe(true);
    expect('account.no_such_key' in serverCatalogue('en')).toBe(false);
  });

  it('is read in the wire language of each site language', async () => {
    expect(await loadCatalogue('jp', 'messages')).toMatchObject({ 'account.phone_registered': serverCatalogue('jp')['account.phone_registered'] });
    expect(serverCatalogue('jp')['account.phone_registered']).toBe('この携帯電話番号は既に登録されています！');
    expect(await loadCatalogue('en_eu', 'messages')).toMatchObject({ 'account.phone_registered': 'This mobile number has been registered!' });
    expect(await loadCatalogue('de', 'messages')).toMatchObject({ 'account.phone_registered': 'Diese Mobilnummer ist bereits registriert!' });
  });

  it('resolves its dotted keys and fills {{name}} parameters as i18next does', async () => {
    const i18n = await createTestI18n('en');
    expect(i18n.t('messages:account.phone_registered')).toBe('This mobile number has been registered!');
    expect(i18n.t('upload.field.image_too_large', { ns: 'messages', limit: '10 MB' })).toBe('A photo may be at most 10 MB.');
  });
});
