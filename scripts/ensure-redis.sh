#!/usr/bin/env bash
# Installs Debian's redis-server when it is missing. The tests of the shared state start their own
# server on a loopback port (bff/internal/redistest); they never use the system service.
set -euo pipefail
command -v redis-server >/dev/null 2>&1 && exit 0
. "$(dirname "$0")/apt-install.sh"
apt_install --stop redis-server redis-server
