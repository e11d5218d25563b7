"""The user's workspaces (folders the window shows) and the project model the window lists.

Why a registry: the window and ``msd workspaces`` must agree on which folders the user cares
about, so both read and write one JSON file, ``workspaces.json`` in platformdirs' user config
dir for the app ``msd-desktop``. The file is a JSON list of
``{"name", "path", "kind": "folder" | "scan_root", "scan_depth"[, "exclude"]}`` (``exclude``: the
projects a scan root leaves out, as paths relative to it); entries keep any keys we do
not know and their order, every change re-reads the file first (the CLI and the window may both
write it) under a lock (``flock`` on its folder: two ``msd workspaces add`` at once both
land), and is written through the safe writer (0600 in a folder of ours). A ``folder`` is
one project (or a folder the user wants shown as one); a ``scan_root`` is searched for projects by
:mod:`msd_desktop.core.workspace.discovery`.

Scanning ``/`` or the home folder itself is refused: it would walk the whole disk on every
refresh. The registry is plain Python; the window wraps it in a Qt model.

Project model helpers (``list_workstreams``, ``read_active_workstream``) follow upstream's
read-only ``peekActiveWorkstream``: a stale or invalid pointer is ``None`` and never deleted.
"""

from __future__ import annotations

import builtins
import contextlib
import json
import os
from collections.abc import Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Literal, cast

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.safe_read import read_text
from msd_desktop.core.common.text import Text
from msd_desktop.core.workspace.project_ref import (
    ProjectRef as ProjectRef,
)
from msd_desktop.core.workspace.project_ref import (
    is_project as is_project,
)
from msd_desktop.core.workspace.project_ref import (
    list_workstreams as list_workstreams,
)
from msd_desktop.core.workspace.project_ref import (
    project_ref as project_ref,
)
from msd_desktop.core.workspace.project_ref import (
    read_active_workstream as read_active_workstream,
)
from msd_desktop.core.workspace.project_ref import (
    valid_workstream_name as valid_workstream_name,
)

WorkspaceKind = Literal["folder", "scan_root"]
KINDS: tuple[WorkspaceKind, ...] = ("folder", "scan_root")
DEFAULT_SCAN_DEPTH = 6
MAX_SCAN_DEPTH = 32  # deeper than any source tree people keep projects in; bounds a typo
APP_NAME = "msd-desktop"
REGISTRY_FILE = "workspaces.json"

@dataclass(frozen=True)
class Workspace:
    """One registered entry of ``workspaces.json``."""

    name: str
    path: Path
    kind: WorkspaceKind = "folder"
    scan_depth: int = DEFAULT_SCAN_DEPTH
    exclude: tuple[str, ...] = ()  # projects a scan leaves out: paths relative to ``path``

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {
            "name": self.name,
            "path": str(self.path),
            "kind": self.kind,
            "scan_depth": self.scan_depth,
        }
        if self.exclude:
            out["exclude"] = list(self.exclude)
        return out

    def excludes(self, root: Path) -> bool:
        """Whether the project at ``root`` is one this workspace leaves out."""
        if not self.exclude:
            return False
        relative = _relative_to(root, self.path)
        return relative is not None and relative in self.exclude


def _relative_to(root: Path, base: Path) -> str | None:
    """``root`` as a POSIX path relative to ``base`` (both as given, then resolved); ``None``
    when it is not strictly inside."""
    for a, b in ((Path(root), Path(base)), (_normalize(root), _normalize(base))):
        if a != b and a.is_relative_to(b):
            return a.relative_to(b).as_posix()
    return None


# --------------------------------------------------------------------------- registry


def default_registry_path() -> Path:
    """``<user config dir>/msd-desktop/workspaces.json`` (as platformdirs names it; XDG)."""
    from msd_desktop.core.common.user_dirs import user_dir

    return user_dir("config", APP_NAME) / REGISTRY_FILE


def _normalize(path: Path | str) -> Path:
    return Path(os.path.abspath(os.path.expanduser(os.fspath(path)))).resolve()


