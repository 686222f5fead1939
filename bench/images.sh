#!/usr/bin/env bash
# Measures the variants of a photograph made by the BFF's picture pipeline (Go: package images,
# imaging + WebAssembly builds of libwebp and libavif) against sharp 0.35.5 (libvips), on this
# machine: for each library, format and width, the milliseconds of a variant (the first in a
# process, which compiles Go's encoders, and the later ones), the process's peak memory, the
# output's bytes and its SSIM against the master resized alike. Each variant runs in a process
# of its own (so that its peak memory is its own), the libraries taking turns in each round, and
# the medians of the rounds are printed. sharp is installed in a temporary folder, not in the
# site. README "Pictures" has the figures and what they decided.
#
#   bench/images.sh              # 5 rounds (about 10 minutes on 2 busy cores)
#   ROUNDS=3 bench/images.sh
set -euo pipefail
cd "$(dirname "$0")/.."
ROUNDS=${ROUNDS:-5}
RUNS=${RUNS:-3}
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
root=$PWD

# The production binary is static (CGO_ENABLED=0): the encoders then always run as WebAssembly.
CGO_ENABLED=0 go build -tags nodynamic -o "$work/imagebench" ./bff/cmd/imagebench
(cd "$work" && echo '{"private":true}' >package.json && npm install --silent --no-audit --no-fund sharp@0.35.5 >/dev/null)
export SHARP_DIR=$work
cd "$work"
./imagebench master -o master.jpg                       # 2400×1600, baseline, q 90
./imagebench master -o big.jpg -w 6000 -h 4000          # 24 MP, as a camera writes it
node -e "require('sharp')('big.jpg').jpeg({quality: 90, progressive: true}).toFile('big-progressive.jpg')"
ls -l master.jpg big.jpg big-progressive.jpg | awk '{print $NF ": " $5 " bytes"}'

cases=()
for w in 640 1280; do for f in webp avif; do cases+=("master.jpg $w $f"); done; done
cases+=("big.jpg 1280 webp" "big-progressive.jpg 1280 webp")
for round in $(seq "$ROUNDS"); do
  for c in "${cases[@]}"; do
    read -r src w f <<<"$c"
    for lib in go sharp; do
      out="$lib-$w.$f"
      if [ "$lib" = go ]; then
        line=$(./imagebench variant -src "$src" -w "$w" -f "$f" -n "$RUNS" -o "$out")
      else
        line=$(node "$root/bench/images-sharp.mjs" -src "$src" -w "$w" -f "$f" -n "$RUNS" -o "$out")
      fi
      ssim=$(./imagebench ssim -src "$src" -img "$out" 2>/dev/null || echo null)
      echo "{\"round\":$round,\"src\":\"$src\",\"ssim\":$ssim,${line#\{}"
    done
  done
done >results.jsonl

node - results.jsonl <<'JS'
const rows = require('fs').readFileSync(process.argv[2], 'utf8').trim().split('\n').map(JSON.parse);
const median = (xs) => { const s = [...xs].sort((a, b) => a - b); const m = s.length >> 1; return s.length % 2 ? s[m] : (s[m - 1] + s[m]) / 2; };
const groups = new Map();
for (const r of rows) {
  const key = `${r.src} ${r.width}px ${r.format} ${r.lib}`;
  if (!groups.has(key)) groups.set(key, []);
  groups.get(key).push(r);
}
console.log('| master | variant | library | first ms | later ms | peak MiB | bytes | SSIM |');
console.log('|---|---|---|---|---|---|---|---|');
for (const [key, rs] of groups) {
  const [src, width, format, lib] = key.split(' ');
  const first = median(rs.map((r) => r.ms[0]));
  const later = median(rs.flatMap((r) => r.ms.slice(1)));
  const range = (xs) => `${Math.min(...xs).toFixed(0)}–${Math.max(...xs).toFixed(0)}`;
  console.log(`| ${src} | ${width} ${format} | ${lib} | ${first.toFixed(0)} | ${later.toFixed(0)} (${range(rs.flatMap((r) => r.ms.slice(1)))}) | ${median(rs.map((r) => r.peakMiB)).toFixed(0)} | ${median(rs.map((r) => r.bytes))} | ${median(rs.map((r) => r.ssim)).toFixed(4)} |`);
}
JS
