"""Save runs in a worker: a held planning lock never freezes the window, the wait shows and can
be cancelled (nothing written, the edit kept unsaved), and the same edit saves once the lock is
free. A real lock file held by this process, real files, offscreen."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pytestqt.qtbot import QtBot

from msd_desktop.core.common.planning_lock import PlanningLock
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings.form import ConfigFormPanel
from tests.form_saving import save_form

KEY = "parallelization.max_concurrent_agents"


@pytest.fixture
def panel(qtbot: QtBot, demo: Path, env: dict[str, str]) -> ConfigFormPanel:
    root = demo / "field-notes"
    widget = ConfigFormPanel(ProjectRef(root=root, name="field-notes", workspace="demo"), env=env)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    return widget


def test_a_held_lock_is_waited_for_off_the_window_and_can_be_cancelled(
        qtbot: QtBot, panel: ConfigFormPanel) -> None:
    assert panel.draft is not None
    config = panel.draft.path
    before = config.read_bytes()
    panel.edit(KEY, 7)
    lock = PlanningLock(config.parent)
    lock.acquire()  # another program holds the planning lock
    try:
        with qtbot.waitSignal(panel.save_finished, timeout=20000) as ended:
            assert panel.save() is True  # it returns at once: the save started
            assert not panel.save_button.isEnabled()
            assert panel.save_button.text() == "Saving…"
            qtbot.waitUntil(lambda: "planning lock" in panel.status.text(), timeout=15000)
            assert panel.cancel_save_button.isVisible()
            assert panel.cancel_save_button.isEnabled()
            panel.cancel_save()
        assert ended.args == [False, []]
    finally:
        lock.release()
    assert config.read_bytes() == before  # nothing written
    assert panel.draft.pending == {KEY: 7}  # the edit intact, unsaved
    assert panel.save_button.isEnabled()
    assert not panel.cancel_save_button.isVisible()
    assert "cancelled" in panel.status.text()
    assert panel.undo_stack is not None
    assert not panel.undo_stack.isClean()
    # the lock is free now: the same edit saves
    assert save_form(qtbot, panel)
    assert json.loads(config.read_text(encoding="utf-8"))["parallelization"][
        "max_concurrent_agents"] == 7
    assert panel.draft.pending == {}
    assert panel.undo_stack.isClean()


def test_an_edit_made_while_saving_stays_unsaved(qtbot: QtBot, panel: ConfigFormPanel) -> None:
    assert panel.draft is not None
    config = panel.draft.path
    panel.edit(KEY, 5)
    lock = PlanningLock(config.parent)
    lock.acquire()
    try:
        with qtbot.waitSignal(panel.save_finished, timeout=20000) as ended:
            assert panel.save()
            qtbot.waitUntil(lambda: "planning lock" in panel.status.text(), timeout=15000)
            panel.edit("model_profile", "quality")  # typed while the save waits
            lock.release()
    finally:
        if lock.held:
            lock.release()
    assert ended.args[0] is True
    data = json.loads(config.read_text(encoding="utf-8"))
    assert data["parallelization"]["max_concurrent_agents"] == 5
    assert data.get("model_profile") != "quality"  # not in what was saved
    assert panel.draft.pending == {"model_profile": "quality"}  # still there, unsaved
    assert panel.save_button.isEnabled()
