"""The watcher's own inotify observer, with real folders and the real kernel: what it reports,
how folders that appear, move or vanish are followed, the watch limit. Its memory per folder
(against watchdog's observer) is measured by ``bench/bench_core_limits.py``."""

from __future__ import annotations

import ctypes
import errno
import os
import queue
import shutil
import threading
import time
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
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
)

from msd_desktop.core.workspace import inotify_tree
from msd_desktop.core.workspace.inotify_tree import InotifyTreeObserver
from msd_desktop.core.workspace.watcher import ProjectWatcher, WatchHealth, WatchSpec

pytestmark = pytest.mark.skipif(not inotify_tree.supported(), reason="needs Linux inotify")

TIMEOUT = 10.0
FILTER: list[type[FileSystemEvent]] = [
    FileCreatedEvent, FileModifiedEvent, FileClosedEvent, FileDeletedEvent, FileMovedEvent,
    DirCreatedEvent, DirDeletedEvent, DirMovedEvent,
]


class Recorder(FileSystemEventHandler):
    def __init__(self) -> None:
        self.events: queue.Queue[FileSystemEvent] = queue.Queue()

    def dispatch(self, event: FileSystemEvent) -> None:
        self.events.put(event)

    def wait_for(self, pred: Callable[[FileSystemEvent], bool]) -> FileSystemEvent:
        deadline = time.monotonic() + TIMEOUT
        while True:
            left = deadline - time.monotonic()
            if left <= 0:
                raise AssertionError("expected event never came")
            event = self.events.get(timeout=left)
            if pred(event):
                return event

    def drain(self, settle: float = 0.05) -> list[FileSystemEvent]:
        out = []
        while True:
            try:
                out.append(self.events.get(timeout=settle))
            except queue.Empty:
                return out


def kind(cls: type[FileSystemEvent], src: Path, dest: Path | None = None
         ) -> Callable[[FileSystemEvent], bool]:
    def pred(event: FileSystemEvent) -> bool:
        return (type(event) is cls and event.src_path == os.fspath(src)
                and (dest is None or event.dest_path == os.fspath(dest)))
    return pred


def sentinel(folder: Path, rec: Recorder) -> None:
    """Write a file and wait for it: every event before it has been delivered.

    Its creation or its close, whichever comes: in a folder made a moment ago the file may be
    written before the folder's watch is armed, and then the folder's scan reports it as
    created, with no close to follow."""
    marker = folder / f"sentinel-{time.monotonic_ns()}"
    marker.write_text("x", "utf-8")
    created, closed = kind(FileCreatedEvent, marker), kind(FileClosedEvent, marker)
    rec.wait_for(lambda event: created(event) or closed(event))


@pytest.fixture
def observer() -> Iterator[InotifyTreeObserver]:
    obs = InotifyTreeObserver()
    obs.start()
    yield obs
    obs.stop()
    obs.join(TIMEOUT)
    assert not obs.is_alive()


def test_file_events_in_nested_folders(tmp_path: Path, observer: InotifyTreeObserver) -> None:
    deep = tmp_path / "a" / ".planning" / "phases"
    deep.mkdir(parents=True)
    rec = Recorder()
    observer.schedule(rec, os.fspath(tmp_path), recursive=True, event_filter=FILTER)
    target = deep / "01-PLAN.md"
    target.write_text("one", "utf-8")
    rec.wait_for(kind(FileCreatedEvent, target))
    rec.wait_for(kind(FileClosedEvent, target))
    with target.open("a", encoding="utf-8") as fh:
        fh.write("two")
    rec.wait_for(kind(FileModifiedEvent, target))
    # an atomic replace is one move with both paths
    tmp = deep / ".01-PLAN.md.tmp-1"
    tmp.write_text("three", "utf-8")
    os.replace(tmp, target)
    rec.wait_for(kind(FileMovedEvent, tmp, target))
    target.unlink()
    rec.wait_for(kind(FileDeletedEvent, target))
    # reads report nothing
    rec.drain()
    (deep / "other.md").write_text("x", "utf-8")
    rec.drain()
    (deep / "other.md").read_text("utf-8")
    assert rec.drain() == []


