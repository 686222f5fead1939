#!/usr/bin/env node
/**
 * Prints the JavaScript a visitor downloads for the first paint of /index and fails the build
 * when it exceeds the budget (200 kB gzip, 1 kB = 1000 bytes as Vite reports).
 *
 * Counted, from dist/.vite/manifest.json:
 *   - the entry chunk and everything it imports statically (transitively): what index.html loads;
 *   - the home page's route chunk and its static imports: the router fetches it at once for /index;
 *   - the largest set of UI catalogues a language needs for /index (`common` + `home`).
 * Not counted: chunks imported dynamically after the first paint (dialogs, menus, toasts, other
 * pages); they are listed separately so their size stays visible.
 *
 * Usage: node scripts/check-bundle-size.mjs [--budget-kb 200] [--dist dist]
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const args = process.argv.slice(2);
const option = (name, fallback) => {
  const i = args.indexOf(name);
  return i >= 0 && args[i + 1] ? args[i + 1] : fallback;
};
const dist = option('--dist', 'dist');
const budgetKb = Number(option('--budget-kb', '200'));
const HOME_ROUTE = 'src/features/home/routes/home.tsx';
const FIRST_PAINT_NAMESPACES = ['common', 'home'];

const manifest = JSON.parse(readFileSync(join(dist, '.vite', 'manifest.json'), 'utf8'));
const sizes = new Map();
const gzipSize = (file) => {
  if (!sizes.has(file)) sizes.set(file, gzipSync(readFileSync(join(dist, file))).length);
  return sizes.get(file);
};

/** The chunk of a manifest key and every chunk it imports statically. */
function staticClosure(key, seen = new Set()) {
  const chunk = manifest[key];
  if (!chunk || seen.has(key)) return seen;
  seen.add(key);
  for (const imported of chunk.imports ?? []) staticClosure(imported, seen);
  return seen;
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) throw new Error(`expected one entry chunk, found ${entries.length}`);
const [entryKey] = entries[0];
if (!manifest[HOME_ROUTE]) throw new Error(`${HOME_ROUTE} is not a chunk of its own any more`);

const initial = staticClosure(entryKey);
const homeRoute = new Set([...staticClosure(HOME_ROUTE)].filter((key) => !initial.has(key)));

// The catalogues of the language whose first-paint catalogues are the largest.
const languages = new Set(
  Object.keys(manifest)
    .map((key) => /^src\/i18n\/locales\/([^/]+)\/[^/]+\.json$/.exec(key)?.[1])
    .filter(Boolean),
);
let catalogues = { lang: '', bytes: 0, files: [] };
for (const lang of languages) {
  const files = FIRST_PAINT_NAMESPACES.map((ns) => manifest[`src/i18n/locales/${lang}/${ns}.json`]?.file).filter(Boolean);
  const bytes = files.reduce((sum, file) => sum + gzipSize(file), 0);
  if (bytes > catalogues.bytes) catalogues = { lang, bytes, files };
}

const rows = [];
const add = (group, key) => rows.push({ group, file: manifest[key].file, bytes: gzipSize(manifest[key].file) });
for (const key of initial) add('entry', key);
for (const key of homeRoute) add('home route', key);
for (const file of catalogues.files) rows.push({ group: `catalogue (${catalogues.lang})`, file, bytes: gzipSize(file) });

const kb = (bytes) => `${(bytes / 1000).toFixed(1)} kB`;
const total = rows.reduce((sum, row) => sum + row.bytes, 0);
const entryTotal = rows.filter((row) => row.group === 'entry').reduce((sum, row) => sum + row.bytes, 0);

// Everything else that is JavaScript: loaded later, on demand.
const counted = new Set(rows.map((row) => row.file));
const deferred = [...new Set(Object.values(manifest).map((chunk) => chunk.file))]
  .filter((file) => file.endsWith('.js') && !counted.has(file))
  .map((file) => ({ file, bytes: gzipSize(file) }))
  .sort((a, b) => b.bytes - a.bytes);

console.log('\nInitial JavaScript of /index (gzip):');
for (const row of rows.sort((a, b) => b.bytes - a.bytes)) {
  console.log(`  ${kb(row.bytes).padStart(9)}  ${row.group.padEnd(16)} ${row.file}`);
}
console.log(`  ${'-'.repeat(9)}`);
console.log(`  ${kb(entryTotal).padStart(9)}  entry chunk and its static imports`);
console.log(`  ${kb(total).padStart(9)}  with the home route and its catalogues (budget ${budgetKb} kB)`);
const later = deferred.slice(0, 6).map((chunk) => `${chunk.file} ${kb(chunk.bytes)}`);
console.log(`\nLoaded later, on demand (largest): ${later.join(', ')}${deferred.length > 6 ? ', …' : ''}\n`);

if (total > budgetKb * 1000) {
  console.error(`Initial JavaScript of /index is ${kb(total)}, over the budget of ${budgetKb} kB.`);
  process.exit(1);
}
