"""Unsaved Settings edits survive the process being killed (SIGKILL: nothing is asked, nothing
runs at exit): a child process opens the real window, a person types into a Settings field
with keys, and the child is killed; the next window shows the edit again as an unsaved edit —
marked in the title and the tree, not written to config.json, gone after Revert.

Offscreen; real files, a real child process, a real signal."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft_recovery import default_recovery_dir
from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings.form import ConfigFormPanel
from tests.ui.settings.killed_window import run_killed

KEY = "parallelization.max_concurrent_agents"
SECRET = "sk-typed-but-never-saved-42"

TYPE_A_FIELD = '''
    key, secret = args
    spin = form.editor(key).spin
    spin.setFocus()
    spin.selectAll()
    QTest.keyClicks(spin, "7")
    form.draft.set("brave_search", secret)  # an API key typed in, never to reach the disk
    wait(lambda: recorded(key.rsplit(".", 1)[-1].encode()))
    typed()
'''


@pytest.fixture
def demo(tmp_path: Path) -> Path:
    target = tmp_path / "demo"
    shutil.copytree(demo_source(), target)
    return target


def test_a_killed_window_loses_no_typed_edit(qtbot: QtBot, tmp_path: Path, demo: Path,
                                             ui_settings: object, english: None) -> None:
    home = tmp_path / "home"
    home.mkdir()
    config = demo / "field-notes" / ".planning" / "config.json"
    before = config.read_bytes()
    run_killed(TYPE_A_FIELD, demo, home, KEY, SECRET)
    assert config.read_bytes() == before  # nothing was saved
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    records = list(default_recovery_dir(env).iterdir())
    assert len(records) == 1
    assert SECRET.encode() not in records[0].read_bytes()

    win = MainWindow(registry=WorkspaceRegistry(home / "w2.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitUntil(lambda: win.isWindowModified(), timeout=20000)
    assert "Restored 1 unsaved change from the last run" in win.status_label.text()
    assert "1 edited API key was not kept" in win.status_label.text()
    assert win.open_project(demo / "field-notes")
    qtbot.waitUntil(lambda: isinstance(win.project_tabs.settings_tab(), ConfigFormPanel),
                    timeout=20000)
    form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
    assert form.draft is not None
    assert form.draft.value(KEY) == 7
    assert form.editor(KEY).spin.lineEdit().text() == "7"  # type: ignore[attr-defined]
    assert not form.draft.is_pending("brave_search")
    assert config.read_bytes() == before  # restored as unsaved, not written

    form.revert()  # the person says no: the record goes too
    qtbot.waitUntil(lambda: not any(default_recovery_dir(env).iterdir()), timeout=5000)
    assert not win.isWindowModified()
    assert json.loads(config.read_text(encoding="utf-8")) == json.loads(before)


def test_global_defaults_left_unsaved_come_back_in_their_window(
        qtbot: QtBot, tmp_path: Path, demo: Path, ui_settings: object, english: None) -> None:
    from msd_desktop.core.config.draft import ConfigDraft
    from msd_desktop.core.config.draft_recovery import DraftRecovery
    from msd_desktop.core.workspace.paths import defaults_path
    from msd_desktop.ui.settings.global_defaults_panel import GlobalDefaultsPanel

    home = tmp_path / "home"
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    defaults = defaults_path(env)
    defaults.parent.mkdir(parents=True)
    defaults.write_text('{"mode": "interactive"}\n', encoding="utf-8")
    crashed = ConfigDraft(defaults)  # what a run that died had typed
    crashed.set("mode", "yolo")
    DraftRecovery(default_recovery_dir(env)).write(crashed)

    win = MainWindow(registry=WorkspaceRegistry(home / "w.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=ui_settings, watch=False, restore_last=False)
    qtbot.addWidget(win)
    win.show()
    qtbot.waitUntil(lambda: "Global defaults have unsaved changes" in win.status_label.text(),
                    timeout=20000)
    assert not win.isWindowModified()  # the project drafts are untouched

    panel = GlobalDefaultsPanel([], env)
    qtbot.addWidget(panel)
    assert panel.form.draft is not None
    assert panel.form.draft.value("mode") == "yolo"
    assert panel.form.draft.dirty
    assert panel.form.status.text().startswith("Restored 1 unsaved change from the last run")
    assert "(s)" not in panel.form.status.text()
    assert defaults.read_text(encoding="utf-8") == '{"mode": "interactive"}\n'  # not saved
    panel.form.revert()
    qtbot.waitUntil(lambda: not any(default_recovery_dir(env).iterdir()), timeout=5000)


def test_a_restored_edit_shows_as_unsaved_when_the_project_is_opened_at_start(
        qtbot: QtBot, tmp_path: Path, demo: Path, ui_settings: object, english: None) -> None:
    """``msd-desktop PATH`` after a kill: the form built for PATH agrees with the title and
    the tree — the restored edit is pending, Save enabled, the difference lists it."""
    home = tmp_path / "home"
    home.mkdir()
    root = demo / "field-notes"
    config = root / ".planning" / "config.json"
    before = config.read_bytes()
    run_killed(TYPE_A_FIELD, demo, home, KEY, SECRET)
    env = {"HOME": str(home), "PATH": "/usr/bin:/bin"}
    ui_settings.setValue("ui/last_tab", 0)  # type: ignore[attr-defined]  # Settings in front

    win = MainWindow(registry=WorkspaceRegistry(home / "w2.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=ui_settings, watch=False, restore_last=False, open_project=root)
    qtbot.addWidget(win)
    win.resize(1400, 900)
    win.show()
    qtbot.waitUntil(lambda: win.isWindowModified(), timeout=20000)
    qtbot.waitUntil(lambda: isinstance(win.project_tabs.settings_tab(), ConfigFormPanel),
                    timeout=20000)
    form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
    assert form.draft is not None
    qtbot.waitUntil(lambda: form.save_button.isEnabled(), timeout=10000)
    assert form.draft.pending == {KEY: 7}
    assert form.status.text() == "1 unsaved change"
    assert form.editor(KEY).spin.lineEdit().text() == "7"  # type: ignore[attr-defined]
    assert form.row(KEY).marker.text() == "✎"  # marked as changed, not saved
    assert any("max_concurrent_agents" in line for line in form.draft.diff())
    assert form.revert_button.isEnabled()
    assert config.read_bytes() == before
