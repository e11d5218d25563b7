"""Closing the window with the tray icon there: quits by default; with View → "Keep running
in the tray when closed" it hides to the tray (told once), while File → Quit  still
quits, and without a tray to come back from closing always quits."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.tray_close import CLOSE_TO_TRAY, close_to_tray


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str],
           ui_settings: Any) -> Any:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    qtbot.waitExposed(win)
    win.tray.available = True  # as on a desktop with a tray (offscreen has none)
    yield win
    win.request_quit()


def test_closing_quits_by_default(window: MainWindow) -> None:
    assert not window.main_actions.close_to_tray_action.isChecked()
    assert window.close()
    assert not window.tray.shown


def test_closing_hides_to_the_tray_when_chosen_and_says_so_once(
        qtbot: Any, window: MainWindow, ui_settings: Any) -> None:
    action = window.main_actions.close_to_tray_action
    assert action.text() == "Keep running in the tray when closed"
    action.trigger()
    assert close_to_tray(ui_settings)
    assert str(ui_settings.value(CLOSE_TO_TRAY)).lower() == "true"  # remembered
    assert not window.close()  # the close is turned into a hide
    assert window.isHidden()
    assert len(window.tray.shown) == 1
    assert window.tray.shown[0][0] == "MSD Desktop is still running"
    window._raise()  # the tray's "Show MSD Desktop"
    assert window.isVisible()
    assert not window.close()
    assert len(window.tray.shown) == 1  # told once
    window._raise()
    assert window.request_quit()  # File → Quit and the tray's Quit: a real close
    assert window.isHidden()
    assert len(window.tray.shown) == 1  # a quit, not a hide: nothing more said


def test_without_a_tray_closing_quits_even_when_chosen(window: MainWindow) -> None:
    window.main_actions.close_to_tray_action.trigger()
    window.tray.available = False  # no tray to bring the window back from
    assert window.close()
    assert not window.tray.shown
