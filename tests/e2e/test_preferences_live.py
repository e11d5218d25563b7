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
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QWidget
from pytestqt.qtbot import QtBot

from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.preferences.getting_started import GettingStartedDialog
from msd_desktop.ui.preferences.preferences_dialog import PreferencesDialog
from tests.e2e.conftest import DOC_SHOTS, SHOTS, needs_display
from tests.e2e.test_layout_fit_live import language
from tests.layout_checks import layout_problems
from tests.prerequisites import require_xcb

pytestmark = [pytest.mark.e2e]

SIZE = (1024, 700)


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
    needs_display()
    require_xcb()
    shots_home = os.environ.get("MSD_SCREENSHOT_HOME")
    demo = Path(shots_home) / "projects" if shots_home else tmp_path / "demo"
    shutil.rmtree(demo, ignore_errors=True)
    shutil.copytree(demo_source(), demo)
    env = {k: os.environ[k] for k in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                      "XDG_STATE_HOME", "XDG_CACHE_HOME", "PATH")
           if k in os.environ}
    if shots_home:  # a plausible home in the picture, no temporary path
        env.update(HOME=shots_home, XDG_CONFIG_HOME=f"{shots_home}/.config")
    suffix = "" if code == "en" else f"-{code}"
    with language(code):
        win = MainWindow(registry=WorkspaceRegistry(tmp_path / "w.json", env=env),
                         transient=[Workspace("Demo", demo, "scan_root")], env=env,
                         settings=QSettings(str(tmp_path / "ui.ini"),
                                            QSettings.Format.IniFormat),
                         restore_last=False)
        try:
            win.resize(*SIZE)
            win.move(0, 0)
            with qtbot.waitSignal(win.summaries_loaded, timeout=30000):
                win.show()
            qtbot.waitExposed(win)
            win.activateWindow()
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
        finally:
            win.close()
            win.deleteLater()
            if shots_home:
                shutil.rmtree(demo, ignore_errors=True)
