#!/usr/bin/env bash
# Set up (idempotent) and run the whole test suite in stages (scripts/run_stages.py): quick
# (unit, core, CLI, UI offscreen, differential; in parallel), services (real keyring, the app
# under Xvfb), x11 (the window driven in-process on the X server) and packaging (wheel, bundle).
# `--quick` runs the first stage only; other arguments go to pytest (paths, -k, -x, -m).
#
# The services live in a private world nothing else touches: HOME, the XDG folders and the
# keyring daemon's runtime folder are fresh temporary folders (the user's real keyring is never
# touched and nothing is written into the checkout); the D-Bus session starts no service on
# demand (scripts/test-session-bus.conf), so a keyring that goes away fails the keyring tests at
# once instead of activating a locked daemon whose password prompt nobody answers; and
# the daemon is kept running by scripts/keyring_supervisor.py (gnome-keyring aborts now and then
# on short-lived clients); a test that fails while it restarts runs once more (tests/conftest.py).
# MSD_TEST_SCREEN sets the X server's screen (default 1600x1000x24).
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh dev
export PATH="$PWD/.venv/bin:$PATH"
# The upstream reference package is cached in the user's cache folder, outside the checkout,
# and reused between runs (decided before HOME moves to the temporary one).
export MSD_UPSTREAM_CACHE="${MSD_UPSTREAM_CACHE:-${XDG_CACHE_HOME:-$HOME/.cache}/msd-desktop-tests/upstream-1.11.0}"
# So are hypothesis's Unicode tables (it keeps no example database here).
export HYPOTHESIS_STORAGE_DIRECTORY="${HYPOTHESIS_STORAGE_DIRECTORY:-${XDG_CACHE_HOME:-$HOME/.cache}/msd-desktop-tests/hypothesis}"
# And the compiled test modules (with pytest's assertion rewriting): where the environment sets
# PYTHONDONTWRITEBYTECODE, every pytest process would rewrite and compile all of them again
# (~15 s of CPU a worker). Kept in a folder of ours, never in the checkout.
PYC="${PYTHONPYCACHEPREFIX:-${XDG_CACHE_HOME:-$HOME/.cache}/msd-desktop-tests/pycache}"
if mkdir -p -m 700 "$PYC" 2>/dev/null && [ -O "$PYC" ] && [ ! -L "$PYC" ]; then
  chmod 700 "$PYC"
  export PYTHONPYCACHEPREFIX="$PYC"
  unset PYTHONDONTWRITEBYTECODE
fi
TEST_ROOT="$(mktemp -d -t msd-tests.XXXXXX)"
trap 'rm -rf "$TEST_ROOT"' EXIT
chmod 700 "$TEST_ROOT"
mkdir -m 700 "$TEST_ROOT/home" "$TEST_ROOT/runtime"
export MSD_TEST_KEYRING_HOME="$TEST_ROOT/home" HOME="$TEST_ROOT/home"
export XDG_RUNTIME_DIR="$TEST_ROOT/runtime"
export XDG_DATA_HOME="$HOME/.local/share" XDG_CONFIG_HOME="$HOME/.config"
export XDG_STATE_HOME="$HOME/.local/state" XDG_CACHE_HOME="$HOME/.cache"
mkdir -p "$XDG_DATA_HOME" "$XDG_CONFIG_HOME" "$XDG_STATE_HOME" "$XDG_CACHE_HOME"
unset DISPLAY WAYLAND_DISPLAY GNOME_KEYRING_CONTROL DBUS_SESSION_BUS_ADDRESS
export MSD_TEST_KEYRING_STATE="$TEST_ROOT/keyring-state.json"
export MSD_TEST_KEYRING_LOG="$TEST_ROOT/keyring.log"
# The keyring daemon runs under scripts/keyring_supervisor.py, which starts it again if it
# aborts (a gnome-keyring bug hit by short-lived clients; see that script).
exec xvfb-run -a -s "-screen 0 ${MSD_TEST_SCREEN:-1600x1000x24}" \
  dbus-run-session --config-file="$PWD/scripts/test-session-bus.conf" -- sh -c '
  .venv/bin/python scripts/keyring_supervisor.py "$MSD_TEST_KEYRING_STATE" "$MSD_TEST_KEYRING_LOG" &
  supervisor=$!
  .venv/bin/python scripts/run_stages.py "$@"
  code=$?
  kill "$supervisor" 2>/dev/null
  wait "$supervisor"
  exit "$code"' msd-tests "$@"
