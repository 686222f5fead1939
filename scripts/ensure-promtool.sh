#!/usr/bin/env bash
# Installs promtool (Debian's prometheus package) when it is missing: `make test` checks the
# alerting rules in docker/observability with it (promtool check rules, promtool test rules).
set -euo pipefail
command -v promtool >/dev/null 2>&1 && exit 0
echo "Installing promtool (Debian's prometheus package)…"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "need root (or sudo) to install prometheus" >&2; exit 1; }
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends prometheus >/dev/null
# The package starts the Prometheus service; only its promtool is needed.
$sudo service prometheus stop >/dev/null 2>&1 || true
