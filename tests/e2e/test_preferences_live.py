"""Edit → Preferences… and Help → Getting started in the real window on the real X server, at
1024×700 in English and pt_BR: each opened the way a person does (Ctrl+, on the focused
widget; the Help menu's entry), nothing cut, closed with Esc. The screen under the window is
saved for a person to look at (and, with ``MSD_SCREENSHOT_HOME`` or ``MSD_SCREENSHOT_DIR``
set, copied to docs/screenshots/)."""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.preferences.getting_started import GettingStartedDialog
from msd_desktop.ui.preferences.preferences_dialog import PreferencesDialog
from tests.e2e.conftest import DOC_SHOTS, SHOTS
from tests.e2e.live_window import SIZE, demo_copy, live_window, picture_env, window_env
from tests.layout_checks import layout_problems

pytestmark = [pytest.mark.e2e]


def _shown(qtbot: QtBot, kind: type[QWidget]) -> QWidget:
    found: list[QWidget] = []

    def visible() -> bool:
        found[:] = [w for w in QApplication.topLevelWidgets()
                    if isinstance(w, kind) and w.isVisible()]
        return bool(found)

    qtbot.waitUntil(visible, timeout=10000)
    qtbot.waitExposed(found[0])
    return found[0]


def _picture(qtbot: QtBot, win: MainWindow, name: str) -> None:
    """The screen where the window is (the dialog over it), as a person sees it."""
    QApplication.processEvents()
    qtbot.wait(150)  # queued layouts and the dialog's first paint land before the picture
    QApplication.processEvents()
    frame = win.frameGeometry()
    shot = win.screen().grabWindow(0, frame.x(), frame.y(), frame.width(), frame.height())
    path = SHOTS / "app" / name
    path.parent.mkdir(parents=True, exist_ok=True)
    assert shot.save(str(path))
    if os.environ.get("MSD_SCREENSHOT_HOME") or os.environ.get("MSD_SCREENSHOT_DIR"):
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)  # tracked files only on request
        shutil.copyfile(path, DOC_SHOTS / name)


@pytest.mark.parametrize("code", ["en", "pt_BR"])
def test_preferences_and_getting_started_at_1024(qapp: QApplication, qtbot: QtBot,
                                                  tmp_path: Path, code: str) -> None:
    demo = demo_copy(tmp_path)
    suffix = "" if code == "en" else f"-{code}"
    with live_window(qtbot, tmp_path, demo, picture_env(window_env()), code,
                     at_origin=True) as win:
        assert win.open_project(demo / "billing-service")
        qtbot.waitUntil(lambda: win.project_tabs.count() == 3, timeout=20000)
        focus = win.browser.filter_edit
        focus.setFocus()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is focus, timeout=10000)
        QTest.keyClick(focus, Qt.Key.Key_Comma, Qt.KeyboardModifier.ControlModifier)
        dialog = _shown(qtbot, PreferencesDialog)
        assert layout_problems(dialog) == []
        assert dialog.width() <= SIZE[0]
        assert dialog.height() <= SIZE[1]
        _picture(qtbot, win, f"preferences{suffix}-{SIZE[0]}.png")
        dialog.activateWindow()
        dialog.terminal_edit.setFocus()
        qtbot.waitUntil(lambda: QApplication.focusWidget() is dialog.terminal_edit,
                        timeout=10000)
        QTest.keyClick(dialog.terminal_edit, Qt.Key.Key_Escape)
        qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=10000)
        win.main_actions.getting_started_action.trigger()
        page = _shown(qtbot, GettingStartedDialog)
        assert layout_problems(page) == []
        assert page.width() <= SIZE[0]
        assert page.height() <= SIZE[1]
        _picture(qtbot, win, f"getting-started{suffix}-{SIZE[0]}.png")
        page.close()
