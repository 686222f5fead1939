// The sharp (libvips) side of bench/images.sh: one variant of a master, as
// `imagebench variant` makes it in Go, printed as one JSON line with the milliseconds of each of
// n runs in this process, the output's bytes and the process's peak resident memory in MiB.
// sharp is not a dependency of the site: bench/images.sh installs it in a folder of its own.
//
//   node bench/images-sharp.mjs -src master.jpg -w 640 -f avif [-n 3] [-o out.avif] [-q 50] [-effort 1]
import { createRequire } from 'node:module';
import { readFileSync, writeFileSync } from 'node:fs';
import { performance } from 'node:perf_hooks';

const args = Object.fromEntries(
  process.argv.slice(2).reduce((pairs, a, i, all) => (a.startsWith('-') ? [...pairs, [a.slice(1), all[i + 1]]] : pairs), []),
);
// SHARP_DIR is where bench/images.sh installed sharp.
const sharp = createRequire(`${process.env.SHARP_DIR ?? process.cwd()}/`)('sharp');
sharp.cache(false); // every run does the work: libvips would otherwise answer a repeat from its cache

const src = readFileSync(args.src ?? 'master.jpg');
const width = Number(args.w ?? 640);
const format = args.f ?? 'webp';
const runs = Number(args.n ?? 3);
const quality = args.q ? Number(args.q) : format === 'avif' ? 50 : format === 'webp' ? 75 : 82;
// The same effort as the Go pipeline's encoders: libwebp's method 4 is sharp's WebP effort 4;
// libavif's speed 8 is aom's cpu-used 8, sharp's AVIF effort 1 (sharp's default, 4, is speed 5).
const effort = args.effort ? Number(args.effort) : format === 'avif' ? 1 : 4;

let out;
const ms = [];
for (let i = 0; i < runs; i++) {
  const start = performance.now();
  // As the Go pipeline does: upright by EXIF, never wider than the master, no metadata (sharp's
  // default), sRGB.
  let p = sharp(src, { limitInputPixels: 50_000_000 }).rotate().resize({ width, withoutEnlargement: true });
  if (format === 'avif') p = p.avif({ quality, effort });
  else if (format === 'webp') p = p.webp({ quality, effort });
  else p = p.jpeg({ quality });
  out = await p.toBuffer();
  ms.push(Math.round((performance.now() - start) * 1000) / 1000);
}
if (args.o) writeFileSync(args.o, out);
const meta = await sharp(out).metadata();
console.log(
  JSON.stringify({
    lib: 'sharp',
    format,
    width: meta.width,
    ms,
    bytes: out.length,
    peakMiB: Math.round((process.resourceUsage().maxRSS / 1024) * 10) / 10,
  }),
);
