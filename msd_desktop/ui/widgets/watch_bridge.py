"""Adapt the core's :class:`~msd_desktop.core.workspace.watcher.ProjectWatcher` to Qt signals.

The watcher is Qt-free and calls its callbacks on its own threads (STYLE item 4). The
bridge's callbacks only emit ``_arrived`` — a signal of a QObject that lives on the GUI thread,
connected to the bridge's own slot with an explicit ``Qt.QueuedConnection`` — so ``changed``,
``layout_changed`` and ``health_changed`` are always emitted on the GUI thread, from its event
loop, and no widget is touched from a watcher thread. ``stop()`` joins the watcher's threads
(Spyder's habit): call it before the application quits.

:meth:`WatchBridge.set_workspaces` returns at once: the watcher's own thread walks the scan
roots and arms the watches (that walk blocked the window for seconds with thousands of
projects when it ran here).
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from PySide6.QtCore import QObject, Qt, Signal, Slot

from msd_desktop.core.workspace.watcher import (
    ChangeEvent,
    LayoutEvent,
    ProjectWatcher,
    WatchHealth,
    WatchSpec,
)


class WatchBridge(QObject):
    """Owns one ProjectWatcher; re-emits its events as signals on the GUI thread."""

    changed = Signal(object)  # ChangeEvent
    layout_changed = Signal(object)  # LayoutEvent: rescan that workspace
    health_changed = Signal(object)  # WatchHealth: after every set-up
    _arrived = Signal(object)

    def __init__(self, parent: QObject | None = None, debounce_ms: int = 15,
                 watcher: ProjectWatcher | None = None) -> None:
        super().__init__(parent)
        self._arrived.connect(self._deliver, Qt.ConnectionType.QueuedConnection)
        self._watcher = watcher or ProjectWatcher(
            self._on_watcher_thread, debounce_ms=debounce_ms,
            on_layout=self._on_watcher_thread, on_health=self._on_watcher_thread)
        self.health: WatchHealth | None = None

    @property
    def watcher(self) -> ProjectWatcher:
        return self._watcher

    def _on_watcher_thread(self, event: ChangeEvent | LayoutEvent | WatchHealth) -> None:
        # Runs on a watcher thread: emit only, never touch widgets here.
        self._arrived.emit(event)

    @Slot(object)
    def _deliver(self, event: object) -> None:
        if isinstance(event, ChangeEvent):
            self.changed.emit(event)
        elif isinstance(event, LayoutEvent):
            self.layout_changed.emit(event)
        elif isinstance(event, WatchHealth):
            self.health = event
            self.health_changed.emit(event)

    def start(self) -> None:
        self._watcher.start()

    def stop(self) -> None:
        self._watcher.stop()

    def set_workspaces(self, specs: Sequence[WatchSpec]) -> None:
        """Watch exactly these workspaces; the set-up runs on the watcher's thread."""
        self._watcher.set_workspaces(specs)

    def set_roots(self, roots: list[Path]) -> None:
        """Watch exactly these project folders, one workspace each, armed on return
        (folders that vanished are skipped). Blocks until armed: for tests and tools, the
        window uses :meth:`set_workspaces`."""
        self._watcher.set_workspaces([WatchSpec(Path(r), (Path(r),), scan=False)
                                      for r in roots])
        self._watcher.wait_idle()
