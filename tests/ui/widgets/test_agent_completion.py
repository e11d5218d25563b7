"""Agent-name completion in the agent-keyed tables, typed with real keys."""

from __future__ import annotations

from typing import Any

import pytest
from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QCompleter, QLineEdit
from pytestqt.qtbot import QtBot

from msd_desktop.core.models.catalog import agents
from msd_desktop.ui.widgets.agent_completion import completer_of
from msd_desktop.ui.widgets.editor_base import FieldSpec
from msd_desktop.ui.widgets.editors import create_editor


def _typing_editor(qtbot: QtBot, key: str) -> tuple[Any, QLineEdit]:
    editor = create_editor(FieldSpec(key, "map"))
    qtbot.addWidget(editor)
    editor.show()
    editor.activateWindow()
    qtbot.waitExposed(editor)
    got: list[Any] = []
    editor.edited.connect(got.append)
    editor.setProperty("got", got)
    editor.add_button.setFocus()
    QTest.keyClick(editor.add_button, Qt.Key.Key_Space)  # Add opens the new row's agent cell
    qtbot.waitUntil(lambda: isinstance(QApplication.focusWidget(), QLineEdit), timeout=10000)
    line = QApplication.focusWidget()
    assert isinstance(line, QLineEdit)
    return editor, line


@pytest.mark.parametrize("key", ["model_overrides", "effort.agent_overrides", "agent_skills"])
def test_ctrl_space_lists_the_catalogs_agents_and_enter_commits(qtbot: QtBot, key: str) -> None:
    editor, line = _typing_editor(qtbot, key)
    completer = completer_of(line)
    assert isinstance(completer, QCompleter)
    QTest.keyClicks(line, "planne")
    assert not completer.popup().isVisible()  # typing alone opens nothing
    QTest.keyClick(line, Qt.Key.Key_Space, Qt.KeyboardModifier.ControlModifier)
    popup = completer.popup()
    qtbot.waitUntil(popup.isVisible, timeout=10000)
    offered = [completer.completionModel().index(row, 0).data()
               for row in range(completer.completionModel().rowCount())]
    assert offered == [name for name in agents() if "planne" in name]
    assert "msd-planner" in offered
    row = offered.index("msd-planner")
    for _ in range(row + 1):
        QTest.keyClick(popup, Qt.Key.Key_Down)
    QTest.keyClick(popup, Qt.Key.Key_Return)  # picks it and commits the cell
    qtbot.waitUntil(lambda: not popup.isVisible(), timeout=10000)
    qtbot.waitUntil(lambda: editor.table.item(0, 0).text() == "msd-planner", timeout=10000)
    assert editor.table.state() == editor.table.State.NoState


def test_a_name_nothing_matches_is_kept_as_typed(qtbot: QtBot) -> None:
    editor, line = _typing_editor(qtbot, "model_overrides")
    QTest.keyClicks(line, "zzz")
    assert line.text() == "zzz"
    QTest.keyClick(line, Qt.Key.Key_Down)
    completer = completer_of(line)
    assert completer is not None
    assert completer.completionModel().rowCount() == 0
    QTest.keyClick(line, Qt.Key.Key_Return)
    qtbot.waitUntil(lambda: editor.table.item(0, 0).text() == "zzz", timeout=10000)
