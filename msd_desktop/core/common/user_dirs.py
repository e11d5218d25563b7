"""The user's config, data, state and cache folders, as platformdirs names them — one account.

The answer for the process's own environment is platformdirs' itself. The window can run with
an environment of its own (``MainWindow(env=…)``, the tests' windows and child processes); for
one that differs from the process's in the variables that matter, the folder follows
platformdirs' XDG rule on Linux for that environment (``$XDG_*_HOME`` when set to an absolute
path, else the default under ``$HOME``) — ``tests/core/common/test_user_dirs.py`` checks the
rule against platformdirs for a range of values. The cache, the recovery records, the registry
and the demo all ask here, so they never disagree about which variables count.
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
    if (env is not None and sys.platform.startswith("linux")
            and any(env.get(name) != os.environ.get(name) for name in (variable, "HOME"))):
        base = env.get(variable, "")
        if not os.path.isabs(base):  # platformdirs ignores a relative (or blank) one
            home = env.get("HOME") or os.path.expanduser("~")
            base = os.path.join(home, default)
        return Path(base) / app
    import platformdirs

    ask = {"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
           "state": platformdirs.user_state_dir, "cache": platformdirs.user_cache_dir}[kind]
    return Path(ask(app, appauthor=False))
