"""One watch per file: in the window, the project's config.json is watched by the window's
workspace watch alone, and a change made on disk still reaches the form; standing alone, the
form watches its own file. Real files, the real watchers (inotify), offscreen."""

from __future__ import annotations

import json
from pathlib import Path

from pytestqt.qtbot import QtBot

from msd_desktop.core.workspace.registry import ProjectRef, Workspace, WorkspaceRegistry
from msd_desktop.ui.settings.form import ConfigFormPanel

KEY = "parallelization.max_concurrent_agents"


def _rewrite(path: Path, key: str, value: object) -> None:
    data = json.loads(path.read_text(encoding="utf-8"))
    head, _, tail = key.partition(".")
    data.setdefault(head, {})[tail] = value
    path.write_text(json.dumps(data, indent=2) + "\n", encoding="utf-8")


def test_the_window_watches_the_project_config_once(qtbot: QtBot, demo: Path, tmp_path: Path,
                                                    env: dict[str, str], ui_settings) -> None:
    from msd_desktop.ui.main_window import MainWindow

    root = demo / "field-notes"
    config = root / ".planning" / "config.json"
    win = MainWindow(registry=WorkspaceRegistry(tmp_path / "workspaces.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=ui_settings, restore_last=False)
    qtbot.addWidget(win)
    with qtbot.waitSignal(win.summaries_loaded, timeout=20000):
        win.show()
    assert win.bridge is not None
    with qtbot.waitSignal(win.state_shown, timeout=15000):
        assert win.open_project(root)
    win.project_tabs.setCurrentIndex(0)
    form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
    assert form.file_watch.covers(config)
    assert form.file_watch.watched() == []  # the window's watch is the only one
    qtbot.waitUntil(lambda: bool(win.bridge and win.bridge.health and win.bridge.health.watched),
                    timeout=15000)
    form.edit("model_profile", "quality")  # an unsaved edit: a change on disk must be said
    _rewrite(config, KEY, 7)
    qtbot.waitUntil(lambda: form.disk_banner.isVisible(), timeout=15000)
    assert "changed on disk" in form.disk_banner.label.text()


def test_a_form_standing_alone_watches_its_file(qtbot: QtBot, demo: Path,
                                                env: dict[str, str]) -> None:
    root = demo / "field-notes"
    config = root / ".planning" / "config.json"
    form = ConfigFormPanel(ProjectRef(root=root, name="field-notes", workspace="demo"), env=env)
    qtbot.addWidget(form)
    form.show()
    assert str(config) in form.file_watch.watched()
    _rewrite(config, KEY, 9)
    qtbot.waitUntil(lambda: form.draft is not None and form.draft.value(KEY) == 9,
                    timeout=10000)
