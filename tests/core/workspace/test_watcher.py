"""The Qt-free watcher with each real observer: merged bursts, atomic writes, re-arming.

Every behaviour test runs three times (``MSD_WATCHER``): with the inotify observer Linux uses,
with watchdog's native observer and with its polling one, the paths the other platforms take.

No sleeps-as-assertions: every check waits on a queue with a generous timeout, and "nothing
else was reported" is proven by a sentinel change that must arrive as the very next event.
"""

from __future__ import annotations

import errno
import os
import queue
import shutil
import tempfile
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import ClassVar

import pytest
from watchdog.observers import Observer

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.workspace import watcher as watcher_module
from msd_desktop.core.workspace.watcher import (
    ALL_KINDS,
    WATCHER_ENV,
    WATCHER_KINDS,
    ChangeEvent,
    LayoutEvent,
    ProjectWatcher,
    WatchHealth,
    WatchSpec,
    classify,
    split_planning_path,
)

TIMEOUT = 10.0


class Collector:
    def __init__(self) -> None:
        self.events: queue.Queue[ChangeEvent] = queue.Queue()
        self.threads: set[str] = set()

    def __call__(self, event: ChangeEvent) -> None:
        self.threads.add(threading.current_thread().name)
        self.events.put(event)

    def next(self) -> ChangeEvent:
        return self.events.get(timeout=TIMEOUT)


def project(path: Path) -> Path:
    (path / ".planning" / "phases").mkdir(parents=True, exist_ok=True)
    return path


