"""Unsaved edits in another project are never "nothing to save": Ctrl+S in the overview names
the projects with unsaved Settings edits and offers Save all; File → Save all (Ctrl+Shift+S)
saves every one; the status bar says what the title's "*" is about; the overview does not
keep the last project's status line.

The real window on a copy of the demo, an edit typed into the real Settings form, keys pressed
with QTest, the real question box answered from inside its own event loop, the file checked
on disk.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox, QPushButton
from pytestqt.qtbot import QtBot

from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow

KEY = "parallelization.max_concurrent_agents"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    target = tmp_path / "demo"
    shutil.copytree(demo_source(), target)
    return target


def _config(demo: Path) -> Path:
    return demo / "field-notes" / ".planning" / "config.json"


def _value(demo: Path) -> object:
    data = json.loads(_config(demo).read_text(encoding="utf-8"))
    return data.get("parallelization", {}).get("max_concurrent_agents")


def _window_with_an_edit(qtbot: QtBot, demo: Path, tmp_path: Path,
                         ui_settings: object) -> MainWindow:
    """field-notes opened, 7 typed into a setting, then back to the overview with Ctrl+0."""
    from msd_desktop.ui.settings.form import ConfigFormPanel

    env = {"HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    win = MainWindow(registry=WorkspaceRegistry(tmp_path / "w.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    win.resize(1024, 700)
    with qtbot.waitSignal(win.summaries_loaded, timeout=20000):
        win.show()
    with qtbot.waitSignal(win.state_shown, timeout=20000):
        assert win.open_project(demo / "field-notes")
    win.project_tabs.setCurrentIndex(0)
    qtbot.waitUntil(lambda: any(isinstance(w, ConfigFormPanel)
                                for _, w in win.project_tabs.tabs), timeout=20000)
    form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
    qtbot.waitUntil(lambda: form.draft is not None, timeout=20000)
    spin = form.editor(KEY).spin
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "7")
    QTest.keyClick(spin, Qt.Key.Key_Tab)
    qtbot.waitUntil(win.isWindowModified, timeout=5000)
    win.activateWindow()
    QTest.keyClick(win, Qt.Key.Key_0, Qt.KeyboardModifier.ControlModifier)  # the overview
    qtbot.waitUntil(lambda: win.current_project()[0] is None, timeout=5000)
    return win


def _answer(button: str, seen: list[str]) -> None:
    """From inside the question's own loop: read it, then press ``button``."""
    box = QApplication.activeModalWidget()
    if not isinstance(box, QMessageBox) or not box.isVisible():
        QTimer.singleShot(20, lambda: _answer(button, seen))
        return
    seen.append(box.text() + "\n" + box.informativeText())
    if button == "save":
        target = box.findChild(QPushButton, "SaveAllButton")
    else:
        target = box.button(QMessageBox.StandardButton.Cancel)
    assert target is not None
    QTest.mouseClick(target, Qt.MouseButton.LeftButton)


def test_ctrl_s_in_the_overview_names_the_project_and_saves_all(
        qtbot: QtBot, demo: Path, tmp_path: Path, ui_settings: object, english: None) -> None:
    win = _window_with_an_edit(qtbot, demo, tmp_path, ui_settings)
    before = _config(demo).read_bytes()
    # the title's "*" is explained, and the overview does not keep field-notes' status line
    assert win.isWindowModified()
    assert win.unsaved_label.isVisible()
    assert "field-notes" in win.unsaved_label.text()
    assert "*" in win.unsaved_label.toolTip()
    assert "v1.0" not in win.status_label.text()

    seen: list[str] = []
    QTimer.singleShot(20, lambda: _answer("cancel", seen))
    QTest.keyClick(win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert len(seen) == 1
    assert "field-notes" in seen[0]
    assert "nothing to save" not in win.status_label.text().lower()
    assert _config(demo).read_bytes() == before  # Cancel writes nothing
    assert win.isWindowModified()

    win.activateWindow()  # back from the question
    qtbot.waitUntil(win.isActiveWindow, timeout=5000)
    QTimer.singleShot(20, lambda: _answer("save", seen))
    QTest.keyClick(win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert len(seen) == 2
    qtbot.waitUntil(lambda: _value(demo) == 7, timeout=20000)
    qtbot.waitUntil(lambda: not win.isWindowModified(), timeout=20000)
    assert not win.unsaved_label.isVisible()


def test_ctrl_shift_s_saves_every_project(qtbot: QtBot, demo: Path, tmp_path: Path,
                                         ui_settings: object, english: None) -> None:
    win = _window_with_an_edit(qtbot, demo, tmp_path, ui_settings)
    assert win.main_actions.save_all_action.shortcut().toString() == "Ctrl+Shift+S"
    QTest.keyClick(win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: _value(demo) == 7, timeout=20000)
    qtbot.waitUntil(lambda: not win.isWindowModified(), timeout=20000)


def test_the_explanation_speaks_portuguese(qtbot: QtBot, demo: Path, tmp_path: Path,
                                          ui_settings: object, pt_br: None) -> None:
    win = _window_with_an_edit(qtbot, demo, tmp_path, ui_settings)
    assert win.unsaved_label.text().startswith("● Não salvo: ")
    assert "field-notes" in win.unsaved_label.text()
    seen: list[str] = []
    QTimer.singleShot(20, lambda: _answer("cancel", seen))
    QTest.keyClick(win, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
    assert seen
    assert seen[0].startswith("Nada para salvar aqui.")
