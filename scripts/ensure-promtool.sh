#!/usr/bin/env bash
# Installs promtool (Debian's prometheus package) when it is missing: `make test` checks the
# alerting rules in docker/observability with it (promtool check rules, promtool test rules).
set -euo pipefail
command -v promtool >/dev/null 2>&1 && exit 0
. "$(dirname "$0")/apt-install.sh"
# The package starts the Prometheus service; only its promtool is needed.
apt_install --stop prometheus prometheus
