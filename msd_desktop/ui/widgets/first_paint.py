"""Work that waits for a window's first paint: the first screen comes before it.

The watch set-up (the watcher's and watchdog's modules) and the tray are not needed to show
the window, so they wait until it has painted once; a window that is shown but never painted
(a minimized start, a compositor that holds it back) goes on after :data:`FIRST_PAINT_WAIT_MS`,
and a window that is not shown at all runs them at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QEvent, QObject, QTimer
from PySide6.QtWidgets import QWidget

# What waits for the first paint waits at most this long for it.
FIRST_PAINT_WAIT_MS = 500


class FirstPaint(QObject):
    """Calls kept until ``window`` has painted once (an event filter on it until then)."""

    def __init__(self, window: QWidget, waiting: list[Callable[[], Any]] | None = None) -> None:
        super().__init__(window)
        self._window = window
        self._waiting: list[Callable[[], Any]] | None = list(waiting or ())
        self._fallback = False  # the timer for a window shown but never painted
        window.installEventFilter(self)

    @property
    def done(self) -> bool:
        """The window has painted (or what waited has run for another reason)."""
        return self._waiting is None

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if (watched is self._window and event.type() == QEvent.Type.Paint
                and self._waiting is not None):
            QTimer.singleShot(0, self, self.painted)  # once this paint is done
        return super().eventFilter(watched, event)

    def painted(self) -> None:
        """The window painted once (or never will soon): what waited for that runs now."""
        waiting, self._waiting = self._waiting, None
        if waiting is None:
            return
        self._window.removeEventFilter(self)
        for call in waiting:
            call()

    def after(self, call: Callable[[], Any]) -> bool:
        """Keep ``call`` for after the first paint; False when that has been (or the window
        is not shown, so none is coming): then the caller goes on at once."""
        if self._waiting is None or not self._window.isVisible():
            return False
        if not self._fallback:  # a window that is shown but never painted goes on too
            self._fallback = True
            QTimer.singleShot(FIRST_PAINT_WAIT_MS, self, self.painted)
        self._waiting.append(call)
        return True
