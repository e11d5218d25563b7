"""Adapt the core's :class:`~msd_desktop.core.workspace.watcher.ProjectWatcher` to a Qt signal.

The watcher is Qt-free and calls its callback on its own debounce thread (STYLE item 4). The
bridge's callback only emits ``_arrived`` — a signal of a QObject that lives on the GUI thread,
connected to the bridge's own slot with an explicit ``Qt.QueuedConnection`` — so ``changed``
is always emitted on the GUI thread, from its event loop, and no widget is touched from the
watcher thread. ``stop()`` joins the watcher's threads (Spyder's habit): call it before the
application quits.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal, Slot

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.workspace.watcher import ChangeEvent, ProjectWatcher


class WatchBridge(QObject):
    """Owns one ProjectWatcher; re-emits its events as ``changed(ChangeEvent)`` (GUI thread)."""

    changed = Signal(object)  # ChangeEvent
    _arrived = Signal(object)

    def __init__(self, parent: QObject | None = None, debounce_ms: int = 15) -> None:
        super().__init__(parent)
        self._arrived.connect(self._deliver, Qt.ConnectionType.QueuedConnection)
        self._watcher = ProjectWatcher(self._on_watcher_thread, debounce_ms=debounce_ms)

    @property
    def watcher(self) -> ProjectWatcher:
        return self._watcher

    def _on_watcher_thread(self, event: ChangeEvent) -> None:
        # Runs on the watcher's debounce thread: emit only, never touch widgets here.
        self._arrived.emit(event)

    @Slot(object)
    def _deliver(self, event: object) -> None:
        self.changed.emit(event)

    def start(self) -> None:
        self._watcher.start()

    def stop(self) -> None:
        self._watcher.stop()

    def set_roots(self, roots: list[Path]) -> None:
        """Watch exactly these project roots (folders that vanished are skipped)."""
        wanted = {Path(r) for r in roots}
        current = set(self._watcher.watched_roots())
        for root in current - wanted:
            self._watcher.unwatch(root)
        for root in wanted - current:
            try:
                self._watcher.watch(root)
            except MsdError:
                continue  # the folder vanished between the scan and now
