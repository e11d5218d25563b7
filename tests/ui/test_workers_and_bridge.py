"""The op helper and the watch bridge deliver on the GUI thread."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest

from msd_desktop.ui.watch_bridge import WatchBridge
from msd_desktop.ui.workers import live_ops, run_op


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
