"""The Settings History page in the real window on the real X server (Xvfb via the runner), at
1024×700 in English and pt_BR: a config with a history of saves, a config-set, a matrix batch,
an outside edit and a labelled entry; the oldest entry compared with the draft, nothing cut.
The picture is saved for a person to look at (and, with ``MSD_SCREENSHOT_HOME`` set, copied
to docs/screenshots/)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import QSettings, Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.batch import apply_batch, plan_batch
from msd_desktop.core.config.setter import config_set
from msd_desktop.core.config.store import write_project_config
from msd_desktop.core.history.recorder import observe_changes
from msd_desktop.core.history.store import HistoryStore
from msd_desktop.core.workspace.demo import demo_source
from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry
from msd_desktop.ui.main_window import MainWindow
from msd_desktop.ui.settings import unsaved
from msd_desktop.ui.settings.form import ConfigFormPanel
from tests.e2e.conftest import DOC_SHOTS, SHOTS, needs_display
from tests.e2e.test_layout_fit_live import language
from tests.layout_checks import layout_problems
from tests.prerequisites import require_xcb

pytestmark = [pytest.mark.e2e]

SIZE = (1024, 700)


def _history(demo: Path, env: dict[str, str]) -> Path:
    """field-notes' config.json with a few recorded states of different sources."""
    root = demo / "field-notes"
    config = root / ".planning" / "config.json"
    data = json.loads(config.read_text(encoding="utf-8"))
    write_project_config(config, {**data, "mode": "interactive"}, ...)
    config_set(root, "model_profile", "quality", env=env)
    apply_batch(plan_batch([root, demo / "billing-service"], "workflow.research", False, env),
                env)
    now = json.loads(config.read_text(encoding="utf-8"))
    config.write_text(json.dumps({**now, "granularity": "fine"}, indent=2) + "\n",
                      encoding="utf-8")
    observe_changes([config])
    store = HistoryStore.for_user()
    first = store.entries(config).entries[0]
    store.mark(config, first.id, pinned=True, label="as cloned")
    return config


@pytest.mark.parametrize("code", ["en", "pt_BR"])
def test_the_history_page_at_1024(qapp: QApplication, qtbot: QtBot, tmp_path: Path,
                                  code: str) -> None:
    needs_display()
    require_xcb()
    shots_home = os.environ.get("MSD_SCREENSHOT_HOME")
    demo = Path(shots_home) / "projects" if shots_home else tmp_path / "demo"
    shutil.rmtree(demo, ignore_errors=True)
    shutil.copytree(demo_source(), demo)
    env = {k: os.environ[k] for k in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                      "XDG_STATE_HOME", "XDG_CACHE_HOME", "PATH")
           if k in os.environ}
    config = _history(demo, env)
    if shots_home:  # a plausible home in the picture, no temporary path
        env.update(HOME=shots_home, XDG_CONFIG_HOME=f"{shots_home}/.config")
    with language(code):
        win = MainWindow(registry=WorkspaceRegistry(tmp_path / "w.json", env=env),
                         transient=[Workspace("Demo", demo, "scan_root")], env=env,
                         settings=QSettings(str(tmp_path / "ui.ini"),
                                            QSettings.Format.IniFormat),
                         restore_last=False)
        try:
            win.resize(*SIZE)
            with qtbot.waitSignal(win.summaries_loaded, timeout=30000):
                win.show()
            qtbot.waitExposed(win)
            win.activateWindow()
            assert win.open_project(demo / "field-notes")
            qtbot.waitUntil(lambda: any(isinstance(w, ConfigFormPanel)
                                        for _, w in win.project_tabs.tabs), timeout=20000)
            win.project_tabs.setCurrentIndex(0)
            form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
            form.inner_tabs.setCurrentWidget(form.history_tab.holder)
            page = form.history_tab.page()
            count = len(HistoryStore.for_user().entries(config).entries)
            qtbot.waitUntil(lambda: len(page.timeline.rows) == count, timeout=20000)
            assert count >= 5
            page.timeline_view.setFocus()
            QTest.keyClick(page.timeline_view, Qt.Key.Key_End,
                           Qt.KeyboardModifier.ControlModifier)
            page.compare_combo.setCurrentIndex(page.compare_combo.findData("draft"))
            assert page.keys.changes
            QApplication.processEvents()
            qtbot.wait(100)  # queued layouts land before the picture
            QApplication.processEvents()
            assert layout_problems(win) == []
            suffix = "" if code == "en" else f"-{code}"
            name = f"settings-history{suffix}-{SIZE[0]}.png"
            path = SHOTS / "app" / name
            path.parent.mkdir(parents=True, exist_ok=True)
            assert win.grab().save(str(path))
            if shots_home:  # tracked files only on request
                DOC_SHOTS.mkdir(parents=True, exist_ok=True)
                shutil.copyfile(path, DOC_SHOTS / name)
        finally:
            sessions = win.unsaved.made
            if sessions is not None:
                unsaved.discard_all(sessions.dirty())
            win.close()
            win.deleteLater()
            if shots_home:
                shutil.rmtree(demo, ignore_errors=True)


