#!/usr/bin/env bash
# A search engine's visit to a site that has just started: every cache cold, the sitemaps read,
# N of their pages fetched C at a time without JavaScript (bench/crawl.mjs), then the same pages
# again. Prints pages a second, median, p95 and slowest time, and the count of pages that came
# back as the client-rendered app (an empty page to a crawler), for both passes, and what the
# BFFs counted (renders, and shells by reason). Exits 1 when any shell or error was served.
#
#   bench/crawl.sh                        # one replica (bin/bff-dev: its renderer, its stand-ins)
#   REPLICAS=3 bench/crawl.sh             # three replicas on one Redis, pages asked of each in turn
#   N=500 C=16 bench/crawl.sh             # pages and concurrency (the defaults)
#   PAGE_WARMUP_RATE=4 bench/crawl.sh     # with the warm-up on (off by default: the cold case)
#
# Needs nothing installed by hand: the site is built with make, Redis comes from Debian's
# packages (scripts/ensure-redis.sh) when REPLICAS > 1.
set -euo pipefail
cd "$(dirname "$0")/.."

# shellcheck source=bench/site.sh
. bench/site.sh

N=${N:-500}
C=${C:-16}
REPLICAS=${REPLICAS:-1}
export PAGE_WARMUP_RATE=${PAGE_WARMUP_RATE:-0}
[[ "$REPLICAS" =~ ^[1-9]$ ]] || { echo "REPLICAS must be 1 to 9, not '$REPLICAS'" >&2; exit 2; }

work=$(mktemp -d)
pids=()
cleanup() {
  for p in "${pids[@]}"; do kill -- "-$p" 2>/dev/null || kill "$p" 2>/dev/null || true; done
  wait 2>/dev/null || true
  rm -rf "$work"
}
trap cleanup EXIT

echo "building the site (make build)…"
make -s build >"$work/build.log" 2>&1 || { tail -20 "$work/build.log" >&2; exit 1; }

redis_env=()
if [ "$REPLICAS" -gt 1 ]; then
  ./scripts/ensure-redis.sh
  redis_port=$(python3 -c 'import socket; s=socket.socket(); s.bind(("127.0.0.1",0)); print(s.getsockname()[1])')
  redis-server --port "$redis_port" --bind 127.0.0.1 --save '' --appendonly no --dir "$work" >"$work/redis.log" 2>&1 &
  pids+=($!)
  for _ in $(seq 100); do redis-cli -p "$redis_port" ping >/dev/null 2>&1 && break; sleep 0.05; done
  # The replicas are one site: one origin, one Redis.
  redis_env=(REDIS_URL="redis://127.0.0.1:$redis_port/0" SITE_ORIGINS=https://www.jaka.com)
fi

sites=() admins=()
for i in $(seq "$REPLICAS"); do
  env PORT=0 DATA_DIR="$work/data-$i" LOG_LEVEL=warn "${redis_env[@]}" setsid ./bin/bff-dev >"$work/bff-$i.out" 2>"$work/bff-$i.err" &
  pids+=($!)
  wait_for_site "$work/bff-$i.out" "$work/bff-$i.err" "${pids[-1]}" "replica $i"
  sites+=("$SITE_URL") admins+=("$ADMIN_URL")
done

echo "$REPLICAS replica(s) started cold; warm-up: $PAGE_WARMUP_RATE pages/s"
status=0
node bench/crawl.mjs "$(IFS=,; echo "${sites[*]}")" "$N" "$C" || status=$?

# What the BFFs counted: renders (page cache misses) and shells by reason.
for i in "${!admins[@]}"; do
  metrics=$(curl -fs "${admins[$i]}/metrics")
  renders=$(awk '/^bff_page_cache_results_total\{result="miss"\}/ {print $2}' <<<"$metrics")
  shells=$(sed -n 's/^bff_render_fallbacks_total{reason="\([a-z]*\)"} \([1-9][0-9]*\)$/\1=\2/p' <<<"$metrics" | tr '\n' ' ')
  echo "replica $((i + 1)): renders ${renders:-0}; shells by reason: ${shells:-none}"
done
exit "$status"
