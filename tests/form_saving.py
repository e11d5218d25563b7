"""Saving a Settings form in a test: Save runs in a worker, so a test waits for its end.

``save_form(qtbot, panel)`` presses Save and waits for ``save_finished``; it returns whether the
file was written (False when the save was refused or failed: nothing written). Without a
``qtbot`` (a property test's helper) it waits with a ``QSignalSpy``. A save still running from
before is waited for first, so each call reports its own save. When a save does not end in
time, the failure says what the workers were doing and who held the planning lock."""

from __future__ import annotations

import sys
import traceback
from typing import Any


def wait_for_saves(panel: Any, timeout: int = 20000) -> None:
    """Wait until no save of the panel's file is running (one asked for before)."""
    from PySide6.QtCore import QDeadlineTimer, QEventLoop
    from PySide6.QtWidgets import QApplication

    deadline = QDeadlineTimer(timeout)
    while panel.save_job() is not None:
        assert not deadline.hasExpired(), "an earlier save did not finish\n" + why_stuck(panel)
        QApplication.processEvents(QEventLoop.ProcessEventsFlag.AllEvents, 50)


def save_form(qtbot: Any, panel: Any, timeout: int = 20000) -> bool:
    wait_for_saves(panel, timeout)
    if qtbot is None:
        from PySide6.QtTest import QSignalSpy

        spy = QSignalSpy(panel.save_finished)
        panel.save()
        if spy.count() == 0:
            assert spy.wait(timeout), "the save did not finish\n" + why_stuck(panel)
        return bool(spy.at(0)[0])
    with qtbot.waitSignal(panel.save_finished, timeout=timeout) as blocker:
        panel.save()
    return bool(blocker.args[0])


def why_stuck(panel: Any) -> str:
    """The workers' ops, the planning lock's holder and every thread's stack, for a failure."""
    from msd_desktop.core.common.planning_lock import read_lock_holder
    from msd_desktop.ui.widgets import workers

    lines = []
    for key in workers.POOL_KEYS:
        pool = workers._state.get(key)
        if pool is not None:
            running = [(job.name, job.timeout_s) for job, _ in pool._running.values()]
            lines.append(f"{key}: running {running}, idle {pool._idle}, stuck {len(pool._stuck)}")
    lines.append(f"ops not delivered: {[h.name for h in workers._LIVE.values()]}")
    draft = getattr(panel, "draft", None)
    if draft is not None:
        lines.append(f"planning lock: {read_lock_holder(draft.path.parent)}")
    for ident, frame in sys._current_frames().items():
        lines.append(f"thread {ident}:\n" + "".join(traceback.format_stack(frame)[-6:]))
    return "\n".join(lines)
