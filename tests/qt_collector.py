"""Tests that run windows in this process collect cyclic garbage on the GUI thread, as the app does.

Imported into the conftests of the folders whose tests make windows here (an autouse fixture):
without it, the collector could run in one of the window's worker threads and free a cycle that
holds a Qt object there — the crash the app guards against (``ui/widgets/gui_thread_gc.py``).
"""

from __future__ import annotations

import contextlib
import gc
import sys
from collections.abc import Iterator
from typing import Any

import pytest

_collector: Any = None


@pytest.fixture(autouse=True)
def cycles_collected_on_gui_thread() -> Iterator[None]:
    """While a test runs, with an application made, collection runs on the GUI thread only."""
    global _collector
    widgets = sys.modules.get("PySide6.QtWidgets")
    app = widgets.QApplication.instance() if widgets is not None else None
    if app is None:
        yield
        return
    from msd_desktop.ui.widgets.gui_thread_gc import GuiThreadCollector

    if _collector is None or _collector.parent() is not app:
        _collector = GuiThreadCollector(app)
    _collector.start()
    try:
        yield
    finally:
        _collector.stop()


@contextlib.contextmanager
def suite_collector_paused() -> Iterator[None]:
    """For a test of the collection itself: automatic collection as a fresh process has it."""
    suite = _collector
    if suite is not None:
        suite.stop()
    gc.enable()
    try:
        yield
    finally:
        if suite is not None:
            suite.start()
