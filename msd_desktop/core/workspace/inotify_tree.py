"""Recursive inotify watches that keep one ``wd → path`` entry per folder, for the watcher.

Why not watchdog's own ``InotifyObserver``: it keeps, per watched folder, a ``Watch``
dataclass with its own callback dict, the path as bytes in two more dicts and a watch
descriptor object in each — ~600 bytes a folder, ~17 MiB for the 28,000 folders of 5,000
projects, the largest piece of a big start's memory. Here a folder costs its path string and
one dict entry (~200 bytes). The events are watchdog's own classes, handed to the handler's
``dispatch`` as watchdog's observer does, so :class:`~.watcher.ProjectWatcher` routes them the
same way; the observer is shaped like watchdog's (``start``, ``schedule``, ``unschedule``,
``stop``, ``join``), and another platform keeps watchdog's.

What it does, as watchdog's does:

* ``schedule(..., recursive=True)`` watches the folder and every folder below it (symbolic
  links are not followed); a folder created or moved in later is watched at once and its
  contents are reported as created (``mkdir -p``, a copy, a clone).
* Created, deleted, modified and closed-after-writing, moved (a rename inside the watched
  tree, paired by the kernel's cookie: one moved event with both paths, and one for each
  entry of a moved folder); a move out of the tree is reported as deleted once no matching
  arrival came for :data:`MOVE_WAIT_S`, a move in from outside as created.
* The watched folder itself deleted: a deleted event for it, and that watch ends.
* A watch the OS refuses (``ENOSPC`` at ``fs.inotify.max_user_watches``, ``EMFILE`` when no
  inotify instance is left) raises ``OSError`` from ``schedule`` and leaves nothing armed, so
  the caller can fall back to polling.

Which watch a folder belongs to follows from its path (inside the watched folder), so two
watches over one folder — a project registered on its own inside a scan root — share one
kernel watch and both see its events. Everything runs on one thread per observer: it reads
the inotify descriptor and calls the handlers (holding the observer's lock, as watchdog's
observer does), whatever the number of watches.
"""

from __future__ import annotations

import contextlib
import ctypes
import errno
import logging
import os
import select
import struct
import sys
import threading
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass

from watchdog.events import (
    DirCreatedEvent,
    DirDeletedEvent,
    DirModifiedEvent,
    DirMovedEvent,
    FileClosedEvent,
    FileCreatedEvent,
    FileDeletedEvent,
    FileModifiedEvent,
    FileMovedEvent,
    FileSystemEvent,
    FileSystemEventHandler,
)

log = logging.getLogger(__name__)

IN_MODIFY = 0x00000002
IN_CLOSE_WRITE = 0x00000008
IN_MOVED_FROM = 0x00000040
IN_MOVED_TO = 0x00000080
IN_CREATE = 0x00000100
IN_DELETE = 0x00000200
IN_DELETE_SELF = 0x00000400
IN_Q_OVERFLOW = 0x00004000
IN_IGNORED = 0x00008000
IN_ONLYDIR = 0x01000000
IN_DONT_FOLLOW = 0x02000000
IN_MASK_ADD = 0x20000000  # two watches over one folder: each keeps the events it asked for
IN_ISDIR = 0x40000000
IN_CLOEXEC = 0o2000000
_IN_MOVE = IN_MOVED_FROM | IN_MOVED_TO
_EVENT_HEAD = struct.Struct("iIII")
_READ_SIZE = 64 * 1024
# how long a move away waits for its arrival inside the tree (the kernel queues the two
# together; watchdog waits 0.5 s)
MOVE_WAIT_S = 0.25

_libc: ctypes.CDLL | None = None


def supported() -> bool:
    """Whether this system has inotify (Linux with a libc that exposes it)."""
    if not sys.platform.startswith("linux"):
        return False
    try:
        lib = _load_libc()
    except OSError:
        return False
    return all(hasattr(lib, n) for n in ("inotify_init1", "inotify_add_watch", "inotify_rm_watch"))


