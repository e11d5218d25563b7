"""Compare projects in the real window on the real X server (Xvfb via the runner), at 1024×700
in English and pt_BR: opened with the keyboard from the project tree's context menu (the X
server's Menu key from xdotool, then "Compare with…"), the other project chosen in the right
picker, only the differences shown, nothing cut. The picture is saved for a person to look at
(and, with ``MSD_SCREENSHOT_HOME`` set, copied to docs/screenshots/)."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from PySide6.QtCore import Qt, QTimer
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QMenu
from pytestqt.qtbot import QtBot

from msd_desktop.ui.companion.compare_window import ConfigCompareWindow
from tests.e2e.live_window import (
    SIZE,
    demo_copy,
    live_window,
    picture_env,
    picture_name,
    save_picture,
    settle,
    window_env,
)
from tests.e2e.test_layout_fit_live import EXPLAINED_CELLS
from tests.layout_checks import cell_problems, layout_problems
from tests.prerequisites import require_tool

pytestmark = [pytest.mark.e2e]


def _xdotool(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=10, capture_output=True)


@pytest.mark.parametrize("code", ["en", "pt_BR"])
def test_compare_window_from_the_tree_menu_at_1024(qapp: QApplication, qtbot: QtBot,
                                                   tmp_path: Path, code: str) -> None:
    require_tool("xdotool")
    demo = demo_copy(tmp_path)
    with live_window(qtbot, tmp_path, demo, picture_env(window_env()), code) as win:
        qtbot.waitUntil(win.isActiveWindow, timeout=10000)
        assert win.open_project(demo / "billing-service")
        qtbot.waitUntil(lambda: win.current_project()[0] is not None, timeout=20000)
        tree = win.browser.tree
        tree.setFocus()
        qtbot.waitUntil(tree.hasFocus, timeout=10000)
        _xdotool("windowfocus", "--sync", str(int(win.winId())))
        qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=10000)
        tree.setFocus()
        qtbot.waitUntil(tree.hasFocus, timeout=10000)
        chosen: list[str] = []

        def pick() -> None:  # the menu runs its own loop: answered from a timer
            menu = QApplication.activePopupWidget()
            if not isinstance(menu, QMenu):
                QTimer.singleShot(50, pick)
                return
            chosen.extend(a.objectName() for a in menu.actions())
            downs = ["Down"] * (chosen.index("CompareWithAction") + 1)
            _xdotool("key", "--delay", "40", *downs, "Return")

        QTimer.singleShot(50, pick)
        _xdotool("key", "Menu")  # the X server's Menu key: the tree's context menu
        qtbot.waitUntil(lambda: any(w.isVisible() for w in
                                    win.findChildren(ConfigCompareWindow)), timeout=20000)
        assert "CompareWithAction" in chosen
        view = next(w for w in win.findChildren(ConfigCompareWindow) if w.isVisible())
        qtbot.waitExposed(view)
        assert view.left_combo.currentText() == "billing-service"
        qtbot.waitUntil(lambda: QApplication.focusWidget() is view.right_combo,
                        timeout=10000)
        target = view.right_combo.findText("field-notes")
        assert target >= 0
        with qtbot.waitSignal(view.loaded, timeout=20000):
            while view.right_combo.currentIndex() != target:
                key = (Qt.Key.Key_Down if view.right_combo.currentIndex() < target
                       else Qt.Key.Key_Up)
                QTest.keyClick(view.right_combo, key)
        qtbot.waitUntil(lambda: view.model.rowCount() > 0, timeout=20000)
        QTest.keyClick(view.right_combo, Qt.Key.Key_D, Qt.KeyboardModifier.AltModifier)
        qtbot.waitUntil(view.only_differences.isChecked, timeout=10000)
        assert view.proxy.rowCount() > 0
        view.resize(*SIZE)
        view.table.setFocus()
        QTest.keyClick(view.table, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
        QTest.keyClick(view.table, Qt.Key.Key_Space)
        QTest.keyClick(view.table, Qt.Key.Key_Down, Qt.KeyboardModifier.ShiftModifier)
        settle(qtbot)
        assert layout_problems(view) == []
        assert cell_problems(view, EXPLAINED_CELLS) == []
        save_picture(view, picture_name("compare-projects", code))
        QTest.keyClick(view.table, Qt.Key.Key_Escape)
        assert view.isHidden()
