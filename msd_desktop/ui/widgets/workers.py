"""A small op helper: run a plain function off the UI thread, get the result back on it.

Why: parsing STATE.md/ROADMAP.md and walking scan roots must never block the UI thread
(STYLE item 13). ``run_op(fn, ...)`` runs ``fn`` on a small, capped pool of Python worker
threads and delivers ``finished(result)`` / ``failed(exception)`` / ``progressed(done, total,
text)`` on the GUI thread through the op's :class:`OpHandle`.

How delivery works, and why it is built this way (with the previous ``QRunnable`` +
``Signal(object)`` design a scan of hundreds of projects aborted the process with ``Fatal
Python error: bool_dealloc`` and printed "shared QObject was deleted directly" / "pure virtual
method called" at exit):

- Worker threads never touch a Qt object. They run ``fn``, append ``(op id, kind, payload)``
  to a lock-protected queue of plain Python tuples, and wake the GUI thread with
  ``QCoreApplication.postEvent`` (documented thread-safe) on one :class:`_Dispatcher` — a
  QObject created on, and living for good on, the GUI thread. Nothing is emitted from a worker
  (PySide6 6.12.0's ``emit`` dropped a reference to ``True`` per call; see the pin in
  ``pyproject.toml``), no Python object rides through a queued ``Signal(object)``, and no
  Python ``QRunnable`` can be deleted by a C++ pool behind Python's back.
- One wake-up is posted per burst, not per result: the dispatcher drains everything queued, in
  slices of :data:`DRAIN_BUDGET_S`, so a thousand results arrive in a few event-loop turns
  without blocking the UI thread.
- Handles are held in ``_LIVE`` (a strong reference) from ``run_op`` until their result was
  delivered, and released by the dispatcher *after* the handle's signals returned — never inside
  one of the handle's own slots, so Qt never deletes an object it is still dispatching to.
- ``owner``: when given, the callbacks are skipped once that QObject's C++ side is gone (a
  window closed while its op still ran), instead of calling into a deleted widget.
- Workers are daemon threads of our own small pool (not a ``ThreadPoolExecutor``, whose
  threads Python joins at exit): a read that blocks for good (a FIFO, a hung network mount)
  can never keep the process alive. ``shutdown()`` (connected to ``aboutToQuit``) cancels
  what is queued and waits at most :data:`SHUTDOWN_WAIT_S` for the workers.
- ``writes=True``: the op writes a file the person asked to write (a Save, a batch edit). It
  runs on a lane of its own (:data:`MAX_WRITERS` threads), so it never waits behind reads
  that take their time (a slow disk, a FIFO until its timeout, a keyring that does not answer).
- ``timeout_s``: an op that runs that long without reporting progress fails with
  :class:`OpTimeout` (a progress report restarts the clock, so a long scan that keeps
  reporting never times out). Its thread is written off and replaced, so one stuck read
  costs one thread, never the pool. Replacements stop once :data:`MAX_STUCK` threads are
  written off (so there are never more than ``MAX_WORKERS + MAX_STUCK`` threads, however
  many projects); when every thread is stuck, queued ops fail at once
  (:class:`PoolExhausted`) instead of waiting behind reads that never return.
"""

from __future__ import annotations

import itertools
import os
import queue
import sys
import threading
import time
import traceback
import weakref
from collections import deque
from collections.abc import Callable, Mapping
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QThread, QTimer, Signal
from shiboken6 import Shiboken

ProgressFn = Callable[[int, int, str], None]

MAX_WORKERS = max(2, min(4, os.cpu_count() or 2))
MAX_WRITERS = 2  # the write lane's threads (a save per file at a time; few files at once)
POOL_KEYS = ("pool", "write_pool")  # the read lane and the write lane, in _state
DRAIN_BUDGET_S = 0.025  # deliver for at most this long per event-loop turn
# delay for work continued "on a later turn": QTimer.singleShot(0) is a posted call that Qt
# sends in the same batch as the events around it, so only a real timer lets input, timers
# and paints in between
YIELD_MS = 1
SWITCH_INTERVAL_S = 0.001
SHUTDOWN_WAIT_S = 2.0  # quitting waits at most this long for busy workers
MAX_STUCK = 8  # written-off threads after which no replacement is started
WATCHDOG_MS = 200  # how often running ops with a timeout are checked (only while any run)
# an op that reads planning files and gives no answer this long (a FIFO, a hung mount) is
# failed with OpTimeout; the window says "could not be read in N s" and moves on
READ_TIMEOUT_S = 8.0