def test_new_folders_are_watched_and_their_contents_reported(
    tmp_path: Path, observer: InotifyTreeObserver
) -> None:
    rec = Recorder()
    observer.schedule(rec, os.fspath(tmp_path), recursive=True, event_filter=FILTER)
    before = observer.watched_folders()
    # a tree made quickly, as mkdir -p and a copy do
    src = tmp_path.parent / f"{tmp_path.name}-outside" / "proj"
    (src / ".planning" / "phases").mkdir(parents=True)
    (src / ".planning" / "STATE.md").write_text("x", "utf-8")
    shutil.copytree(src, tmp_path / "group" / "proj")
    rec.wait_for(kind(DirCreatedEvent, tmp_path / "group"))
    rec.wait_for(kind(DirCreatedEvent, tmp_path / "group" / "proj" / ".planning"))
    sentinel(tmp_path / "group" / "proj" / ".planning" / "phases", rec)
    assert observer.watched_folders() == before + 4
    # a folder moved in from outside the watch: created, its contents too, and watched
    moved_in = tmp_path / "moved-in"
    os.replace(src, moved_in)
    rec.wait_for(kind(DirCreatedEvent, moved_in))
    rec.wait_for(kind(FileCreatedEvent, moved_in / ".planning" / "STATE.md"))
    sentinel(moved_in / ".planning" / "phases", rec)
    assert observer.watched_folders() == before + 7


def test_renamed_folder_keeps_reporting_under_its_new_path(
    tmp_path: Path, observer: InotifyTreeObserver
) -> None:
    old = tmp_path / "g" / "old"
    (old / ".planning" / "phases").mkdir(parents=True)
    (old / ".planning" / "STATE.md").write_text("x", "utf-8")
    rec = Recorder()
    observer.schedule(rec, os.fspath(tmp_path), recursive=True, event_filter=FILTER)
    folders = observer.watched_folders()
    new = tmp_path / "g" / "new"
    os.replace(old, new)
    rec.wait_for(kind(DirMovedEvent, old, new))
    # every entry of the moved folder, as watchdog reports it
    rec.wait_for(kind(FileMovedEvent, old / ".planning" / "STATE.md",
                      new / ".planning" / "STATE.md"))
    (new / ".planning" / "phases" / "x.md").write_text("x", "utf-8")
    rec.wait_for(kind(FileCreatedEvent, new / ".planning" / "phases" / "x.md"))
    assert observer.watched_folders() == folders


def test_folder_moved_away_is_deleted_and_no_longer_watched(
    tmp_path: Path, observer: InotifyTreeObserver
) -> None:
    root = tmp_path / "root"
    proj = root / "proj"
    (proj / ".planning" / "phases").mkdir(parents=True)
    rec = Recorder()
    observer.schedule(rec, os.fspath(root), recursive=True, event_filter=FILTER)
    assert observer.watched_folders() == 4
    away = tmp_path / "trash" / "proj"
    away.parent.mkdir()
    os.replace(proj, away)
    rec.wait_for(kind(DirDeletedEvent, proj))
    assert observer.watched_folders() == 1
    (away / ".planning" / "STATE.md").write_text("x", "utf-8")
    sentinel(root, rec)
    assert not [e for e in rec.drain() if "trash" in e.src_path]


def test_deleted_root_ends_its_watch(tmp_path: Path, observer: InotifyTreeObserver) -> None:
    root = tmp_path / "root"
    (root / "p" / ".planning").mkdir(parents=True)
    rec = Recorder()
    observer.schedule(rec, os.fspath(root), recursive=True, event_filter=FILTER)
    shutil.rmtree(root)
    rec.wait_for(kind(DirDeletedEvent, root))
    deadline = time.monotonic() + TIMEOUT
    while observer.watched_folders() and time.monotonic() < deadline:
        time.sleep(0.01)
    assert observer.watched_folders() == 0
    # made again: a new schedule watches it
    (root / "q").mkdir(parents=True)
    observer.schedule(rec, os.fspath(root), recursive=True, event_filter=FILTER)
    sentinel(root / "q", rec)


def test_overlapping_watches_share_folders(tmp_path: Path, observer: InotifyTreeObserver
                                           ) -> None:
    proj = tmp_path / "g" / "proj"
    (proj / ".planning").mkdir(parents=True)
    outer, inner = Recorder(), Recorder()
    outer_watch = observer.schedule(outer, os.fspath(tmp_path), recursive=True,
                                    event_filter=FILTER)
    observer.schedule(inner, os.fspath(proj), recursive=True, event_filter=FILTER)
    assert observer.watched_folders() == 4  # shared, not doubled
    state = proj / ".planning" / "STATE.md"
    state.write_text("x", "utf-8")
    outer.wait_for(kind(FileClosedEvent, state))
    inner.wait_for(kind(FileClosedEvent, state))
    observer.unschedule(outer_watch)
    assert observer.watched_folders() == 2  # the project's folders stay watched
    outer.drain()
    state.write_text("y", "utf-8")
    inner.wait_for(kind(FileClosedEvent, state))
    assert outer.drain() == []  # unscheduled: told nothing more


