#!/usr/bin/env bash
# Set up (idempotent) and start MSD Desktop. With no argument it opens the registered
# workspaces, or the bundled demo workspace when none is registered. Without a display
# it starts a private Xvfb so the window has somewhere to live.
set -euo pipefail
cd "$(dirname "$0")/.."
scripts/bootstrap.sh
if [ -z "${DISPLAY:-}" ] && [ -z "${WAYLAND_DISPLAY:-}" ] && [ -z "${QT_QPA_PLATFORM:-}" ]; then
  exec xvfb-run -a -s "-screen 0 1600x1000x24" .venv/bin/msd-desktop "$@"
fi
exec .venv/bin/msd-desktop "$@"
