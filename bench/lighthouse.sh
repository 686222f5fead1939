#!/usr/bin/env bash
# Lighthouse (a phone on a slow 4G link with a 4x slower CPU, simulated: Lighthouse's default)
# against the site as `make run` starts it, on the home page, the product centre, a product,
# the solutions and a news article, in Chinese and English. Prints each category score and FCP,
# LCP, TBT and CLS, flags every figure that misses the site's targets, and keeps the JSON
# reports. bench/README.md says how to read the figures.
#
#   bench/lighthouse.sh                                 # the site at http://127.0.0.1:8080; if
#                                                       # nothing answers there, builds and starts
#                                                       # this checkout's site on a free port
#   BASE_URL=http://127.0.0.1:9000 bench/lighthouse.sh  # another running site
#   SERVE=always bench/lighthouse.sh                    # always this checkout's site, own port
#   RUNS=3 bench/lighthouse.sh                          # three runs a page, the median reported
#   OUT_DIR=/tmp/lh bench/lighthouse.sh                 # where the JSON reports go
#
# Lighthouse comes from npm, installed on first use into a cache directory (LIGHTHOUSE_DIR),
# not into the site's dependencies; the browser is Debian's Chromium (CHROME_PATH). Pages run
# one after another: the machine has two cores and a busy one changes the figures.
set -euo pipefail
cd "$(dirname "$0")/.."

LIGHTHOUSE_VERSION=12.8.2
DEFAULT_BASE_URL=http://127.0.0.1:8080
BASE_URL=${BASE_URL:-$DEFAULT_BASE_URL}
BASE_URL=${BASE_URL%/}
SERVE=${SERVE:-auto} # auto: start the site only when nothing answers at BASE_URL; always; never
RUNS=${RUNS:-1}
OUT_DIR=${OUT_DIR:-bench/lighthouse-reports/$(date -u +%Y%m%dT%H%M%SZ)}
LIGHTHOUSE_DIR=${LIGHTHOUSE_DIR:-${XDG_CACHE_HOME:-$HOME/.cache}/jaka-site/lighthouse-$LIGHTHOUSE_VERSION}
export CHROME_PATH=${CHROME_PATH:-/usr/bin/chromium}

# The targets of the site (issue 16): scores out of 100, times in milliseconds.
TARGET_PERFORMANCE=95
TARGET_OTHER_SCORES=100
TARGET_LCP_MS=1800
TARGET_TBT_MS=100
TARGET_CLS=0.02

case "$SERVE" in auto | always | never) ;; *) echo "SERVE must be auto, always or never, not '$SERVE'" >&2; exit 2 ;; esac
[[ "$RUNS" =~ ^[1-9][0-9]*$ ]] || { echo "RUNS must be a positive whole number, not '$RUNS'" >&2; exit 2; }

work=$(mktemp -d)
serve_pid=""
cleanup() {
  if [ -n "$serve_pid" ]; then
    # make and the BFF it started run in their own process group (setsid): stop both.
    kill -- "-$serve_pid" 2>/dev/null || true
    wait "$serve_pid" 2>/dev/null || true
  fi
  rm -rf "$work"
}
trap cleanup EXIT

# --- Chromium and Lighthouse -------------------------------------------------------------------
if [ "$CHROME_PATH" = /usr/bin/chromium ]; then
  ./scripts/ensure-chromium.sh
fi
[ -x "$CHROME_PATH" ] || { echo "no browser at CHROME_PATH=$CHROME_PATH" >&2; exit 1; }

lighthouse="$LIGHTHOUSE_DIR/node_modules/.bin/lighthouse"
installed=$(node -p "require('$LIGHTHOUSE_DIR/node_modules/lighthouse/package.json').version" 2>/dev/null || true)
if [ "$installed" != "$LIGHTHOUSE_VERSION" ]; then
  echo "installing Lighthouse $LIGHTHOUSE_VERSION from npm into $LIGHTHOUSE_DIR…"
  mkdir -p "$LIGHTHOUSE_DIR"
  # A package.json of its own, so that npm installs here and not into the site's workspace.
  [ -f "$LIGHTHOUSE_DIR/package.json" ] || echo '{"name":"lighthouse-cache","private":true}' >"$LIGHTHOUSE_DIR/package.json"
  (cd "$LIGHTHOUSE_DIR" && npm install --no-audit --no-fund --loglevel=error "lighthouse@$LIGHTHOUSE_VERSION" >/dev/null)
fi

# --- The site ----------------------------------------------------------------------------------
# shellcheck source=bench/site.sh
. bench/site.sh
answers() { curl -fs -o /dev/null --max-time 5 "$1/index"; }

