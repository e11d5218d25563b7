"""Find the MSD projects below a scan root, fast enough to run on every refresh.

A directory that contains a ``.planning/`` directory is a project. The walk is a depth-first
``os.scandir`` loop (one ``scandir`` and one ``stat`` per directory) because the window rescans
whole source trees: 1,000 projects take a small fraction of a second.

Decisions, so the window, the CLI and the tests agree:

* **No descent below a project.** A project's tree belongs to it: the repos named in its
  ``sub_repos`` (and any child ``.git`` repo) are part of that workspace project, which is also
  where :func:`msd_desktop.core.workspace.project_root.find_root` sends a command started inside
  them.
  A nested project that wants to be listed on its own can be registered as a ``folder``.
* Never entered: ``.planning`` itself and every other hidden directory, ``node_modules`` and
  ``__pycache__``.
* Symbolic links to directories are followed only when their real path stays inside the scan
  root's real path (a link to ``/`` or to a sibling tree is not entered: reliability finding F2),
  and each real directory is visited once (tracked by ``(st_dev, st_ino)``), so symlink loops
  end and a project reachable twice is listed once, under the first path found (children are
  visited in name order).
* Unreadable directories, entries that cannot be stat'ed (``ELOOP``, a directory removed
  mid-scan, permission errors) are skipped silently: a scan never fails half-way.
* ``max_depth`` bounds the directories looked at: the scan root is depth 0 and a directory
  at ``max_depth`` is still checked for ``.planning/`` but not listed further.
* ``on_progress(n, path)`` is called as each directory is entered (``n`` directories so far);
  ``cancel()`` is polled once per directory and ends the scan with what was found so far.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator
from pathlib import Path

from msd_desktop.core.workspace.project_ref import ProjectRef, project_ref

SKIP_NAMES = frozenset({"node_modules", "__pycache__"})
DEFAULT_MAX_DEPTH = 6

ProgressCallback = Callable[[int, Path], None]
CancelCallback = Callable[[], bool]


def _is_dir(entry: os.DirEntry[str]) -> bool:
    try:
        return entry.is_dir()  # follows symlinks; a dangling link is False
    except OSError:  # ELOOP, EACCES on the target, ...
        return False


def _inside(base: str, target: str) -> bool:
    return target == base or target.startswith(base.rstrip(os.sep) + os.sep)


def _followable(entry: os.DirEntry[str], real_root: str) -> bool:
    """A child directory to enter: a real directory, or a link whose target stays inside."""
    if not _is_dir(entry):
        return False
    try:
        is_link = entry.is_symlink()
    except OSError:
        return False
    return not is_link or _inside(real_root, os.path.realpath(entry.path))


def iter_projects(
    scan_root: Path,
    *,
    max_depth: int = DEFAULT_MAX_DEPTH,
    on_progress: ProgressCallback | None = None,
    cancel: CancelCallback | None = None,
    workspace: str | None = None,
) -> Iterator[ProjectRef]:
    """Yield the projects below ``scan_root`` as they are found (for a worker thread).

    ``workspace`` names the workspace in each :class:`ProjectRef` (default: the root's name).
    """
    scan_root = Path(scan_root)
    ws_name = scan_root.name if workspace is None else workspace
    real_root = os.path.realpath(scan_root)
    visited: set[tuple[int, int]] = set()
    # Stack of (path string, depth); children pushed in reverse name order → visited sorted.
    stack: list[tuple[str, int]] = [(os.fspath(scan_root), 0)]
    scanned = 0
    while stack:
        if cancel is not None and cancel():
            return
        path, depth = stack.pop()
        try:
            st = os.stat(path)
        except OSError:
            continue
        key = (st.st_dev, st.st_ino)
        if key in visited:
            continue
        visited.add(key)
        scanned += 1
        if on_progress is not None:
            on_progress(scanned, Path(path))
        try:
            with os.scandir(path) as it:
                entries = list(it)
        except OSError:
            continue  # unreadable, vanished, not a directory any more
        if any(e.name == ".planning" and _is_dir(e) for e in entries):
            yield project_ref(Path(path), ws_name)
            continue
        if depth >= max_depth:
            continue
        children = [
            e.path
            for e in entries
            if not e.name.startswith(".") and e.name not in SKIP_NAMES
            and _followable(e, real_root)
        ]
        children.sort(reverse=True)
        stack.extend((child, depth + 1) for child in children)


def discover_projects(
    scan_root: Path,
    *,
    max_depth: int = DEFAULT_MAX_DEPTH,
    on_progress: ProgressCallback | None = None,
    cancel: CancelCallback | None = None,
    workspace: str | None = None,
) -> list[ProjectRef]:
    """All projects below ``scan_root`` (see the module docstring for the rules)."""
    return list(
        iter_projects(
            scan_root,
            max_depth=max_depth,
            on_progress=on_progress,
            cancel=cancel,
            workspace=workspace,
        )
    )
