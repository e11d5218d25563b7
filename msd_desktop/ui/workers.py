"""A small QRunnable op helper: run a plain function off the UI thread, get the result back on it.

Why: parsing STATE.md/ROADMAP.md and walking scan roots must never block the UI thread
(STYLE item 13). ``run_op(fn, ...)`` runs ``fn`` in ``QThreadPool.globalInstance()`` and
delivers ``finished(result)`` / ``failed(exception)`` / ``progressed(done, total, text)`` on the
GUI thread.

How delivery works: an :class:`OpHandle` is created on the GUI thread. The worker emits the
handle's private ``_*_from_worker`` signals; those are connected with an explicit
``Qt.QueuedConnection`` to the handle's own slots, so the slots (and every callback connected to
the public signals) run on the GUI thread's event loop, whatever the callback is (lambda,
function or bound method). The pool keeps no Python reference to the handle, so
``_LIVE`` holds it until its result was delivered.
"""

from __future__ import annotations

import traceback
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QObject, QRunnable, Qt, QThreadPool, Signal, Slot

ProgressFn = Callable[[int, int, str], None]

_LIVE: set[OpHandle] = set()


class OpHandle(QObject):
    """One running op. Public signals fire on the GUI thread; ``cancel()`` is cooperative."""

    finished = Signal(object)
    failed = Signal(object)
    progressed = Signal(int, int, str)
    done = Signal()  # after finished or failed

    _finished_from_worker = Signal(object)
    _failed_from_worker = Signal(object)
    _progressed_from_worker = Signal(int, int, str)

    def __init__(self, name: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.cancelled = False
        self.result: Any = None
        self.error: BaseException | None = None
        self.is_done = False
        queued = Qt.ConnectionType.QueuedConnection
        self._finished_from_worker.connect(self._deliver_finished, queued)
        self._failed_from_worker.connect(self._deliver_failed, queued)
        self._progressed_from_worker.connect(self._deliver_progress, queued)

    def cancel(self) -> None:
        """Ask the op to stop; a result that still arrives is dropped."""
        self.cancelled = True

    @Slot(object)
    def _deliver_finished(self, result: object) -> None:
        self.result = result
        self.is_done = True
        if not self.cancelled:
            self.finished.emit(result)
        self.done.emit()
        _LIVE.discard(self)

    @Slot(object)
    def _deliver_failed(self, error: object) -> None:
        self.error = error if isinstance(error, BaseException) else RuntimeError(str(error))
        self.is_done = True
        if not self.cancelled:
            self.failed.emit(self.error)
        self.done.emit()
        _LIVE.discard(self)

    @Slot(int, int, str)
    def _deliver_progress(self, done: int, total: int, text: str) -> None:
        if not self.cancelled:
            self.progressed.emit(done, total, text)


class _OpRunnable(QRunnable):
    def __init__(self, handle: OpHandle, fn: Callable[..., Any], with_progress: bool) -> None:
        super().__init__()
        self._handle = handle
        self._fn = fn
        self._with_progress = with_progress
        self.setAutoDelete(True)

    def run(self) -> None:
        handle = self._handle
        try:
            if self._with_progress:

                def progress(done: int, total: int, text: str = "") -> None:
                    handle._progressed_from_worker.emit(done, total, text)

                result = self._fn(progress)
            else:
                result = self._fn()
        except Exception as exc:  # every failure goes back to the UI
            exc.__traceback_text__ = traceback.format_exc()  # type: ignore[attr-defined]
            handle._failed_from_worker.emit(exc)
        else:
            handle._finished_from_worker.emit(result)


def run_op(
    fn: Callable[..., Any],
    *,
    name: str = "",
    on_finished: Callable[[Any], None] | None = None,
    on_failed: Callable[[BaseException], None] | None = None,
    on_progress: Callable[[int, int, str], None] | None = None,
    with_progress: bool = False,
    pool: QThreadPool | None = None,
) -> OpHandle:
    """Run ``fn()`` (or ``fn(progress)`` when ``with_progress``) on the thread pool.

    Callbacks are connected before the op starts, so no result can be missed.
    """
    handle = OpHandle(name)
    if on_finished is not None:
        handle.finished.connect(on_finished)
    if on_failed is not None:
        handle.failed.connect(on_failed)
    if on_progress is not None:
        handle.progressed.connect(on_progress)
    _LIVE.add(handle)
    (pool or QThreadPool.globalInstance()).start(_OpRunnable(handle, fn, with_progress))
    return handle


def live_ops() -> int:
    """How many ops have not delivered their result yet (the smoke test waits for zero)."""
    return len(_LIVE)