def read_timeout(env: Mapping[str, str] | None = None) -> float:
    """:data:`READ_TIMEOUT_S`, or ``MSD_DESKTOP_READ_TIMEOUT_S`` from ``env`` (tests shorten
    it)."""
    raw = (os.environ if env is None else env).get("MSD_DESKTOP_READ_TIMEOUT_S", "")
    try:
        value = float(raw) if raw else READ_TIMEOUT_S
    except ValueError:
        return READ_TIMEOUT_S
    return value if 0 < value < 3600 else READ_TIMEOUT_S

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


class OpTimeout(Exception):
    """An op ran ``seconds`` without finishing or reporting progress (its thread is written
    off; whatever it returns later is dropped)."""

    def __init__(self, name: str, seconds: float) -> None:
        self.name = name
        self.seconds = seconds
        super().__init__(f"no answer within {seconds:g} s")


class PoolExhausted(Exception):
    """Too many workers are stuck in reads that never returned; the op was not run."""

    def __init__(self) -> None:
        super().__init__("every worker is stuck in a read; not started")


class Progress:
    """What ``fn`` gets when ``with_progress``: call it to report, read ``cancelled`` to stop."""

    def __init__(self, op_id: int, token: CancelToken, pool: _Pool | None = None) -> None:
        self._op_id = op_id
        self._token = token
        self._pool = pool

    def __call__(self, done: int, total: int, text: str = "") -> None:
        self.beat()
        _dispatcher_post(self._op_id, "progress", (int(done), int(total), str(text)))

    def beat(self) -> None:
        """Still working (restarts the op's timeout clock) without reporting anything."""
        if self._pool is not None:
            self._pool.heartbeat(self._op_id)

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
            if isinstance(payload, OpTimeout):
                self.token.cancel()  # a cooperative fn still running may notice and stop
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


class _Job:
    __slots__ = ("deadline", "fn", "name", "op_id", "timeout_s", "token", "with_progress")

    def __init__(self, op_id: int, fn: Callable[..., Any], token: CancelToken,
                 with_progress: bool, timeout_s: float | None, name: str) -> None:
        self.op_id = op_id
        self.fn = fn
        self.token = token
        self.with_progress = with_progress
        self.timeout_s = timeout_s
        self.name = name
        self.deadline = 0.0


class _Worker(threading.Thread):
    def __init__(self, pool: _Pool, n: int) -> None:
        # daemon: a read stuck for good must never keep the process from exiting
        super().__init__(name=f"msd-op-{n}", daemon=True)
        self.pool = pool
        self.written_off = False

    def run(self) -> None:
        self.pool.serve(self)


