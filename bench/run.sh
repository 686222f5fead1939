#!/usr/bin/env bash
# Measures a cached content GET through the BFF against nginx proxy_cache in front of the same
# CMS mock and against a bare Go handler returning the same bytes; bench/README.md says how to
# read the figures. Everything runs on loopback: the servers pinned to CPU 0, wrk to CPU 1,
# each run bounded in time.
#
#   bench/run.sh                        # 5 rounds of 4 s per target and encoding (about 3 minutes)
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
taskset -c 0 "$work/legacy" -base-port 9411 -data-dir "$work/mocks" >"$work/legacy.env" 2>"$work/legacy.log" & pids+=($!)
for _ in $(seq 50); do [ "$(grep -c '_URL=' "$work/legacy.env")" -ge 6 ] && break; sleep 0.1; done
env $(grep '_URL=' "$work/legacy.env") PORT=9402 ADMIN_PORT=9401 LOG_LEVEL=error DATA_DIR="$work/data" WEB_DIR="$work/none" \
  UPLOAD_URL_SECRET="$(head -c 32 /dev/urandom | od -An -tx1 | tr -d ' \n')" \
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
report gzip
report identity
hits=$(curl -fs http://127.0.0.1:9401/metrics | awk '/^bff_cache_results_total\{result="hit"\}/ {print $2}')
echo "BFF cache hits counted in /metrics: $hits"
