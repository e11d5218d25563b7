"""Edits a crashed run left are announced where the next status line cannot overwrite them:
a notice beside the status line that stays while the restored edits are unsaved, goes when
they are reverted (or saved), and can be dismissed with its button.

The real window on a copy of the demo, a real recovery record as a killed run leaves it (the
core's DraftRecovery), the form's real Revert; the dismiss button clicked with QTest.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft import ConfigDraft
from msd_desktop.core.config.draft_recovery import DraftRecovery, default_recovery_dir
from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow

KEY = "parallelization.max_concurrent_agents"


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    target = tmp_path / "demo"
    shutil.copytree(demo_source(), target)
    return target


def _crashed_run(demo: Path, env: dict[str, str]) -> None:
    """What a killed run leaves: one typed edit of field-notes' config.json, unsaved."""
    draft = ConfigDraft(demo / "field-notes" / ".planning" / "config.json")
    draft.set(KEY, 7)
    DraftRecovery(default_recovery_dir(env)).write(draft)


def _window(qtbot: QtBot, demo: Path, tmp_path: Path, ui_settings: object) -> MainWindow:
    home = tmp_path / "home"
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    _crashed_run(demo, env)
    win = MainWindow(registry=WorkspaceRegistry(home / "w.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    win.resize(1024, 700)
    win.show()
    qtbot.waitUntil(win.isWindowModified, timeout=20000)
    return win


def _open(qtbot: QtBot, win: MainWindow, root: Path) -> None:
    with qtbot.waitSignal(win.state_shown, timeout=20000):
        assert win.open_project(root)


def test_the_restored_edits_stay_announced_until_reverted(
        qtbot: QtBot, demo: Path, tmp_path: Path, ui_settings: object, english: None) -> None:
    win = _window(qtbot, demo, tmp_path, ui_settings)
    announced = "Restored 1 unsaved change from the last run"
    assert announced in win.notice.text()
    # opening projects writes their status lines: the notice is still there
    _open(qtbot, win, demo / "billing-service")
    _open(qtbot, win, demo / "field-notes")
    assert announced not in win.status_label.text()  # the status line moved on
    assert announced in win.notice.text()
    assert win.notice.isVisible()

    from msd_desktop.ui.settings.form import ConfigFormPanel

    form = win.project_tabs.settings_tab()  # built when asked for
    assert isinstance(form, ConfigFormPanel)
    form.revert()  # the person says no to the restored edit
    qtbot.waitUntil(lambda: not win.isWindowModified(), timeout=5000)
    assert not win.notice.isVisible()


def test_the_notice_can_be_dismissed(qtbot: QtBot, demo: Path, tmp_path: Path,
                                     ui_settings: object, english: None) -> None:
    win = _window(qtbot, demo, tmp_path, ui_settings)
    assert win.notice.isVisible()
    QTest.mouseClick(win.notice.close_button, Qt.MouseButton.LeftButton)
    assert not win.notice.isVisible()
    assert win.isWindowModified()  # dismissing says nothing about the edits themselves


def test_the_notice_speaks_portuguese(qtbot: QtBot, demo: Path, tmp_path: Path,
                                      ui_settings: object, pt_br: None) -> None:
    win = _window(qtbot, demo, tmp_path, ui_settings)
    assert "Restored" not in win.notice.text()
    assert win.notice.text()
    assert win.notice.close_button.accessibleName() == "Dispensar esta mensagem"