class WorkspaceRegistry:
    """Read and change ``workspaces.json``. Every call re-reads the file; nothing is cached."""

    def __init__(self, path: Path | None = None, env: Mapping[str, str] | None = None) -> None:
        self._path = path
        self._env = env

    @property
    def path(self) -> Path:
        if self._path is None:
            self._path = default_registry_path()
        return self._path

    # -- reading

    def _read_raw(self) -> builtins.list[Any]:
        from msd_desktop.core.common.safe_write import own_folder_problem

        # a folder another user can write could hold a registry they planted (a list of
        # folders the app then opens and watches): it is not read, as it is not written
        problem = own_folder_problem(self.path.parent)
        if problem is not None:
            raise MsdError(Text.of("Cannot read {path}: {error}", path=self.path,
                                   error=problem))
        try:
            text = read_text(self.path, "registry", errors="strict")
        except FileNotFoundError:
            return []
        except OSError as exc:
            raise MsdError(Text.of(
                "Cannot read {path}: {error}", path=self.path, error=exc.strerror or exc,
            )) from exc
        if not text.strip():
            return []
        try:
            data = json.loads(text)
        except ValueError as exc:
            raise MsdError(Text.of(
                "{path} is not valid JSON: {error}", path=self.path, error=exc,
            )) from exc
        if not isinstance(data, list):
            raise MsdError(Text.of("{path} must contain a JSON list of workspaces", path=self.path))
        return data

    @staticmethod
    def _parse(entry: Any) -> Workspace | None:
        if not isinstance(entry, dict):
            return None
        path, name = entry.get("path"), entry.get("name")
        if not isinstance(path, str) or not path:
            return None
        kind = entry.get("kind", "folder")
        if kind not in KINDS:
            kind = "folder"
        depth = entry.get("scan_depth", DEFAULT_SCAN_DEPTH)
        if isinstance(depth, bool) or not isinstance(depth, int) or depth < 0:
            depth = DEFAULT_SCAN_DEPTH
        if not isinstance(name, str) or not name:
            name = Path(path).name or path
        raw_exclude = entry.get("exclude")
        cleaned = (_clean_relative(item) if isinstance(item, str) else None
                   for item in (raw_exclude if isinstance(raw_exclude, list) else []))
        exclude = tuple(dict.fromkeys(item for item in cleaned if item))
        return Workspace(
            name=name, path=Path(path), kind=cast(WorkspaceKind, kind), scan_depth=depth,
            exclude=exclude,
        )

    def list(self) -> builtins.list[Workspace]:
        """The registered workspaces in file order (malformed entries are skipped)."""
        out: builtins.list[Workspace] = []
        for entry in self._read_raw():
            ws = self._parse(entry)
            if ws is not None:
                out.append(ws)
        return out

    def get(self, path_or_name: str | Path) -> Workspace | None:
        """The workspace with this name, or else the one at this path."""
        items = self.list()
        index = self._find(items, path_or_name)
        return None if index is None else items[index]

    @staticmethod
    def _find(items: builtins.list[Workspace], path_or_name: str | Path) -> int | None:
        if isinstance(path_or_name, str):
            for i, ws in enumerate(items):
                if ws.name == path_or_name:
                    return i
        target = _normalize(path_or_name)
        for i, ws in enumerate(items):
            if ws.path == target or _normalize(ws.path) == target:
                return i
        return None

    # -- writing

    def _home(self) -> Path | None:
        env = os.environ if self._env is None else self._env
        home = env.get("HOME") or os.path.expanduser("~")
        try:
            return _normalize(home)
        except OSError:
            return None

    def add(
        self,
        path: str | Path,
        name: str | None = None,
        kind: WorkspaceKind | None = None,
        scan_depth: int = DEFAULT_SCAN_DEPTH,
    ) -> Workspace:
        """Register ``path``; with ``kind=None`` a folder with ``.planning/`` is a ``folder``,
        anything else a ``scan_root``. Re-adding a registered path updates it in place."""
        target = _normalize(path)
        if not target.is_dir():
            raise MsdError(Text.of("Not a directory: {target}", target=target))
        if kind is None:
            kind = "folder" if is_project(target) else "scan_root"
        if kind not in KINDS:
            raise MsdError(Text.of(
                "Invalid workspace kind '{kind}'. Valid values: folder, scan_root", kind=kind,
            ))
        if isinstance(scan_depth, bool) or not isinstance(scan_depth, int) or scan_depth < 0:
            raise MsdError(Text.of("scan_depth must be a non-negative integer"))
        if kind == "scan_root":
            if target == Path(target.anchor):
                raise MsdError(
                    Text.of(
                        "Refusing to scan the filesystem root {target}: choose a folder that "
                        "holds your projects", target=target,
                    )
                )
            if target == self._home():
                raise MsdError(
                    Text.of(
                        "Refusing to scan your home folder {target} itself: choose a folder "
                        "inside it that holds your projects", target=target,
                    )
                )
        if name is not None and not name.strip():
            raise MsdError(Text.of("Workspace name must not be empty"))

        with self._locked():
            raw = self._read_raw()
            items = [self._parse(e) for e in raw]
            existing = next((i for i, ws in enumerate(items)
                             if ws is not None and _normalize(ws.path) == target), None)
            taken = {ws.name for i, ws in enumerate(items) if ws is not None and i != existing}
            if name is not None:
                name = name.strip()
                if name in taken:
                    raise MsdError(Text.of(
                        "A workspace named '{name}' is already registered", name=name,
                    ))
            elif existing is not None:
                ws_existing = items[existing]
                assert ws_existing is not None
                name = ws_existing.name
            else:
                base = target.name or str(target)
                name, n = base, 2
                while name in taken:
                    name, n = f"{base} ({n})", n + 1

            ws = Workspace(name=name, path=target, kind=kind, scan_depth=scan_depth)
            if existing is not None:
                entry = raw[existing]
                entry.update(ws.to_json())  # keeps keys we do not know, and their order
            else:
                raw.append(ws.to_json())
            self._write(raw)
            return ws

    def remove(self, path_or_name: str | Path) -> Workspace:
        """Unregister by name (exact) or path; nothing on disk besides the registry changes."""
        with self._locked(make=False):
            raw = self._read_raw()
            parsed = [self._parse(e) for e in raw]
            valid = [(i, ws) for i, ws in enumerate(parsed) if ws is not None]
            pos = self._find([ws for _, ws in valid], path_or_name)
            if pos is None:
                raise MsdError(Text.of(
                    "No workspace named or at '{path_or_name}'", path_or_name=path_or_name,
                ))
            index, ws = valid[pos]
            del raw[index]
            self._write(raw)
            return ws

    def set_scan_depth(self, depth: int) -> builtins.list[Workspace]:
        """Search every registered scan root ``depth`` folder levels deep (the window's
        Preferences); returns the scan roots changed. Folder workspaces keep theirs."""
        check_scan_depth(depth)
        changed: builtins.list[Workspace] = []
        with self._locked(make=False):
            raw = self._read_raw()
            for entry in raw:
                ws = self._parse(entry)
                if ws is None or ws.kind != "scan_root" or ws.scan_depth == depth:
                    continue
                entry["scan_depth"] = depth  # in place: unknown keys and order kept
                changed.append(Workspace(ws.name, ws.path, ws.kind, depth))
            if changed:
                self._write(raw)
        return changed

    def exclude_project(self, workspace: str, root: str | Path) -> Workspace:
        """Leave the project at ``root`` out of scan root ``workspace`` (by name); its scan
        skips it from now on. Refused for a folder workspace or a path outside it."""
        return self._change_exclude(workspace, root, add=True)

    def include_project(self, workspace: str, root: str | Path) -> Workspace:
        """List an excluded project of scan root ``workspace`` again (``root`` absolute, or
        relative to the scan root as ``exclude`` holds it)."""
        return self._change_exclude(workspace, root, add=False)

    def _change_exclude(self, workspace: str, root: str | Path, *, add: bool) -> Workspace:
        with self._locked(make=False):
            raw = self._read_raw()
            parsed = [self._parse(e) for e in raw]
            index = next((i for i, ws in enumerate(parsed)
                          if ws is not None and ws.name == workspace), None)
            if index is None:
                raise MsdError(Text.of("No workspace named '{name}'", name=workspace))
            ws = parsed[index]
            assert ws is not None
            if ws.kind != "scan_root":
                raise MsdError(Text.of(
                    "Workspace '{name}' is one project folder, not a scan root: remove it "
                    "instead", name=ws.name))
            candidate = Path(root)
            relative = (_relative_to(candidate, ws.path) if candidate.is_absolute()
                        else _clean_relative(str(root)))
            if relative is None:
                raise MsdError(Text.of("{root} is not inside the scan root {path}",
                                       root=root, path=ws.path))
            if add:
                exclude = (*ws.exclude, relative) if relative not in ws.exclude else ws.exclude
            else:
                if relative not in ws.exclude:
                    raise MsdError(Text.of("{root} is not excluded from workspace '{name}'",
                                           root=relative, name=ws.name))
                exclude = tuple(item for item in ws.exclude if item != relative)
            entry = raw[index]
            if exclude:
                entry["exclude"] = list(exclude)  # in place: unknown keys and order kept
            else:
                entry.pop("exclude", None)
            if exclude != ws.exclude:
                self._write(raw)
            return Workspace(ws.name, ws.path, ws.kind, ws.scan_depth, exclude)

    def _locked(self, *, make: bool = True) -> contextlib.AbstractContextManager[None]:
        """The registry's lock: one read-modify-write at a time across processes. Without
        ``make``, a registry whose folder is not there (nothing to change) makes none."""
        from msd_desktop.core.common.safe_write import own_file_lock  # writers only

        if not make and not self.path.parent.is_dir():
            return contextlib.nullcontext()
        return own_file_lock(self.path)

    def _write(self, raw: builtins.list[Any]) -> None:
        text = json.dumps(raw, indent=2, ensure_ascii=False) + "\n"
        from msd_desktop.core.common.safe_write import write_file  # writers only

        try:
            write_file(self.path, text.encode("utf-8"), own=True)
        except OSError as exc:
            raise MsdError(Text.of(
                "Cannot write {path}: {error}", path=self.path, error=exc.strerror or exc,
            )) from exc

    def place_project(
        self, root: str | Path, shown: builtins.list[Workspace] | None = None
    ) -> tuple[Workspace, bool]:
        """Make a new project at ``root`` show up: ``(workspace, added)``.

        A workspace that already lists it (a scan root or a scanned folder whose scan reaches
        ``root``, among the registered ones and ``shown`` — the window's transient ones) is
        returned as is, ``added`` false; otherwise ``root`` is registered as a ``folder``
        workspace (``added`` true). No one-project workspace inside a scan root that covers it.
        """
        target = _normalize(root)
        for ws in [*self.list(), *(shown or [])]:
            if lists_project(ws, target):
                return ws, False
        return self.add(target, kind="folder"), True

    # -- projects

    def projects(self, workspace: Workspace, **scan: Any) -> builtins.list[ProjectRef]:
        """The projects of one workspace: a ``folder`` that is a project is one project;
        otherwise (or for a ``scan_root``) the projects found below it."""
        if workspace.kind == "folder" and is_project(workspace.path):
            return [project_ref(workspace.path, workspace.name)]
        from msd_desktop.core.workspace.discovery import discover_projects

        scan.setdefault("max_depth", workspace.scan_depth)
        found = [ref for ref in discover_projects(workspace.path, **scan)
                 if not workspace.excludes(ref.root)]  # left out by the person
        for ref in found:
            ref.workspace = workspace.name
        return found


