"""UI state (geometry, last project, last tab) written to ``QSettings`` a little later.

Why not ``setValue`` at once: QSettings writes the whole file (a ``QSaveFile`` with ``fsync``)
on the next event-loop turn after every change — opening a project and clicking through its
tabs waited on the disk at every click. So a value is kept here and reaches the
settings :data:`UI_STATE_FLUSH_MS` after the last change, or when the window closes
(:meth:`DeferredSettings.flush`). A value the settings already hold is not set again: QSettings
would write the whole file for it all the same, so a quit that changed nothing writes nothing.
Configuration never goes through here: only UI state.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QObject, QSettings, QTimer

# UI state reaches QSettings this long after the last change, or at close.
UI_STATE_FLUSH_MS = 3000


class DeferredSettings(QObject):
    """``QSettings`` values written a few seconds after the last change (see the module)."""

    def __init__(self, settings: QSettings, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.settings = settings
        self._pending: dict[str, Any] = {}
        self._unsynced = False  # a value was set that the file may not hold yet
        self.timer = QTimer(self)
        self.timer.setSingleShot(True)
        self.timer.setInterval(UI_STATE_FLUSH_MS)
        self.timer.timeout.connect(self.flush)

    def remember(self, key: str, value: Any) -> None:
        """Keep a value; it reaches the settings a few seconds later, or at :meth:`flush`."""
        self._pending[key] = value
        self.timer.start()

    def value(self, key: str, default: Any = None) -> Any:
        """The value as last remembered, else as the settings hold it."""
        if key in self._pending:
            return self._pending[key]
        return self.settings.value(key, default)

    def flush(self) -> None:
        """Hand what is kept to the settings, now (only the values they do not hold yet)."""
        self.timer.stop()
        for key, value in self._pending.items():
            if not holds(self.settings, key, value):
                self.settings.setValue(key, value)
                self._unsynced = True
        self._pending.clear()

    def write_now(self) -> None:
        """:meth:`flush`, and the file written now when anything changed since the last
        write (at close: nothing later may be left to write it)."""
        self.flush()
        if self._unsynced:
            self._unsynced = False
            self.settings.sync()


def holds(settings: QSettings, key: str, value: Any) -> bool:
    """Whether ``settings`` holds ``value`` at ``key`` already (a number reads back as its
    text from the settings file)."""
    held = settings.value(key)
    if held is None:
        return False
    if isinstance(value, int) and not isinstance(value, bool) and isinstance(held, str):
        return held == str(value)
    return bool(held == value)
