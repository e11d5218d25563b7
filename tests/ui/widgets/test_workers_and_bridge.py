"""The op helper and the watch bridge deliver on the GUI thread."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from msd_desktop.ui.widgets.watch_bridge import WatchBridge
from msd_desktop.ui.widgets.workers import live_ops, run_op


def test_run_op_delivers_result_on_gui_thread(qtbot) -> None:
    seen: list[tuple[object, bool]] = []
    worker_threads: list[int] = []

    def work() -> int:
        worker_threads.append(threading.get_ident())
        return 42

    handle = run_op(work, on_finished=lambda r: seen.append(
        (r, threading.current_thread() is threading.main_thread())))
    with qtbot.waitSignal(handle.done, timeout=5000):
        pass
    assert seen == [(42, True)]
    assert worker_threads[0] != threading.get_ident()
    assert live_ops() == 0


def test_run_op_reports_failure_and_progress(qtbot) -> None:
    progress: list[tuple[int, int, str]] = []
    errors: list[BaseException] = []

    def work(report) -> None:  # type: ignore[no-untyped-def]
        report(1, 2, "half")
        raise ValueError("broken")

    handle = run_op(work, with_progress=True, on_failed=errors.append,
                    on_progress=lambda *a: progress.append(a))
    with qtbot.waitSignal(handle.done, timeout=5000):
        pass
    assert isinstance(errors[0], ValueError)
    assert progress == [(1, 2, "half")]


def test_cancelled_op_result_is_dropped(qtbot) -> None:
    results: list[object] = []
    gate = threading.Event()
    handle = run_op(lambda: gate.wait(5) and "late", on_finished=results.append)
    handle.cancel()
    gate.set()
    with qtbot.waitSignal(handle.done, timeout=5000):
        pass
    assert results == []


@pytest.mark.timeout(30)
def test_watch_bridge_emits_on_gui_thread(qtbot, demo: Path) -> None:
    root = demo / "checklist-printer"
    bridge = WatchBridge(debounce_ms=20)
    threads: list[bool] = []
    bridge.changed.connect(lambda e: threads.append(threading.current_thread()
                                                    is threading.main_thread()))
    bridge.set_roots([root])
    bridge.start()
    try:
        with qtbot.waitSignal(bridge.changed, timeout=5000) as blocker:
            state = root / ".planning" / "STATE.md"
            state.write_text(state.read_text(encoding="utf-8") + "\n", encoding="utf-8")
        event = blocker.args[0]
        assert event.root == root
        assert "state" in event.kinds
        assert threads == [True]
    finally:
        bridge.stop()
    assert bridge.watcher.threads() == []


@pytest.mark.timeout(60)
def test_many_fast_ops_do_not_corrupt_refcounts(qtbot) -> None:
    """300 fast ops (bench P5 aborted with ``bool_dealloc`` after a few hundred): bool, None
    and object results, failures and progress, handles dropped by the caller right away."""
    import gc

    results: list[object] = []
    errors: list[BaseException] = []
    progress: list[tuple[int, int, str]] = []

    def reporting(report, i: int):  # type: ignore[no-untyped-def]
        report(i, 300, "x")
        return None

    def failing(i: int) -> None:
        raise ValueError(i)

    for i in range(300):
        kind = i % 4
        if kind == 0:
            run_op(lambda i=i: bool(i % 8), on_finished=results.append)
        elif kind == 1:
            run_op(lambda report, i=i: reporting(report, i), with_progress=True,
                   on_finished=results.append, on_progress=lambda *a: progress.append(a))
        elif kind == 2:
            run_op(lambda i=i: failing(i), on_failed=errors.append)
        else:
            run_op(lambda i=i: {"n": i}, on_finished=results.append)
    qtbot.waitUntil(lambda: live_ops() == 0, timeout=30000)
    gc.collect()
    assert len(results) == 225
    assert len(errors) == 75
    assert len(progress) == 75
    assert all(isinstance(e, ValueError) for e in errors)


def test_signal_emit_cannot_free_true(qtbot) -> None:
    """Emits and methods returning nothing keep ``True``'s and ``None``'s references (PySide6
    6.12.0 dropped one per call and the process aborted: the reason for its pin below 6.12)."""
    import sys

    from PySide6.QtCore import QObject, Signal

    class Emitter(QObject):
        pinged = Signal()

    emitter = Emitter()
    seen: list[int] = []
    emitter.pinged.connect(lambda: seen.append(1))
    true_refs, none_refs = sys.getrefcount(True), sys.getrefcount(None)
    for _ in range(5000):  # more than True's refcount once Qt is imported
        emitter.pinged.emit()
    for _ in range(100_000):  # methods returning nothing leaked a None each
        emitter.setObjectName("e")
    # still alive, every emit delivered, and the singletons kept (or pinned) their references
    assert len(seen) == 5000
    assert sys.getrefcount(True) >= true_refs - 100
    assert sys.getrefcount(None) >= none_refs - 100
    assert emitter.objectName() == "e"


def test_callbacks_skipped_when_owner_deleted(qtbot) -> None:
    from PySide6.QtWidgets import QWidget

    owner = QWidget()
    gate = threading.Event()
    seen: list[object] = []
    handle = run_op(lambda: gate.wait(5), on_finished=seen.append, owner=owner)
    owner.deleteLater()
    qtbot.wait(10)
    gate.set()
    with qtbot.waitSignal(handle.done, timeout=5000):
        pass
    assert seen == []


@pytest.mark.timeout(30)
def test_watch_bridge_layout_and_health_on_gui_thread(qtbot, tmp_path: Path) -> None:
    from msd_desktop.core.workspace.watcher import WatchSpec

    root = tmp_path / "scan"
    (root / "a" / ".planning").mkdir(parents=True)
    bridge = WatchBridge(debounce_ms=20)
    on_gui: list[bool] = []
    bridge.layout_changed.connect(
        lambda e: on_gui.append(threading.current_thread() is threading.main_thread()))
    bridge.health_changed.connect(
        lambda e: on_gui.append(threading.current_thread() is threading.main_thread()))
    bridge.start()
    try:
        with qtbot.waitSignal(bridge.health_changed, timeout=5000,
                              check_params_cb=lambda h: h.projects == 1) as health:
            bridge.set_workspaces([WatchSpec(root, (root / "a",))])
        assert health.args[0].watched == (root,)
        with qtbot.waitSignal(bridge.layout_changed, timeout=5000) as layout:
            (root / "b").mkdir()
            (root / "b" / ".planning").mkdir()
        assert layout.args[0].workspace == root
        assert on_gui
        assert all(on_gui)
    finally:
        bridge.stop()
    assert bridge.watcher.threads() == []


def _threads_of_watching() -> set[threading.Thread]:
    return {t for t in threading.enumerate()
            if type(t).__module__.startswith("watchdog") or t.name.startswith("msd-watcher")}


@pytest.mark.timeout(30)
def test_a_stop_for_good_returns_at_once_and_stays_silent(qtbot, demo: Path) -> None:
    """The window closing stops the watcher in a thread of its own (the OS's teardown of
    the watches is a wait): nothing is emitted after it, and a later waiting stop returns
    only when every thread of that watcher is gone."""
    before = _threads_of_watching()
    root = demo / "checklist-printer"
    bridge = WatchBridge(debounce_ms=20)
    seen: list[object] = []
    bridge.changed.connect(seen.append)
    bridge.set_roots([root])
    bridge.start()
    with qtbot.waitSignal(bridge.changed, timeout=5000):  # watching for real
        state = root / ".planning" / "STATE.md"
        state.write_text(state.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    started = _threads_of_watching() - before
    assert started  # the observer and its threads
    seen.clear()
    bridge.stop(wait=False)
    state.write_text(state.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    qtbot.wait(300)  # several debounce periods
    assert seen == []
    bridge.stop()  # waits for the stop running in its thread
    assert not (_threads_of_watching() - before)
    assert all(not t.is_alive() for t in started)


def test_an_outside_change_to_a_config_lands_in_the_history(qtbot, demo: Path) -> None:
    from msd_desktop.core.history.store import OUTSIDE, HistoryStore

    root = demo / "checklist-printer"
    config = root / ".planning" / "config.json"
    bridge = WatchBridge(debounce_ms=20)
    bridge.set_roots([root])
    bridge.start()
    try:
        with qtbot.waitSignal(bridge.changed, timeout=10000,
                              check_params_cb=lambda e: "config" in e.kinds):
            config.write_text('{"mode": "yolo", "edited": "outside"}\n', encoding="utf-8")
    finally:
        bridge.stop()
    entries = HistoryStore.for_user().entries(config).entries
    assert entries[-1].source in (OUTSIDE, "first seen")
    assert HistoryStore.for_user().content(entries[-1]) == (
        b'{"mode": "yolo", "edited": "outside"}\n')


def test_a_write_never_waits_behind_reads_that_take_their_time(qtbot) -> None:
    """Every read thread busy (a slow disk, a FIFO until its timeout): a write the person
    asked for still runs at once, on the write lane."""
    from msd_desktop.ui.widgets.workers import MAX_WORKERS

    gate = threading.Event()
    reads = [run_op(lambda: gate.wait(30), name=f"slow read {i}")
             for i in range(MAX_WORKERS + 2)]
    try:
        written: list[str] = []
        handle = run_op(lambda: "saved", name="save", on_finished=written.append,
                        writes=True)
        with qtbot.waitSignal(handle.done, timeout=10000):
            pass
        assert written == ["saved"]
        assert not any(read.is_done for read in reads)  # the reads were all still running
    finally:
        gate.set()
    qtbot.waitUntil(lambda: all(read.is_done for read in reads), timeout=10000)

