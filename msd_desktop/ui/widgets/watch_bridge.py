"""Adapt the core's :class:`~msd_desktop.core.workspace.watcher.ProjectWatcher` to Qt signals.

The watcher is Qt-free and calls its callbacks on its own threads (STYLE item 4). The
bridge's callbacks only emit ``_arrived`` — a signal of a QObject that lives on the GUI thread,
connected to the bridge's own slot with an explicit ``Qt.QueuedConnection`` — so ``changed``,
``layout_changed`` and ``health_changed`` are always emitted on the GUI thread, from its event
loop, and no widget is touched from a watcher thread. ``stop()`` joins the watcher's threads
(Spyder's habit): call it before the application quits.

A change to a ``config.json`` is also handed to the config history (``observe_changes``) on
the watcher's thread before it is emitted, so an edit made outside MSD (an agent, a ``git
checkout``, another editor) is kept as "changed outside MSD"; MSD's own writes are recorded
where they are made and add nothing here.

:meth:`WatchBridge.set_workspaces` returns at once: the watcher's own thread walks the scan
roots and arms the watches (that walk blocked the window for seconds with thousands of
projects when it ran here).

The watcher (its module and watchdog's) is made on first use — the first
:meth:`~WatchBridge.set_workspaces`, which the window calls once its scan is in — so a
window that watches is built and painted without them.
"""

from __future__ import annotations

import threading
from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, Qt, Signal, Slot

if TYPE_CHECKING:
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
        self._debounce_ms = debounce_ms
        self._made: ProjectWatcher | None = watcher  # see the module's docstring
        self._started = False
        self._closing = False  # stopped for good, the stop still running in its thread
        self.health: WatchHealth | None = None

    @property
    def watcher(self) -> ProjectWatcher:
        if self._made is None:
            from msd_desktop.core.workspace.watcher import ProjectWatcher

            self._made = ProjectWatcher(
                self._on_watcher_thread, debounce_ms=self._debounce_ms,
                on_layout=self._on_watcher_thread, on_health=self._on_watcher_thread)
            if self._started:
                self._made.start()
        return self._made

    def _on_watcher_thread(self, event: ChangeEvent | LayoutEvent | WatchHealth) -> None:
        # Runs on a watcher thread: emit only, never touch widgets here.
        if self._closing:  # (the window is being torn down)
            return
        paths = getattr(event, "paths", ())
        if "config" in getattr(event, "kinds", ()) or any(p.name == "config.json"
                                                          for p in paths):
            from msd_desktop.core.history.recorder import observe_changes

            observe_changes(paths)  # off the GUI thread: the config history sees the change
        self._arrived.emit(event)

    @Slot(object)
    def _deliver(self, event: object) -> None:
        from msd_desktop.core.workspace.watcher import ChangeEvent, LayoutEvent, WatchHealth

        if isinstance(event, ChangeEvent):
            self.changed.emit(event)
        elif isinstance(event, LayoutEvent):
            self.layout_changed.emit(event)
        elif isinstance(event, WatchHealth):
            self.health = event
            self.health_changed.emit(event)

    def start(self) -> None:
        """Watch from now on (the watcher starts when it is made, if it is not yet)."""
        self._started = True
        if self._made is not None:
            self._made.start()

    def stop(self, wait: bool = True) -> None:
        """Stop watching. ``wait=False`` (the window closing for good) leaves the stop to a
        short-lived thread: the OS's teardown of the watches is a wait with next to no CPU
        (inotify's close waits for a grace period of the kernel's), which then
        overlaps the rest of the exit."""
        self._started = False
        watcher = self._made
        if watcher is None:
            return
        if wait:
            watcher.stop()
        else:
            self._closing = True  # nothing more is emitted from now on
            threading.Thread(target=watcher.stop, name="msd-closing-watches", daemon=True).start()

    def set_workspaces(self, specs: Sequence[WatchSpec]) -> None:
        """Watch exactly these workspaces; the set-up runs on the watcher's thread."""
        self.watcher.set_workspaces(specs)

    def set_roots(self, roots: list[Path]) -> None:
        """Watch exactly these project folders, one workspace each, armed on return
        (folders that vanished are skipped). Blocks until armed: for tests and tools, the
        window uses :meth:`set_workspaces`."""
        from msd_desktop.core.workspace.watcher import WatchSpec

        self.watcher.set_workspaces([WatchSpec(Path(r), (Path(r),), scan=False)
                                      for r in roots])
        self.watcher.wait_idle()
