"""Each test starts with no modifier key held (``keyboard_released`` in tests/conftest.py),
whatever the test before it pressed: Qt keeps the last event's modifiers as the keyboard's
state, and a held Shift turns ``selectRow`` into extending a selection."""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtTest import QTest
from PySide6.QtWidgets import QApplication, QLineEdit, QTableWidget
from pytestqt.qtbot import QtBot


def test_a_shift_click_leaves_shift_held_in_qt(qtbot: QtBot) -> None:
    line = QLineEdit()
    qtbot.addWidget(line)
    QTest.keyClick(line, Qt.Key.Key_Tab, Qt.KeyboardModifier.ShiftModifier)
    # what the next test would inherit (the tests in a file run in order, on one worker)
    assert QApplication.keyboardModifiers() == Qt.KeyboardModifier.ShiftModifier


def test_the_next_test_starts_with_the_keyboard_released(qtbot: QtBot) -> None:
    assert QApplication.keyboardModifiers() == Qt.KeyboardModifier.NoModifier
    table = QTableWidget(2, 2)
    qtbot.addWidget(table)
    table.selectRow(0)
    assert sorted({i.row() for i in table.selectedIndexes()}) == [0]
