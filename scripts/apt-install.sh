# Sourced by the ensure-*.sh scripts: apt_install installs Debian packages as root (or through
# sudo), quietly, without recommended packages. With --stop SERVICE first, it then stops the
# system service the package started: the tests start their own servers on loopback ports.
#   apt_install [--stop SERVICE] PACKAGE...
apt_install() {
  local service=""
  if [ "${1:-}" = "--stop" ]; then
    service=$2
    shift 2
  fi
  echo "Installing $* from Debian's packages…"
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "need root (or sudo) to install $*" >&2; exit 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends "$@" >/dev/null
  if [ -n "$service" ]; then
    $sudo service "$service" stop >/dev/null 2>&1 || true
  fi
}