def _load_libc() -> ctypes.CDLL:
    global _libc
    if _libc is None:
        _libc = ctypes.CDLL(None, use_errno=True)
    return _libc


def _mask_for(event_filter: frozenset[type[FileSystemEvent]] | None, recursive: bool) -> int:
    """The kernel events needed for the watchdog event classes asked for."""
    mask = IN_DELETE_SELF | IN_ONLYDIR | IN_DONT_FOLLOW | IN_MASK_ADD
    if recursive:
        mask |= IN_CREATE | _IN_MOVE  # new folders get their watches whatever is reported
    wanted = event_filter if event_filter is not None else frozenset(
        (FileCreatedEvent, FileDeletedEvent, FileModifiedEvent, FileClosedEvent))
    for cls in wanted:
        if cls in (FileCreatedEvent, DirCreatedEvent):
            mask |= IN_CREATE | _IN_MOVE
        elif cls in (FileDeletedEvent, DirDeletedEvent):
            mask |= IN_DELETE | _IN_MOVE
        elif cls in (FileMovedEvent, DirMovedEvent):
            mask |= _IN_MOVE
        elif cls is FileModifiedEvent:
            mask |= IN_MODIFY
        elif cls is FileClosedEvent:
            mask |= IN_CLOSE_WRITE
    if event_filter is None:
        mask |= _IN_MOVE
    return mask


class TreeWatch:
    """What :meth:`InotifyTreeObserver.schedule` returns, to unschedule it with (watchdog's
    ``ObservedWatch`` here: importing that one imports watchdog's whole observer stack,
    on the GUI thread where the watcher is first made)."""

    __slots__ = ("event_filter", "is_recursive", "path")

    def __init__(self, path: str, recursive: bool,
                 event_filter: frozenset[type[FileSystemEvent]] | None) -> None:
        self.path = path
        self.is_recursive = recursive
        self.event_filter = event_filter

    def __repr__(self) -> str:
        return f"TreeWatch({self.path!r}, recursive={self.is_recursive})"


@dataclass(eq=False)
class _Tree:
    """One scheduled watch: its folder, handler and what it reports."""

    watch: TreeWatch
    root: str
    prefix: str  # root + separator: a folder below it belongs to this watch
    handler: FileSystemEventHandler
    recursive: bool
    mask: int
    event_filter: frozenset[type[FileSystemEvent]] | None
    enter: Callable[[str], bool] | None = None  # which folders below the root to watch
    active: bool = True

    def owns(self, path: str) -> bool:
        return path == self.root or (self.recursive and path.startswith(self.prefix))

    def wants(self, event: FileSystemEvent) -> bool:
        return self.event_filter is None or any(isinstance(event, c) for c in self.event_filter)


@dataclass
class _MoveAway:
    """A moved-from event waiting for its moved-to half."""

    at: float
    path: str
    is_dir: bool
    trees: list[_Tree]
    # the watches of a moved folder and below, taken when it left: a folder made at the old
    # path meanwhile has watches of its own, which must stay as they are
    wds: list[int]


def _synthetic(event: FileSystemEvent) -> FileSystemEvent:
    """Marked as not told by the OS but inferred, as watchdog marks them (set after making
    it: the dependency range includes watchdog versions without the keyword)."""
    event.is_synthetic = True
    return event


def _walk(top: str, enter: Callable[[str], bool] | None = None
          ) -> Iterator[tuple[str, list[tuple[str, bool]], list[str]]]:
    """``(folder, [(entry, is_dir)], [sub-folders to enter])`` for ``top`` and every real
    folder below it that ``enter`` accepts, parents first; links are listed but never
    entered, unreadable or vanished folders skipped (a tree changing while it is walked)."""
    stack = [top]
    while stack:
        folder = stack.pop()
        entries: list[tuple[str, bool]] = []
        subdirs: list[str] = []
        try:
            with os.scandir(folder) as it:
                for entry in it:
                    try:
                        is_dir = entry.is_dir()
                        real_dir = is_dir and not entry.is_symlink()
                    except OSError:
                        is_dir = real_dir = False
                    entries.append((entry.name, is_dir))
                    if real_dir and (enter is None or enter(entry.path)):
                        subdirs.append(entry.path)
        except OSError:
            continue
        yield folder, entries, subdirs
        stack.extend(reversed(subdirs))


