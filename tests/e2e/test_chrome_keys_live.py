"""The window's own keys pressed for real: X key events from xdotool (XTEST) reach the window
on the runner's Xvfb, and what a person would see is checked — the keyboard shortcuts list,
the search field of Settings, the clipboard, and the title the X server holds.

The window runs in this process (the demo copied to tmp).
"""

from __future__ import annotations

import os
import shutil
import subprocess
from collections.abc import Iterator
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.app import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.widgets.shortcuts_dialog import ShortcutsDialog
from tests.e2e.conftest import needs_display
from tests.prerequisites import require_tool, require_xcb

pytestmark = [pytest.mark.e2e]


def _xdotool(*args: str) -> str:
    done = subprocess.run(["xdotool", *args], check=True, timeout=10, capture_output=True,
                          text=True)
    return done.stdout


@pytest.fixture
def window(qtbot: QtBot, tmp_path: Path, isolated_home: Path) -> Iterator[MainWindow]:
    needs_display()
    require_xcb()
    require_tool("xdotool")
    demo = tmp_path / "demo"
    shutil.copytree(demo_source(), demo)
    env = {k: os.environ[k] for k in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                      "XDG_STATE_HOME", "XDG_CACHE_HOME", "PATH")
           if k in os.environ}
    win = MainWindow(registry=WorkspaceRegistry(tmp_path / "workspaces.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat),
                     restore_last=False)
    qtbot.addWidget(win)
    win.resize(1024, 700)
    with qtbot.waitSignal(win.summaries_loaded, timeout=30000):
        win.show()
    qtbot.waitExposed(win)
    with qtbot.waitSignals([win.state_shown, win.next_command.refreshed], timeout=15000):
        assert win.open_project(demo / "billing-service")
    wid = str(int(win.winId()))
    _xdotool("windowfocus", "--sync", wid)
    qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=5000)
    yield win
    win.close()


def test_real_keys_reach_the_window_actions(qtbot: QtBot, window: MainWindow) -> None:
    # the X server's title: the project first, the application once
    name = _xdotool("getwindowname", str(int(window.winId()))).strip()
    assert name == "billing-service — MSD Desktop"
    # Ctrl+K: the project filter; then Ctrl+1 and Ctrl+F: the Settings search, from there
    _xdotool("key", "--delay", "40", "ctrl+k")
    qtbot.waitUntil(lambda: QApplication.focusWidget() is window.browser.filter_edit,
                    timeout=5000)
    _xdotool("key", "--delay", "40", "ctrl+1", "ctrl+f")
    panel = window.project_tabs.page(0)
    qtbot.waitUntil(lambda: QApplication.focusWidget() is getattr(panel, "search", None),
                    timeout=5000)
    # Ctrl+Alt+C: the next command on the clipboard
    QApplication.clipboard().setText("")
    _xdotool("key", "--delay", "40", "ctrl+alt+c")
    assert window.next_command.command is not None
    qtbot.waitUntil(lambda: QApplication.clipboard().text() == window.next_command.command.text,
                    timeout=5000)
    # Ctrl+/: the keyboard shortcuts, listing the keys just pressed; Escape closes it
    _xdotool("key", "--delay", "40", "ctrl+slash")
    qtbot.waitUntil(lambda: any(isinstance(w, ShortcutsDialog) and w.isVisible()
                                for w in QApplication.topLevelWidgets()), timeout=5000)
    dialog = next(w for w in QApplication.topLevelWidgets()
                  if isinstance(w, ShortcutsDialog) and w.isVisible())
    listed = {r.keys for r in dialog.rows}
    assert {"Ctrl+K", "Ctrl+1", "Ctrl+F", "Ctrl+Alt+C", "Ctrl+/"} <= listed
    qtbot.waitUntil(lambda: QApplication.activeWindow() is dialog, timeout=5000)
    _xdotool("key", "Escape")
    qtbot.waitUntil(lambda: not dialog.isVisible(), timeout=5000)
