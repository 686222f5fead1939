#!/usr/bin/env node
/**
 * Prints the JavaScript a visitor downloads before a page is interactive, for every page of the
 * route table, and fails the build when the home page's exceeds the budget (150 kB gzip; 1 kB =
 * 1000 bytes, as Vite reports). The other pages are printed against the same budget but not held
 * to it yet: their own code (rich text, forms) comes on top of what the home page needs.
 *
 * The initial JavaScript of a page, from dist/.vite/manifest.json:
 *   - the entry chunk and everything it imports statically (transitively): what index.html loads;
 *   - the page's route chunk and its static imports: the browser loads it at once (main.tsx
 *     loads the matched routes before it hydrates);
 *   - its catalogues: the page language's module (it brings `common`) and the namespaces the
 *     route table lists for the page, in the language where they weigh most.
 * Not counted: chunks imported dynamically after that (dialogs, menus, toasts, sections below
 * the fold, zod and the response schemas, other pages); the largest are listed so their size
 * stays visible.
 *
 * Usage: node scripts/check-bundle-size.mjs [--budget-kb 150] [--dist dist] [--all]
 */
import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const dist = join(web, option('--dist', 'dist'));
const budgetKb = Number(option('--budget-kb', '150'));
/** The pages held to the budget (paths of the route table). */
const ENFORCED = ['index'];
const showAll = args.includes('--all');
const ROUTES_FILE = 'src/app/routes.tsx';
const HOME_PATH = 'index';

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const sizes = new Map();
const gzipSize = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return sizes.get(file);
};
const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;

/** The chunk of a manifest key and every chunk it imports statically. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

/**
 * The pages of the route table (src/app/routes.tsx): path, route module and namespaces. Read
 * from the source, as the table is plain literals; a table this parser cannot read fails the
 * check rather than measuring too little.
 */