@pytest.fixture(params=WATCHER_KINDS)
def observer_kind(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    """The observer a watcher makes, as the ``MSD_WATCHER`` setting chooses it (the polling
    one stats every 50 ms instead of every 500, so a test does not wait out its turns)."""
    monkeypatch.setenv(WATCHER_ENV, request.param)
    monkeypatch.setattr(watcher_module, "POLLING_INTERVAL_S", 0.05)
    return str(request.param)


@pytest.fixture
def collector(observer_kind: str) -> Collector:
    return Collector()


@pytest.fixture
def watcher(collector: Collector) -> Iterator[ProjectWatcher]:
    w = ProjectWatcher(collector, debounce_ms=30)
    w.start()
    yield w
    w.stop()


def sentinel(root: Path, collector: Collector, name: str = "sentinel.md") -> None:
    """Write a phases file and require it to be the next (and only) thing reported."""
    (root / ".planning" / "phases" / name).write_text("x", "utf-8")
    event = collector.next()
    assert event.root == root
    assert event.kinds == frozenset({"phases"}), event


def test_state_change_reports_state(
    tmp_path: Path, watcher: ProjectWatcher, collector: Collector
) -> None:
    root = project(tmp_path / "p")
    watcher.watch(root)
    (root / ".planning" / "STATE.md").write_text("---\nstatus: executing\n---\n", "utf-8")
    event = collector.next()
    assert event.root == root
    assert event.kinds == frozenset({"state"})
    assert event.paths == (root / ".planning" / "STATE.md",)
    assert collector.threads == {"msd-watcher-debounce"}


def test_burst_is_merged_into_one_event(tmp_path: Path, collector: Collector) -> None:
    root = project(tmp_path / "p")
    planning = root / ".planning"
    # a window wide enough that a loaded machine still writes the whole burst inside it (at
    # 400 ms, a 2-core machine under a load of 14 split it once)
    with ProjectWatcher(collector, debounce_ms=1500) as w:
        w.watch(root)
        for i in range(30):
            (planning / "STATE.md").write_text(f"v{i}\n", "utf-8")
            (planning / "ROADMAP.md").write_text(f"r{i}\n", "utf-8")
        (planning / "config.json").write_text("{}\n", "utf-8")
        event = collector.next()
        assert event.kinds == frozenset({"state", "roadmap", "config"})
        assert set(event.paths) == {
            planning / "STATE.md",
            planning / "ROADMAP.md",
            planning / "config.json",
        }
        sentinel(root, collector)


@pytest.mark.parametrize("style", ["ours", "python-default", "upstream"])
def test_atomic_rename_write_reports_target(
    tmp_path: Path, watcher: ProjectWatcher, collector: Collector, style: str
) -> None:
    root = project(tmp_path / "p")
    planning = root / ".planning"
    (planning / "STATE.md").write_text("old\n", "utf-8")
    watcher.watch(root)
    if style == "ours":
        fd, tmp = tempfile.mkstemp(prefix=".STATE.md.tmp-", dir=planning)
    elif style == "python-default":
        fd, tmp = tempfile.mkstemp(dir=planning)
    else:
        tmp = str(planning / f"STATE.md.tmp.{os.getpid()}-ab12")
        fd = os.open(tmp, os.O_WRONLY | os.O_CREAT, 0o644)
    with os.fdopen(fd, "w", encoding="utf-8") as fh:
        fh.write("new\n")
        fh.flush()
        os.fsync(fh.fileno())
    os.replace(tmp, planning / "STATE.md")
    event = collector.next()
    assert event.kinds == frozenset({"state"})
    assert event.paths == (planning / "STATE.md",)
    sentinel(root, collector)


def test_lock_and_temp_files_are_ignored(
    tmp_path: Path, watcher: ProjectWatcher, collector: Collector
) -> None:
    root = project(tmp_path / "p")
    planning = root / ".planning"
    watcher.watch(root)
    (planning / ".lock").write_text('{"pid": 1}', "utf-8")
    (planning / ".lock").unlink()
    (planning / "ROADMAP.md.tmp").write_text("x", "utf-8")
    (planning / "ROADMAP.md.tmp").unlink()
    sentinel(root, collector)


def test_reads_do_not_trigger_events(
    tmp_path: Path, watcher: ProjectWatcher, collector: Collector
) -> None:
    root = project(tmp_path / "p")
    (root / ".planning" / "STATE.md").write_text("x", "utf-8")
    watcher.watch(root)
    for _ in range(5):
        (root / ".planning" / "STATE.md").read_text("utf-8")
    list((root / ".planning").iterdir())
    sentinel(root, collector)


def test_workstream_files(tmp_path: Path, watcher: ProjectWatcher, collector: Collector) -> None:
    root = project(tmp_path / "p")
    planning = root / ".planning"
    # (Pre-created: `mkdir -p` of two fresh levels makes watchdog add one inotify watch twice,
    # which it reports as a harmless RuntimeWarning.)
    (planning / "workstreams").mkdir()
    watcher.watch(root)
    (planning / "workstreams" / "ws1").mkdir()
    assert collector.next().kinds == frozenset({"workstream"})
    (planning / "workstreams" / "ws1" / "config.json").write_text("{}", "utf-8")
    assert collector.next().kinds == frozenset({"config"})
    (planning / "workstreams" / "ws1" / "STATE.md").write_text("x", "utf-8")
    assert collector.next().kinds == frozenset({"state"})
    (planning / "active-workstream").write_text("ws1\n", "utf-8")
    assert collector.next().kinds == frozenset({"workstream"})
    (planning / "PROJECT.md").write_text("x", "utf-8")
    assert collector.next().kinds == frozenset({"other"})


def test_planning_created_after_watch(
    tmp_path: Path, watcher: ProjectWatcher, collector: Collector
) -> None:
    root = tmp_path / "p"
    root.mkdir()
    watcher.watch(root)
    (root / "README.md").write_text("not planning", "utf-8")  # ignored
    (root / ".planning").mkdir()
    event = collector.next()
    assert event.kinds == ALL_KINDS
    # The recursive watch is armed now: a later STATE.md write is seen on its own.
    (root / ".planning" / "STATE.md").write_text("x", "utf-8")
    event = collector.next()
    assert event.kinds == frozenset({"state"})


def test_planning_deleted_and_recreated(
    tmp_path: Path, watcher: ProjectWatcher, collector: Collector
) -> None:
    root = project(tmp_path / "p")
    watcher.watch(root)
    (root / ".planning" / "phases").rmdir()
    (root / ".planning").rmdir()
    event = collector.next()
    assert "state" in event.kinds  # gone: everything changed
    (root / ".planning").mkdir()
    assert collector.next().kinds == ALL_KINDS
    (root / ".planning" / "ROADMAP.md").write_text("x", "utf-8")
    assert collector.next().kinds == frozenset({"roadmap"})


def test_projects_are_reported_separately(
    tmp_path: Path, watcher: ProjectWatcher, collector: Collector
) -> None:
    a = project(tmp_path / "a")
    b = project(tmp_path / "b")
    watcher.watch(a)
    watcher.watch(b)
    (a / ".planning" / "STATE.md").write_text("x", "utf-8")
    (b / ".planning" / "config.json").write_text("{}", "utf-8")
    got = {collector.next().root: None, collector.next().root: None}
    assert set(got) == {a, b}


def test_unwatch_stops_reports(
    tmp_path: Path, watcher: ProjectWatcher, collector: Collector
) -> None:
    a = project(tmp_path / "a")
    b = project(tmp_path / "b")
    watcher.watch(a)
    watcher.watch(b)
    watcher.unwatch(a)
    (a / ".planning" / "STATE.md").write_text("x", "utf-8")
    sentinel(b, collector)
    assert watcher.watched_roots() == [b]


def test_watch_before_start_and_restart(tmp_path: Path, collector: Collector) -> None:
    root = project(tmp_path / "p")
    w = ProjectWatcher(collector)
    w.watch(root)
    w.start()
    try:
        sentinel(root, collector, "one.md")
    finally:
        w.stop()
    w.start()
    try:
        sentinel(root, collector, "two.md")
    finally:
        w.stop()


def test_stop_joins_threads(tmp_path: Path, collector: Collector) -> None:
    root = project(tmp_path / "p")
    w = ProjectWatcher(collector)
    w.start()
    w.watch(root)
    sentinel(root, collector)
    threads = w.threads()
    assert len(threads) == 2
    assert all(t.is_alive() for t in threads)
    w.stop()
    assert not any(t.is_alive() for t in threads)
    assert w.threads() == []
    assert not w.running
    w.stop()  # idempotent


@pytest.mark.usefixtures("observer_kind")
def test_callback_errors_do_not_kill_the_watcher(tmp_path: Path) -> None:
    got: queue.Queue[ChangeEvent] = queue.Queue()
    raised = threading.Event()

    def flaky(event: ChangeEvent) -> None:
        if not raised.is_set():
            raised.set()
            raise RuntimeError("boom")
        got.put(event)

    root = project(tmp_path / "p")
    with ProjectWatcher(flaky) as w:
        w.watch(root)
        (root / ".planning" / "STATE.md").write_text("1", "utf-8")
        assert raised.wait(TIMEOUT), "the first change was never delivered"
        # The first delivered event raised; a later change still arrives.
        (root / ".planning" / "ROADMAP.md").write_text("2", "utf-8")
        event = got.get(timeout=TIMEOUT)
        while "roadmap" not in event.kinds:  # a late report of the first write, if any
            event = got.get(timeout=TIMEOUT)
        assert "roadmap" in event.kinds


def test_watch_missing_dir_is_an_error(tmp_path: Path, watcher: ProjectWatcher) -> None:
    with pytest.raises(MsdError):
        watcher.watch(tmp_path / "nope")


def test_classify() -> None:
    assert classify(("config.json",)) == {"config"}
    assert classify(("phases", "01-x", "01-01-PLAN.md")) == {"phases"}
    assert classify(("workstreams", "w", "phases", "a")) == {"phases"}
    assert classify(("workstreams", "w", "config.json")) == {"config"}
    assert classify(("myproj", "STATE.md")) == {"state"}  # MSD_PROJECT sub-folder
    assert classify(("debug", "notes.md")) == {"other"}


# --------------------------------------------------------------------------- workspaces
# One recursive watch per workspace (a scan root), events routed to the project they touch,
# layout events for projects that come and go, and the slow poll when the OS refuses.


class Layouts:
    def __init__(self) -> None:
        self.events: queue.Queue[LayoutEvent] = queue.Queue()

    def __call__(self, event: LayoutEvent) -> None:
        self.events.put(event)

    def next(self) -> LayoutEvent:
        return self.events.get(timeout=TIMEOUT)


def scan_root(base: Path, n: int) -> tuple[Path, list[Path]]:
    roots = [project(base / f"group-{i // 10}" / f"p{i:03d}") for i in range(n)]
    return base, roots


class RecordingObserver(Observer):  # type: ignore[misc,valid-type]
    """The real watchdog observer; records on which thread watches are scheduled."""

    scheduled_on: ClassVar[list[str]] = []

    def schedule(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        RecordingObserver.scheduled_on.append(threading.current_thread().name)
        return super().schedule(*args, **kwargs)


class NoSpaceObserver(Observer):  # type: ignore[misc,valid-type]
    """The real observer, except that the OS refuses every watch with ENOSPC — what
    inotify does when ``fs.inotify.max_user_watches`` is reached. (Lowering that limit for
    real is root-only and global to the machine, so the failure is injected at watchdog's
    schedule boundary instead.)"""

    def schedule(self, *args, **kwargs):  # type: ignore[no-untyped-def]
        raise OSError(errno.ENOSPC, "inotify watch limit reached")


def test_one_watch_per_workspace_and_routing(tmp_path: Path) -> None:
    collector = Collector()  # its own observer: one run is enough
    base, roots = scan_root(tmp_path / "ws", 40)
    RecordingObserver.scheduled_on = []
    w = ProjectWatcher(collector, debounce_ms=30, observer_factory=RecordingObserver)
    w.start()
    try:
        w.set_workspaces([WatchSpec(base, tuple(roots))])
        assert w.wait_idle(TIMEOUT)
        # set up on the watcher's own thread, never the caller's; one watch for 40 projects
        assert RecordingObserver.scheduled_on == ["msd-watcher-debounce"]
        assert w.health().watched == (base,)
        assert w.health().projects == 40
        target = roots[17]
        (target / ".planning" / "STATE.md").write_text("x", "utf-8")
        event = collector.next()
        assert event.root == target
        assert event.kinds == frozenset({"state"})
        # churn outside any .planning/ (sources, builds) is never reported
        (target / "src").mkdir()
        (target / "src" / "main.py").write_text("print()", "utf-8")
        (base / "notes.txt").write_text("x", "utf-8")
        sentinel(roots[3], collector)
    finally:
        w.stop()


# The threads of one workspace: ours (the debounce timer) and the observer's own — inotify's
# one; watchdog's observer, its emitter and its inotify reader with that reader's dispatcher;
# the polling observer and its emitter.
THREADS_OF_ONE_WATCH = {"inotify": 2, "watchdog": 5, "polling": 3}


def test_threads_do_not_grow_with_projects(tmp_path: Path, collector: Collector,
                                           observer_kind: str) -> None:
    def threads_for(n: int) -> int:
        base, roots = scan_root(tmp_path / f"ws{n}", n)
        before = threading.active_count()
        w = ProjectWatcher(collector)
        w.start()
        try:
            w.set_workspaces([WatchSpec(base, tuple(roots))])
            assert w.wait_idle(TIMEOUT)
            sentinel(roots[-1], collector)
            return threading.active_count() - before
        finally:
            w.stop()

    few, many = threads_for(3), threads_for(150)
    assert few == many
    assert many <= THREADS_OF_ONE_WATCH[observer_kind]


# `mkdir -p` of two fresh levels makes watchdog add one inotify watch twice (a harmless
# RuntimeWarning, see test_workstream_files)
@pytest.mark.filterwarnings("ignore:Callback with id:RuntimeWarning")
def test_new_moved_and_removed_projects_are_layout_events(
    tmp_path: Path, collector: Collector
) -> None:
    base, roots = scan_root(tmp_path / "ws", 5)
    layouts = Layouts()
    with ProjectWatcher(collector, debounce_ms=30, on_layout=layouts) as w:
        w.set_workspaces([WatchSpec(base, tuple(roots))])
        assert w.wait_idle(TIMEOUT)
        new = base / "group-9" / "fresh"
        (new / ".planning").mkdir(parents=True)
        layout = layouts.next()
        assert layout.workspace == base
        assert new / ".planning" in layout.paths
        # a folder with a .planning/ moved in from elsewhere
        outside = project(tmp_path / "elsewhere" / "moved-in")
        os.replace(outside, base / "group-0" / "moved-in")
        assert layouts.next().workspace == base
        # a known project renamed, and one removed
        os.replace(roots[1], roots[1].with_name("renamed"))
        assert layouts.next().workspace == base
        shutil.rmtree(roots[2])
        assert layouts.next().workspace == base
        # the watcher is told the new list; a write in the renamed project is routed
        renamed = roots[1].with_name("renamed")
        w.set_workspaces([WatchSpec(base, (roots[0], renamed, new))])
        assert w.wait_idle(TIMEOUT)
        while not collector.events.empty():
            collector.events.get_nowait()
        (renamed / ".planning" / "ROADMAP.md").write_text("x", "utf-8")
        event = collector.next()
        assert event.root == renamed
        assert event.kinds == frozenset({"roadmap"})


def test_watch_limit_falls_back_to_a_slow_poll(tmp_path: Path) -> None:
    collector = Collector()  # its own observer: one run is enough
    base, roots = scan_root(tmp_path / "ws", 4)
    layouts = Layouts()
    health: queue.Queue[WatchHealth] = queue.Queue()
    w = ProjectWatcher(collector, debounce_ms=30, on_layout=layouts, on_health=health.put,
                       observer_factory=NoSpaceObserver, poll_interval_s=0.2)
    w.start()
    try:
        w.set_workspaces([WatchSpec(base, tuple(roots))])
        assert w.wait_idle(TIMEOUT)
        report = health.get(timeout=TIMEOUT)
        while report.projects == 0:  # the report of start() itself, before the set-up
            report = health.get(timeout=TIMEOUT)
        assert report.degraded
        assert report.polled == (base,)
        assert report.watched == ()
        assert "limit" in (report.reason or "")
        assert "msd-watcher-poll" in {t.name for t in w.threads()}
        # changes still arrive, later: the poll compares stat signatures
        state = roots[2] / ".planning" / "STATE.md"
        state.write_text("polled", "utf-8")
        event = collector.next()
        assert event.root == roots[2]
        assert "state" in event.kinds
        (base / "group-5" / "late" / ".planning").mkdir(parents=True)
        assert layouts.next().workspace == base
    finally:
        w.stop()
    assert w.threads() == []


def test_split_planning_path() -> None:
    sep = os.sep
    assert split_planning_path(f"{sep}a{sep}b{sep}.planning") == (f"{sep}a{sep}b", "")
    assert split_planning_path(f"{sep}a{sep}.planning{sep}STATE.md") == (f"{sep}a", "STATE.md")
    assert split_planning_path(f"{sep}a{sep}.planningx{sep}STATE.md") is None
    assert split_planning_path(f"{sep}a{sep}src{sep}x.py") is None


@pytest.mark.filterwarnings("ignore:Callback with id:RuntimeWarning")
def test_scan_root_deleted_and_made_again_is_watched_again(
    tmp_path: Path, collector: Collector
) -> None:
    base, roots = scan_root(tmp_path / "ws", 2)
    layouts = Layouts()
    with ProjectWatcher(collector, debounce_ms=30, on_layout=layouts) as w:
        w.set_workspaces([WatchSpec(base, tuple(roots))])
        assert w.wait_idle(TIMEOUT)
        shutil.rmtree(base)
        assert layouts.next().workspace == base
        again = project(base / "group-0" / "again")
        w.set_workspaces([WatchSpec(base, (again,))])  # what the rescan found
        assert w.wait_idle(TIMEOUT)
        assert w.health().watched == (base,)
        while not collector.events.empty():
            collector.events.get_nowait()
        (again / ".planning" / "STATE.md").write_text("x", "utf-8")
        event = collector.next()
        assert event.root == again
        assert event.kinds == frozenset({"state"})
