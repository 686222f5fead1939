#!/usr/bin/env bash
# Measures a cached content GET through the BFF against nginx proxy_cache in front of the same
# CMS mock and against a bare Go handler returning the same bytes, and a cached rendered page
# through the BFF against a bare Go handler returning that page; bench/README.md says how to
# read the figures. Everything runs on loopback: the servers pinned to CPU 0, wrk to CPU 1,
# each run bounded in time.
#
#   bench/run.sh                        # 5 rounds of 4 s per target and encoding (about 5 minutes)
#   ROUNDS=9 DURATION=3s bench/run.sh
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION=${DURATION:-4s}
ROUNDS=${ROUNDS:-5}
CONNECTIONS=${CONNECTIONS:-64}
command -v wrk >/dev/null && command -v nginx >/dev/null || {
  echo "installing wrk and nginx from Debian's packages…"
  sudo=""; [ "$(id -u)" -ne 0 ] && sudo=sudo
  $sudo apt-get update -qq && DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq wrk nginx >/dev/null
}
work=$(mktemp -d)
chmod 755 "$work" # nginx workers run as an unprivileged user and must reach their cache
pids=()
cleanup() { for p in "${pids[@]}"; do kill "$p" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT
trap 'echo "bench failed at line $LINENO" >&2; for f in "$work"/*.log "$work"/nginx/nginx-error.log; do [ -f "$f" ] && { echo "== $f" >&2; tail -5 "$f" >&2; }; done' ERR

go build -o "$work/bff" ./bff/cmd/bff
go build -o "$work/legacy" ./mocks/cmd/legacy
go build -o "$work/bare" ./bench/cmd/bare

# Every legacy system runs as its own process, as in production: the BFF under test is the
# production binary, which embeds no stand-in. Content is the first system, on port 9411; the
# others follow and stay idle. Its metrics and probes are on the admin port, 9401.
# The CMS and the BFF share the secret of editors' preview links.
preview_secret="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')"
PREVIEW_SECRET="$preview_secret" taskset -c 0 "$work/legacy" -base-port 9411 -data-dir "$work/mocks" >"$work/legacy.env" 2>"$work/legacy.log" & pids+=($!)
for _ in $(seq 50); do [ "$(grep -c '_URL=' "$work/legacy.env")" -ge 6 ] && break; sleep 0.1; done

# The page renderer, on port 9405: the real one when the web app and its renderer are built
# (npm run build -w web) and node is here, else a bare handler standing in for it with a page
# of the size of a rendered product list (about 40 kB, 8 kB gzip: head, markup and the page's
# data from the CMS mock). Either way the BFF renders the page once and then serves it from its
# page cache, which is what is measured.
PAGE_PATH=/en/productList
web_dir="$work/none"
if command -v node >/dev/null && [ -f web/dist-ssr/renderer.js ] && [ -f web/dist/index.html ]; then
  renderer="the real renderer (web/dist-ssr/renderer.js)"
  web_dir="$PWD/web/dist"
  RENDERER_HOST=127.0.0.1 RENDERER_PORT=9405 RENDERER_API_URL=http://127.0.0.1:9402 WEB_DIR="$web_dir" \
    taskset -c 0 node web/dist-ssr/renderer.js >"$work/renderer.log" 2>&1 & pids+=($!)
else
  renderer="a stand-in renderer (bench/cmd/bare with a page of the CMS mock's content)"
  # The page's data as a renderer hands it to the browser: the menu, the product lines, news and
  # cases, in English.
  for r in 'menus/8' 'product-lines' 'news?limit=30' 'cases?limit=20'; do
    sep='?'; [[ $r == *\?* ]] && sep='&'
    curl -fs "http://127.0.0.1:9411/cms/v2/$r${sep}locale=en"; echo ,
  done >"$work/state.json"
  {
    printf '<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Products | JAKA</title>'
    printf '<meta name="description" content="Collaborative robots for every task.">'
    for l in zh zh_tw en en_eu en_us jp ko th es fr de ru; do printf '<link rel="alternate" hreflang="%s" href="https://www.jaka.com/%s/productList">' "$l" "$l"; done
    printf '<link rel="stylesheet" href="/assets/index-3f2a1b.css"><script type="module" src="/assets/index-9c8d7e.js"></script></head><body><div id="root"><main>'
    for i in $(seq 40); do
      printf '<article class="card"><a href="/en/productDetails/%d"><img src="/cms-assets/products/%d.webp" alt="JAKA Zu %d" width="320" height="240"><h2>JAKA Zu %d</h2><p>Payload %d kg, reach %d mm, repeatability ±0.0%d mm.</p></a></article>' "$i" "$i" "$i" "$i" "$((i % 20 + 3))" "$((i * 37 % 900 + 600))" "$((i % 5 + 2))"
    done
    printf '</main></div><script type="application/json" id="__QUERY_STATE__">['
    cat "$work/state.json"
    printf 'null]</script></body></html>'
  } >"$work/rendered.html"
  gzip -c9 "$work/rendered.html" >"$work/rendered.html.gz"
  printf 'Content-Type: text/html; charset=utf-8\r\nCache-Control: public, max-age=60\r\n' >"$work/renderer-headers.txt"
  taskset -c 0 "$work/bare" -addr 127.0.0.1:9405 -body "$work/rendered.html" -gzip "$work/rendered.html.gz" \
    -headers "$work/renderer-headers.txt" & pids+=($!)
fi

env $(grep '_URL=' "$work/legacy.env") PORT=9402 ADMIN_PORT=9401 LOG_LEVEL=error DATA_DIR="$work/data" WEB_DIR="$web_dir" \
  UPLOAD_URL_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" PREVIEW_SECRET="$preview_secret" \
  LEAD_CHALLENGE_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" RENDERER_URL=http://127.0.0.1:9405 SITE_ORIGINS=https://www.jaka.com PAGE_WARMUP_RATE=0 \
  CMS_WEBHOOK_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
  taskset -c 0 "$work/bff" >"$work/bff.log" 2>&1 & pids+=($!)
mkdir -p "$work/nginx"
sed -e "s#@DIR@#$work/nginx#g" -e "s#@PORT@#9404#" -e "s#@UPSTREAM@#127.0.0.1:9411#" bench/nginx.conf.tmpl >"$work/nginx/nginx.conf"
taskset -c 0 nginx -c "$work/nginx/nginx.conf" -e "$work/nginx/nginx-error.log" & pids+=($!)

for url in http://127.0.0.1:9401/readyz http://127.0.0.1:9404/cms/v2/languages; do
  for _ in $(seq 50); do curl -fs -o /dev/null "$url" && break; sleep 0.1; done
done

BFF_PATH=/prod-api/api/programa/buildProgramaTree/8
CMS_PATH="/cms/v2/menus/8?locale=en"
# Warm every cache in both encodings, and keep the BFF's bytes for the bare handler.
curl -fs -H 'lang: en' "http://127.0.0.1:9402$BFF_PATH" -o "$work/body.json"
curl -fs -H 'lang: en' -H 'Accept-Encoding: gzip' -D "$work/headers.txt" "http://127.0.0.1:9402$BFF_PATH" -o "$work/body.json.gz"
for enc in identity gzip; do curl -fs -H 'lang: en' -H "Accept-Encoding: $enc" "http://127.0.0.1:9404$CMS_PATH" -o /dev/null; done
etag=$(awk 'tolower($1)=="etag:" {print $2}' "$work/headers.txt" | tr -d '\r')
taskset -c 0 "$work/bare" -addr 127.0.0.1:9403 -body "$work/body.json" -gzip "$work/body.json.gz" -etag "$etag" & pids+=($!)
for _ in $(seq 50); do curl -fs -o /dev/null http://127.0.0.1:9403/ && break; sleep 0.1; done
echo "answer: $(wc -c <"$work/body.json") bytes, $(wc -c <"$work/body.json.gz") bytes gzip"

# The rendered page: the first request renders it (the real renderer needs a few seconds to
# come up), then it is served from the page cache; its bytes and headers go to a second bare
# handler on 9406, which answers with exactly what the BFF answers.
for _ in $(seq 100); do
  curl -fs -o /dev/null -D "$work/page-headers.txt" "http://127.0.0.1:9402$PAGE_PATH" &&
    grep -qi '^x-cache: hit' "$work/page-headers.txt" && break
  sleep 0.1
done
grep -qi '^x-cache: hit' "$work/page-headers.txt" || { echo "the page is not served from the page cache:" >&2; cat "$work/page-headers.txt" >&2; false; }
curl -fs "http://127.0.0.1:9402$PAGE_PATH" -o "$work/page.html"
curl -fs -H 'Accept-Encoding: gzip' -D "$work/page-headers.txt" "http://127.0.0.1:9402$PAGE_PATH" -o "$work/page.html.gz"
taskset -c 0 "$work/bare" -addr 127.0.0.1:9406 -body "$work/page.html" -gzip "$work/page.html.gz" -headers "$work/page-headers.txt" & pids+=($!)
for _ in $(seq 50); do curl -fs -o /dev/null http://127.0.0.1:9406/ && break; sleep 0.1; done
echo "page: $PAGE_PATH from $renderer, $(wc -c <"$work/page.html") bytes, $(wc -c <"$work/page.html.gz") bytes gzip"

measure() { # encoding url -> "rps p99_ms"
  local out
  out=$(taskset -c 1 wrk -t1 -c"$CONNECTIONS" -d"$DURATION" --latency -H 'lang: en' -H "Accept-Encoding: $1" "$2")
  local rps p99
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  p99=$(awk '$1=="99%" {v=$2; if (v ~ /us$/) {sub(/us/,"",v); v=v/1000} else if (v ~ /ms$/) {sub(/ms/,"",v)} else if (v ~ /s$/) {sub(/s/,"",v); v=v*1000}; print v}' <<<"$out")
  echo "$rps $p99"
}
# For each encoding, ROUNDS rounds with the targets taking turns, so that a slow moment of the
# machine (this one varies by ±30 % from one second to the next) does not fall on one target
# only; the median of each is reported, with the range of the rounds. gzip is what browsers ask
# for; identity is what a client without compression gets.
median() { printf '%s\n' "$@" | sort -g | awk '{v[NR]=$1} END {print v[int((NR+1)/2)]}'; }
range() { printf '%s\n' "$@" | sort -g | awk 'NR==1 {lo=$1} {hi=$1} END {printf "%s-%s", lo, hi}'; }
report() { # encoding
  local enc=$1 r l round
  local -a bff_r bff_l ngx_r ngx_l bare_r bare_l
  for round in $(seq "$ROUNDS"); do
    read -r r l < <(measure "$enc" "http://127.0.0.1:9402$BFF_PATH"); bff_r+=("$r"); bff_l+=("$l")
    read -r r l < <(measure "$enc" "http://127.0.0.1:9404$CMS_PATH"); ngx_r+=("$r"); ngx_l+=("$l")
    read -r r l < <(measure "$enc" "http://127.0.0.1:9403$BFF_PATH"); bare_r+=("$r"); bare_l+=("$l")
    echo "  $enc round $round: BFF ${bff_r[-1]}, nginx ${ngx_r[-1]}, bare ${bare_r[-1]} req/s"
  done
  local bff_rps bff_p99 ngx_rps ngx_p99 bare_rps bare_p99
  bff_rps=$(median "${bff_r[@]}"); bff_p99=$(median "${bff_l[@]}")
  ngx_rps=$(median "${ngx_r[@]}"); ngx_p99=$(median "${ngx_l[@]}")
  bare_rps=$(median "${bare_r[@]}"); bare_p99=$(median "${bare_l[@]}")
  printf '\nAccept-Encoding: %s (medians of %s rounds of %s, %s connections)\n' "$enc" "$ROUNDS" "$DURATION" "$CONNECTIONS"
  printf '%-32s %10s %10s   %s\n' target "req/s" "p99 ms" "range of the rounds (req/s; p99 ms)"
  printf '%-32s %10.0f %10.2f   %s; %s\n' "BFF (cached content GET)" "$bff_rps" "$bff_p99" "$(range "${bff_r[@]}")" "$(range "${bff_l[@]}")"
  printf '%-32s %10.0f %10.2f   %s; %s\n' "nginx proxy_cache -> CMS mock" "$ngx_rps" "$ngx_p99" "$(range "${ngx_r[@]}")" "$(range "${ngx_l[@]}")"
  printf '%-32s %10.0f %10.2f   %s; %s\n' "bare Go handler" "$bare_rps" "$bare_p99" "$(range "${bare_r[@]}")" "$(range "${bare_l[@]}")"
  awk -v b="$bff_rps" -v n="$ngx_rps" -v g="$bare_rps" -v bp="$bff_p99" -v np="$ngx_p99" -v gp="$bare_p99" 'BEGIN {
    printf "BFF / nginx req/s: %.2f (target >= 0.80)\n", b/n
    printf "BFF / bare  req/s: %.2f (target >= 0.90)\n", b/g
    printf "BFF p99 / nginx p99: %.2f (target <= 1.50)\n", bp/np
    printf "bare / nginx, the ceiling of a Go net/http server here: req/s %.2f, p99 %.2f\n\n", g/n, gp/np
  }'
}
# The rendered page: the BFF's page cache against the bare handler with the same bytes and
# headers (the site's security headers included), in interleaved rounds as above.
report_page() { # encoding
  local enc=$1 r l round
  local -a bff_r bff_l bare_r bare_l
  for round in $(seq "$ROUNDS"); do
    read -r r l < <(measure "$enc" "http://127.0.0.1:9402$PAGE_PATH"); bff_r+=("$r"); bff_l+=("$l")
    read -r r l < <(measure "$enc" "http://127.0.0.1:9406$PAGE_PATH"); bare_r+=("$r"); bare_l+=("$l")
    echo "  page $enc round $round: BFF ${bff_r[-1]}, bare ${bare_r[-1]} req/s"
  done
  local bff_rps bff_p99 bare_rps bare_p99
  bff_rps=$(median "${bff_r[@]}"); bff_p99=$(median "${bff_l[@]}")
  bare_rps=$(median "${bare_r[@]}"); bare_p99=$(median "${bare_l[@]}")
  printf '\nRendered page %s, Accept-Encoding: %s (medians of %s rounds of %s, %s connections)\n' "$PAGE_PATH" "$enc" "$ROUNDS" "$DURATION" "$CONNECTIONS"
  printf '%-32s %10s %10s   %s\n' target "req/s" "p99 ms" "range of the rounds (req/s; p99 ms)"
  printf '%-32s %10.0f %10.2f   %s; %s\n' "BFF (cached rendered page)" "$bff_rps" "$bff_p99" "$(range "${bff_r[@]}")" "$(range "${bff_l[@]}")"
  printf '%-32s %10.0f %10.2f   %s; %s\n' "bare Go handler, same page" "$bare_rps" "$bare_p99" "$(range "${bare_r[@]}")" "$(range "${bare_l[@]}")"
  awk -v b="$bff_rps" -v g="$bare_rps" -v bp="$bff_p99" -v gp="$bare_p99" 'BEGIN {
    printf "BFF / bare  req/s: %.2f (target >= 0.90)\n", b/g
    printf "BFF p99 / bare p99: %.2f\n\n", bp/gp
  }'
}
report gzip
report identity
report_page gzip
report_page identity
hits=$(curl -fs http://127.0.0.1:9401/metrics | awk '/^bff_cache_results_total\{result="hit"\}/ {print $2}')
echo "BFF cache hits counted in /metrics: $hits"
page_hits=$(curl -fs http://127.0.0.1:9401/metrics | awk '/^bff_page_cache_results_total\{result="hit"\}/ {print $2}')
renders=$(curl -fs http://127.0.0.1:9401/metrics | awk '/^bff_page_cache_results_total\{result="miss"\}/ {print $2}')
echo "BFF page cache hits counted in /metrics: $page_hits (renders: $renders)"
