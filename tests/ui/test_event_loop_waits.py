"""The way tests wait for a worker's result must let the worker run.

PySide6's ``QSignalSpy.wait`` keeps Python's GIL while Qt waits in C++: a Python worker thread
then runs only in the slivers when the GUI thread runs Python, and a Settings save in a
property test took more than 20 s on a loaded machine. ``tests/form_saving.wait_for_signal``
waits in a ``QEventLoop`` instead; this measures what a worker gets done while each waits, so a
helper that starves workers fails here rather than as a flaky save elsewhere."""

from __future__ import annotations

import threading

from PySide6.QtCore import QObject, Signal

from tests.form_saving import wait_for_signal


class _Never(QObject):
    fired = Signal()


def _work_done_while(wait: object) -> int:
    """How far a counting Python thread gets while ``wait()`` runs (300 ms)."""
    count = [0]
    stop = threading.Event()

    def spin() -> None:
        while not stop.is_set():
            count[0] += 1

    thread = threading.Thread(target=spin, daemon=True)
    thread.start()
    try:
        start = count[0]
        wait()  # type: ignore[operator]
        return count[0] - start
    finally:
        stop.set()
        thread.join(5)


def test_the_form_tests_wait_lets_a_worker_run_like_a_plain_sleep(qtbot) -> None:
    import time

    never = _Never()
    assert wait_for_signal(never.fired, lambda: None, 300) is None  # timed out, no result
    slept = _work_done_while(lambda: time.sleep(0.3))
    looped = _work_done_while(lambda: wait_for_signal(never.fired, lambda: None, 300))
    # the same order of work as a sleep (which lets the worker have the GIL all along);
    # QSignalSpy.wait gets about a fortieth of it
    assert looped > slept / 10, (looped, slept)


def test_wait_for_signal_returns_the_arguments_of_an_emit_made_at_start(qtbot) -> None:
    class Once(QObject):
        done = Signal(bool, list)

    once = Once()
    assert wait_for_signal(once.done, lambda: once.done.emit(True, ["k"]), 5000) == (
        True, ["k"])
