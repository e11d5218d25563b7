"""The Settings History page: the timeline, per-key differences, restore into the draft as one
undo step (nothing written until Save), restore one key, pin and label (offscreen)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.json_edit import display_data, document_text
from msd_desktop.core.config.store import write_project_config
from msd_desktop.core.history.store import HistoryStore
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings import history_page
from msd_desktop.ui.settings.form import ConfigFormPanel
from tests.form_saving import save_form


@pytest.fixture
def config(demo: Path) -> Path:
    """field-notes' config.json with three recorded states: yolo → interactive → +budget."""
    path = demo / "field-notes" / ".planning" / "config.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    write_project_config(path, {**data, "mode": "interactive"}, ...)
    write_project_config(path, {**data, "mode": "interactive", "model_profile": "budget"}, ...)
    return path


@pytest.fixture
def panel(qtbot: QtBot, demo: Path, env: dict[str, str], config: Path) -> ConfigFormPanel:
    widget = ConfigFormPanel(ProjectRef(root=demo / "field-notes", name="field-notes",
                                        workspace="demo"), env=env)
    qtbot.addWidget(widget)
    widget.resize(1024, 700)
    widget.show()
    qtbot.waitExposed(widget)
    return widget


def _open(qtbot: QtBot, panel: ConfigFormPanel) -> Any:
    tab = panel.history_tab
    panel.inner_tabs.setCurrentWidget(tab.holder)
    page = tab.page()
    qtbot.waitUntil(lambda: len(page.timeline.rows) == 3, timeout=20000)
    return page


def _draft_text(panel: ConfigFormPanel) -> str:
    assert panel.draft is not None
    return document_text(display_data(panel.draft)).text


def _pick_oldest(page: Any) -> None:
    page.timeline_view.setFocus()
    QTest.keyClick(page.timeline_view, Qt.Key.Key_End, Qt.KeyboardModifier.ControlModifier)
    assert page.selected() is page.timeline.rows[-1]


def test_the_timeline_and_its_key_differences(qtbot: QtBot, panel: ConfigFormPanel,
                                              qtmodeltester: Any) -> None:
    page = _open(qtbot, panel)
    qtmodeltester.check(page.timeline)
    qtmodeltester.check(page.keys)
    sources = [page.timeline.data(page.timeline.index(r, 1)) for r in range(3)]
    assert sources == ["Settings save", "Settings save", "first seen"]  # English here
    assert page.timeline.data(page.timeline.index(0, 3)) == "same"
    _pick_oldest(page)
    assert page.timeline.data(page.timeline.index(2, 3)).startswith("2 ")
    assert [c.key for c in page.keys.changes] == ["mode", "model_profile"]


def test_restore_is_one_undo_step_and_writes_nothing_until_save(
        qtbot: QtBot, panel: ConfigFormPanel, config: Path) -> None:
    page = _open(qtbot, panel)
    _pick_oldest(page)
    on_disk = config.read_bytes()
    before = _draft_text(panel)
    QTest.mouseClick(page.restore_button, Qt.MouseButton.LeftButton)
    after = _draft_text(panel)
    assert json.loads(after)["mode"] == "yolo"
    assert json.loads(after)["model_profile"] == "balanced"
    assert config.read_bytes() == on_disk  # nothing written
    assert "nothing is written until you save" in page.status.text()
    panel.undo()
    assert _draft_text(panel) == before
    panel.redo()
    assert _draft_text(panel) == after
    panel.undo()
    panel.redo()
    assert _draft_text(panel) == after
    assert save_form(qtbot, panel)
    assert json.loads(config.read_text(encoding="utf-8"))["mode"] == "yolo"
    qtbot.waitUntil(lambda: len(page.timeline.rows) == 4, timeout=20000)
    newest = HistoryStore.for_user().entries(config).entries[-1]
    assert newest.source == "Settings save"


def test_restore_one_key(qtbot: QtBot, panel: ConfigFormPanel) -> None:
    page = _open(qtbot, panel)
    _pick_oldest(page)
    page.keys_view.setFocus()
    QTest.keyClick(page.keys_view, Qt.Key.Key_End,
                   Qt.KeyboardModifier.ControlModifier)  # model_profile
    QTest.mouseClick(page.restore_key_button, Qt.MouseButton.LeftButton)
    assert panel.draft is not None
    restored = json.loads(_draft_text(panel))
    assert restored["model_profile"] == "balanced"
    assert restored["mode"] == "interactive"  # the other key is left alone
    panel.undo()
    assert json.loads(_draft_text(panel))["model_profile"] == "budget"


