"""Selecting a workstream shows the settings that apply to it: its own config.json when it has
one (what MSD reads for it), the project's when it falls back; and a setting's note never
names a global default the project does not read."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication

from msd_desktop.core.config.draft import Scope
from msd_desktop.core.workspace.paths import defaults_path
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings.form import ConfigFormPanel

SETTINGS_TAB = 0


@pytest.fixture
def window(qtbot, tmp_path: Path, demo: Path, env: dict[str, str], ui_settings):
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    win = MainWindow(registry=registry, transient=[Workspace("Demo", demo, "scan_root")],
                     env=env, settings=ui_settings, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=15000):
        win.show()
    yield win
    win.close()


def _settings(qtbot, win: MainWindow, root: Path, ws: str | None) -> ConfigFormPanel:
    assert win.open_project(root, ws)  # (on the tab shown last: the State tab is not read)
    qtbot.waitUntil(lambda: win.current_project()[0] is not None
                    and win.current_project()[0].root == root
                    and win.current_project()[1] == ws, timeout=15000)
    win.project_tabs.setCurrentIndex(SETTINGS_TAB)
    qtbot.waitUntil(lambda: isinstance(win.project_tabs.settings_tab(), ConfigFormPanel),
                    timeout=15000)
    panel = win.project_tabs.settings_tab()
    assert isinstance(panel, ConfigFormPanel)
    return panel


def _shown(panel: ConfigFormPanel, key: str) -> Any:
    return panel.editor(key).combo.currentData()  # type: ignore[attr-defined]


def test_a_workstream_with_its_own_config_shows_that_config(qtbot, window: MainWindow,
                                                            demo: Path) -> None:
    root = demo / "platform-monorepo"
    panel = _settings(qtbot, window, root, "api")
    assert panel.scope is Scope.WORKSTREAM
    assert panel.scope_combo.currentData() is Scope.WORKSTREAM
    assert panel.draft is not None
    assert panel.draft.path == root / ".planning" / "workstreams" / "api" / "config.json"
    assert _shown(panel, "model_profile") == "quality"  # the workstream's, not "balanced"
    assert "api" in panel.row("model_profile").provenance.text()
    # the project itself: its own file
    panel = _settings(qtbot, window, root, None)
    assert panel.scope is Scope.PROJECT
    assert _shown(panel, "model_profile") == "balanced"


def test_a_workstream_without_config_shows_the_project_file_it_falls_back_to(
        qtbot, window: MainWindow, demo: Path) -> None:
    root = demo / "platform-monorepo"
    panel = _settings(qtbot, window, root, "web")
    assert panel.scope is Scope.PROJECT
    assert panel.draft is not None
    assert panel.draft.path == root / ".planning" / "config.json"
    assert _shown(panel, "model_profile") == "balanced"


def test_workstream_picked_with_the_keyboard(qtbot, window: MainWindow, demo: Path) -> None:
    """Down/Right in the project tree onto a workstream row opens its settings."""
    root = demo / "platform-monorepo"
    _settings(qtbot, window, root, None)
    tree = window.browser.tree
    tree.setFocus()
    for _ in range(3):  # expand the project (when it is not), then onto its first child
        if tree.currentIndex().data() == "api":
            break
        QTest.keyClick(tree, Qt.Key.Key_Right)
    assert tree.currentIndex().data() == "api"
    assert tree.currentIndex().parent().data() == "platform-monorepo"
    qtbot.waitUntil(lambda: isinstance(window.project_tabs.settings_tab(), ConfigFormPanel)
                    and window.project_tabs.settings_tab().scope is Scope.WORKSTREAM,
                    timeout=15000)


def test_the_note_leaves_out_global_defaults_that_are_not_read(qtbot, window: MainWindow,
                                                               demo: Path,
                                                               env: dict[str, str]) -> None:
    path = defaults_path(env)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps({"mode": "interactive", "model_profile": "budget"}),
                    encoding="utf-8")
    panel = _settings(qtbot, window, demo / "field-notes", None)
    QApplication.processEvents()
    for key in ("mode", "model_profile"):
        note = panel.row(key).provenance.text()
        assert note.startswith("Modified in: Project"), note
        for unread in ("Global", "interactive", "budget"):
            assert unread not in note, note
