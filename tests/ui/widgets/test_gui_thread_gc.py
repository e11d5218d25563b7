"""Cyclic garbage is collected on the GUI thread only, never by a worker thread.

A worker that allocates enough to fill the collector's youngest generation would otherwise run
the collection itself and free there any cycle holding a Qt object (a crash of the process).
"""

from __future__ import annotations

import gc
import threading
import weakref
from collections.abc import Iterator

import pytest
from PySide6.QtCore import QObject

from msd_desktop.ui.widgets.gui_thread_gc import GuiThreadCollector
from tests.qt_collector import suite_collector_paused


@pytest.fixture
def collector(qapp: object) -> Iterator[GuiThreadCollector]:
    # The suite's own collector (tests/qt_collector.py) is stopped for the test: this one is
    # under test, started by the test itself.
    with suite_collector_paused():
        made = GuiThreadCollector(None, interval_ms=10)
        try:
            yield made
        finally:
            made.stop()


def _collections_by_thread() -> tuple[list[int], object]:
    threads: list[int] = []

    def note(phase: str, info: dict[str, int]) -> None:
        if phase == "start":
            threads.append(threading.get_ident())

    gc.callbacks.append(note)
    return threads, note


def _make_cycles(n: int) -> None:
    for _ in range(n):
        a: list[object] = []
        a.append(a)


def test_a_worker_that_allocates_collects_nothing_and_the_gui_thread_does(
        collector: GuiThreadCollector, qtbot) -> None:  # type: ignore[no-untyped-def]
    collector.start()
    threads, note = _collections_by_thread()
    try:
        worker = threading.Thread(target=_make_cycles, args=(20 * gc.get_threshold()[0],))
        worker.start()
        worker.join()
        in_worker = [t for t in threads if t == worker.ident]
        qtbot.waitUntil(lambda: threading.get_ident() in threads, timeout=5000)
    finally:
        gc.callbacks.remove(note)
    assert in_worker == []
    assert set(threads) == {threading.get_ident()}


def test_a_qt_object_in_a_cycle_a_worker_dropped_is_freed_on_the_gui_thread(
        collector: GuiThreadCollector, qtbot) -> None:  # type: ignore[no-untyped-def]
    collector.start()
    freed_in: list[int] = []
    holder: list[object] = [QObject()]
    cycle: dict[str, object] = {"object": holder[0]}
    cycle["self"] = cycle
    probe = weakref.ref(holder[0], lambda _: freed_in.append(threading.get_ident()))

    def drop_and_allocate() -> None:
        holder.clear()
        _make_cycles(20 * gc.get_threshold()[0])

    del cycle
    worker = threading.Thread(target=drop_and_allocate)
    worker.start()
    worker.join()
    assert freed_in == []  # still waiting for a collection: the worker ran none
    qtbot.waitUntil(lambda: probe() is None, timeout=5000)
    assert freed_in == [threading.get_ident()]


def test_stop_puts_automatic_collection_back(collector: GuiThreadCollector) -> None:
    collector.start()
    assert not gc.isenabled()
    assert collector.running
    collector.stop()
    assert gc.isenabled()
    assert not collector.running


def test_a_full_collection_waits_its_interval(collector: GuiThreadCollector) -> None:
    collector.start()
    for _ in range(gc.get_threshold()[2] + 1):
        gc.collect(1)  # each raises the oldest generation's count by one
    assert gc.get_count()[2] > gc.get_threshold()[2]
    assert collector.due_generation() in (None, 0, 1)
    collector._last_full -= collector.FULL_EVERY_S
    assert collector.due_generation() == 2
    assert collector.collect_due() == 2
    assert collector.due_generation() in (None, 0)
