"""Save in a worker: the planning lock and the write never hold the window's thread.

Why: another process may hold ``.planning/.lock`` (``msd config-set``, an agent) for up to the
lock's timeout, and a slow disk may take its time; done on the GUI thread, Save froze the
window for as long. A :class:`SaveJob` decides what to write on the GUI thread
(``ConfigDraft.plan_save``: a copy), waits for the lock and writes in a worker through the
core's write path (``draft.write_planned`` → ``store.write_project_config``: atomic, locked,
refused when the file changed since it was read), and finishes on the GUI thread
(``ConfigDraft.finish_save``). While it waits for the lock it can be cancelled: nothing is
written and the edits stay, unsaved. A failure leaves the draft as it was (the edits intact
and unsaved). An edit made while the file is written stays pending.

The job belongs to the file's edit session, not to the form: a form closed meanwhile (another
project opened) does not stop the save from finishing the draft's bookkeeping.
"""

from __future__ import annotations

import threading
import time
from typing import Any, NamedTuple

from PySide6.QtCore import QObject, Signal

from msd_desktop.core.common.errors import LockTimeoutError, MsdError
from msd_desktop.core.common.jsonfile import Fingerprint
from msd_desktop.core.common.planning_lock import DEFAULT_TIMEOUT_S, PlanningLock
from msd_desktop.core.common.text import Text
from msd_desktop.core.config.draft import PlannedSave, write_planned
from msd_desktop.ui.settings.undo import EditSession
from msd_desktop.ui.widgets.workers import Progress, run_op

#: How long one look at the lock waits before the worker checks for a cancel again (s).
LOCK_LOOK_S = 0.2

WAITING = "waiting"  # another process holds the planning lock
WRITING = "writing"  # the lock was free: the file is being written (no cancel any more)


class SaveCancelled(MsdError):
    """The person cancelled the save while it waited for the planning lock."""

    def __init__(self) -> None:
        super().__init__(Text.of("The save was cancelled; nothing was written."))


class SaveOutcome(NamedTuple):
    """How a save ended: ``ok`` and the keys written, or the error (the edits kept)."""

    ok: bool
    keys: list[str]
    error: BaseException | None = None

    @property
    def cancelled(self) -> bool:
        return isinstance(self.error, SaveCancelled)


def wait_for_lock(folder: Any, cancelled: threading.Event, progress: Progress,
                  timeout: float = DEFAULT_TIMEOUT_S) -> None:
    """Wait until the planning lock of ``folder`` is free (looking every LOCK_LOOK_S), or
    raise :class:`SaveCancelled`. After ``timeout`` it returns anyway: the write then takes
    its own last turn and reports the core's timeout message.

    The lock is taken and let go at once to look (the core's own lock: a stale lock is taken
    over, a ``.lock`` that is no lock file is refused, exactly as when writing)."""
    deadline = time.monotonic() + timeout
    said = False
    while True:
        if cancelled.is_set():
            raise SaveCancelled
        lock = PlanningLock(folder, timeout=LOCK_LOOK_S)
        try:
            lock.acquire()
        except LockTimeoutError:
            if not said:
                progress(0, 2, WAITING)
                said = True
            else:
                progress.beat()
            if time.monotonic() >= deadline:
                return
            continue
        lock.release()
        return


class SaveJob(QObject):
    """One save of one session's draft (see the module docstring)."""

    progressed = Signal(str)  # WAITING or WRITING
    finished = Signal(object)  # SaveOutcome

    def __init__(self, session: EditSession, planned: PlannedSave) -> None:
        super().__init__(session)
        self.session = session
        self.planned = planned
        self.state = ""
        self.running = True  # until finished was emitted
        self._cancel = threading.Event()
        self._index = session.stack.index()  # the undo step the saved content is at

    @property
    def cancellable(self) -> bool:
        """Only while waiting for the lock: once the write began it runs to its end."""
        return self.state != WRITING and not self._cancel.is_set()

    def cancel(self) -> None:
        """Stop waiting for the lock: nothing is written, the edits stay unsaved."""
        if self.cancellable:
            self._cancel.set()

    def start(self) -> None:
        planned, cancelled = self.planned, self._cancel

        def work(progress: Progress) -> Fingerprint:
            wait_for_lock(planned.path.parent, cancelled, progress)
            if cancelled.is_set():
                raise SaveCancelled
            progress(1, 2, WRITING)
            return write_planned(planned)

        run_op(work, name="settings-save", with_progress=True, on_progress=self._progress,
               on_finished=self._written, on_failed=self._failed, writes=True)

    def _progress(self, _done: int, _total: int, state: str) -> None:
        self.state = state
        self.progressed.emit(state)

    def _written(self, fingerprint: Fingerprint) -> None:
        session = self.session
        result = session.draft.finish_save(self.planned, fingerprint)
        untouched = session.stack.index() == self._index and not session.draft.dirty
        self.running = False
        self.finished.emit(SaveOutcome(True, result.keys))  # the form shows the file again
        if untouched:
            session.stack.setClean()  # nothing was edited while the file was written
        session.seal()
        self.deleteLater()

    def _failed(self, error: BaseException) -> None:
        self.running = False
        self.finished.emit(SaveOutcome(False, [], error))
        self.deleteLater()


__all__ = ["WAITING", "WRITING", "SaveCancelled", "SaveJob", "SaveOutcome", "wait_for_lock"]
