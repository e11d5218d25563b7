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


def test_save_asked_again_while_saving_saves_the_newer_edit_right_after(
        qtbot: QtBot, panel: ConfigFormPanel) -> None:
    assert panel.draft is not None
    config = panel.draft.path
    panel.edit(KEY, 5)
    ended: list[tuple[bool, list[str]]] = []
    panel.save_finished.connect(lambda ok, keys: ended.append((ok, list(keys))))
    lock = PlanningLock(config.parent)
    lock.acquire()
    try:
        assert panel.save()
        qtbot.waitUntil(lambda: "planning lock" in panel.status.text(), timeout=15000)
        panel.edit("model_profile", "quality")  # typed while the save waits
        assert panel.save() is True  # asked again: it runs right after the first
        assert "right after" in panel.status.text()
        assert ended == []
    finally:
        lock.release()
    qtbot.waitUntil(lambda: len(ended) == 2, timeout=20000)
    assert ended == [(True, [KEY]), (True, ["model_profile"])]
    data = json.loads(config.read_text(encoding="utf-8"))
    assert data["parallelization"]["max_concurrent_agents"] == 5
    assert data["model_profile"] == "quality"
    assert panel.draft.pending == {}
    assert panel.save_job() is None


def test_save_all_waits_for_a_running_save_instead_of_writing_the_file_twice(
        qtbot: QtBot, panel: ConfigFormPanel) -> None:
    from msd_desktop.ui.settings.unsaved import save_all

    assert panel.draft is not None
    assert panel.session is not None
    config = panel.draft.path
    panel.edit(KEY, 6)
    lock = PlanningLock(config.parent)
    lock.acquire()
    try:
        assert panel.save()
        qtbot.waitUntil(lambda: "planning lock" in panel.status.text(), timeout=15000)
        panel.edit("model_profile", "budget")
    finally:
        lock.release()
    # a second save of the same file planned now would meet the first one's write as a
    # change on disk; Save all waits for it, then saves what was typed meanwhile
    assert save_all([panel.session], panel) == []
    data = json.loads(config.read_text(encoding="utf-8"))
    assert data["parallelization"]["max_concurrent_agents"] == 6
    assert data["model_profile"] == "budget"
    assert panel.draft.pending == {}
