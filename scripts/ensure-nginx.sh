#!/usr/bin/env bash
# Installs Debian's nginx when it is missing. The scale test (make test-scale) starts its own
# nginx with a configuration it writes into a temporary directory (its pid file, logs and temp
# paths there, `daemon off;`, loopback ports); it never uses the system service or
# /etc/nginx's configuration.
set -euo pipefail
command -v nginx >/dev/null 2>&1 && exit 0
[ -x /usr/sbin/nginx ] && exit 0
echo "Installing nginx from Debian's packages…"
sudo=""
if [ "$(id -u)" -ne 0 ]; then
  command -v sudo >/dev/null 2>&1 || { echo "need root (or sudo) to install nginx" >&2; exit 1; }
  sudo="sudo"
fi
$sudo apt-get update -qq
DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends nginx >/dev/null
# The package starts the system service on port 80; the test does not need it, so stop it where
# that is possible.
$sudo service nginx stop >/dev/null 2>&1 || true
