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
    """Copy the bundled demo to ``target`` unless a copy is already there (or ``reset``).

    The copy goes through the safe reader and writer like every other file: the data folder
    must be ours, every folder of the copy is one of ours, and nothing planted there is
    followed."""
    target = target or demo_target()
    marker = target / ".msd-demo"
    if not reset and marker.exists():
        return target  # the usual start: nothing to copy
    from msd_desktop.core.common.safe_write import ensure_own_folder, write_file

    ensure_own_folder(target.parent)  # our data folder: ours, not others' to fill
    if reset and os.path.lexists(target):
        _remove(target)
    if not marker.exists():
        if os.path.lexists(target):
            _remove(target)
        tmp = target.with_name(target.name + ".tmp-copy")
        if os.path.lexists(tmp):
            _remove(tmp)
        _copy_tree(demo_source(), tmp)
        write_file(tmp / ".msd-demo", b"copied by msd-desktop\n", own=True)
        os.replace(tmp, target)
    return target


def _remove(path: Path) -> None:
    """Remove a copy (a folder) or whatever stands at its name (a file, a symlink — never
    followed)."""
    import shutil

    if path.is_symlink() or not path.is_dir():
        path.unlink()
    else:
        shutil.rmtree(path)


def _copy_tree(source: Path, dest: Path) -> None:
    """Copy the bundled folder ``source`` to ``dest`` (a new folder of ours), file by file
    through the safe reader and writer."""
    from msd_desktop.core.common.safe_read import read_bytes
    from msd_desktop.core.common.safe_write import ensure_own_folder, write_file

    ensure_own_folder(dest)
    for folder, subfolders, files in os.walk(source):
        rel = Path(folder).relative_to(source)
        for name in sorted(subfolders):
            ensure_own_folder(dest / rel / name)
        for name in sorted(files):
            data = read_bytes(Path(folder) / name, "markdown")
            write_file(dest / rel / name, data, own=True)


def demo_workspace(target: Path | None = None, *, reset: bool = False) -> Workspace:
    """The demo's transient workspace entry (the copy made first when needed)."""
    path = ensure_demo_copy(target, reset=reset)
    return Workspace(name=DEMO_WORKSPACE_NAME, path=path, kind="scan_root",
                     scan_depth=DEMO_SCAN_DEPTH)