start_site() {
  echo "building and starting this checkout's site (make build, make serve) on a free port…"
  make -s build >"$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; exit 1; }
  # PORT=0: the BFF picks a free port for the site (and one for its admin endpoints) and prints
  # both; its embedded stand-ins take free ports too. Fresh state in a directory of its own.
  PORT=0 DATA_DIR="$work/data" LOG_LEVEL=warn PAGE_WARMUP_RATE=0 setsid make -s serve >"$work/serve.out" 2>"$work/serve.err" &
  serve_pid=$!
  wait_for_site "$work/serve.out" "$work/serve.err" "$serve_pid" "the site"
  BASE_URL=$SITE_URL
}

case "$SERVE" in
  always) start_site ;;
  never) answers "$BASE_URL" || { echo "nothing answers at $BASE_URL (SERVE=never)" >&2; exit 1; } ;;
  auto)
    if ! answers "$BASE_URL"; then
      [ "$BASE_URL" = "$DEFAULT_BASE_URL" ] || { echo "nothing answers at $BASE_URL" >&2; exit 1; }
      echo "nothing answers at $BASE_URL"
      start_site
    fi
    ;;
esac

# --- The pages ---------------------------------------------------------------------------------
# A product and a news article that exist now, in each language, from the content the site
# itself serves (the CMS decides which exist; none is written into this script).
api() { # lang path -> body
  curl -fsS --max-time 15 -H "lang: $1" "$BASE_URL/prod-api$2"
}
first_product() { # lang -> id
  api "$1" /api/productCenter/productLineList |
    node -e 'const d=JSON.parse(require("fs").readFileSync(0,"utf8")).data;const p=d.flatMap(l=>l.children??[])[0];if(!p)process.exit(1);console.log(p.id)'
}
first_news() { # lang -> "id?typeId=n"
  api "$1" '/api/news/newsList?pageNum=1&pageSize=1' |
    node -e 'const r=JSON.parse(require("fs").readFileSync(0,"utf8")).data.rows[0];if(!r)process.exit(1);console.log(`${r.id}?typeId=${r.typeId}`)'
}

pages=() # "lang path"
for lang in zh en; do
  prefix=""; [ "$lang" = zh ] || prefix="/$lang"
  product=$(first_product "$lang") || { echo "no product in the $lang product list of $BASE_URL" >&2; exit 1; }
  news=$(first_news "$lang") || { echo "no news in the $lang news list of $BASE_URL" >&2; exit 1; }
  for path in /index /productList "/productDetails/$product" /solutionList "/newsDetail/$news"; do
    pages+=("$lang $prefix$path")
  done
done

mkdir -p "$OUT_DIR"
chromium_version=$("$CHROME_PATH" --version 2>/dev/null || echo unknown)
echo "Lighthouse $LIGHTHOUSE_VERSION, $chromium_version, mobile, simulated throttling"
echo "site: $BASE_URL   runs per page: $RUNS   load average: $(cut -d' ' -f1-3 /proc/loadavg)"
echo "reports: $OUT_DIR"
echo

