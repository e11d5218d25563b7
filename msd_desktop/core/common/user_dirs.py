"""The user's config, data, state and cache folders, as platformdirs names them — one account.

On Linux the folder follows platformdirs' XDG rule (``$XDG_*_HOME`` when set to an absolute
path, else the default under ``$HOME``) for the process's environment or a window's own
(``MainWindow(env=…)``, the tests' windows and child processes), computed without importing
platformdirs: the window asks for the demo's folder before its first paint, and platformdirs'
seven modules are not on that path. ``tests/core/common/test_user_dirs.py`` checks the rule
against platformdirs for a range of values, for both. Elsewhere platformdirs answers. The
cache, the recovery records, the registry and the demo all ask here, so they never disagree
about which variables count.
"""

from __future__ import annotations

import os
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import Literal

Kind = Literal["config", "data", "state", "cache"]

_XDG: dict[str, tuple[str, str]] = {
    "config": ("XDG_CONFIG_HOME", ".config"),
    "data": ("XDG_DATA_HOME", ".local/share"),
    "state": ("XDG_STATE_HOME", ".local/state"),
    "cache": ("XDG_CACHE_HOME", ".cache"),
}


def user_dir(kind: Kind, app: str, env: Mapping[str, str] | None = None) -> Path:
    """``<the user's {kind} folder>/<app>`` for ``env`` (the process's environment if ``None``)."""
    variable, default = _XDG[kind]
    if sys.platform.startswith("linux"):  # the rule without importing platformdirs at start
        source = os.environ if env is None else env
        base = source.get(variable, "")
        if not os.path.isabs(base):  # platformdirs ignores a relative (or blank) one
            home = source.get("HOME") or os.path.expanduser("~")
            base = os.path.join(home, default)
        return Path(base) / app
    import platformdirs

    ask = {"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
           "state": platformdirs.user_state_dir, "cache": platformdirs.user_cache_dir}[kind]
    return Path(ask(app, appauthor=False))
