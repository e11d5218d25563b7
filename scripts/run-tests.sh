#!/usr/bin/env bash
# Set up (idempotent) and run the whole test suite: unit, UI (offscreen), end-to-end under
# Xvfb and the keyring tests against a real Secret Service (gnome-keyring-daemon on a private
# D-Bus session, unlocked with a throwaway password, HOME pointed at a temporary folder so the
# user's real keyring is never touched). Extra arguments go to pytest. MSD_TEST_SCREEN sets the
# X server's screen (default 1600x1000x24).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh dev
export PATH="$PWD/.venv/bin:$PATH"
KEYRING_HOME="$(mktemp -d -t msd-keyring-home.XXXXXX)"
trap 'rm -rf "$KEYRING_HOME"' EXIT
export MSD_TEST_KEYRING_HOME="$KEYRING_HOME"
export HOME="$KEYRING_HOME"
export XDG_DATA_HOME="$KEYRING_HOME/.local/share" XDG_CONFIG_HOME="$KEYRING_HOME/.config"
export XDG_CACHE_HOME="${MSD_TEST_CACHE:-$PWD/.cache}"
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_CACHE_HOME"
unset DISPLAY
exec xvfb-run -a -s "-screen 0 ${MSD_TEST_SCREEN:-1600x1000x24}" dbus-run-session -- sh -c '
  eval "$(printf msd-ci-pass | gnome-keyring-daemon --unlock --components=secrets)"
  export GNOME_KEYRING_CONTROL
  .venv/bin/python scripts/wait-for-keyring.py || exit 1
  # one Qt platform per process: everything offscreen first, then the tests that drive the
  # window in-process on the real X server, in a pytest of their own (exit 5 = none selected)
  .venv/bin/python -m pytest -m "not x11_in_process" "$@"; first=$?
  QT_QPA_PLATFORM=xcb .venv/bin/python -m pytest -m x11_in_process "$@"; second=$?
  [ "$second" = 5 ] && second=0
  [ "$first" = 5 ] && [ "$second" = 0 ] && first=0
  [ "$first" != 0 ] && exit "$first"
  exit "$second"' msd-tests "$@"
