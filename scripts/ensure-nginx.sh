#!/usr/bin/env bash
# Installs Debian's nginx when it is missing. The scale test (make test-scale) starts its own
# nginx with a configuration it writes into a temporary directory (its pid file, logs and temp
# paths there, `daemon off;`, loopback ports); it never uses the system service or
# /etc/nginx's configuration.
set -euo pipefail
command -v nginx >/dev/null 2>&1 && exit 0
[ -x /usr/sbin/nginx ] && exit 0
. "$(dirname "$0")/apt-install.sh"
# The package starts the system service on port 80; the test does not need it.
apt_install --stop nginx nginx
