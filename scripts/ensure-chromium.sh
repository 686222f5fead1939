#!/usr/bin/env bash
# Installs Debian's Chromium and the CJK and Thai fonts that the browser tests need, when they are missing.
# Playwright cannot download its own browser on this network; Debian's package works with it.
set -euo pipefail
need=()
command -v chromium >/dev/null 2>&1 || need+=(chromium)
# Read the font list once: grep -q closing a pipe early would fail the pipe under pipefail.
fonts=$(fc-list 2>/dev/null || true)
grep -qi "Noto Sans CJK" <<<"$fonts" || need+=(fonts-noto-cjk)
grep -qi "Loma\|Garuda\|Waree" <<<"$fonts" || need+=(fonts-thai-tlwg)
[ ${#need[@]} -eq 0 ] && exit 0
. "$(dirname "$0")/apt-install.sh"
apt_install "${need[@]}"