class LimitedObserver(InotifyTreeObserver):
    """The real observer over the real kernel, except that the OS refuses the watch after
    ``allowed`` folders with ENOSPC — what inotify does at ``fs.inotify.max_user_watches``
    (lowering that limit for real is root-only and global to the machine)."""

    allowed = 3

    def __init__(self) -> None:
        super().__init__()
        real = self._add
        calls = [0]

        def add(fd: int, path: bytes, mask: int) -> int:
            calls[0] += 1
            if calls[0] > self.allowed:
                ctypes.set_errno(errno.ENOSPC)
                return -1
            return int(real(fd, path, mask))

        self._add = add  # type: ignore[assignment]


def test_watch_limit_leaves_nothing_armed(tmp_path: Path) -> None:
    for i in range(5):
        (tmp_path / f"p{i}" / ".planning").mkdir(parents=True)
    obs = LimitedObserver()
    obs.start()
    try:
        with pytest.raises(OSError, match="limit") as info:
            obs.schedule(Recorder(), os.fspath(tmp_path), recursive=True, event_filter=FILTER)
        assert info.value.errno == errno.ENOSPC
        assert obs.watched_folders() == 0
    finally:
        obs.stop()
        obs.join(TIMEOUT)


def test_watch_limit_makes_the_watcher_poll(tmp_path: Path) -> None:
    roots = []
    for i in range(4):
        root = tmp_path / "ws" / f"p{i}"
        (root / ".planning" / "phases").mkdir(parents=True)
        roots.append(root)
    health: queue.Queue[WatchHealth] = queue.Queue()
    changes: queue.Queue[object] = queue.Queue()
    w = ProjectWatcher(changes.put, debounce_ms=30, on_health=health.put,
                       observer_factory=LimitedObserver, poll_interval_s=0.2)
    w.start()
    try:
        w.set_workspaces([WatchSpec(tmp_path / "ws", tuple(roots))])
        assert w.wait_idle(TIMEOUT)
        report = health.get(timeout=TIMEOUT)
        while report.projects == 0:
            report = health.get(timeout=TIMEOUT)
        assert report.polled == (tmp_path / "ws",)
        assert "limit" in (report.reason or "")
        (roots[1] / ".planning" / "STATE.md").write_text("polled", "utf-8")
        event = changes.get(timeout=TIMEOUT)
        assert getattr(event, "root", None) == roots[1]
    finally:
        w.stop()


def test_one_thread_whatever_the_number_of_watches(tmp_path: Path) -> None:
    before = threading.active_count()
    obs = InotifyTreeObserver()
    obs.start()
    try:
        for i in range(6):
            (tmp_path / f"ws{i}" / "p" / ".planning").mkdir(parents=True)
            obs.schedule(Recorder(), os.fspath(tmp_path / f"ws{i}"), recursive=True,
                         event_filter=FILTER)
        assert threading.active_count() - before == 1
    finally:
        obs.stop()
        obs.join(TIMEOUT)
    assert threading.active_count() == before


def test_a_linked_root_is_followed(tmp_path: Path, observer: InotifyTreeObserver) -> None:
    """A scan root that is a link to a folder (``~/code`` → ``/data/code``) is watched, with
    paths under the link, as the scan lists them."""
    real = tmp_path / "data" / "code"
    (real / "p" / ".planning").mkdir(parents=True)
    link = tmp_path / "code"
    link.symlink_to(real, target_is_directory=True)
    rec = Recorder()
    observer.schedule(rec, os.fspath(link), recursive=True, event_filter=FILTER)
    (real / "notes.md").write_text("x", "utf-8")
    rec.wait_for(kind(FileClosedEvent, link / "notes.md"))
    (real / "p" / ".planning" / "STATE.md").write_text("x", "utf-8")
    rec.wait_for(kind(FileClosedEvent, link / "p" / ".planning" / "STATE.md"))
    # links below the root are not entered
    (tmp_path / "elsewhere").mkdir()
    (real / "p" / "linked").symlink_to(tmp_path / "elsewhere", target_is_directory=True)
    sentinel(link / "p", rec)
    before = observer.watched_folders()
    (tmp_path / "elsewhere" / "x.md").write_text("x", "utf-8")
    sentinel(link / "p", rec)
    assert observer.watched_folders() == before
    assert not [e for e in rec.drain() if e.src_path.endswith("x.md")]


