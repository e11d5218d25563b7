#!/usr/bin/env bash
# Set up everything MSD Desktop needs on a fresh Debian 12 machine (idempotent).
# System packages (as root, via apt-get) for Qt's xcb plugin, Xvfb, D-Bus and a real
# Secret Service keyring; then a virtualenv in .venv/ with the package and its extras, at the
# versions pinned in constraints.txt (pyproject.toml's ranges are for users; refresh the pins
# with scripts/refresh-constraints.sh).
set -euo pipefail
cd "$(dirname "$0")/.."

APT_PACKAGES=(xvfb xauth dbus dbus-x11 gnome-keyring libsecret-1-0 fonts-dejavu-core
  libxcb-cursor0 libxcb-icccm4 libxcb-keysyms1 libxkbcommon-x11-0 libxcb-image0
  libxcb-render-util0 libxcb-shape0 libxcb-xinerama0 libxcb-randr0 libxcb-xkb1
  libegl1 libgl1 libfontconfig1 libdbus-1-3 imagemagick python3-venv
  desktop-file-utils appstream binutils trayer xdotool git)

missing=()
for p in "${APT_PACKAGES[@]}"; do
  dpkg-query -W -f='${Status}' "$p" 2>/dev/null | grep -q "install ok installed" || missing+=("$p")
done
if ((${#missing[@]})); then
  if [ "$(id -u)" = 0 ]; then
    export DEBIAN_FRONTEND=noninteractive
    apt-get update -qq
    apt-get install -y -qq --no-install-recommends "${missing[@]}" >/dev/null
  else
    echo "warning: missing system packages (run as root to install): ${missing[*]}" >&2
  fi
fi

PY="${MSD_PYTHON:-}"
if [ -z "$PY" ]; then
  for cand in python3.11 python3; do
    if command -v "$cand" >/dev/null && "$cand" -c 'import sys; sys.exit(sys.version_info < (3, 11))'; then
      PY="$(command -v "$cand")"; break
    fi
  done
fi
[ -n "$PY" ] || { echo "error: Python >= 3.11 not found" >&2; exit 1; }

if [ ! -x .venv/bin/python ]; then
  "$PY" -m venv .venv
fi
EXTRAS="${1:-}"
STAMP=".venv/.msd-installed${EXTRAS:+-$EXTRAS}"
if [ ! -f "$STAMP" ] || [ pyproject.toml -nt "$STAMP" ] || [ constraints.txt -nt "$STAMP" ]; then
  target="."
  [ -n "$EXTRAS" ] && target=".[$EXTRAS]"
  echo "Installing MSD Desktop into .venv/ (log: .venv/pip.log)…" >&2
  if ! { .venv/bin/python -m pip install --upgrade pip -c constraints.txt &&
         .venv/bin/python -m pip install -e "$target" -c constraints.txt; } >.venv/pip.log 2>&1; then
    tail -40 .venv/pip.log >&2
    echo "error: pip install failed (full log in .venv/pip.log)" >&2
    exit 1
  fi
  touch "$STAMP"
fi
# The window's translations (.ts → .qm beside them; the wheel builds its own in setup.py).
.venv/bin/python scripts/update-translations.py --release
# Precompile our package: this environment may set PYTHONDONTWRITEBYTECODE, and a CLI that
# recompiles its modules on every call starts several times slower.
.venv/bin/python -m compileall -q msd_desktop >/dev/null 2>&1 || true
