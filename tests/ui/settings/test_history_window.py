"""The config history from the real window (offscreen), keys pressed on the focused widget: a
save made in the JSON tab is recorded as a "JSON tab" save (one made in the form stays a
"Settings save"), and the History page says so in the window's language."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.history.store import HistoryStore
from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings import unsaved
from msd_desktop.ui.settings.form import ConfigFormPanel

CTRL = Qt.KeyboardModifier.ControlModifier


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, env: dict[str, str],
           ui_settings: object) -> Iterator[MainWindow]:
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
    return form


def _demo(win: MainWindow) -> Path:
    return next(iter(win.browser.model.projects())).ref.root.parent


def _newest_source(config: Path) -> str | None:
    entries = HistoryStore.for_user().entries(config).entries
    return entries[-1].source if entries else None


def _type_over(qtbot: QtBot, form: ConfigFormPanel, old: str, new: str) -> None:
    """In the JSON tab's text, replace the string value ``old`` by typing ``new``."""
    form.inner_tabs.setCurrentWidget(form._json_page)
    editor = form.json_page.editor
    QTest.mouseClick(editor.viewport(), Qt.MouseButton.LeftButton,
                     pos=editor.viewport().rect().center())
    qtbot.waitUntil(lambda: QApplication.focusWidget() is editor, timeout=5000)
    cursor = editor.textCursor()
    cursor.setPosition(editor.toPlainText().index(f'"{old}"') + 1 + len(old))
    editor.setTextCursor(cursor)
    for _ in old:
        QTest.keyClick(editor, Qt.Key.Key_Backspace)
    QTest.keyClicks(editor, new)
    qtbot.waitUntil(lambda: form.draft is not None and form.draft.dirty, timeout=10000)


def test_a_json_tab_save_is_recorded_as_such(qtbot: QtBot, window: MainWindow,
                                             translated: Callable[[str], None]) -> None:
    form = _form(qtbot, window, _demo(window) / "field-notes")
    assert form.draft is not None
    config = form.draft.path
    _type_over(qtbot, form, "yolo", "interactive")
    editor = form.json_page.editor
    QTest.keyClick(editor, Qt.Key.Key_S, CTRL)  # the window's Save, from the text
    qtbot.waitUntil(lambda: b'"interactive"' in config.read_bytes(), timeout=20000)
    qtbot.waitUntil(lambda: _newest_source(config) == "JSON tab", timeout=20000)
    # the same kind of edit saved from the form stays a Settings save
    form.inner_tabs.setCurrentIndex(0)
    _type_over(qtbot, form, "standard", "fine")
    form.inner_tabs.setCurrentIndex(0)
    tabs = form.inner_tabs.tabBar()
    tabs.setFocus()
    qtbot.waitUntil(tabs.hasFocus, timeout=5000)
    QTest.keyClick(tabs, Qt.Key.Key_S, CTRL)
    qtbot.waitUntil(lambda: b'"fine"' in config.read_bytes(), timeout=20000)
    qtbot.waitUntil(lambda: _newest_source(config) == "Settings save", timeout=20000)
    # the page names the JSON tab save in the window's language
    translated("pt_BR")
    form.inner_tabs.setCurrentWidget(form.history_tab.holder)
    page = form.history_tab.page()
    qtbot.waitUntil(lambda: len(page.timeline.rows) >= 3, timeout=20000)
    sources = [page.timeline.data(page.timeline.index(r, 1))
               for r in range(len(page.timeline.rows))]
    assert sources[:2] == ["salvo em Configurações", "aba JSON"]