def test_pin_and_label(qtbot: QtBot, panel: ConfigFormPanel, config: Path,
                       monkeypatch: pytest.MonkeyPatch) -> None:
    page = _open(qtbot, panel)
    _pick_oldest(page)
    oldest = page.selected().entry.id
    QTest.mouseClick(page.pin_button, Qt.MouseButton.LeftButton)

    def pinned() -> bool:
        return any(e.id == oldest and e.pinned
                   for e in HistoryStore.for_user().entries(config).entries)

    qtbot.waitUntil(pinned, timeout=20000)
    qtbot.waitUntil(lambda: page.timeline.rows[-1].entry.pinned, timeout=20000)
    _pick_oldest(page)
    monkeypatch.setattr(history_page, "ask_label", lambda _parent, _current: "known good")
    QTest.mouseClick(page.label_button, Qt.MouseButton.LeftButton)
    qtbot.waitUntil(lambda: page.timeline.rows[-1].entry.label == "known good",
                    timeout=20000)
    assert page.timeline.data(page.timeline.index(2, 2)) == "pinned · known good"


def test_every_control_of_the_page_has_a_name(qtbot: QtBot, panel: ConfigFormPanel) -> None:
    from PySide6.QtGui import QAccessible
    from PySide6.QtWidgets import QComboBox, QHeaderView, QPushButton, QTableView

    page = _open(qtbot, panel)
    controls = page.findChildren(QPushButton) + page.findChildren(QComboBox) + [
        view for view in page.findChildren(QTableView) if not isinstance(view, QHeaderView)]
    assert len(controls) == 11
    nameless = [type(w).__name__ for w in controls
                if not (QAccessible.queryAccessibleInterface(w)
                        .text(QAccessible.Text.Name).strip())]
    assert nameless == []


def test_a_change_made_while_msd_was_closed_is_seen_when_the_page_opens(
        qtbot: QtBot, panel: ConfigFormPanel, config: Path) -> None:
    data = json.loads(config.read_text(encoding="utf-8"))
    config.write_text(json.dumps({**data, "mode": "yolo", "by": "hand"}, indent=2) + "\n",
                      encoding="utf-8")
    tab = panel.history_tab
    panel.inner_tabs.setCurrentWidget(tab.holder)
    page = tab.page()
    qtbot.waitUntil(lambda: len(page.timeline.rows) == 4, timeout=20000)
    assert page.timeline.rows[0].entry.source == "changed outside MSD"
    assert page.timeline.rows[0].doc is not None
    assert page.timeline.rows[0].doc["by"] == "hand"


def _routing_rows(page: Any) -> list[tuple[str, str, str]]:
    model = page.routing.model
    return [tuple(model.data(model.index(r, c)) for c in range(3))
            for r in range(model.rowCount())]


def test_what_an_entry_does_to_model_routing(qtbot: QtBot, panel: ConfigFormPanel,
                                             config: Path, env: dict[str, str],
                                             qtmodeltester: Any, english: None) -> None:
    from msd_desktop.core.history.routing_impact import routing_changes

    page = _open(qtbot, panel)
    # the newest entry is the saved file: nothing moves
    qtbot.waitUntil(lambda: not page.routing.pending, timeout=20000)
    assert page.routing.model.changes == []
    assert page.routing.heading == "Model routing: no routing change."
    _pick_oldest(page)  # balanced where the file says budget
    qtbot.waitUntil(lambda: not page.routing.pending, timeout=20000)
    qtmodeltester.check(page.routing.model)
    saved = json.loads(config.read_text(encoding="utf-8"))
    expected = routing_changes(config, page.selected().doc, saved, env)
    assert expected  # the profile moves agents
    assert [c.agent for c in page.routing.model.changes] == [c.agent for c in expected]
    first = expected[0]
    assert first.before is not None
    assert first.after is not None
    assert _routing_rows(page)[0] == (
        first.agent, f"{first.before.model} · effort {first.before.effort}",
        f"{first.after.model} · effort {first.after.effort}")
    assert page.routing.heading == f"Model routing: {len(expected)} agents change"
    # against the draft once the entry is restored into it: nothing moves
    QTest.mouseClick(page.restore_button, Qt.MouseButton.LeftButton)
    page.compare_combo.setFocus()
    qtbot.waitUntil(page.compare_combo.hasFocus, timeout=5000)
    QTest.keyClick(page.compare_combo, Qt.Key.Key_Down)
    assert page.compare_combo.currentData() == "draft"
    qtbot.waitUntil(lambda: not page.routing.pending, timeout=20000)
    assert page.routing.model.changes == []
    # a key routing never reads: the keys differ, routing does not
    QTest.keyClick(page.timeline_view, Qt.Key.Key_Home, Qt.KeyboardModifier.ControlModifier)
    page.timeline_view.setFocus()
    QTest.keyClick(page.timeline_view, Qt.Key.Key_Down)
    assert page.selected() is page.timeline.rows[1]
    qtbot.waitUntil(lambda: not page.routing.pending, timeout=20000)
    assert [c.key for c in page.keys.changes] == ["mode"]
    assert page.routing.model.changes == []