class _Pool:
    """A few daemon worker threads; ops with a timeout are watched from the GUI thread."""

    def __init__(self, size: int) -> None:
        self.size = size
        self._jobs: queue.SimpleQueue[_Job | None] = queue.SimpleQueue()
        self._lock = threading.Lock()
        self._workers: list[_Worker] = []  # serving (not written off)
        self._stuck: list[_Worker] = []  # written off after a timeout, maybe still running
        self._idle = 0
        self._running: dict[int, tuple[_Job, _Worker]] = {}
        self._queued_timed = 0
        self._names = itertools.count(1)
        self.closed = False

    # -- any thread

    def submit(self, job: _Job) -> None:
        with self._lock:
            if job.timeout_s is not None:
                self._queued_timed += 1
            spawn = self._idle == 0 and len(self._workers) < self.size
            if spawn:
                self._spawn_locked()
        self._jobs.put(job)

    def _spawn_locked(self) -> None:
        worker = _Worker(self, next(self._names))
        self._workers.append(worker)
        worker.start()

    def heartbeat(self, op_id: int) -> None:
        with self._lock:
            entry = self._running.get(op_id)
            if entry is not None and entry[0].timeout_s is not None:
                entry[0].deadline = time.monotonic() + entry[0].timeout_s

    def serve(self, worker: _Worker) -> None:
        """Worker thread: run jobs until told to stop or written off."""
        while True:
            with self._lock:
                self._idle += 1
            job = self._jobs.get()
            with self._lock:
                self._idle -= 1
                if job is None or self.closed:
                    if worker in self._workers:
                        self._workers.remove(worker)
                    return
                if job.timeout_s is not None:
                    self._queued_timed -= 1
                    job.deadline = time.monotonic() + job.timeout_s
                self._running[job.op_id] = (job, worker)
            _run(job.op_id, job.fn, job.token, job.with_progress, self)  # never raises
            with self._lock:
                self._running.pop(job.op_id, None)
                if worker.written_off:
                    if worker in self._stuck:
                        self._stuck.remove(worker)
                    return  # a replacement took this thread's place

    # -- GUI thread (the watchdog)

    def watched(self) -> bool:
        """Whether any op with a timeout is queued or running."""
        with self._lock:
            return self._queued_timed > 0 or any(
                j.timeout_s is not None for j, _ in self._running.values())

    def expire(self) -> list[_Job]:
        """Write off the threads of ops past their deadline (replacing them while fewer
        than :data:`MAX_STUCK` are stuck); the expired jobs, for the caller to fail."""
        now = time.monotonic()
        expired: list[_Job] = []
        starved: list[_Job] = []
        with self._lock:
            for op_id, (job, worker) in list(self._running.items()):
                if job.timeout_s is None or now < job.deadline:
                    continue
                del self._running[op_id]  # (its token is cancelled once the failure is out)
                worker.written_off = True
                if worker in self._workers:
                    self._workers.remove(worker)
                self._stuck.append(worker)
                expired.append(job)
                if len(self._stuck) < MAX_STUCK and not self.closed:
                    self._spawn_locked()
            if not self._workers and not self.closed:
                # every thread is stuck: what is queued would wait for good
                while True:
                    try:
                        queued = self._jobs.get_nowait()
                    except queue.Empty:
                        break
                    if queued is not None:
                        if queued.timeout_s is not None:
                            self._queued_timed -= 1
                        starved.append(queued)
        for job in starved:
            _dispatcher_post(job.op_id, "failed", PoolExhausted())
        return expired

    def shutdown(self, wait_s: float) -> bool:
        """Drop queued jobs, stop the workers; wait at most ``wait_s``. True if all ended."""
        with self._lock:
            self.closed = True
            workers = list(self._workers)
            while True:
                try:
                    self._jobs.get_nowait()
                except queue.Empty:
                    break
            self._queued_timed = 0
        for _ in workers:
            self._jobs.put(None)
        deadline = time.monotonic() + wait_s
        # wait for ops that may write (no timeout) to end; a read (an op with a timeout)
        # can be abandoned as it is: it changes nothing
        while time.monotonic() < deadline and self._must_wait(workers):
            time.sleep(0.005)
        return all(not w.is_alive() for w in workers) and not self.busy_threads()

    def writing(self) -> int:
        """Ops without a timeout still running (they may be writing a file)."""
        with self._lock:
            return sum(1 for j, w in self._running.values()
                       if j.timeout_s is None and w.is_alive())

    def _must_wait(self, workers: list[_Worker]) -> bool:
        with self._lock:
            reading = {id(w) for j, w in self._running.values() if j.timeout_s is not None}
        return any(w.is_alive() and id(w) not in reading for w in workers)

    def busy_threads(self) -> int:
        """Worker threads still inside an op (running one, or written off while in one);
        idle ones waiting for work do not count."""
        with self._lock:
            busy = {id(w): w for _, w in self._running.values()}
            busy.update((id(w), w) for w in self._stuck)
            return sum(1 for w in busy.values() if w.is_alive())


def _pool(writes: bool = False) -> _Pool:
    if writes:
        lane = _state.get("write_pool")
        if lane is None:
            lane = _state["write_pool"] = _Pool(MAX_WRITERS)
        return lane
    pool = _state.get("pool")
    if pool is None:
        # The UI thread runs many short Python callbacks (data(), slots) while a worker
        # parses; each may wait for the GIL up to the switch interval (5 ms by default).
        # 1 ms keeps the UI thread's waits short at a negligible cost to the workers.
        sys.setswitchinterval(min(sys.getswitchinterval(), SWITCH_INTERVAL_S))
        pool = _state["pool"] = _Pool(MAX_WORKERS)
    return pool


def _run(op_id: int, fn: Callable[..., Any], token: CancelToken, with_progress: bool,
         pool: _Pool | None = None) -> None:
    """Worker thread: plain Python only."""
    if token.cancelled:
        _dispatcher_post(op_id, "cancelled", None)
        return
    try:
        result = fn(Progress(op_id, token, pool)) if with_progress else fn()
    except Exception as exc:  # every failure goes back to the UI
        exc.__traceback_text__ = traceback.format_exc()  # type: ignore[attr-defined]
        _dispatcher_post(op_id, "failed", exc)
    except BaseException as exc:  # SystemExit & co.: still an answer, and the worker lives on
        _dispatcher_post(op_id, "failed", exc)
    else:
        _dispatcher_post(op_id, "finished", result)


