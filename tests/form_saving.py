"""Saving a Settings form in a test: Save runs in a worker, so a test waits for its end.

``save_form(qtbot, panel)`` presses Save and waits for ``save_finished``; it returns whether the
file was written (False when the save was refused or failed: nothing written). Without a
``qtbot`` (a property test's helper) it waits in a ``QEventLoop`` — never ``QSignalSpy.wait``,
which keeps Python's GIL while it waits in C++, so the save's worker thread barely runs (about 2 %
of its speed: a save then took over 20 s on a loaded machine). A save still running from before
answers the call (a key press started it; edits made meanwhile are then saved too). When a save
does not end in time, the failure says what the workers were doing and who held the planning
lock."""

from __future__ import annotations

import sys
import traceback
from typing import Any


def wait_for_saves(panel: Any, timeout: int = 20000) -> None:
    """Wait until no save of the panel's file is running (one asked for before)."""
    from PySide6.QtCore import QDeadlineTimer, QEventLoop, QTimer

    deadline = QDeadlineTimer(timeout)
    while panel.save_job() is not None:
        assert not deadline.hasExpired(), "an earlier save did not finish\n" + why_stuck(panel)
        loop = QEventLoop()  # a turn of 50 ms that lets the worker run
        QTimer.singleShot(50, loop.quit)
        loop.exec()


def wait_for_signal(signal: Any, start: Any, timeout: int) -> tuple[Any, ...] | None:
    """Call ``start()``, then run an event loop until ``signal`` is emitted (its arguments)
    or ``timeout`` ms pass (``None``). The loop lets other threads run while it waits."""
    from PySide6.QtCore import QEventLoop, QTimer

    got: list[tuple[Any, ...]] = []
    loop = QEventLoop()

    def seen(*args: Any) -> None:
        if not got:
            got.append(args)
        loop.quit()

    signal.connect(seen)
    try:
        start()
        if not got:
            timer = QTimer()
            timer.setSingleShot(True)
            timer.timeout.connect(loop.quit)
            timer.start(timeout)
            loop.exec()
            timer.stop()
    finally:
        signal.disconnect(seen)
    return got[0] if got else None


def save_form(qtbot: Any, panel: Any, timeout: int = 20000) -> bool:
    if panel.save_job() is not None:  # a save a key press started: its end answers
        ended = wait_for_signal(panel.save_finished, lambda: None, timeout)
        assert ended is not None, "the save did not finish\n" + why_stuck(panel)
        wait_for_saves(panel, timeout)
        if not ended[0] or panel.draft is None or not panel.draft.dirty:
            return bool(ended[0])
    if qtbot is None:
        ended = wait_for_signal(panel.save_finished, panel.save, timeout)
        assert ended is not None, "the save did not finish\n" + why_stuck(panel)
        return bool(ended[0])
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
