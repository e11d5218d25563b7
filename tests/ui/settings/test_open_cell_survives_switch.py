"""Text still being typed in a table cell of the Settings form survives a project switch.

The cell's editor is open (nothing committed yet) when another project is opened by code or a
key — not a click that would have taken the focus first; the setting must be in the draft when
the person comes back (the window also commits open editors before it tears the tabs down).
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QAbstractItemView, QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.widgets.editors import ModelOverridesEditor


def test_typed_cell_is_kept_when_the_project_changes(
        qtbot: QtBot, tmp_path: Path, ui_settings: object, monkeypatch: pytest.MonkeyPatch
) -> None:
    # the edit is left unsaved on purpose: closing the window at the end must not ask
    monkeypatch.setattr(MainWindow, "unsaved_may_go", lambda *_a: True)
    demo = tmp_path / "demo"
    shutil.copytree(demo_source(), demo)
    env = {"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    win = MainWindow(registry=WorkspaceRegistry(tmp_path / "w.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitUntil(lambda: "summaries_ms" in win.timings, timeout=20000)
    root = demo / "field-notes"
    assert win.open_project(root)
    qtbot.waitUntil(lambda: isinstance(win.project_tabs.settings_tab(), ConfigFormPanel),
                    timeout=20000)
    win.project_tabs.setCurrentIndex(0)
    form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
    form._scroll_to("model_overrides")  # its row and those above it: what a person scrolls to
    editor = form.editor("model_overrides")
    assert isinstance(editor, ModelOverridesEditor)
    editor.add_row()  # opens the first cell's editor, as the Add button does
    QApplication.processEvents()
    assert editor.table.state() == QAbstractItemView.State.EditingState
    cell = QApplication.focusWidget()
    assert cell is not None
    QTest.keyClicks(cell, "msd-planner")
    QTest.keyClick(cell, Qt.Key.Key_Tab)  # on to the model cell, still editing
    QTest.keyClicks(QApplication.focusWidget(), "opus")
    assert editor.table.state() == QAbstractItemView.State.EditingState

    assert win.open_project(demo / "billing-service")  # switched without a click
    qtbot.waitUntil(lambda: win.current_project()[0] is not None
                    and win.current_project()[0].root == demo / "billing-service",
                    timeout=20000)
    draft = win.edit_sessions.session(root / ".planning" / "config.json").draft
    assert draft.value("model_overrides") == {"msd-planner": "opus"}
    assert draft.dirty
