#!/usr/bin/env bash
# Run a command in a private test world nothing else touches, removed afterwards: HOME, the XDG
# folders and the keyring daemon's runtime folder are fresh temporary folders (the user's real
# keyring is never touched and nothing is written into the checkout), an X server of its own
# (xvfb-run), and a private D-Bus session that starts no service on demand
# (scripts/test-session-bus.conf), so a keyring that goes away fails the keyring tests at once
# instead of activating a locked daemon whose password prompt nobody answers. Its
# gnome-keyring-daemon, unlocked, is kept running by scripts/keyring_supervisor.py
# (gnome-keyring aborts now and then on short-lived clients).
# scripts/run-tests.sh runs the stages in one; scripts/run_stages.py runs a stage beside another
# in a second one. MSD_TEST_SCREEN sets the X server's screen (default 1600x1000x24).
set -euo pipefail
cd "$(dirname "$0")/.."
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
# Not exec'd: the trap removes the world when the command ends.
xvfb-run -a -s "-screen 0 ${MSD_TEST_SCREEN:-1600x1000x24}" \
  dbus-run-session --config-file="$PWD/scripts/test-session-bus.conf" -- sh -c '
  .venv/bin/python scripts/keyring_supervisor.py "$MSD_TEST_KEYRING_STATE" "$MSD_TEST_KEYRING_LOG" &
  supervisor=$!
  "$@"
  code=$?
  kill "$supervisor" 2>/dev/null
  wait "$supervisor"
  exit "$code"' msd-tests "$@"
