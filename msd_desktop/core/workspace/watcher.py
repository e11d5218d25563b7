"""Tell the window, quickly and once per burst, which parts of which project changed on disk.

Qt-free on purpose (STYLE items 1 and 4; modelled on Spyder's project watcher): the core hands
out plain :class:`ChangeEvent` values through a callback, and the UI turns them into a queued
Qt signal at the boundary. The callback runs on this module's timer thread, never on the
caller's.

How it works:

* One watchdog observer (inotify on Linux) for all projects. Per project, ``<root>/.planning``
  is watched recursively and ``<root>`` non-recursively, so a ``.planning/`` created, deleted
  or replaced after :meth:`ProjectWatcher.watch` is noticed and the recursive watch re-armed;
  that change is reported with every kind, since files written before re-arming were missed.
* Only content events count (created, modified, closed-after-write, deleted, moved). Opens and
  read-only closes are ignored, or the window's own reads would trigger reloads.
* A moved event reports its destination, so an atomic write (temp file + ``os.replace``) is a
  change of the target file. Temp files (``*.tmp``, ``*.tmp.*``, ``.*.tmp-*``, Python's
  ``tmpXXXXXXXX``, editor backups), the planning lock ``.lock`` and the audit trail are ignored.
* Debounce: events for one project are merged until ``debounce_ms`` pass without a new one
  (but never held longer than five windows), then delivered as one :class:`ChangeEvent`.
  Keep the window small: the State panel should show a STATE.md change within ~50 ms.
* :meth:`ProjectWatcher.stop` stops and joins the observer and the timer thread; events still
  waiting for their window are dropped. ``start()`` after ``stop()`` starts afresh.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import threading
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal, cast

from watchdog.events import (
    DirCreatedEvent,
    DirDeletedEvent,
    DirMovedEvent,
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
    FileSystemMovedEvent,
)
from watchdog.observers import Observer
from watchdog.observers.api import BaseObserver, ObservedWatch

from msd_desktop.core.common.errors import MsdError

log = logging.getLogger(__name__)

ChangeKind = Literal["config", "state", "roadmap", "phases", "workstream", "other"]
ALL_KINDS: frozenset[ChangeKind] = frozenset(
    ("config", "state", "roadmap", "phases", "workstream", "other")
)

_EVENT_FILTER: list[type[FileSystemEvent]] = [
    FileCreatedEvent,
    FileModifiedEvent,
    FileClosedEvent,
    FileDeletedEvent,
    FileMovedEvent,
    DirCreatedEvent,
    DirDeletedEvent,
    DirMovedEvent,
]
_CONTENT_EVENT_TYPES = frozenset(("created", "modified", "closed", "deleted", "moved"))
_FILE_KINDS: dict[str, ChangeKind] = {
    "config.json": "config",
    "STATE.md": "state",
    "ROADMAP.md": "roadmap",
    "active-workstream": "workstream",
    "phases": "phases",
    "workstreams": "workstream",
}
_PY_TEMP = re.compile(r"^tmp[a-z0-9_]{8}$")
_IGNORED_NAMES = frozenset((".lock", ".msd-trace.jsonl", ".gsd-trace.jsonl", "4913"))


@dataclass(frozen=True)
class ChangeEvent:
    """What changed in one project during one debounce window."""

    root: Path
    kinds: frozenset[ChangeKind]
    paths: tuple[Path, ...] = ()


def is_ignored_name(name: str) -> bool:
    """Our temp files, lock files, editor droppings and the audit trail."""
    return (
        name in _IGNORED_NAMES
        or name.endswith((".lock", ".tmp", "~", ".swp", ".swx"))
        or ".tmp." in name
        or ".tmp-" in name
        or name.startswith(".#")
        or bool(_PY_TEMP.match(name))
    )


def classify(rel_parts: tuple[str, ...]) -> frozenset[ChangeKind]:
    """The kinds of change for a path relative to ``.planning/``.

    ``workstreams/<ws>/…`` is classified like the root planning dir (a workstream's
    ``config.json`` is ``config``); creating or removing ``workstreams/<ws>`` itself is
    ``workstream``. One unknown leading folder (``MSD_PROJECT``'s sub-folder) is skipped too.
    """
    return frozenset(_classify(rel_parts, allow_project=True))


def _classify(parts: tuple[str, ...], *, allow_project: bool) -> set[ChangeKind]:
    if not parts:
        return set(ALL_KINDS)
    head = parts[0]
    if len(parts) == 1:
        return {_FILE_KINDS.get(head, "other")}
    if head == "phases":
        return {"phases"}
    if head == "workstreams":
        if len(parts) == 2:
            return {"workstream"}
        return _classify(parts[2:], allow_project=False)
    if allow_project:
        return _classify(parts[1:], allow_project=False)
    return {"other"}


@dataclass
class _Pending:
    kinds: set[ChangeKind] = field(default_factory=set)
    paths: dict[Path, None] = field(default_factory=dict)  # ordered set
    first: float = 0.0
    last: float = 0.0


@dataclass
class _Watched:
    root: Path
    planning: Path
    root_watch: ObservedWatch | None = None
    planning_watch: ObservedWatch | None = None


class _Handler(FileSystemEventHandler):
    def __init__(self, owner: ProjectWatcher, watched: _Watched, *, of_root: bool) -> None:
        self._owner = owner
        self._watched = watched
        self._of_root = of_root

    def dispatch(self, event: FileSystemEvent) -> None:
        try:
            self._owner._on_fs_event(self._watched, event, of_root=self._of_root)
        except Exception:  # never kill the observer thread
            log.exception("watcher: failed to handle %r", event)


class ProjectWatcher:
    """Watch projects' ``.planning/`` folders and report debounced :class:`ChangeEvent` s."""

    def __init__(self, callback: Callable[[ChangeEvent], None], debounce_ms: int = 30) -> None:
        self._callback = callback
        self._debounce = max(0, debounce_ms) / 1000.0
        self._max_wait = self._debounce * 5
        self._cond = threading.Condition(threading.Lock())
        self._pending: dict[Path, _Pending] = {}
        self._rearm: set[Path] = set()  # roots whose .planning watch must be re-armed
        self._watched: dict[Path, _Watched] = {}
        self._observer: BaseObserver | None = None
        self._timer: threading.Thread | None = None
        self._stopping = False
        # Serialises schedule/unschedule. Lock order: _arm_lock → observer lock → _cond. The
        # observer thread dispatches holding its own lock, so it never takes _arm_lock:
        # re-arming after `.planning` appears is handed to the timer thread.
        self._arm_lock = threading.RLock()

    # -- public API

    @property
    def running(self) -> bool:
        return self._observer is not None

    def watched_roots(self) -> list[Path]:
        with self._arm_lock:
            return list(self._watched)

    def watch(self, project_root: Path) -> None:
        """Start reporting changes of ``project_root``'s ``.planning/`` (idempotent)."""
        root = Path(os.path.abspath(project_root))
        if not root.is_dir():
            raise MsdError(f"Not a directory: {root}")
        with self._arm_lock:
            if root in self._watched:
                return
            watched = _Watched(root=root, planning=root / ".planning")
            self._watched[root] = watched
            if self._observer is not None:
                self._arm(watched)

    def unwatch(self, project_root: Path) -> None:
        """Stop reporting ``project_root``; pending changes for it are dropped."""
        root = Path(os.path.abspath(project_root))
        with self._arm_lock:
            watched = self._watched.pop(root, None)
            if watched is not None:
                self._disarm(watched)
        with self._cond:
            self._pending.pop(root, None)

    def start(self) -> None:
        """Start the observer and the timer thread (no-op when running)."""
        with self._arm_lock:
            if self._observer is not None:
                return
            with self._cond:
                self._stopping = False
            self._timer = threading.Thread(
                target=self._timer_loop, name="msd-watcher-debounce", daemon=True
            )
            self._timer.start()
            observer = Observer()
            observer.name = "msd-watcher-observer"
            self._observer = observer
            for watched in self._watched.values():
                self._arm(watched)
            observer.start()

    def stop(self, timeout: float | None = 5.0) -> None:
        """Stop and join the observer and timer threads; drop pending events."""
        with self._arm_lock:
            observer, self._observer = self._observer, None
            timer, self._timer = self._timer, None
            for watched in self._watched.values():
                watched.root_watch = watched.planning_watch = None
        with self._cond:
            self._stopping = True
            self._pending.clear()
            self._rearm.clear()
            self._cond.notify_all()
        if observer is not None:
            observer.stop()
            observer.join(timeout)
        if timer is not None and timer is not threading.current_thread():
            timer.join(timeout)

    def threads(self) -> list[threading.Thread]:
        """The threads this watcher runs (for tests and diagnostics)."""
        out: list[threading.Thread] = []
        with self._arm_lock:
            if self._observer is not None:
                out.append(self._observer)
            if self._timer is not None:
                out.append(self._timer)
        return out

    def __enter__(self) -> ProjectWatcher:
        self.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- scheduling

    def _schedule(self, path: Path, watched: _Watched, *, recursive: bool) -> ObservedWatch | None:
        if self._observer is None:
            return None
        try:
            return self._observer.schedule(
                _Handler(self, watched, of_root=not recursive),
                os.fspath(path),
                recursive=recursive,
                event_filter=_EVENT_FILTER,
            )
        except OSError as exc:  # vanished meanwhile, inotify limits, permissions
            log.warning("watcher: cannot watch %s: %s", path, exc)
            return None

    def _unschedule(self, watch: ObservedWatch | None) -> None:
        if watch is None or self._observer is None:
            return
        # KeyError etc.: already gone (its emitter stopped when the folder was deleted).
        with contextlib.suppress(KeyError, ValueError, OSError, RuntimeError):
            self._observer.unschedule(watch)

    def _arm(self, watched: _Watched) -> None:
        with self._arm_lock:
            if watched.root_watch is None:
                watched.root_watch = self._schedule(watched.root, watched, recursive=False)
            self._rearm_planning(watched)

    def _rearm_planning(self, watched: _Watched) -> None:
        with self._arm_lock:
            self._unschedule(watched.planning_watch)
            watched.planning_watch = None
            if watched.planning.is_dir():
                watched.planning_watch = self._schedule(watched.planning, watched, recursive=True)

    def _rearm_roots(self, roots: Iterable[Path]) -> None:
        with self._arm_lock:
            for root in roots:
                watched = self._watched.get(root)
                if watched is not None and self._observer is not None:
                    self._rearm_planning(watched)

    def _disarm(self, watched: _Watched) -> None:
        with self._arm_lock:
            self._unschedule(watched.root_watch)
            self._unschedule(watched.planning_watch)
            watched.root_watch = watched.planning_watch = None

    # -- events

    def _on_fs_event(self, watched: _Watched, event: FileSystemEvent, *, of_root: bool) -> None:
        if event.event_type not in _CONTENT_EVENT_TYPES:
            return
        if event.is_directory and event.event_type in ("modified", "closed"):
            return
        candidates = [os.fsdecode(event.src_path)]
        if isinstance(event, FileSystemMovedEvent) and event.dest_path:
            candidates.append(os.fsdecode(event.dest_path))
        planning = os.fspath(watched.planning)

        if of_root:
            hits = [p for p in candidates if p == planning]
            if not hits:
                return
            # .planning appeared, vanished or was swapped: re-arm (on the timer thread, see
            # _timer_loop), and report everything once the window has passed.
            self._note(watched.root, ALL_KINDS, [watched.planning], rearm=True)
            return

        kinds: set[ChangeKind] = set()
        paths: list[Path] = []
        for path in candidates:
            if not path:
                continue
            if path == planning:
                kinds |= ALL_KINDS
                paths.append(Path(path))
                continue
            rel = os.path.relpath(path, planning)
            if rel.startswith(os.pardir):
                continue
            parts = tuple(rel.split(os.sep))
            if any(is_ignored_name(part) for part in parts):
                continue
            kinds |= classify(parts)
            paths.append(Path(path))
        if kinds:
            self._note(watched.root, kinds, paths)

    def _note(
        self,
        root: Path,
        kinds: Iterable[ChangeKind],
        paths: Iterable[Path],
        *,
        rearm: bool = False,
    ) -> None:
        now = time.monotonic()
        with self._cond:
            if self._stopping:
                return
            if rearm:
                self._rearm.add(root)
            pending = self._pending.get(root)
            if pending is None:
                pending = self._pending[root] = _Pending(first=now)
            pending.kinds.update(kinds)
            for p in paths:
                pending.paths[p] = None
            pending.last = now
            self._cond.notify_all()

    def _due(self, pending: _Pending) -> float:
        return min(pending.last + self._debounce, pending.first + self._max_wait)

    def _timer_loop(self) -> None:
        with self._cond:
            while not self._stopping:
                if self._rearm:
                    roots, self._rearm = self._rearm, set()
                    self._cond.release()
                    try:
                        self._rearm_roots(roots)
                    finally:
                        self._cond.acquire()
                    continue
                if not self._pending:
                    self._cond.wait()
                    continue
                now = time.monotonic()
                ready = [root for root, p in self._pending.items() if self._due(p) <= now]
                if not ready:
                    nearest = min(self._due(p) for p in self._pending.values())
                    self._cond.wait(max(0.0, nearest - now))
                    continue
                events = []
                for root in ready:
                    p = self._pending.pop(root)
                    events.append(
                        ChangeEvent(
                            root=root,
                            kinds=cast(frozenset[ChangeKind], frozenset(p.kinds)),
                            paths=tuple(p.paths),
                        )
                    )
                self._cond.release()
                try:
                    for change in events:
                        try:
                            self._callback(change)
                        except Exception:
                            log.exception("watcher: callback failed for %s", change.root)
                finally:
                    self._cond.acquire()
