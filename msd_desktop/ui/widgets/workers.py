"""A small op helper: run a plain function off the UI thread, get the result back on it.

Why: parsing STATE.md/ROADMAP.md and walking scan roots must never block the UI thread
(STYLE item 13). ``run_op(fn, ...)`` runs ``fn`` on a small, capped pool of Python worker
threads and delivers ``finished(result)`` / ``failed(exception)`` / ``progressed(done, total,
text)`` on the GUI thread through the op's :class:`OpHandle`.

How delivery works, and why it is built this way (bench P5 aborted the process with
``Fatal Python error: bool_dealloc`` and printed "shared QObject was deleted directly" /
"pure virtual method called" at exit with the previous ``QRunnable`` + ``Signal(object)``
design):

- Worker threads never touch a Qt object. They run ``fn``, append ``(op id, kind, payload)``
  to a lock-protected queue of plain Python tuples, and wake the GUI thread with
  ``QCoreApplication.postEvent`` (documented thread-safe) on one :class:`_Dispatcher` — a
  QObject created on, and living for good on, the GUI thread. Nothing is emitted from a worker
  (see :mod:`msd_desktop.ui.widgets.qt_guard` for what ``emit`` did to ``True``'s reference count),
  no
  Python object rides through a queued ``Signal(object)``, and no Python ``QRunnable`` can be
  deleted by a C++ pool behind Python's back.
- One wake-up is posted per burst, not per result: the dispatcher drains everything queued, in
  slices of :data:`DRAIN_BUDGET_S`, so a thousand results arrive in a few event-loop turns
  without blocking the UI thread.
- Handles are held in ``_LIVE`` (a strong reference) from ``run_op`` until their result was
  delivered, and released by the dispatcher *after* the handle's signals returned — never inside
  one of the handle's own slots, so Qt never deletes an object it is still dispatching to.
- ``owner``: when given, the callbacks are skipped once that QObject's C++ side is gone (a
  window closed while its op still ran), instead of calling into a deleted widget.
- ``shutdown()`` (connected to ``aboutToQuit``) cancels what is queued and joins the workers
  before Qt tears down.
"""

from __future__ import annotations

import itertools
import os
import sys
import threading
import traceback
import weakref
from collections import deque
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QThread, QTimer, Signal
from shiboken6 import Shiboken

ProgressFn = Callable[[int, int, str], None]

MAX_WORKERS = max(2, min(4, os.cpu_count() or 2))
DRAIN_BUDGET_S = 0.025  # deliver for at most this long per event-loop turn
# delay for work continued "on a later turn": QTimer.singleShot(0) is a posted call that Qt
# sends in the same batch as the events around it, so only a real timer lets input, timers
# and paints in between (bench P5 measures the gaps)
YIELD_MS = 1
SWITCH_INTERVAL_S = 0.001

_WAKE_EVENT = QEvent.Type(QEvent.registerEventType())
_LIVE: dict[int, OpHandle] = {}
_ids = itertools.count(1)


class CancelToken:
    """A cancel flag the worker may read (plain Python, thread-safe)."""

    def __init__(self) -> None:
        self._event = threading.Event()

    def cancel(self) -> None:
        self._event.set()

    @property
    def cancelled(self) -> bool:
        return self._event.is_set()


class Progress:
    """What ``fn`` gets when ``with_progress``: call it to report, read ``cancelled`` to stop."""

    def __init__(self, op_id: int, token: CancelToken) -> None:
        self._op_id = op_id
        self._token = token

    def __call__(self, done: int, total: int, text: str = "") -> None:
        _dispatcher_post(self._op_id, "progress", (int(done), int(total), str(text)))

    @property
    def cancelled(self) -> bool:
        return self._token.cancelled


