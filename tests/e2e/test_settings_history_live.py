"""The Settings History page in the real window on the real X server (Xvfb via the runner), at
1024×700 in English and pt_BR: a config with a history of saves, a config-set, a matrix batch,
an outside edit and a labelled entry; the oldest entry compared with the draft, with what it
does to model routing, nothing cut.
The picture is saved for a person to look at (and, with ``MSD_SCREENSHOT_HOME`` set, copied
to docs/screenshots/)."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.batch import apply_batch, plan_batch
from msd_desktop.core.config.setter import config_set
from msd_desktop.core.config.store import write_project_config
from msd_desktop.core.history.recorder import observe_changes
from msd_desktop.core.history.store import HistoryStore
from msd_desktop.core.workspace.demo import demo_source
from tests.e2e.live_window import (
    demo_copy,
    live_window,
    open_settings,
    picture_env,
    picture_name,
    save_picture,
    settle,
    window_env,
)
from tests.layout_checks import layout_problems

pytestmark = [pytest.mark.e2e]


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
    demo = demo_copy(tmp_path)
    env = window_env()
    config = _history(demo, env)
    with live_window(qtbot, tmp_path, demo, picture_env(env), code) as win:
        form = open_settings(qtbot, win, demo / "field-notes")
        form.inner_tabs.setCurrentWidget(form.history_tab.holder)
        page = form.history_tab.page()
        count = len(HistoryStore.for_user().entries(config).entries)
        qtbot.waitUntil(lambda: len(page.timeline.rows) == count, timeout=20000)
        assert count >= 5
        page.timeline_view.setFocus()
        QTest.keyClick(page.timeline_view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
        page.compare_combo.setCurrentIndex(page.compare_combo.findData("draft"))
        assert page.keys.changes
        qtbot.waitUntil(lambda: not page.routing.pending, timeout=20000)
        assert page.routing.model.changes  # balanced then, quality now: agents move
        page.detail_tabs.setCurrentWidget(page.routing_view)
        settle(qtbot)
        save_picture(win, picture_name("settings-history", code))
        assert layout_problems(win) == []


def test_restore_undo_redo_and_save_with_real_keys(qapp: QApplication, qtbot: QtBot,
                                                   tmp_path: Path) -> None:
    """Keys on the focused widgets of the real window: Ctrl+End picks the oldest entry, Space
    on Restore stages it, Ctrl+Z and Ctrl+Shift+Z take it back and forth (the same draft each
    time), Ctrl+S saves it, and the save is the history's newest entry."""
    from msd_desktop.core.config.json_edit import display_data, document_text

    demo = tmp_path / "demo"
    shutil.copytree(demo_source(), demo)
    env = window_env()
    config = _history(demo, env)
    with live_window(qtbot, tmp_path, demo, env, "en") as win:
        qtbot.waitUntil(lambda: QApplication.activeWindow() is win, timeout=10000)
        form = open_settings(qtbot, win, demo / "field-notes")
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