def test_restore_undo_redo_and_save_with_real_keys(qapp: QApplication, qtbot: QtBot,
                                                   tmp_path: Path) -> None:
    """Keys on the focused widgets of the real window: Ctrl+End picks the oldest entry, Space
    on Restore stages it, Ctrl+Z and Ctrl+Shift+Z take it back and forth (the same draft each
    time), Ctrl+S saves it, and the save is the history's newest entry."""
    from msd_desktop.core.config.json_edit import display_data, document_text

    needs_display()
    require_xcb()
    demo = tmp_path / "demo"
    shutil.copytree(demo_source(), demo)
    env = {k: os.environ[k] for k in ("HOME", "XDG_CONFIG_HOME", "XDG_DATA_HOME",
                                      "XDG_STATE_HOME", "XDG_CACHE_HOME", "PATH")
           if k in os.environ}
    config = _history(demo, env)
    win = MainWindow(registry=WorkspaceRegistry(tmp_path / "w.json", env=env),
                     transient=[Workspace("Demo", demo, "scan_root")], env=env,
                     settings=QSettings(str(tmp_path / "ui.ini"), QSettings.Format.IniFormat),
                     restore_last=False)
    try:
        win.resize(*SIZE)
        with qtbot.waitSignal(win.summaries_loaded, timeout=30000):
            win.show()
        qtbot.waitExposed(win)
        win.activateWindow()
        qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=10000)
        assert win.open_project(demo / "field-notes")
        qtbot.waitUntil(lambda: any(isinstance(w, ConfigFormPanel)
                                    for _, w in win.project_tabs.tabs), timeout=20000)
        win.project_tabs.setCurrentIndex(0)
        form = next(w for _, w in win.project_tabs.tabs if isinstance(w, ConfigFormPanel))
        form.inner_tabs.setCurrentWidget(form.history_tab.holder)
        page = form.history_tab.page()
        count = len(HistoryStore.for_user().entries(config).entries)
        qtbot.waitUntil(lambda: len(page.timeline.rows) == count, timeout=20000)

        def draft() -> str:
            assert form.draft is not None
            return document_text(display_data(form.draft)).text

        page.timeline_view.setFocus()
        qtbot.waitUntil(page.timeline_view.hasFocus, timeout=5000)
        QTest.keyClick(page.timeline_view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
        before = draft()
        page.restore_button.setFocus()
        qtbot.waitUntil(page.restore_button.hasFocus, timeout=5000)
        QTest.keyClick(page.restore_button, Qt.Key.Key_Space)
        after = draft()
        assert json.loads(after)["mode"] == "yolo"
        assert after != before
        QTest.keyClick(page.restore_button, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)
        assert draft() == before
        QTest.keyClick(page.restore_button, Qt.Key.Key_Z,
                       Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
        assert draft() == after
        assert json.loads(config.read_text(encoding="utf-8"))["mode"] == "interactive"
        QTest.keyClick(page.restore_button, Qt.Key.Key_S, Qt.KeyboardModifier.ControlModifier)
        qtbot.waitUntil(lambda: json.loads(config.read_text(encoding="utf-8"))["mode"]
                        == "yolo", timeout=20000)
        qtbot.waitUntil(lambda: HistoryStore.for_user().entries(config).entries[-1].source
                        == "Settings save", timeout=20000)
    finally:
        sessions = win.unsaved.made
        if sessions is not None:
            unsaved.discard_all(sessions.dirty())
        win.close()
        win.deleteLater()
