"""The user's config, data, state and cache folders, as platformdirs names them.

On Linux the answer is platformdirs' own (``$XDG_*_HOME``, or the XDG default under the home
folder when it is unset, blank or relative), computed without importing platformdirs (~1.5 ms
that every window start paid to learn two folder names); elsewhere platformdirs answers.
``tests/core/common/test_user_dirs.py`` compares both for a range of environments.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path
from typing import Literal

Kind = Literal["config", "data", "state", "cache"]

_XDG: dict[str, tuple[str, str]] = {
    "config": ("XDG_CONFIG_HOME", "~/.config"),
    "data": ("XDG_DATA_HOME", "~/.local/share"),
    "state": ("XDG_STATE_HOME", "~/.local/state"),
    "cache": ("XDG_CACHE_HOME", "~/.cache"),
}


def user_dir(kind: Kind, app: str) -> Path:
    """``<the user's {kind} folder>/<app>``."""
    if sys.platform.startswith("linux"):
        variable, default = _XDG[kind]
        base = os.environ.get(variable, "")
        if not base.strip() or not os.path.isabs(base):  # (the XDG spec ignores relative)
            base = os.path.expanduser(default)
        return Path(base) / app
    import platformdirs

    ask = {"config": platformdirs.user_config_dir, "data": platformdirs.user_data_dir,
           "state": platformdirs.user_state_dir, "cache": platformdirs.user_cache_dir}[kind]
    return Path(ask(app, appauthor=False))
