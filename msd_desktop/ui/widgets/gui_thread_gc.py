"""Python's cyclic garbage collector, run on the GUI thread only.

Why: Python runs its collector in whichever thread happens to allocate when a generation fills
up. A cycle that holds a Qt object (a widget and a Python callable connected to one of its
signals, a model and the view it feeds) found that way by a worker thread is freed there, and a
Qt object deleted off the thread it lives in crashes the process (seen: a segmentation fault
inside a keyring worker's D-Bus call, the collector running in it). So automatic collection
stays off and a timer on the GUI thread runs the collections Python's own thresholds ask for.
Reference counting, which frees everything that is not part of a cycle at once, is untouched.

A full collection (the oldest generation) walks every object the process holds, so besides its
threshold it waits :attr:`GuiThreadCollector.FULL_EVERY_S` after the last one: Python's own rule
(wait until a quarter of the old objects are new) reads counts that are not public.
"""

from __future__ import annotations

import contextlib
import gc
import time

from PySide6.QtCore import QObject, QTimer


class GuiThreadCollector(QObject):
    """While it runs, the cyclic collector runs only here, on the thread this object lives in."""

    INTERVAL_MS = 200
    FULL_EVERY_S = 60.0

    def __init__(self, parent: QObject | None = None, interval_ms: int = INTERVAL_MS) -> None:
        super().__init__(parent)
        self._thresholds = gc.get_threshold()
        self._last_full = time.monotonic()
        self._was_enabled = False
        self._running = False
        self._timer = QTimer(self)
        self._timer.setInterval(interval_ms)
        self._timer.timeout.connect(self.collect_due)

    @property
    def running(self) -> bool:
        return self._running

    def start(self) -> None:
        """Automatic collection off; the timer's collections on."""
        if self.running:
            return
        self._was_enabled = gc.isenabled()
        gc.disable()
        self._running = True
        self._timer.start()

    def stop(self) -> None:
        """The timer stops; automatic collection is back as it was before :meth:`start`."""
        if not self.running:
            return
        self._running = False
        with contextlib.suppress(RuntimeError):  # the application, its parent, already gone
            self._timer.stop()
        if self._was_enabled:
            gc.enable()

    def due_generation(self) -> int | None:
        """The oldest generation whose count is over its threshold (None: nothing is due)."""
        full_allowed = time.monotonic() - self._last_full >= self.FULL_EVERY_S
        kept = 3 if full_allowed else 2
        generations = zip(gc.get_count()[:kept], self._thresholds[:kept], strict=True)
        due = None
        for generation, (count, threshold) in enumerate(generations):
            if threshold and count > threshold:
                due = generation
        return due

    def collect_due(self) -> int | None:
        """Collect what is due; return the generation collected (None: nothing was)."""
        generation = self.due_generation()
        if generation is None:
            return None
        gc.collect(generation)
        if generation == 2:
            self._last_full = time.monotonic()
        return generation
