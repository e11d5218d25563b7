"""Undo in the editors made of several fields (the agent-skills table, the dynamic-routing
group) puts every sub-field back as it was — also when the step undone to held text that was
never a value (an escaping skill path, a count that is not a number): the field shows what the
draft holds, never the later text. Offscreen, real form, real keys on the focused widgets."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit
from pytestqt.qtbot import QtBot

from msd_desktop.core.config.draft import InvalidInput
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.settings.form import ConfigFormPanel
from msd_desktop.ui.widgets.editors import AgentSkillsEditor, PatternGroupEditor


@pytest.fixture
def panel(qtbot: QtBot, demo: Path, env: dict[str, str]) -> ConfigFormPanel:
    project = ProjectRef(root=demo / "field-notes", name="field-notes", workspace="demo")
    widget = ConfigFormPanel(project, env=env)
    qtbot.addWidget(widget)
    widget.resize(1200, 800)
    widget.show()
    qtbot.waitExposed(widget)
    widget.activateWindow()
    return widget


def _type_cell(editor: AgentSkillsEditor, row: int, col: int, text: str) -> None:
    """Start editing a cell with F2, type over its text key by key, Enter commits."""
    table = editor.table
    table.setFocus()
    table.setCurrentCell(row, col)
    QTest.keyClick(table, Qt.Key.Key_F2)
    field = QApplication.focusWidget()
    assert field is not None
    assert field is not table
    field.selectAll()  # type: ignore[attr-defined]
    QTest.keyClicks(field, text)
    _commit(table, field)


def _commit(table: Any, field: Any) -> None:
    """Enter, then wait: the delegate hands the text to the table a turn later."""
    QTest.keyClick(field, Qt.Key.Key_Return)
    deadline = 200
    while table.state() != table.State.NoState and deadline:
        QTest.qWait(5)
        deadline -= 1
    assert table.state() == table.State.NoState


def _find(panel: ConfigFormPanel, key: str) -> Any:
    """Search for the key as a person would (Ctrl+F, paste its name), so its row is on screen.

    Pasted, not typed: each letter typed filters the form again and builds the rows its first
    letters match (most of the ~200), which is the search's concern, not these editors'."""
    panel.focus_search()
    search = QApplication.focusWidget()
    assert isinstance(search, QLineEdit)
    search.insert(key)  # what a paste does: one edit
    editor = panel.editor(key)
    assert editor.isVisible()
    return editor


def _undo(panel: ConfigFormPanel, widget: Any) -> None:
    widget.setFocus()
    QTest.keyClick(widget, Qt.Key.Key_Z, Qt.KeyboardModifier.ControlModifier)


def test_undo_to_an_escaping_skill_path_shows_it_again(panel: ConfigFormPanel) -> None:
    editor = _find(panel, "agent_skills")
    assert isinstance(editor, AgentSkillsEditor)
    editor.table.setRowCount(0)
    QTest.mouseClick(editor.add_button, Qt.MouseButton.LeftButton)
    field = QApplication.focusWidget()
    assert field is not None
    QTest.keyClicks(field, "msd-planner")
    _commit(editor.table, field)
    _type_cell(editor, 0, 1, "skills/a")
    _type_cell(editor, 0, 1, "../outside")
    assert panel.draft is not None
    bad = panel.draft.value("agent_skills")
    assert isinstance(bad, InvalidInput)
    assert bad.text == "../outside"
    _type_cell(editor, 0, 1, "skills/b")
    assert panel.draft.value("agent_skills") == {"msd-planner": ["skills/b"]}

    _undo(panel, editor.table)
    assert isinstance(panel.draft.value("agent_skills"), InvalidInput)
    assert editor.cells() == [["msd-planner", "../outside"]]  # not "skills/b"
    assert not panel.save_button.isEnabled() or "invalid" in panel.save_button.text()
    _undo(panel, editor.table)
    assert panel.draft.value("agent_skills") == {"msd-planner": ["skills/a"]}
    assert editor.cells() == [["msd-planner", "skills/a"]]
    # and forward again, through the text that was never a value
    editor.table.setFocus()
    QTest.keyClick(editor.table, Qt.Key.Key_Z,
                   Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)
    assert editor.cells() == [["msd-planner", "../outside"]]


def test_undo_to_a_count_that_is_not_a_number_restores_the_whole_group(
        panel: ConfigFormPanel) -> None:
    editor = _find(panel, "dynamic_routing")
    assert isinstance(editor, PatternGroupEditor)
    combo = editor.combos["max_escalations"]
    line = combo.lineEdit()
    assert line is not None
    escalation = editor.lists["provider_escalation"]

    def type_count(text: str) -> None:
        line.setFocus()
        line.selectAll()
        QTest.keyClicks(line, text)
        QTest.keyClick(line, Qt.Key.Key_Tab)  # the focus moves: the next edit is a new step

    escalation.setFocus()
    QTest.keyClicks(escalation, "opus")
    QTest.keyClick(escalation, Qt.Key.Key_Tab)
    type_count("2x")
    assert panel.draft is not None
    assert isinstance(panel.draft.value("dynamic_routing"), InvalidInput)
    type_count("3")
    assert combo.currentText() == "3"

    _undo(panel, line)
    assert isinstance(panel.draft.value("dynamic_routing"), InvalidInput)
    assert combo.currentText() == "2x"  # the text that was typed, not the later "3"
    assert escalation.toPlainText() == "opus"  # the other sub-field as it was
