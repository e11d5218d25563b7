"""New project on a real X server, with real key presses: Ctrl+Shift+N in the window, the new
project's folder (its name last) typed key by key into the focused field, Return for Create,
Return for "Create the folder?" — then the project is in its scan root, selected, and its
next command is ``/msd-new-project``.

The window and the dialog are the real ones, on the runner's Xvfb with its real keyring;
``xdotool`` presses the keys (XTEST). The dialog is photographed for the docs
(``docs/screenshots/companion-new-project.png`` when ``MSD_SCREENSHOT_DIR`` or
``MSD_SCREENSHOT_HOME`` asks for pictures; always under ``tests/e2e/screenshots``).
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import QSettings
from PySide6.QtWidgets import QApplication, QMessageBox, QWidget

from msd_desktop.app import demo_source
from msd_desktop.core.workspace.registry import WorkspaceRegistry
from tests.e2e.conftest import DOC_SHOTS, SHOTS, needs_display
from tests.e2e.test_matrix_batch_live import ModalSteps
from tests.prerequisites import require_tool, require_xcb

NAME = "weather-station"


@pytest.fixture
def real_x(qapp: QApplication) -> QApplication:
    needs_display()
    require_xcb()
    require_tool("xdotool")
    return qapp


def xdo(*args: str) -> None:
    subprocess.run(["xdotool", *args], check=True, timeout=30)


def key(name: str) -> None:
    xdo("key", "--clearmodifiers", name)


def click(widget: QWidget) -> None:
    center = widget.mapToGlobal(widget.rect().center())
    xdo("mousemove", str(center.x()), str(center.y()), "click", "1")


def photograph(dialog: QWidget) -> Path:
    SHOTS.mkdir(parents=True, exist_ok=True)
    path = SHOTS / "companion-new-project.png"
    image = dialog.grab()
    assert image.width() >= 1024
    assert image.height() >= 700
    assert image.save(str(path))
    if os.environ.get("MSD_SCREENSHOT_DIR") or os.environ.get("MSD_SCREENSHOT_HOME"):
        DOC_SHOTS.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, DOC_SHOTS / path.name)
    return path


def test_create_a_project_with_real_keys(real_x: QApplication, qtbot: Any, tmp_path: Path,
                                         isolated_home: Path) -> None:
    from msd_desktop.ui.companion.new_project_dialog import NewProjectDialog
    from msd_desktop.ui.main_window import MainWindow

    shots_home = os.environ.get("MSD_SCREENSHOT_HOME")
    projects = Path(shots_home) / "projects" if shots_home else tmp_path / "projects"
    shutil.rmtree(projects / NAME, ignore_errors=True)
    shutil.rmtree(projects / "field-notes", ignore_errors=True)
    shutil.copytree(demo_source() / "field-notes", projects / "field-notes")
    env = {k: os.environ[k] for k in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                      "XDG_STATE_HOME", "XDG_CACHE_HOME", "PATH")
           if k in os.environ}
    registry = WorkspaceRegistry(tmp_path / "workspaces.json", env=env)
    registry.add(projects, kind="scan_root")
    settings = QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat)
    win = MainWindow(registry=registry, transient=[], env=env, settings=settings)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=20000):
        win.show()
    qtbot.waitExposed(win)
    win.activateWindow()
    qtbot.waitUntil(win.isActiveWindow, timeout=5000)

    key("ctrl+shift+n")  # File → New project…
    qtbot.waitUntil(lambda: isinstance(QApplication.activeWindow(), NewProjectDialog),
                    timeout=10000)
    dlg = QApplication.activeWindow()
    assert isinstance(dlg, NewProjectDialog)
    qtbot.waitExposed(dlg)
    qtbot.waitUntil(lambda: dlg.keyring is not None, timeout=20000)
    click(dlg.folder_edit)
    qtbot.waitUntil(dlg.folder_edit.hasFocus, timeout=5000)
    target = projects / NAME
    xdo("type", "--delay", "8", str(target))
    qtbot.waitUntil(lambda: dlg.folder_edit.text() == str(target), timeout=20000)
    assert "does not exist yet" in dlg.folder_label.text()
    assert dlg.create_button.isEnabled()
    # the key fields follow the real keyring: on when it is usable, off with the reason if not
    usable = bool(dlg.keyring and dlg.keyring.usable)
    assert all(e.isEnabled() == usable for e in dlg.key_edits.values())
    assert ("Keys typed here go to the OS keyring" in dlg.keyring_label.text()) == usable
    shot = photograph(dlg)
    assert shot.stat().st_size > 10000

    questions: list[str] = []
    steps = ModalSteps([(QMessageBox, lambda box: (questions.append(box.text()),
                                                   key("Return")))])
    with qtbot.waitSignal(win.state_shown, timeout=30000,
                          check_params_cb=lambda v: Path(v.root) == target) as shown:
        key("Return")  # Create project is the default button
    qtbot.waitUntil(lambda: not steps.steps, timeout=10000)
    assert steps.failures == []
    assert questions
    assert str(target) in questions[0]
    assert shown.args[0].status == "planning"

    config = json.loads((target / ".planning" / "config.json").read_text(encoding="utf-8"))
    assert config["claude_md_path"] == "./CLAUDE.md"
    assert (target / ".planning" / "STATE.md").is_file()
    assert [w.path for w in registry.list()] == [projects]  # in the scan root, no new entry
    current, _ = win.current_project()
    assert current is not None
    assert current.root == target
    assert current.name == NAME
    qtbot.waitUntil(lambda: win.next_command.label.text() == "/msd-new-project",
                    timeout=10000)
    assert NAME in win.windowTitle()
    win.close()
    if shots_home:
        shutil.rmtree(projects / NAME, ignore_errors=True)
