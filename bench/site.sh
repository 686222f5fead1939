# Sourced by the benchmarks that start a site of this checkout (bench/lighthouse.sh,
# bench/crawl.sh); defines one function.

# wait_for_site OUT ERR PID NAME: waits until the BFF whose output goes to the files OUT and ERR
# (process PID) says where it listens and is ready, and sets SITE_URL and ADMIN_URL. Exits with
# the start's last errors when it stops or takes longer than a minute.
wait_for_site() {
  local out=$1 err=$2 pid=$3 name=$4 _
  SITE_URL="" ADMIN_URL=""
  for _ in $(seq 600); do
    SITE_URL=$(sed -n 's/^The site is at //p' "$out")
    ADMIN_URL=$(sed -n 's/^The admin endpoints are at //p' "$out")
    [ -n "$SITE_URL" ] && [ -n "$ADMIN_URL" ] && break
    kill -0 "$pid" 2>/dev/null || { echo "$name did not start:" >&2; tail -20 "$err" >&2; exit 1; }
    sleep 0.1
  done
  [ -n "$SITE_URL" ] || { echo "$name did not say where it listens within 60 s" >&2; exit 1; }
  for _ in $(seq 300); do curl -fs -o /dev/null "$ADMIN_URL/readyz" && break; sleep 0.1; done
  curl -fs -o /dev/null "$ADMIN_URL/readyz" || { echo "$name did not become ready" >&2; exit 1; }
}
