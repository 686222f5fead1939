#!/usr/bin/env node
/**
 * Writes bff/internal/pagetable/pages.json, the page table the BFF embeds, from the route table
 * and the site's languages (src/app/page-table.ts). With --check it writes nothing and fails when
 * the committed file is not exactly what it would write: a page added, changed or removed in
 * src/app/routes.tsx (or a language in src/lib/language.ts) without `npm run generate:pages -w web`.
 *
 * The TypeScript is loaded through Vite's server-side module loader, with the `@` alias only:
 * the site's vite.config.ts bundles every dependency into the renderer's build (ssr.noExternal),
 * which would run React's CommonJS files as modules here.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { createServer } from 'vite';

const web = join(dirname(fileURLToPath(import.meta.url)), '..');
const target = join(web, '..', 'bff', 'internal', 'pagetable', 'pages.json');
const shown = relative(join(web, '..'), target);
const check = process.argv.includes('--check');

const server = await createServer({
  root: web,
  configFile: false,
  resolve: { alias: [{ find: '@', replacement: join(web, 'src') }] },
  server: { middlewareMode: true, hmr: false, ws: false },
  appType: 'custom',
  logLevel: 'error',
  optimizeDeps: { noDiscovery: true, include: [] },
});
let text;
try {
  const { pageTable } = await server.ssrLoadModule('/src/app/page-table.ts');
  text = `${JSON.stringify(pageTable(), null, 2)}\n`;
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exitCode = 1;
} finally {
  await server.close();
}

if (text !== undefined && !check) {
  writeFileSync(target, text);
  console.log(`${shown} written.`);
} else if (text !== undefined) {
  let committed = '';
  try {
    committed = readFileSync(target, 'utf8');
  } catch {
    // a missing file differs like any other
  }
  if (committed === text) {
    console.log(`${shown} matches web/src/app/routes.tsx and web/src/lib/language.ts.`);
  } else {
    const want = text.split('\n');
    const have = committed.split('\n');
    const line = want.findIndex((l, i) => l !== have[i]);
    console.error(`${shown} is out of date with web/src/app/routes.tsx and web/src/lib/language.ts`);
    console.error(`  first difference at line ${line + 1}: expected ${JSON.stringify(want[line])}, found ${JSON.stringify(have[line] ?? '(end of file)')}`);
    console.error('Run `npm run generate:pages -w web` and commit the result; never edit it by hand.');
    process.exitCode = 1;
  }
}