# --- Runs --------------------------------------------------------------------------------------
for entry in "${pages[@]}"; do
  lang=${entry%% *}
  path=${entry#* }
  # The browser's language is the page's: an unprefixed page in a browser that prefers another
  # language would move to that language's page (spec section 1) and measure the wrong one.
  locale=zh-CN; [ "$lang" = zh ] || locale=en-US
  slug=$(sed -e 's#^/##' -e 's#[/?=&]#-#g' <<<"$path")
  [ "$lang" = zh ] && slug="zh-$slug"
  for run in $(seq "$RUNS"); do
    report="$OUT_DIR/$slug.run$run.json"
    printf '%-40s run %s/%s … ' "$path" "$run" "$RUNS"
    # A run that Lighthouse itself gives up on (e.g. NO_NAVSTART, a trace lost on a busy
    # machine) is tried once more; a page without any report fails the script at the end.
    for attempt in 1 2; do
      if "$lighthouse" "$BASE_URL$path" --quiet --output=json --output-path="$report" \
        --only-categories=performance,accessibility,best-practices,seo \
        --locale=en --max-wait-for-load=60000 \
        --chrome-flags="--headless=new --no-sandbox --disable-gpu --disable-dev-shm-usage --lang=$locale --accept-lang=$locale" \
        >"$work/lighthouse.log" 2>&1; then
        echo done
        break
      fi
      rm -f "$report"
      if [ "$attempt" = 1 ]; then
        printf 'failed %s, again … ' "$(grep -o 'Runtime error[^.]*\|([A-Z_]*)' "$work/lighthouse.log" | tail -1)"
      else
        echo failed
        tail -5 "$work/lighthouse.log" >&2
      fi
    done
  done
done

# --- The table ---------------------------------------------------------------------------------
echo
node - "$OUT_DIR" "$BASE_URL" "$RUNS" "$TARGET_PERFORMANCE" "$TARGET_OTHER_SCORES" "$TARGET_LCP_MS" "$TARGET_TBT_MS" "$TARGET_CLS" "${pages[@]}" <<'EOF'
const fs = require('fs');
const path = require('path');
const [dir, base, runs, perfTarget, otherTarget, lcpTarget, tbtTarget, clsTarget, ...pages] = process.argv.slice(2);

const slugOf = (lang, page) => {
  const s = page.replace(/^\//, '').replace(/[/?=&]/g, '-');
  return lang === 'zh' ? `zh-${s}` : s;
};
const figures = (report) => {
  const c = report.categories;
  const a = report.audits;
  const score = (k) => (c[k]?.score == null ? null : Math.round(c[k].score * 100));
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    fcp: a['first-contentful-paint']?.numericValue,
    lcp: a['largest-contentful-paint']?.numericValue,
    tbt: a['total-blocking-time']?.numericValue,
    cls: a['cumulative-layout-shift']?.numericValue,
    finalUrl: report.finalDisplayedUrl ?? report.finalUrl,
    error: report.runtimeError?.message,
  };
};
const misses = (f) => {
  const out = [];
  if (f.performance == null || f.performance < +perfTarget) out.push('performance');
  if (f.accessibility == null || f.accessibility < +otherTarget) out.push('accessibility');
  if (f.bestPractices == null || f.bestPractices < +otherTarget) out.push('best practices');
  if (f.seo == null || f.seo < +otherTarget) out.push('SEO');
  if (!(f.lcp <= +lcpTarget)) out.push('LCP');
  if (!(f.tbt <= +tbtTarget)) out.push('TBT');
  if (!(f.cls <= +clsTarget)) out.push('CLS');
  return out;
};
const mark = (bad, text) => (bad ? `${text}*` : `${text} `);
const s = (ms) => (ms == null ? '-' : (ms / 1000).toFixed(1) + ' s');

const rows = [];
for (const entry of pages) {
  const [lang, page] = [entry.slice(0, entry.indexOf(' ')), entry.slice(entry.indexOf(' ') + 1)];
  const reports = [];
  for (let run = 1; run <= +runs; run++) {
    const file = path.join(dir, `${slugOf(lang, page)}.run${run}.json`);
    if (fs.existsSync(file)) reports.push(figures(JSON.parse(fs.readFileSync(file, 'utf8'))));
  }
  if (reports.length === 0) {
    rows.push({ page, missing: true });
    continue;
  }
  // The run with the median performance score stands for the page (its own FCP, LCP, TBT, CLS);
  // of an even number of runs, the lower of the two middle ones.
  reports.sort((x, y) => (x.performance ?? -1) - (y.performance ?? -1));
  const f = reports[Math.floor((reports.length - 1) / 2)];
  rows.push({ page, f, n: reports.length, range: reports.length > 1 ? `${reports[0].performance}-${reports.at(-1).performance}` : '' });
}

const head = ['page', 'perf', 'a11y', 'b.p.', 'SEO', 'FCP', 'LCP', 'TBT', 'CLS', 'misses'];
const widths = [34, 6, 6, 6, 6, 7, 7, 8, 7, 0];
const line = (cells) => cells.map((c, i) => (widths[i] ? String(c).padEnd(widths[i]) : c)).join(' ');
console.log(line(head));
let missed = 0;
for (const r of rows) {
  if (r.missing) {
    console.log(line([r.page, '-', '-', '-', '-', '-', '-', '-', '-', 'no report']));
    missed++;
    process.exitCode = 1; // a page that could not be measured is a failure of the measurement
    continue;
  }
  const f = r.f;
  const m = misses(f);
  if (m.length) missed++;
  const notes = [...m];
  if (f.error) notes.push(`error: ${f.error}`);
  const requested = new URL(r.page, base).href;
  if (f.finalUrl && f.finalUrl !== requested) notes.push(`ended at ${new URL(f.finalUrl).pathname}`);
  if (r.range) notes.push(`perf ${r.range} over ${r.n} runs`);
  console.log(
    line([
      r.page,
      mark(f.performance < +perfTarget, f.performance ?? '-'),
      mark(f.accessibility < +otherTarget, f.accessibility ?? '-'),
      mark(f.bestPractices < +otherTarget, f.bestPractices ?? '-'),
      mark(f.seo < +otherTarget, f.seo ?? '-'),
      s(f.fcp),
      mark(!(f.lcp <= +lcpTarget), s(f.lcp)),
      mark(!(f.tbt <= +tbtTarget), f.tbt == null ? '-' : `${Math.round(f.tbt)} ms`),
      mark(!(f.cls <= +clsTarget), f.cls == null ? '-' : f.cls.toFixed(3)),
      notes.join('; '),
    ]),
  );
}
console.log(
  `\n* misses its target (performance >= ${perfTarget}; accessibility, best practices, SEO ${otherTarget}; ` +
    `LCP <= ${lcpTarget / 1000} s; TBT <= ${tbtTarget} ms; CLS <= ${clsTarget}). ${missed} of ${rows.length} pages miss at least one.`,
);
EOF
