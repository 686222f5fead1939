#!/usr/bin/env bash
# Installs Debian's redis-server when it is missing. The tests of the shared state start their own
# server on a loopback port (bff/internal/redistest); they never use the system service.
set -euo pipefail
command -v redis-server >/dev/null 2>&1 && exit 0
echo "Installing redis-server from Debian's packages…"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "need root (or sudo) to install redis-server" >&2; exit 1; }
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends redis-server >/dev/null
# The package starts the system service; the tests do not need it, so stop it where that is possible.
$sudo service redis-server stop >/dev/null 2>&1 || true
