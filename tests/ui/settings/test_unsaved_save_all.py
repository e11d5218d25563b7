"""Saving before the window goes (Save in the unsaved-edits question) never waits for a planning
lock on the window's thread: the saves run in workers, a box says "Saving…" while another
program holds the lock, and its Cancel stops them — nothing written, the edits kept. A real
lock file held by this process, real files, offscreen."""

from __future__ import annotations

import json
from pathlib import Path

from PySide6.QtCore import QTimer
from PySide6.QtWidgets import QApplication, QProgressDialog, QPushButton
from pytestqt.qtbot import QtBot

from msd_desktop.core.common.planning_lock import PlanningLock
from msd_desktop.ui.settings.sessions import EditSessions
from msd_desktop.ui.settings.unsaved import save_all

KEY = "parallelization.max_concurrent_agents"


def test_a_held_lock_shows_saving_and_cancel_keeps_the_edits(qtbot: QtBot, demo: Path) -> None:
    config = demo / "field-notes" / ".planning" / "config.json"
    before = config.read_bytes()
    sessions = EditSessions()
    session = sessions.session(config)
    session.edit(KEY, 6, "set agents to 6")
    lock = PlanningLock(config.parent)
    lock.acquire()
    seen: list[bool] = []

    def press_cancel() -> None:  # runs while save_all waits: the window's thread is free
        boxes = [w for w in QApplication.topLevelWidgets()
                 if isinstance(w, QProgressDialog) and w.isVisible()]
        seen.append(bool(boxes))
        if boxes:
            boxes[0].findChild(QPushButton).click()  # the box's Cancel, as a person clicks
        else:
            QTimer.singleShot(200, press_cancel)

    QTimer.singleShot(200, press_cancel)
    try:
        problems = save_all([session])
    finally:
        lock.release()
    assert True in seen  # the box was shown while the lock was held
    assert len(problems) == 1
    assert "cancelled" in problems[0]
    assert config.read_bytes() == before
    assert session.draft.pending == {KEY: 6}


def test_a_free_lock_saves_every_file(qtbot: QtBot, demo: Path) -> None:
    configs = [demo / name / ".planning" / "config.json" for name in ("field-notes",
                                                                       "billing-service")]
    sessions = EditSessions()
    for config in configs:
        sessions.session(config).edit(KEY, 4, "set agents to 4")
    assert save_all(sessions.dirty()) == []
    for config in configs:
        data = json.loads(config.read_text(encoding="utf-8"))
        assert data["parallelization"]["max_concurrent_agents"] == 4
    assert sessions.dirty() == []