def test_a_deleted_config_is_recreated_from_the_history(
        qtbot: QtBot, demo: Path, env: dict[str, str], config: Path, english: None) -> None:
    from PySide6.QtCore import QTimer
    from PySide6.QtWidgets import QApplication

    from msd_desktop.ui.settings.history_recreate import RecreateDialog

    config.unlink()
    panel = ConfigFormPanel(ProjectRef(root=demo / "field-notes", name="field-notes",
                                       workspace="demo"), env=env)
    qtbot.addWidget(panel)
    panel.resize(1024, 700)
    panel.show()
    qtbot.waitExposed(panel)
    panel.activateWindow()
    assert panel.draft is not None
    assert not panel.draft.file.exists
    panel.inner_tabs.setCurrentWidget(panel.history_tab.holder)
    page = panel.history_tab.page()
    qtbot.waitUntil(lambda: len(page.timeline.rows) == 4, timeout=20000)  # + "absent"
    assert page.timeline.rows[0].entry.state == "absent"
    assert page.recreate_button.isVisible()
    assert page.missing_label.isVisible()
    listed: list[list[str]] = []

    def pick_second() -> None:
        # up once it has the keyboard (on a loaded machine it is activated a while after it
        # shows); a failed check closes it, so the test fails instead of hanging in its loop
        dialog = QApplication.activeModalWidget()
        if not isinstance(dialog, RecreateDialog) or not dialog.isActiveWindow():
            if isinstance(dialog, RecreateDialog):
                dialog.activateWindow()
            QTimer.singleShot(50, pick_second)
            return
        try:
            listed.append([dialog.list.item(i).text() for i in range(dialog.list.count())])
            assert QApplication.focusWidget() is dialog.list
            QTest.keyClick(dialog.list, Qt.Key.Key_Down)  # interactive, before budget
            dialog.recreate_button.setFocus()
            QTest.keyClick(dialog.recreate_button, Qt.Key.Key_Space)
        except BaseException:
            dialog.reject()
            raise

    QTimer.singleShot(50, pick_second)
    page.recreate_button.setFocus()
    qtbot.waitUntil(page.recreate_button.hasFocus, timeout=5000)
    QTest.keyClick(page.recreate_button, Qt.Key.Key_Space)
    qtbot.waitUntil(config.is_file, timeout=20000)
    assert len(listed[0]) == 3  # the kept states only, newest first
    assert "first seen" in listed[0][2]
    data = json.loads(config.read_text(encoding="utf-8"))
    assert (data["mode"], data["model_profile"]) == ("interactive", "balanced")
    qtbot.waitUntil(lambda: "Recreated" in page.status.text(), timeout=20000)
    newest = HistoryStore.for_user().entries(config).entries[-1]
    assert newest.source == "restore"
    # the form follows: its file exists again, and the button goes
    qtbot.waitUntil(lambda: panel.draft is not None and panel.draft.file.exists,
                    timeout=20000)
    qtbot.waitUntil(lambda: not page.recreate_button.isVisible(), timeout=20000)
    assert not page.missing_label.isVisible()


def test_the_global_defaults_page_shows_their_routing(qtbot: QtBot, env: dict[str, str],
                                                      english: None) -> None:
    """~/.msd/defaults.json: its entries route a folder without a project config, so an
    earlier profile there moves agents."""
    from msd_desktop.core.history.routing_impact import routing_changes
    from msd_desktop.core.workspace.paths import defaults_path
    from msd_desktop.ui.settings.global_defaults_panel import GlobalDefaultsPanel

    defaults = defaults_path(env)
    defaults.parent.mkdir(parents=True, exist_ok=True)
    write_project_config(defaults, {"model_profile": "budget"}, None, env=env)
    write_project_config(defaults, {"model_profile": "quality"}, ..., env=env)
    panel = GlobalDefaultsPanel([], env)
    qtbot.addWidget(panel)
    panel.resize(1024, 700)
    panel.show()
    qtbot.waitExposed(panel)
    form = panel.form
    form.inner_tabs.setCurrentWidget(form.history_tab.holder)
    page = form.history_tab.page()
    qtbot.waitUntil(lambda: len(page.timeline.rows) == 2, timeout=20000)
    _pick_oldest(page)
    qtbot.waitUntil(lambda: not page.routing.pending, timeout=20000)
    expected = routing_changes(defaults, {"model_profile": "budget"},
                               {"model_profile": "quality"}, env)
    assert expected
    assert [c.agent for c in page.routing.model.changes] == [c.agent for c in expected]
    assert page.detail_tabs.tabText(1) == f"Model routing: {len(expected)} agents change"