function readPages() {
  const source = readFileSync(join(web, ROUTES_FILE), 'utf8');
  const modules = new Map(
    [...source.matchAll(/^\s+(\w+): lazyPage\(\(\) => import\('@\/([^']+)'\)/gm)].map(([, key, path]) => [key, `src/${path}.tsx`]),
  );
  // The table without its comments (they may hold braces); it has no strings with `//`.
  const table = /export const PAGES[^=]*=\s*\[([\s\S]*?)\n\];/.exec(source)?.[1]?.replace(/\/\/.*$/gm, '');
  if (!table || modules.size === 0) throw new Error(`${ROUTES_FILE}: cannot find the page modules or the PAGES table`);
  // Each page is one top-level object literal of the array.
  const entries = [];
  let depth = 0;
  let start = -1;
  for (let i = 0; i < table.length; i++) {
    if (table[i] === '{' && depth++ === 0) start = i;
    else if (table[i] === '}' && --depth === 0) entries.push(table.slice(start, i + 1));
  }
  return entries.map((entry) => {
    const path = /\bpath: (?:'([^']+)'|HOME_PAGE|NOT_FOUND_PAGE)/.exec(entry);
    const page = /\bpage: page\.(\w+)/.exec(entry);
    if (!path || !page) throw new Error(`${ROUTES_FILE}: cannot read the page ${entry.slice(0, 80)}…`);
    const name = path[1] ?? (path[0].includes('HOME_PAGE') ? HOME_PATH : 'NotFound');
    const namespaces = [.../namespaces: \[([^\]]*)\]/.exec(entry)?.[1].matchAll(/'([^']+)'/g) ?? []].map((m) => m[1]);
    const module = modules.get(page[1]) ?? null; // null: the page's code is part of the entry
    if (module && !manifest[module]) throw new Error(`${module} (page ${name}) is not a chunk of its own any more`);
    return { name, module, namespaces };
  });
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
const [entryKey] = entries[0];
const initial = staticClosure(entryKey);
const entryRows = [...initial].map((key) => ({ group: 'entry', file: manifest[key].file }));

const languages = Object.keys(manifest)
  .map((key) => /^src\/i18n\/languages\/([^/.]+)\.ts$/.exec(key)?.[1])
  .filter((lang) => lang && lang !== 'catalogues');
if (languages.length === 0) throw new Error('no language modules (src/i18n/languages/<lang>.ts) in the manifest');

/**
 * The manifest key of a namespace's file: the web's own catalogues, or for `messages` the
 * server's catalogue of the wire language (messages/, beside web/; jp reads ja, en_eu and en_us en).
 */
function catalogueKey(lang, ns) {
  if (ns !== 'messages') return `src/i18n/locales/${lang}/${ns}.json`;
  const wire = lang === 'jp' ? 'ja' : lang === 'en_eu' || lang === 'en_us' ? 'en' : lang;
  return `../messages/${wire}.json`;
}

/** The catalogues of a page: its language's module and its namespaces, in the heaviest language. */
function catalogueRows(namespaces) {
  let worst = { bytes: -1, rows: [] };
  for (const lang of languages) {
    const keys = [...staticClosure(`src/i18n/languages/${lang}.ts`)].filter((key) => !initial.has(key));
    for (const ns of namespaces) {
      const key = catalogueKey(lang, ns);
      if (!manifest[key]) throw new Error(`no catalogue chunk ${key}`);
      keys.push(key);
    }
    const rows = keys.map((key) => ({ group: `catalogue (${lang})`, file: manifest[key].file }));
    const bytes = rows.reduce((sum, row) => sum + gzipSize(row.file), 0);
    if (bytes > worst.bytes) worst = { bytes, rows };
  }
  return worst.rows;
}

const pages = readPages().map((page) => {
  const route = page.module ? [...staticClosure(page.module)].filter((key) => !initial.has(key)) : [];
  const rows = [
    ...entryRows,
    ...route.map((key) => ({ group: 'route', file: manifest[key].file })),
    ...catalogueRows(page.namespaces),
  ].map((row) => ({ ...row, bytes: gzipSize(row.file) }));
  return { ...page, rows, total: rows.reduce((sum, row) => sum + row.bytes, 0) };
});
const entryTotal = entryRows.reduce((sum, row) => sum + gzipSize(row.file), 0);

const home = pages.find((page) => page.name === HOME_PATH);
console.log(`\nInitial JavaScript of /${HOME_PATH} (gzip):`);
for (const row of [...home.rows].sort((a, b) => b.bytes - a.bytes)) {
  console.log(`  ${kb(row.bytes).padStart(9)}  ${row.group.padEnd(17)} ${row.file}`);
}
console.log(`  ${'-'.repeat(9)}`);
console.log(`  ${kb(entryTotal).padStart(9)}  entry chunk and its static imports (every page)`);
console.log(`  ${kb(home.total).padStart(9)}  with the home route and its catalogues`);

const over = pages.filter((page) => ENFORCED.includes(page.name) && page.total > budgetKb * 1000);
const byWeight = [...pages].sort((a, b) => b.total - a.total);
console.log(`\nInitial JavaScript per page (budget ${budgetKb} kB)${showAll ? '' : ', heaviest'}:`);
for (const page of showAll ? byWeight : byWeight.slice(0, 8)) {
  const route = page.rows.filter((row) => row.group === 'route').reduce((sum, row) => sum + row.bytes, 0);
  const mark = page.total <= budgetKb * 1000 ? '' : ENFORCED.includes(page.name) ? '  OVER' : '  over (not enforced)';
  console.log(`  ${kb(page.total).padStart(9)}  /${page.name.padEnd(22)} route ${kb(route)}${mark}`);
}

// Everything else that is JavaScript: loaded later, on demand.
const counted = new Set(pages.flatMap((page) => page.rows.map((row) => row.file)));
const deferred = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
  .filter((file) => file.endsWith('.js') && !counted.has(file))
  .map((file) => ({ file, bytes: gzipSize(file) }))
  .sort((a, b) => b.bytes - a.bytes);
const later = deferred.slice(0, 6).map((chunk) => `${chunk.file} ${kb(chunk.bytes)}`);
console.log(`\nLoaded later, on demand (largest): ${later.join(', ')}${deferred.length > 6 ? ', …' : ''}\n`);

if (over.length > 0) {
  for (const page of over) console.error(`Initial JavaScript of /${page.name} is ${kb(page.total)}, over the budget of ${budgetKb} kB.`);
  process.exit(1);
}
