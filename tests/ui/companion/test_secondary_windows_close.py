"""The config matrix and global defaults windows close from the keyboard (Esc, Ctrl+W, their
Close button), Esc still belongs to a child that uses it (an open list), closing Global
defaults with unsaved edits still asks, and the matrix is one window however often it is
opened. Real key events on the focused widget."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.companion.matrix_view import ConfigMatrixView
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings import unsaved
from msd_desktop.ui.settings.global_defaults_panel import GlobalDefaultsPanel


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str],
           ui_settings: Any) -> Any:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    yield win
    win.close()


def _matrices(win: MainWindow) -> list[ConfigMatrixView]:
    return win.findChildren(ConfigMatrixView)


def _open_matrix(qtbot: Any, win: MainWindow) -> ConfigMatrixView:
    win.raise_()
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=10000)
    focused = QApplication.focusWidget() or win
    QTest.keyClick(focused, Qt.Key.Key_M, Qt.KeyboardModifier.ControlModifier
                   | Qt.KeyboardModifier.ShiftModifier)
    qtbot.waitUntil(lambda: any(v.isVisible() for v in _matrices(win)), timeout=10000)
    view = next(v for v in _matrices(win) if v.isVisible())
    qtbot.waitExposed(view)
    view.activateWindow()
    return view


def _focus(qtbot: Any, widget: QWidget) -> QWidget:
    """Put the keyboard focus on ``widget`` in its (activated) window; the widget that has
    it (a combo's line edit, say)."""
    widget.window().raise_()
    widget.window().activateWindow()
    qtbot.waitUntil(widget.window().isActiveWindow, timeout=10000)
    widget.setFocus()
    qtbot.waitUntil(lambda: QApplication.focusWidget() is not None
                    and (QApplication.focusWidget() is widget
                         or widget.isAncestorOf(QApplication.focusWidget())), timeout=5000)
    focused = QApplication.focusWidget()
    assert focused is not None
    return focused


def test_matrix_closes_with_esc_ctrl_w_and_its_button(qtbot: Any, window: MainWindow) -> None:
    view = _open_matrix(qtbot, window)
    QTest.keyClick(_focus(qtbot, view.table), Qt.Key.Key_Escape)
    assert view.isHidden()
    view = _open_matrix(qtbot, window)
    QTest.keyClick(_focus(qtbot, view.key_combo), Qt.Key.Key_W,
                   Qt.KeyboardModifier.ControlModifier)
    assert view.isHidden()
    view = _open_matrix(qtbot, window)
    assert view.close_button.text() == "Close"
    QTest.keyClick(_focus(qtbot, view.close_button), Qt.Key.Key_Space)
    assert view.isHidden()


def test_opening_the_matrix_twice_raises_the_one_window(qtbot: Any,
                                                        window: MainWindow) -> None:
    first = _open_matrix(qtbot, window)
    window.main_actions.open_config_matrix()
    window.main_actions.open_config_matrix()
    assert _matrices(window) == [first]
    assert first.isVisible()
    first.close()
    again = _open_matrix(qtbot, window)  # closed, then asked for again: the same window
    assert again is first
    assert len(_matrices(window)) == 1


def test_esc_in_an_open_list_closes_the_list_not_the_window(qtbot: Any,
                                                            window: MainWindow) -> None:
    view = _open_matrix(qtbot, window)
    view.key_combo.showPopup()
    popup = view.key_combo.view()
    qtbot.waitUntil(popup.isVisible, timeout=5000)
    QTest.keyClick(popup, Qt.Key.Key_Escape)
    qtbot.waitUntil(lambda: not popup.isVisible(), timeout=5000)
    assert view.isVisible()


def _open_global(qtbot: Any, win: MainWindow) -> GlobalDefaultsPanel:
    win.main_actions.global_defaults_action.trigger()
    panels = [p for p in win.findChildren(GlobalDefaultsPanel) if p.isVisible()]
    assert len(panels) == 1
    qtbot.waitExposed(panels[0])
    return panels[0]


def test_global_defaults_closes_with_esc_ctrl_w_and_its_button(qtbot: Any,
                                                               window: MainWindow) -> None:
    panel = _open_global(qtbot, window)
    QTest.keyClick(_focus(qtbot, panel.form.search), Qt.Key.Key_Escape)
    assert panel.isHidden()
    panel = _open_global(qtbot, window)
    QTest.keyClick(_focus(qtbot, panel.table), Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert panel.isHidden()
    panel = _open_global(qtbot, window)
    QTest.keyClick(_focus(qtbot, panel.close_button), Qt.Key.Key_Space)
    assert panel.isHidden()


def test_closing_global_defaults_with_unsaved_edits_still_asks(
        qtbot: Any, window: MainWindow, monkeypatch: pytest.MonkeyPatch) -> None:
    asked: list[str] = []

    def cancel(_parent: Any, _sessions: Any, what: str) -> unsaved.Answer:
        asked.append(what)
        return unsaved.Answer.CANCEL

    monkeypatch.setattr(unsaved, "ask_unsaved", cancel)
    panel = _open_global(qtbot, window)
    line = panel.form.editor("project_code").line  # type: ignore[attr-defined]
    QTest.keyClicks(_focus(qtbot, line), "ABC")
    assert panel.form.draft is not None
    assert panel.form.draft.dirty
    QTest.keyClick(_focus(qtbot, line), Qt.Key.Key_Escape)
    assert asked == ["Closing Global defaults"]
    assert panel.isVisible()  # Cancel: it stays, the edit too
    assert panel.form.draft.dirty
    unsaved.discard_all(panel.form.sessions.dirty())
    QTest.keyClick(_focus(qtbot, line), Qt.Key.Key_W, Qt.KeyboardModifier.ControlModifier)
    assert panel.isHidden()


def test_opening_global_defaults_twice_raises_the_one_window(qtbot: Any,
                                                             window: MainWindow) -> None:
    first = _open_global(qtbot, window)
    window.main_actions.global_defaults_action.trigger()
    assert [p for p in window.findChildren(GlobalDefaultsPanel) if p.isVisible()] == [first]
    QTest.keyClick(_focus(qtbot, first.close_button), Qt.Key.Key_Space)
    assert first.isHidden()
    again = _open_global(qtbot, window)  # closed, then asked for: a fresh one
    assert again.isVisible()
