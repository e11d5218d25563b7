"""A project's own out-of-date installs, counted cheaply for every listed project.

Why: the overview and the tray flag projects whose install bakes models or effort that config
no longer resolves, so someone with many workspaces finds them without opening each one. The
full comparison (:mod:`install_drift`) reads one file per agent and install; here it runs only
for a project with an install of its own — a marker under the project (``.codex/msd-core/
.msd-runtime``…) of a runtime that bakes. A project without one costs one ``lstat`` per baking
runtime (four today) and nothing is opened.

Only project-local installs count: a global install (``~/.codex``) reads no project's config
(it finds none walking up from the runtime's home), so its answer is the same for every
project and says nothing about this one; the Models tab and ``msd routing`` list it.

:func:`install_stat_parts` is what the summary cache adds to a project's signature: the
marker's and each agent file's ``(size, mtime_ns, inode)``, so ``msd install <runtime>
--local`` (which rewrites the agent files outside ``.planning/``) makes the cached count
stale. Nothing is added for a project without such an install, so its signature is the same
as before the count existed. Plain Python, never raises.
"""

from __future__ import annotations

import os
from collections.abc import Mapping

from msd_desktop.core.models.install_drift import STALE, Install, install_drift
from msd_desktop.core.models.install_marker import (
    MARKER_DIR,
    MARKER_FILE,
    RUNTIME_HOMES,
    read_marker,
)
from msd_desktop.core.models.installed_agents import BAKING_RUNTIMES

__all__ = ["install_stat_parts", "local_installs", "stale_local_installs"]


def _local_dirs(root: str | os.PathLike[str]) -> list[tuple[str, str]]:
    """``(runtime, install dir)`` where a project-local install of a baking runtime lives."""
    base = os.fspath(root)
    out: list[tuple[str, str]] = []
    seen: set[str] = set()
    for spec in RUNTIME_HOMES:
        if spec.runtime not in BAKING_RUNTIMES or spec.local is None:
            continue
        directory = os.path.join(base, spec.local) if spec.local else base
        if directory not in seen:
            seen.add(directory)
            out.append((spec.runtime, directory))
    return out


def local_installs(root: str | os.PathLike[str]) -> list[Install]:
    """The project's own installs of runtimes that bake, as the marker lookup reads them: a
    marker that names a baking runtime (whatever folder it sits in, like ``installs_of``)."""
    out: list[Install] = []
    for slot, directory in _local_dirs(root):
        path = os.path.join(directory, MARKER_DIR, MARKER_FILE)
        marker = read_marker(path, "project", slot)
        if marker is None or marker.status != "ok" or marker.runtime not in BAKING_RUNTIMES:
            continue
        out.append(Install(marker.runtime, "project", directory, path))
    return out


def stale_local_installs(root: str | os.PathLike[str], env: Mapping[str, str]
                         ) -> dict[str, int]:
    """Per runtime, how many agent files of the project's own install are stale (only the
    runtimes with at least one); empty when there is no such install."""
    installs = local_installs(root)
    if not installs:
        return {}
    from msd_desktop.core.models.catalog import load_catalog

    agents = tuple(load_catalog().agents)
    out: dict[str, int] = {}
    for install in installs:
        try:
            count = install_drift(install, agents, env).count(STALE)
        except Exception:  # a summary must never fail over a comparison; the tab says why
            continue
        if count:
            out[install.runtime] = out.get(install.runtime, 0) + count
    return out


def _stat(path: str) -> str:
    try:
        st = os.stat(path)
    except OSError:
        return f"{path}\0gone"
    return f"{path}\0{st.st_size}\0{st.st_mtime_ns}\0{st.st_ino}"


def install_stat_parts(root: str | os.PathLike[str]) -> list[str]:
    """Signature parts for the project's own installs (nothing when it has none)."""
    parts: list[str] = []
    for _runtime, directory in _local_dirs(root):
        marker = os.path.join(directory, MARKER_DIR, MARKER_FILE)
        if not os.path.lexists(marker):
            continue
        parts.append(_stat(marker))
        agents = os.path.join(directory, "agents")
        try:
            with os.scandir(agents) as it:
                names = sorted(e.name for e in it)
        except OSError:
            parts.append(f"{agents}\0unreadable")
            continue
        parts.extend(_stat(os.path.join(agents, name)) for name in names)
    return parts