class OpHandle(QObject):
    """One running op. Public signals fire on the GUI thread; ``cancel()`` is cooperative."""

    finished = Signal(object)
    failed = Signal(object)
    progressed = Signal(int, int, str)
    done = Signal()  # after finished or failed (or a cancelled op ended)

    def __init__(self, name: str = "", parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.name = name
        self.token = CancelToken()
        self.result: Any = None
        self.error: BaseException | None = None
        self.is_done = False
        self._owner: weakref.ref[QObject] | None = None

    @property
    def cancelled(self) -> bool:
        return self.token.cancelled

    def cancel(self) -> None:
        """Ask the op to stop; a result that still arrives is dropped."""
        self.token.cancel()

    def _owner_alive(self) -> bool:
        if self._owner is None:
            return True
        owner = self._owner()
        return owner is not None and Shiboken.isValid(owner)

    def _deliver(self, kind: str, payload: Any) -> None:
        live = not self.cancelled and self._owner_alive()
        if kind == "progress":
            if live:
                self.progressed.emit(*payload)
            return
        self.is_done = True
        if kind == "finished":
            self.result = payload
            if live:
                self.finished.emit(payload)
        elif kind == "failed":
            self.error = payload
            if live:
                self.failed.emit(payload)
        self.done.emit()


class _Dispatcher(QObject):
    """Lives on the GUI thread; turns queued worker results into handle signals."""

    def __init__(self) -> None:
        super().__init__()
        self._lock = threading.Lock()
        self._queue: deque[tuple[int, str, Any]] = deque()
        self._wake_pending = False
        self.closed = False

    def post(self, op_id: int, kind: str, payload: Any) -> None:
        """Any thread: queue one delivery and make sure a wake-up event is on its way."""
        with self._lock:
            if self.closed:
                return
            self._queue.append((op_id, kind, payload))
            if self._wake_pending:
                return
            self._wake_pending = True
        QCoreApplication.postEvent(self, QEvent(_WAKE_EVENT))

    def customEvent(self, event: QEvent) -> None:
        if event.type() == _WAKE_EVENT:
            self.drain()

    def drain(self, budget_s: float = DRAIN_BUDGET_S) -> None:
        """GUI thread: deliver what is queued, yielding to the event loop after ``budget_s``."""
        import time

        deadline = time.perf_counter() + budget_s
        while True:
            with self._lock:
                if not self._queue:
                    self._wake_pending = False
                    return
                op_id, kind, payload = self._queue.popleft()
            handle = _LIVE.get(op_id)
            if handle is not None:
                try:
                    handle._deliver(kind, payload)
                finally:
                    if kind != "progress":
                        _LIVE.pop(op_id, None)  # released here, not inside its own slot
            if time.perf_counter() > deadline:
                # more to do: continue on a later turn so input, timers and paints get in
                # between (a 0 ms single shot is posted into the batch being sent right now)
                QTimer.singleShot(YIELD_MS, self.drain)
                return


_state: dict[str, Any] = {}


def _dispatcher() -> _Dispatcher:
    disp = _state.get("dispatcher")
    if disp is None:
        app = QCoreApplication.instance()
        if app is None:
            raise RuntimeError("run_op needs a QApplication")
        if QThread.currentThread() is not app.thread():
            raise RuntimeError("run_op must be called on the GUI thread")
        disp = _Dispatcher()
        app.aboutToQuit.connect(shutdown)
        _state["dispatcher"] = disp
    return disp


def _dispatcher_post(op_id: int, kind: str, payload: Any) -> None:
    disp = _state.get("dispatcher")
    if disp is not None:
        disp.post(op_id, kind, payload)


def _executor() -> ThreadPoolExecutor:
    ex = _state.get("executor")
    if ex is None:
        # The UI thread runs many short Python callbacks (data(), slots) while a worker
        # parses; each may wait for the GIL up to the switch interval (5 ms by default).
        # 1 ms keeps the UI thread's waits short at a negligible cost to the workers.
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
        ex = ThreadPoolExecutor(max_workers=MAX_WORKERS, thread_name_prefix="msd-op")
        _state["executor"] = ex
    return ex


def _run(op_id: int, fn: Callable[..., Any], token: CancelToken, with_progress: bool) -> None:
    """Worker thread: plain Python only."""
    if token.cancelled:
        _dispatcher_post(op_id, "cancelled", None)
        return
    try:
        result = fn(Progress(op_id, token)) if with_progress else fn()
    except Exception as exc:  # every failure goes back to the UI
        exc.__traceback_text__ = traceback.format_exc()  # type: ignore[attr-defined]
        _dispatcher_post(op_id, "failed", exc)
    else:
        _dispatcher_post(op_id, "finished", result)


def run_op(
    fn: Callable[..., Any],
    *,
    name: str = "",
    on_finished: Callable[[Any], None] | None = None,
    on_failed: Callable[[BaseException], None] | None = None,
    on_progress: Callable[[int, int, str], None] | None = None,
    with_progress: bool = False,
    owner: QObject | None = None,
) -> OpHandle:
    """Run ``fn()`` (or ``fn(progress)`` when ``with_progress``) on the worker pool.

    GUI thread only. Callbacks are connected before the op starts, so no result can be
    missed. ``progress`` is a :class:`Progress`: call it to report, read
    ``progress.cancelled`` to stop early. With ``owner``, callbacks are skipped once that
    QObject was deleted.
    """
    disp = _dispatcher()
    handle = OpHandle(name)
    if owner is not None:
        handle._owner = weakref.ref(owner)
    if on_finished is not None:
        handle.finished.connect(on_finished)
    if on_failed is not None:
        handle.failed.connect(on_failed)
    if on_progress is not None:
        handle.progressed.connect(on_progress)
    op_id = next(_ids)
    _LIVE[op_id] = handle
    if disp.closed:  # after shutdown nothing runs; report the op as ended
        handle._deliver("cancelled", None)
        _LIVE.pop(op_id, None)
        return handle
    future: Future[None] = _executor().submit(_run, op_id, fn, handle.token, with_progress)
    del future
    return handle


def live_ops() -> int:
    """How many ops have not delivered their result yet (the smoke test waits for zero)."""
    return len(_LIVE)


def shutdown(wait: bool = True) -> None:
    """Cancel every op, drop queued work and join the worker threads (``aboutToQuit``)."""
    for handle in list(_LIVE.values()):
        handle.cancel()
    disp = _state.get("dispatcher")
    if disp is not None:
        disp.closed = True
    ex = _state.pop("executor", None)
    if ex is not None:
        ex.shutdown(wait=wait, cancel_futures=True)
    _LIVE.clear()