class InotifyTreeObserver(threading.Thread):
    """A watchdog-shaped observer over one inotify instance and one thread (see module)."""

    def __init__(self) -> None:
        super().__init__(name="inotify-tree-observer", daemon=True)
        self._lock = threading.RLock()
        self._paths: dict[int, str] = {}  # watch descriptor → the folder it watches now
        self._trees: dict[int, _Tree] = {}  # id(TreeWatch) → its tree
        self._moves: dict[int, _MoveAway] = {}  # cookie → a move away not yet paired
        self._stopping = False
        self._closed = False
        self._wake_r, self._wake_w = os.pipe()
        self._fd = -1
        self._fd_error: OSError | None = None
        lib = _load_libc()
        self._add = lib.inotify_add_watch
        self._add.argtypes = (ctypes.c_int, ctypes.c_char_p, ctypes.c_uint32)
        self._add.restype = ctypes.c_int
        self._rm = lib.inotify_rm_watch
        self._rm.argtypes = (ctypes.c_int, ctypes.c_int)
        self._rm.restype = ctypes.c_int
        fd = lib.inotify_init1(IN_CLOEXEC)
        if fd < 0:  # EMFILE: reported by schedule(), so the caller can poll instead
            err = ctypes.get_errno()
            self._fd_error = OSError(err, os.strerror(err))
        else:
            self._fd = fd

    # -- the observer API the watcher uses

    def schedule(
        self,
        event_handler: FileSystemEventHandler,
        path: str,
        *,
        recursive: bool = False,
        event_filter: list[type[FileSystemEvent]] | None = None,
        follow_symlink: bool = False,
        enter: Callable[[str], bool] | None = None,
    ) -> TreeWatch:
        """Watch ``path`` (and, ``recursive``, every folder below it that ``enter`` accepts,
        now and when it appears); ``OSError`` when the OS refuses a watch, with nothing left
        armed. ``enter`` runs on this observer's thread too, and must be quick."""
        del follow_symlink  # never followed, as the watcher asks
        if self._fd_error is not None:
            raise self._fd_error
        root = os.path.abspath(os.fspath(path))
        watch = TreeWatch(root, recursive,
                          frozenset(event_filter) if event_filter is not None else None)
        tree = _Tree(watch, root, root.rstrip(os.sep) + os.sep, event_handler, recursive,
                     _mask_for(watch.event_filter, recursive), watch.event_filter, enter)
        with self._lock:
            if self._closed:
                raise OSError(errno.EBADF, "the observer is stopped")
            added: list[int] = []
            try:
                self._watch_folder(tree, root, added, required=True)
                if recursive:
                    for _folder, _entries, subdirs in _walk(root, enter):
                        for sub in subdirs:
                            self._watch_folder(tree, sub, added)
            except OSError:
                for wd in added:
                    if not self._covered(self._paths.get(wd, "")):
                        self._forget(wd)
                raise
            self._trees[id(watch)] = tree
        return watch

    def unschedule(self, watch: TreeWatch) -> None:
        """Stop that watch; its folders stay watched only where another watch covers them."""
        with self._lock:
            tree = self._trees.pop(id(watch))
            tree.active = False
            if self._closed:
                return
            for wd, path in list(self._paths.items()):
                if tree.owns(path) and not self._covered(path):
                    self._forget(wd)

    def rewalk(self, watch: TreeWatch, folder: str) -> None:
        """Watch ``folder`` and below again by the watch's ``enter`` (whose answer for them
        changed: a project that is no longer one, so what is inside it matters now)."""
        with self._lock:
            tree = self._trees.get(id(watch))
            folder = os.path.abspath(folder)
            if tree is None or not tree.active or not tree.recursive or self._closed:
                return
            if not tree.owns(folder):
                return
            try:
                self._watch_folder(tree, folder)
                for _folder, _entries, subdirs in _walk(folder, tree.enter):
                    for sub in subdirs:
                        self._watch_folder(tree, sub)
            except OSError as exc:
                log.warning("inotify: cannot watch below %s (%s)", folder, exc)

    def unschedule_all(self) -> None:
        with self._lock:
            for key in list(self._trees):
                self.unschedule(self._trees[key].watch)

    def stop(self) -> None:
        """End the thread; it closes the inotify instance (the kernel drops every watch)."""
        with self._lock:
            self._stopping = True
            for tree in self._trees.values():
                tree.active = False
        with contextlib.suppress(OSError):
            os.write(self._wake_w, b"!")
        if not self.is_alive() and self.ident is None:  # never started: close here
            self._close()

    def watched_folders(self) -> int:
        """How many folders have a kernel watch (tests, diagnostics)."""
        with self._lock:
            return len(self._paths)

    # -- the thread

    def run(self) -> None:
        poller = select.poll()
        poller.register(self._wake_r, select.POLLIN)
        if self._fd >= 0:
            poller.register(self._fd, select.POLLIN)
        try:
            while not self._stopping:
                timeout_ms: float | None = None
                if self._moves:
                    oldest = min(m.at for m in self._moves.values())
                    timeout_ms = max(0.0, (oldest + MOVE_WAIT_S - time.monotonic()) * 1000)
                ready = poller.poll(timeout_ms)
                if self._stopping:
                    break
                data = b""
                if any(fd == self._fd for fd, _ in ready):
                    try:
                        data = os.read(self._fd, _READ_SIZE)
                    except OSError as exc:
                        if exc.errno in (errno.EINTR, errno.EAGAIN):
                            continue
                        log.warning("inotify: cannot read events: %s", exc)
                        break
                with self._lock:
                    if self._stopping:
                        break
                    if data:
                        self._handle_buffer(data)
                    self._expire_moves(time.monotonic())
        except Exception:
            log.exception("inotify: the observer thread failed")
        finally:
            self._close()

    def _close(self) -> None:
        with self._lock:
            if self._closed:
                return
            self._closed = True
            self._paths.clear()
            self._moves.clear()
            for fd in (self._fd, self._wake_r, self._wake_w):
                if fd >= 0:
                    with contextlib.suppress(OSError):
                        os.close(fd)
            self._fd = -1

    # -- bookkeeping (under the lock)

    def _watch_folder(self, tree: _Tree, folder: str, added: list[int] | None = None, *,
                      required: bool = False) -> None:
        # the watched folder itself may be a link to a folder (~/code → /data/code): followed
        mask = tree.mask & ~IN_DONT_FOLLOW if folder == tree.root else tree.mask
        wd = self._add(self._fd, os.fsencode(folder), mask)
        if wd < 0:
            err = ctypes.get_errno()
            if required or err in (errno.ENOSPC, errno.EMFILE, errno.ENOMEM):
                if err == errno.ENOSPC:
                    raise OSError(err, "inotify watch limit reached")
                raise OSError(err, os.strerror(err), folder)
            return  # vanished meanwhile, a link, unreadable: as watchdog, not watched
        if wd not in self._paths and added is not None:
            added.append(wd)
        self._paths[wd] = folder

    def _forget(self, wd: int) -> None:
        self._paths.pop(wd, None)
        if self._fd >= 0:
            self._rm(self._fd, wd)  # EINVAL when already gone: nothing to do

    def _watch_below(self, folder: str, trees: list[_Tree]) -> list[FileSystemEvent]:
        """Watch a folder that appeared (and everything below it) for the recursive trees it
        belongs to; returns its contents as created events, as watchdog reports them."""
        recursive = [t for t in trees if t.recursive and t.active
                     and (t.enter is None or t.enter(folder))]
        if not recursive:
            return []
        enters = [t.enter for t in recursive]

        def enter(path: str) -> bool:  # several watches over one folder: any one of them
            return any(e is None or e(path) for e in enters)

        events: list[FileSystemEvent] = []
        for tree in recursive:
            try:
                self._watch_folder(tree, folder)
            except OSError as exc:
                log.warning("inotify: cannot watch %s (%s)", folder, exc)
                return []
        for parent, entries, subdirs in _walk(folder, enter):
            for sub in subdirs:
                for tree in recursive:
                    try:
                        self._watch_folder(tree, sub)
                    except OSError as exc:
                        log.warning("inotify: cannot watch %s (%s)", sub, exc)
                        return events
            for name, is_dir in entries:
                full = os.path.join(parent, name)
                events.append(_synthetic(DirCreatedEvent(full) if is_dir
                                         else FileCreatedEvent(full)))
        return events

    def _covered(self, folder: str) -> bool:
        """Whether a live watch still wants this folder."""
        return any(t.active and t.owns(folder) for t in self._trees.values())

    def _trees_for(self, folder: str) -> list[_Tree]:
        return [t for t in self._trees.values() if t.active and t.owns(folder)]

    def _emit(self, trees: list[_Tree], events: list[FileSystemEvent]) -> None:
        for tree in trees:
            for event in events:
                if tree.active and tree.wants(event):
                    tree.handler.dispatch(event)

    def _handle_buffer(self, data: bytes) -> None:
        offset, end = 0, len(data)
        while offset + _EVENT_HEAD.size <= end:
            wd, mask, cookie, length = _EVENT_HEAD.unpack_from(data, offset)
            start = offset + _EVENT_HEAD.size
            name = data[start:start + length].rstrip(b"\0")
            offset = start + length
            try:
                self._handle(wd, mask, cookie, name)
            except OSError as exc:  # a folder vanishing while it is walked, and the like
                log.warning("inotify: event not handled: %s", exc)
            except Exception:  # never end the thread: every other watch would go quiet
                log.exception("inotify: event not handled")

    def _handle(self, wd: int, mask: int, cookie: int, raw_name: bytes) -> None:
        if mask & IN_Q_OVERFLOW:
            self._overflowed()
            return
        folder = self._paths.get(wd)
        if folder is None:
            return
        if mask & IN_IGNORED:  # the kernel dropped the watch (folder deleted, unmounted)
            self._paths.pop(wd, None)
            return
        path = os.path.join(folder, os.fsdecode(raw_name)) if raw_name else folder
        is_dir = bool(mask & IN_ISDIR)
        if mask & IN_DELETE_SELF:
            for tree in self._trees.values():
                if tree.active and path == tree.root:
                    self._emit([tree], [DirDeletedEvent(path)])
                    tree.active = False  # as watchdog's emitter, this watch ends with it
            return
        trees = self._trees_for(folder)
        if mask & IN_MOVED_FROM:
            self._moves[cookie] = _MoveAway(time.monotonic(), path, is_dir, trees,
                                            self._below(path) if is_dir else [])
        elif mask & IN_MOVED_TO:
            self._moved_to(self._moves.pop(cookie, None), path, is_dir, trees)
        elif mask & IN_CREATE:
            events: list[FileSystemEvent] = [DirCreatedEvent(path) if is_dir
                                             else FileCreatedEvent(path)]
            if is_dir:
                events += self._watch_below(path, trees)
            self._emit(trees, events)
        elif mask & IN_DELETE:
            self._emit(trees, [DirDeletedEvent(path) if is_dir else FileDeletedEvent(path)])
        elif mask & IN_MODIFY:
            self._emit(trees, [DirModifiedEvent(path) if is_dir else FileModifiedEvent(path)])
        elif mask & IN_CLOSE_WRITE and not is_dir:
            self._emit(trees, [FileClosedEvent(path)])

    def _moved_to(self, away: _MoveAway | None, dest: str, is_dir: bool,
                  to_trees: list[_Tree]) -> None:
        if away is None:  # moved in from outside the watched folders: created
            events: list[FileSystemEvent] = [DirCreatedEvent(dest) if is_dir
                                             else FileCreatedEvent(dest)]
            if is_dir:
                events += self._watch_below(dest, to_trees)
            self._emit(to_trees, events)
            return
        src = away.path
        if is_dir:
            self._rename_folders(away, dest)
        both = [t for t in to_trees if t in away.trees]
        if both:
            moved: list[FileSystemEvent] = [DirMovedEvent(src, dest) if is_dir
                                            else FileMovedEvent(src, dest)]
            if is_dir:
                enters = [t.enter for t in both]

                def was_entered(path: str) -> bool:  # where it was: its folders' rule
                    old = src + path[len(dest):]
                    return any(e is None or e(old) for e in enters)

                for parent, entries, _subdirs in _walk(dest, was_entered):
                    for name, sub_is_dir in entries:
                        new = os.path.join(parent, name)
                        old = src + new[len(dest):]
                        moved.append(_synthetic(DirMovedEvent(old, new) if sub_is_dir
                                                else FileMovedEvent(old, new)))
            self._emit(both, moved)
        gone = [t for t in away.trees if t not in to_trees]
        self._emit(gone, [DirDeletedEvent(src) if is_dir else FileDeletedEvent(src)])
        arrived = [t for t in to_trees if t not in away.trees]
        if arrived:
            created: list[FileSystemEvent] = [DirCreatedEvent(dest) if is_dir
                                              else FileCreatedEvent(dest)]
            if is_dir:
                created += self._watch_below(dest, arrived)
            self._emit(arrived, created)

    def _below(self, folder: str) -> list[int]:
        """The watches of ``folder`` and of every folder below it."""
        below = folder + os.sep
        return [wd for wd, path in self._paths.items()
                if path == folder or path.startswith(below)]

    def _rename_folders(self, away: _MoveAway, dest: str) -> None:
        """A folder moved inside the watched trees keeps its kernel watches: their paths
        change (and a folder no watch covers any more loses its watch)."""
        src = away.path
        for wd in away.wds:
            path = self._paths.get(wd)
            if path is None or not (path == src or path.startswith(src + os.sep)):
                continue
            new = dest + path[len(src):]
            if self._covered(new):
                self._paths[wd] = new
            else:
                self._forget(wd)

    def _expire_moves(self, now: float) -> None:
        """Moves away whose arrival never came: the entry left the watched folders."""
        for cookie, away in list(self._moves.items()):
            if now - away.at < MOVE_WAIT_S:
                continue
            del self._moves[cookie]
            for wd in away.wds:  # a folder's watches would keep reporting under its old path
                self._forget(wd)
            self._emit(away.trees, [DirDeletedEvent(away.path) if away.is_dir
                                    else FileDeletedEvent(away.path)])

    def _overflowed(self) -> None:
        """The kernel's queue overflowed and events were lost: watch what appeared meanwhile
        (as watchdog does; adding a watch that exists returns it)."""
        log.warning("inotify: the event queue overflowed; events were lost")
        self._moves.clear()
        for tree in [t for t in self._trees.values() if t.active]:
            try:
                self._watch_folder(tree, tree.root)
                if tree.recursive:
                    for _folder, _entries, subdirs in _walk(tree.root, tree.enter):
                        for sub in subdirs:
                            self._watch_folder(tree, sub)
            except OSError as exc:
                log.warning("inotify: cannot watch again below %s (%s)", tree.root, exc)
