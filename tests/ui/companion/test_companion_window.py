"""The companion pieces wired into the main window: menu actions, tray lines, next command."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow


@pytest.fixture
def window(qtbot: Any, tmp_path: Path, demo: Path, env: dict[str, str],
           ui_settings: Any) -> Any:
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, watch=False)
    qtbot.addWidget(win)
    qtbot.waitUntil(lambda: len(win.tray.project_actions) == 5, timeout=15000)
    yield win
    win.close()


def test_tray_lists_every_project_and_opens_one(qtbot: Any, window: MainWindow,
                                                demo: Path) -> None:
    assert len(window.tray.project_actions) == 5
    root = demo / "checklist-printer"
    window.tray.project_actions[root].trigger()
    assert window._current is not None
    assert window._current.root == root
    qtbot.waitUntil(lambda: window.next_command.label.text().startswith(("/msd-", "—")),
                    timeout=5000)
    assert window.next_command.root == root


def test_companion_actions_exist(window: MainWindow) -> None:
    texts = [a.text() for a in window.menuBar().actions()[0].menu().actions()]
    assert {"New project…", "Global defaults…", "Config matrix…"} <= set(texts)
    window.main_actions.open_config_matrix()
    window.main_actions.open_global_defaults()