def _lanes() -> list[_Pool]:
    """The pools that run ops now (the read lane, the write lane)."""
    return [pool for key in POOL_KEYS if (pool := _state.get(key)) is not None]


def _stopped_lanes() -> list[_Pool]:
    """The running pools, or after :func:`shutdown` the ones it stopped."""
    return _lanes() or list(_state.get("stopped_pools", ()))


def _watchdog_tick() -> None:
    """GUI thread: fail the ops that ran past their timeout; stop ticking when none is left."""
    lanes = _lanes()
    timer = _state.get("watchdog")
    for pool in lanes:
        for job in pool.expire():
            assert job.timeout_s is not None
            _dispatcher_post(job.op_id, "failed", OpTimeout(job.name, job.timeout_s))
    if timer is not None and not any(pool.watched() for pool in lanes):
        timer.stop()


def _watch() -> None:
    timer = _state.get("watchdog")
    if timer is None:
        timer = QTimer(_dispatcher())
        timer.setInterval(WATCHDOG_MS)
        timer.timeout.connect(_watchdog_tick)
        _state["watchdog"] = timer
    if not timer.isActive():
        timer.start()


def run_op(
    fn: Callable[..., Any],
    *,
    name: str = "",
    on_finished: Callable[[Any], None] | None = None,
    on_failed: Callable[[BaseException], None] | None = None,
    on_progress: Callable[[int, int, str], None] | None = None,
    with_progress: bool = False,
    owner: QObject | None = None,
    timeout_s: float | None = None,
    writes: bool = False,
) -> OpHandle:
    """Run ``fn()`` (or ``fn(progress)`` when ``with_progress``) on the worker pool.

    GUI thread only. Callbacks are connected before the op starts, so no result can be
    missed. ``progress`` is a :class:`Progress`: call it to report, read
    ``progress.cancelled`` to stop early. With ``owner``, callbacks are skipped once that
    QObject was deleted. With ``timeout_s``, the op fails with :class:`OpTimeout` once it
    ran that long since it started or last reported progress. With ``writes``, it runs on the
    write lane (a file the person asked to write never waits behind slow reads).
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
    _pool(writes).submit(_Job(op_id, fn, handle.token, with_progress, timeout_s, name))
    if timeout_s is not None:
        _watch()
    return handle


def live_ops() -> int:
    """How many ops have not delivered their result yet (the smoke test waits for zero)."""
    return len(_LIVE)


def stuck_threads() -> int:
    """Worker threads still inside an op (after :func:`shutdown`: the ones it could not
    stop — each stuck in a read that never returned, or still busy past the wait)."""
    return sum(int(pool.busy_threads()) for pool in _stopped_lanes())


def wait_for_writes(timeout_s: float) -> bool:
    """Any thread, after :func:`shutdown`: wait (at most ``timeout_s``) until no op without a
    timeout — one that may write a file — is running. True when none is."""
    lanes = _stopped_lanes()
    deadline = time.monotonic() + timeout_s
    while any(pool.writing() for pool in lanes):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.01)
    return True


def shutdown(wait: bool = True) -> None:
    """Cancel every op, drop queued work and stop the workers (``aboutToQuit``), waiting at
    most :data:`SHUTDOWN_WAIT_S` for ops without a timeout still running (they may write);
    reads (ops with a timeout) and stuck ops are left to the exit: their threads are
    daemons."""
    for handle in list(_LIVE.values()):
        handle.cancel()
    disp = _state.get("dispatcher")
    if disp is not None:
        disp.closed = True
    timer = _state.pop("watchdog", None)
    if timer is not None:
        timer.stop()
    lanes = [pool for key in POOL_KEYS if (pool := _state.pop(key, None)) is not None]
    deadline = time.monotonic() + (SHUTDOWN_WAIT_S if wait else 0.0)
    for pool in lanes:  # one wait for both lanes, not one each
        pool.shutdown(max(0.0, deadline - time.monotonic()))
    if lanes:
        _state["stopped_pools"] = lanes  # stuck_threads() still reports on them
    _LIVE.clear()
