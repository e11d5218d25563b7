#!/usr/bin/env bash
# Set up (idempotent) and run the whole test suite in stages (scripts/run_stages.py): quick
# (unit, core, CLI, UI offscreen, differential; in parallel), services (real keyring, the app
# under Xvfb), x11 (the window driven in-process on the X server) and packaging (wheel, bundle).
# `--quick` runs the first stage only; other arguments go to pytest (paths, -k, -x, -m).
#
# The stages run in a private test world (scripts/test-world.sh: temporary HOME and XDG folders,
# an X server, a D-Bus session and an unlocked keyring of their own; nothing is written into the
# checkout); a keyring test that fails while its daemon restarts runs once more (tests/conftest.py).
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
  # Checkouts that are gone (clean clones, removed worktrees) leave their trees behind.
  .venv/bin/python -B scripts/prune_pycache.py "$PYC"
  export PYTHONPYCACHEPREFIX="$PYC"
  unset PYTHONDONTWRITEBYTECODE
fi
exec scripts/test-world.sh .venv/bin/python scripts/run_stages.py "$@"
