"""Start-up helpers: the start-up GC handling and the views' own viewports."""

from __future__ import annotations

import gc
import sys
from pathlib import Path

import pytest

from tests.qt_collector import suite_collector_paused


def test_startup_gc_is_off_during_start_then_on_the_gui_thread_only(qapp: object) -> None:
    from msd_desktop.app import _StartupGc

    with suite_collector_paused():
        startup = _StartupGc()
        try:
            assert not gc.isenabled()
            startup.done()
            # frozen, and collected from now on by the GUI thread's timer, never automatically
            assert gc.get_freeze_count() > 0
            assert startup.collector is not None
            assert startup.collector.running
            assert not gc.isenabled()
            startup.done()  # twice is harmless
            assert startup.collector.running
            startup.stop()  # main() returning: automatic collection is back on
            assert gc.isenabled()
            never = _StartupGc()
            assert not gc.isenabled()
            never.stop()  # main() returning before start-up ended: collection is back on
            assert gc.isenabled()
        finally:
            startup.stop()
            gc.unfreeze()
            gc.enable()


def test_own_viewport_is_set_up_as_qts_own(qapp: object) -> None:
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QStandardItemModel
    from PySide6.QtWidgets import QTableView, QTreeView, QWidget

    from msd_desktop.ui.widgets.viewport import own_viewport

    def looks(viewport: QWidget) -> dict[str, object]:
        out: dict[str, object] = {a.name: viewport.testAttribute(a) for a in Qt.WidgetAttribute
                                  if not a.name.startswith("WA_Pending")}  # events not yet sent
        out.update(name=viewport.objectName(), background=viewport.backgroundRole(),
                   filled=viewport.autoFillBackground(), mouse=viewport.hasMouseTracking(),
                   focus=viewport.focusPolicy(), proxy=viewport.focusProxy() is viewport.parent(),
                   base=viewport.palette().color(viewport.backgroundRole()).name())
        return out

    for kind in (QTreeView, QTableView):
        views = []
        for own in (False, True):
            view = kind()
            if own:
                assert own_viewport(view) is view.viewport()
            view.setModel(QStandardItemModel(3, 2, view))
            view.show()
            views.append(view)
        qapp.processEvents()  # type: ignore[attr-defined]
        try:
            assert looks(views[1].viewport()) == looks(views[0].viewport()), kind.__name__
        finally:
            for view in views:
                view.close()
                view.deleteLater()


FIRST_PAINT_TYPES = """
import sys
from PySide6.QtWidgets import QApplication

app = QApplication([sys.argv[0]])


def searched() -> bool:
    # PySide6 makes its classes on first use; its search through QWidget's subclasses makes
    # QFileDialog (which the window never shows) on its way
    from PySide6 import QtWidgets

    return "QFileDialog" in vars(QtWidgets)


if sys.argv[1] == "probe":  # does this PySide6 search at all?
    from PySide6.QtWidgets import QTreeView

    before = searched()
    QTreeView().viewport()
    print(f"{before} {searched()}")
    sys.exit()
if sys.argv[1] == "smoke":  # the whole smoke test: a project opened, each tab shown
    import contextlib, io

    from msd_desktop.app import main

    with contextlib.redirect_stdout(io.StringIO()):
        assert main(["--smoke-test"]) == 0
    print(searched())
    sys.exit()
import os

from msd_desktop.core.workspace.registry import WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow

env = dict(os.environ)
window = MainWindow(registry=WorkspaceRegistry(env=env), transient=[], env=env, watch=False,
                    restore_last=False)
window.show()
for _ in range(3):
    app.processEvents()
print(searched())
"""


def test_window_paints_without_pyside_typing_a_qt_made_widget(env: dict[str, str]) -> None:
    """Building and first painting the window, and then the smoke test's whole run, hand
    PySide6 no widget Qt made (the first one costs a search of every QWidget subclass: ~6 ms,
    before the first paint when the browser's tree did it)."""
    import os
    import subprocess

    run_env = {**env, "QT_QPA_PLATFORM": "offscreen",
               "PYTHONPATH": os.pathsep.join([str(Path(__file__).resolve().parents[2]),
                                              env.get("PYTHONPATH", "")])}

    def run(mode: str) -> str:
        proc = subprocess.run([sys.executable, "-c", FIRST_PAINT_TYPES, mode], env=run_env,
                              capture_output=True, text=True, timeout=60)
        assert proc.returncode == 0, proc.stderr[-3000:]
        return proc.stdout.strip().splitlines()[-1]

    if run("probe") != "False True":
        pytest.fail("this PySide6 makes its classes up front: the search this speed-up "
                    "avoids is gone with this version (constraints.txt pins the tested one)")
    assert run("window") == "False"
    assert run("smoke") == "False"
