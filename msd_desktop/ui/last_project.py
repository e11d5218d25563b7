"""The window as the person left it: its geometry and splitter, and the last project reopened.

UI-only state lives in ``QSettings`` (configuration never does). The last project reopens
once the cached summaries are shown and its tabs' modules are in (building the tabs blocks
the GUI thread; a warm start's summaries take less than that), with its hidden tabs built
once the load has settled ("staged", see :mod:`msd_desktop.ui.project_tabs`). A last
project no longer listed leaves the overview shown, saying nothing: it may be the demo, no
longer shown once real projects are registered.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QByteArray, QObject, QSettings, QSize, Qt, QTimer
from PySide6.QtWidgets import QMainWindow, QSplitter

from msd_desktop.ui.widgets.placement import fit_on_screen, saved_geometry

if TYPE_CHECKING:
    from msd_desktop.ui.project_tabs import TabModules
    from msd_desktop.ui.widgets.deferred_settings import DeferredSettings


DEFAULT_SIZE = QSize(1400, 900)  # the first start's size (fitted to a smaller screen)


def restore_geometry(window: QMainWindow, splitter: QSplitter, settings: QSettings) -> None:
    """The window's size, place and splitter as they were (1400×900 the first time), always
    whole on the screen it opens on.

    Qt refuses a saved geometry from a screen of another size (a laptop's screen after an
    external monitor): ``restoreGeometry`` returns False and the window would open at its
    size hint (722×447). Then, and whenever the size saved is larger than the screen, the
    window takes the size it had, shrunk to the screen's available area.
    """
    geometry = settings.value("ui/geometry")
    if isinstance(geometry, QByteArray | bytes) and geometry:
        blob = QByteArray(geometry)
        saved = saved_geometry(blob)
        if window.restoreGeometry(blob):
            fit_on_screen(window, window.size(), saved)  # a no-op when it fits
        elif saved is not None:
            fit_on_screen(window, saved.normal.size(), saved)
            if saved.maximized:
                window.setWindowState(window.windowState() | Qt.WindowState.WindowMaximized)
        else:
            fit_on_screen(window, DEFAULT_SIZE)
    else:
        fit_on_screen(window, DEFAULT_SIZE)
    state = settings.value("ui/splitter")
    if isinstance(state, QByteArray | bytes) and state:
        splitter.restoreState(QByteArray(state))


def save_geometry(window: QMainWindow, splitter: QSplitter, ui_state: DeferredSettings) -> None:
    """Keep the window's size, place and splitter for the next start, with the rest of the UI
    state (written now; nothing is written when none of it changed)."""
    ui_state.remember("ui/geometry", window.saveGeometry())
    ui_state.remember("ui/splitter", splitter.saveState())
    ui_state.write_now()


class LastProject(QObject):
    """Reopens the project the last run showed (see the module docstring).

    ``is_open``: whether a project is shown now; ``select``: selects a project (and
    workstream) in the browser, which opens it (False when it is not listed);
    ``show_overview``: the window's overview; ``enabled``: False for a window that starts on
    the overview whatever was open last."""

    def __init__(self, parent: QObject, settings: QSettings, tab_modules: TabModules, *,
                 is_open: Callable[[], bool], select: Callable[[Path, Any], bool],
                 show_overview: Callable[[], Any], enabled: bool = True) -> None:
        super().__init__(parent)
        self._is_open = is_open
        self._select = select
        self._show_overview = show_overview
        self._settings = settings
        self._modules = tab_modules
        self.enabled = enabled
        self.pending = False  # a restore is wanted once the cached summaries are in
        self.waiting = False  # the cache pass is in; the restore waits for the tabs' modules
        self.queued = False  # the last project reopens on the next turn
        self.stage_next = False  # the next project shown builds its hidden tabs later
        tab_modules.loaded.connect(self._modules_loaded)

    def want(self, *, preload: bool) -> None:
        """Restore when the cached summaries are in; ``preload``: import the tabs' modules in
        a worker meanwhile."""
        self.pending = True
        if preload:
            self._modules.preload()

    def cached_in(self) -> None:
        """The cache pass is applied: the last project opens now (if asked to), or once its
        tabs' modules are in."""
        if self.pending and not self._modules.ready:
            self.waiting = True  # for the tabs' modules (see _modules_loaded)
            self._modules.preload()  # (nothing when they are on their way)
        elif self.pending:
            self.pending = False
            self.restore()

    def _modules_loaded(self) -> None:
        if self.waiting:
            self.waiting = False
            self.cached_in()

    def restore(self) -> None:
        """Reopen the last project on the next turn (if one was open)."""
        last = self._settings.value("ui/last_project")
        if isinstance(last, str) and last:
            ws = self._settings.value("ui/last_workstream") or None
            self.queued = True
            QTimer.singleShot(0, lambda: self.restore_quietly(Path(last), ws))

    def restore_quietly(self, root: Path, workstream: Any) -> None:
        """Reopen the last project if it is still listed; else stay on the overview, saying
        nothing (it may be the demo, no longer shown once real projects are registered)."""
        self.queued = False
        if self._is_open():
            return
        self.stage_next = True  # its hidden tabs are built on the next turns
        try:
            if not self._select(root, workstream):
                self._show_overview()
        finally:
            self.stage_next = False
