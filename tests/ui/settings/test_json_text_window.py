"""In the real window (offscreen): JSON text that does not parse marks the title and the tree,
stays through a project switch, and Ctrl+Q asks the real Save / Discard / Cancel question about
it — keys pressed on the widget that has the focus, the question answered by clicking its
button."""

from __future__ import annotations

import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMessageBox
from pytestqt.qtbot import QtBot

from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.tree_model import UNSAVED_MARK
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings import unsaved
from msd_desktop.ui.settings.form import ConfigFormPanel

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, env: dict[str, str], ui_settings: object,
           english: None) -> Iterator[MainWindow]:
    demo = tmp_path / "demo"
    shutil.copytree(demo_source(), demo)
    win = MainWindow(registry=WorkspaceRegistry(tmp_path / "w.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=ui_settings, watch=False, restore_last=False)
    win.resize(1400, 900)
    with qtbot.waitSignal(win.summaries_loaded, timeout=30000):
        win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=5000)
    yield win
    sessions = win.unsaved.made
    if sessions is not None:
        unsaved.discard_all(sessions.dirty())
    win.close()
    win.deleteLater()


def _form(qtbot: QtBot, win: MainWindow, root: Path) -> ConfigFormPanel:
    assert win.open_project(root)
    qtbot.waitUntil(lambda: isinstance(win.project_tabs.settings_tab(), ConfigFormPanel),
                    timeout=20000)
    win.project_tabs.setCurrentIndex(0)
    form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
    assert form.draft is not None
    assert form.draft.path.is_relative_to(root)
    return form


def _tree_names(win: MainWindow) -> list[str]:
    model = win.browser.tree.model()
    return [str(model.index(p, 0, model.index(w, 0)).data())
            for w in range(model.rowCount()) for p in range(model.rowCount(model.index(w, 0)))]


def test_broken_json_text_marks_the_window_and_quitting_asks(qtbot: QtBot,
                                                            window: MainWindow) -> None:
    demo = next(iter(window.browser.model.projects())).ref.root.parent
    form = _form(qtbot, window, demo / "field-notes")
    config = form.draft.path  # type: ignore[union-attr]
    before = config.read_bytes()
    form.inner_tabs.setCurrentWidget(form._json_page)
    editor = form.json_page.editor
    QTest.mouseClick(editor.viewport(), Qt.MouseButton.LeftButton,
                     pos=editor.viewport().rect().center())
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor, timeout=5000)
    cursor = editor.textCursor()
    cursor.setPosition(editor.toPlainText().index('"yolo"') + len('"yolo"'))
    editor.setTextCursor(cursor)
    QTest.keyClicks(editor, " ;;")
    broken = editor.toPlainText()
    qtbot.waitUntil(window.isWindowModified, timeout=5000)  # the title's *
    qtbot.waitUntil(lambda: "field-notes " + UNSAVED_MARK in _tree_names(window), timeout=5000)
    # another project and back: the text is still there, still unsaved
    _form(qtbot, window, demo / "billing-service")
    assert window.isWindowModified()
    form = _form(qtbot, window, demo / "field-notes")
    form.inner_tabs.setCurrentWidget(form._json_page)
    assert form.json_page.text() == broken
    assert form.inner_tabs.tabText(1) == "JSON (does not parse)"
    # Ctrl+Q where the cursor is: the real question, about this file → Cancel
    seen: list[str] = []

    def answer(button: QMessageBox.StandardButton) -> None:
        box = QApplication.activeModalWidget()
        if not isinstance(box, QMessageBox):
            QTimer.singleShot(50, lambda: answer(button))
            return
        seen.append(box.text() + "\n" + box.informativeText())
        box.button(button).click()

    form.json_page.editor.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is form.json_page.editor, timeout=5000)
    QTimer.singleShot(50, lambda: answer(QMessageBox.StandardButton.Cancel))
    QTest.keyClick(form.json_page.editor, Qt.Key.Key_Q, CTRL)
    qtbot.waitUntil(lambda: len(seen) == 1, timeout=10000)
    assert window.isVisible()
    assert seen[0].endswith(f"{config}: 1 unsaved change")
    assert form.json_page.text() == broken
    # Discard: the window may go, and nothing was written
    QTimer.singleShot(50, lambda: answer(QMessageBox.StandardButton.Discard))
    assert window.close()
    assert len(seen) == 2
    assert config.read_bytes() == before
