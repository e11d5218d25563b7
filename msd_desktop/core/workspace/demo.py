"""The bundled demo workspace: where its writable copy lives and the workspace that shows it.

Why in the core: the window shows the demo when nothing is registered, and Help → Open demo
workspace brings it back at any time — also after real projects are registered, when the
start-up no longer shows it. Both need the same copy and the same (transient, never
registered) workspace entry.

The demo ships as package data (``msd_desktop/resources/demo``) and is copied to the user data
directory (platformdirs, ``<data>/msd-desktop/demo``) before use, so it can be edited and so a
read-only install still works. The copy is made under a temporary name and renamed, with a
``.msd-demo`` marker, so a half-made copy is never used.
"""

from __future__ import annotations

import os
from pathlib import Path

from msd_desktop.core.workspace.registry import Workspace

__all__ = [
    "DEMO_SCAN_DEPTH",
    "DEMO_WORKSPACE_NAME",
    "demo_source",
    "demo_target",
    "demo_workspace",
    "ensure_demo_copy",
]

DEMO_WORKSPACE_NAME = "Demo workspace"
DEMO_SCAN_DEPTH = 2


def demo_source() -> Path:
    """The bundled (read-only) demo folder inside the package (package data beside the code:
    a clone, a wheel's install and the frozen bundle all keep it there)."""
    import msd_desktop

    return Path(msd_desktop.__file__).parent / "resources" / "demo"


def demo_target(env: dict[str, str] | None = None) -> Path:
    """Where the writable copy lives: ``<user data dir>/msd-desktop/demo``."""
    from msd_desktop.core.common.user_dirs import user_dir

    return user_dir("data", "msd-desktop") / "demo"


def ensure_demo_copy(target: Path | None = None, *, reset: bool = False) -> Path:
    """Copy the bundled demo to ``target`` unless a copy is already there (or ``reset``)."""
    target = target or demo_target()
    marker = target / ".msd-demo"
    if not reset and marker.exists():
        return target  # the usual start: nothing to copy (and no shutil to import)
    import shutil

    if reset and target.exists():
        shutil.rmtree(target)
    if not marker.exists():
        if target.exists():
            shutil.rmtree(target)
        from msd_desktop.core.common.safe_write import ensure_own_folder

        ensure_own_folder(target.parent)  # our data folder: ours, not others' to fill
        tmp = target.with_name(target.name + ".tmp-copy")
        if tmp.exists():
            shutil.rmtree(tmp)
        shutil.copytree(demo_source(), tmp)
        (tmp / ".msd-demo").write_text("copied by msd-desktop\n", encoding="utf-8")
        os.replace(tmp, target)
    return target


def demo_workspace(target: Path | None = None, *, reset: bool = False) -> Workspace:
    """The demo's transient workspace entry (the copy made first when needed)."""
    path = ensure_demo_copy(target, reset=reset)
    return Workspace(name=DEMO_WORKSPACE_NAME, path=path, kind="scan_root",
                     scan_depth=DEMO_SCAN_DEPTH)
