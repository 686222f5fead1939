// Writes a brotli (.br) and a gzip (.gz) copy beside every script, style, SVG and JSON file of
// the build's assets, at the strongest settings: the BFF serves the copy the browser accepts
// (bff/internal/httpapi/web.go), so compression costs nothing per request.
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';

const dir = new URL('../dist/assets/', import.meta.url).pathname;
const COMPRESSIBLE = /\.(js|mjs|css|svg|json|txt|map)$/;
let before = 0;
let after = 0;
for (const name of readdirSync(dir)) {
  if (!COMPRESSIBLE.test(name) || name.endsWith('.map')) continue;
  const file = join(dir, name);
  const body = readFileSync(file);
  const br = brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 11, [constants.BROTLI_PARAM_SIZE_HINT]: body.length } });
  writeFileSync(`${file}.br`, br);
  writeFileSync(`${file}.gz`, gzipSync(body, { level: 9 }));
  before += body.length;
  after += br.length;
}
console.log(`precompressed assets: ${(before / 1024).toFixed(0)} kB → ${(after / 1024).toFixed(0)} kB brotli`);