def test_a_folder_made_where_one_moved_away_is_watched(
    tmp_path: Path, observer: InotifyTreeObserver
) -> None:
    """``mv proj ~/trash; mkdir proj`` at once: dropping the moved folder's watches must not
    drop the new folder's."""
    root = tmp_path / "root"
    proj = root / "proj"
    (proj / ".planning").mkdir(parents=True)
    trash = tmp_path / "trash"
    trash.mkdir()
    rec = Recorder()
    observer.schedule(rec, os.fspath(root), recursive=True, event_filter=FILTER)
    os.replace(proj, trash / "proj")
    (proj / ".planning").mkdir(parents=True)
    rec.wait_for(kind(DirDeletedEvent, proj))  # the move away, once its wait is over
    state = proj / ".planning" / "STATE.md"
    state.write_text("x", "utf-8")
    rec.wait_for(kind(FileClosedEvent, state))
    (trash / "proj" / ".planning" / "STATE.md").write_text("x", "utf-8")
    sentinel(proj / ".planning", rec)
    assert not [e for e in rec.drain() if "trash" in e.src_path]
    assert observer.watched_folders() == 3


def observer_of(w: ProjectWatcher) -> InotifyTreeObserver:
    return next(t for t in w.threads() if isinstance(t, InotifyTreeObserver))


def test_projects_sources_are_not_watched(tmp_path: Path) -> None:
    """Inside a known project only ``.planning`` is read (and the scan never lists a project
    inside a project), so its sources, builds and node_modules get no watches."""
    base = tmp_path / "ws"
    proj = base / "group" / "proj"
    (proj / ".planning" / "phases" / "01-a").mkdir(parents=True)
    for i in range(30):
        (proj / "node_modules" / f"pkg{i}" / "lib").mkdir(parents=True)
    (proj / "src" / "app").mkdir(parents=True)
    (base / "group" / "notes").mkdir()  # not a project: watched (a project may appear in it)
    changes: queue.Queue[object] = queue.Queue()
    w = ProjectWatcher(changes.put, debounce_ms=30)
    w.start()
    try:
        w.set_workspaces([WatchSpec(base, (proj,))])
        assert w.wait_idle(TIMEOUT)
        obs = observer_of(w)
        # ws, group, notes, proj, .planning, phases, 01-a
        assert obs.watched_folders() == 7
        (proj / "src" / "app" / "deep" / "er").mkdir(parents=True)  # a build making folders
        (proj / "node_modules" / "new-pkg").mkdir()
        state = proj / ".planning" / "STATE.md"
        state.write_text("x", "utf-8")
        event = changes.get(timeout=TIMEOUT)
        assert getattr(event, "root", None) == proj
        assert obs.watched_folders() == 7
        # a new phase folder is watched, as anything inside .planning
        (proj / ".planning" / "phases" / "02-b").mkdir()
        (proj / ".planning" / "phases" / "02-b" / "02-01-PLAN.md").write_text("x", "utf-8")
        event = changes.get(timeout=TIMEOUT)
        assert getattr(event, "kinds", None) == frozenset({"phases"})
        assert obs.watched_folders() == 8
    finally:
        w.stop()


def test_a_former_project_is_watched_inside_again(tmp_path: Path) -> None:
    """A project whose .planning went is an ordinary folder again: the scan may now list a
    project inside it, whose changes must arrive."""
    base = tmp_path / "ws"
    outer = base / "outer"
    (outer / ".planning").mkdir(parents=True)
    (outer / "packages" / "inner").mkdir(parents=True)
    changes: queue.Queue[object] = queue.Queue()
    w = ProjectWatcher(changes.put, debounce_ms=30)
    w.start()
    try:
        w.set_workspaces([WatchSpec(base, (outer,))])
        assert w.wait_idle(TIMEOUT)
        shutil.rmtree(outer / ".planning")
        assert getattr(changes.get(timeout=TIMEOUT), "root", None) == outer
        inner = outer / "packages" / "inner"
        (inner / ".planning").mkdir()
        w.set_workspaces([WatchSpec(base, (inner,))])  # what the rescan finds
        assert w.wait_idle(TIMEOUT)
        while not changes.empty():
            changes.get_nowait()
        (inner / ".planning" / "STATE.md").write_text("x", "utf-8")
        event = changes.get(timeout=TIMEOUT)
        assert getattr(event, "root", None) == inner
        assert getattr(event, "kinds", None) == frozenset({"state"})
    finally:
        w.stop()


def test_making_the_watcher_skips_watchdogs_observer_stack() -> None:
    """Importing watchdog's observers (its inotify emitter, buffers, ctypes bindings) is
    ~12 ms on the GUI thread where the watcher is first made; on Linux none of it is used."""
    import subprocess
    import sys

    code = ("import sys\n"
            "from msd_desktop.core.workspace.watcher import ProjectWatcher\n"
            "w = ProjectWatcher(lambda e: None)\n"
            "w.start(); w.stop()\n"
            "print(sorted(m for m in sys.modules if m.startswith('watchdog.observers')))\n")
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                         check=True, timeout=60)
    assert out.stdout.strip() == "[]", out.stdout