def _clean_relative(text: str) -> str | None:
    """A relative path as ``exclude`` keeps it (POSIX, no ``.``/``..``/empty parts), or
    ``None`` when ``text`` is not one."""
    parts = [p for p in text.replace("\\", "/").split("/") if p not in ("", ".")]
    if not parts or ".." in parts or text.startswith("/"):
        return None
    return "/".join(parts)


def check_scan_depth(depth: object) -> int:
    """``depth`` as a scan depth (an integer 0..``MAX_SCAN_DEPTH``), else ``MsdError``."""
    if isinstance(depth, bool) or not isinstance(depth, int) or not 0 <= depth <= MAX_SCAN_DEPTH:
        raise MsdError(Text.of("Scan depth must be a whole number from 0 to {limit}",
                               limit=MAX_SCAN_DEPTH))
    return depth


def lists_project(workspace: Workspace, root: Path) -> bool:
    """Whether ``workspace``'s listing contains the project at ``root`` (an absolute, resolved
    path), by the rules of :mod:`msd_desktop.core.workspace.discovery`: within ``scan_depth``,
    no hidden or skipped folder on the way, and no project above it inside the workspace
    (a scan never descends below a project)."""
    from msd_desktop.core.workspace.discovery import SKIP_NAMES

    try:
        base = _normalize(workspace.path)
    except OSError:
        return False
    if root == base:
        return True
    if workspace.excludes(root):
        return False
    if workspace.kind == "folder" and is_project(base):
        return False  # a one-project folder lists only itself
    if not root.is_relative_to(base):
        return False
    parts = root.relative_to(base).parts
    if len(parts) > workspace.scan_depth:
        return False
    if any(part.startswith(".") or part in SKIP_NAMES for part in parts):
        return False
    return not any(is_project(base.joinpath(*parts[:i])) for i in range(len(parts)))
