"""One project as the window and ``msd workspaces`` list it: its root, workstreams and pointer.

Kept apart from the registry so that discovery (which builds these) and the registry (which
runs discovery under scan roots) both depend on it and not on each other.
"""

from __future__ import annotations

import os
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.workspace.paths import active_workstream

_WORKSTREAM_RE = lazy_re.compile(r"^[a-zA-Z0-9][a-zA-Z0-9._-]*$")


@dataclass
class ProjectRef:
    """A project as the workspace list shows it: where, what it's called, its workstreams."""

    root: Path
    name: str
    workspace: str
    workstreams: list[str] = field(default_factory=list)
    active_workstream: str | None = None
    has_config: bool = False

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "root": str(self.root),
            "workspace": self.workspace,
            "workstreams": list(self.workstreams),
            "active_workstream": self.active_workstream,
            "has_config": self.has_config,
        }


def is_project(path: Path) -> bool:
    """A directory with a ``.planning/`` directory is a project."""
    try:
        return (path / ".planning").is_dir()
    except OSError:
        return False


def list_workstreams(root: Path) -> list[str]:
    """Sorted names of the directories in ``<root>/.planning/workstreams/`` (upstream
    ``listAvailableWorkstreams``: real directories only, ``[]`` when absent)."""
    try:
        with os.scandir(root / ".planning" / "workstreams") as it:
            names = [e.name for e in it if _entry_is_dir(e)]
    except OSError:
        return []
    return sorted(names)


def _entry_is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir(follow_symlinks=False)
    except OSError:
        return False


def valid_workstream_name(name: str) -> bool:
    """Upstream ``isValidActiveWorkstreamName``."""
    return bool(_WORKSTREAM_RE.match(name)) and ".." not in name


def read_active_workstream(root: Path) -> str | None:
    """The workstream named by ``<root>/.planning/active-workstream``, or ``None``.

    Only the pointer file counts (not ``MSD_WORKSTREAM``: in a list of many projects the
    environment of the window says nothing about each one). Invalid names and names whose
    ``workstreams/<name>`` directory is missing resolve to ``None``; the file is never
    touched. Uses :func:`msd_desktop.core.workspace.paths.active_workstream` with an empty
    environment, so the two cannot drift.
    """
    try:
        value = active_workstream(root, {})
    except (MsdError, OSError, ValueError):
        return None
    return value or None




def project_ref(root: Path, workspace: str = "", name: str | None = None) -> ProjectRef:
    """Describe the project at ``root`` (which should contain ``.planning/``)."""
    return ProjectRef(
        root=root,
        name=name or root.name or str(root),
        workspace=workspace,
        workstreams=list_workstreams(root),
        active_workstream=read_active_workstream(root),
        has_config=(root / ".planning" / "config.json").is_file(),
    )
