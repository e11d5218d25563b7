"""The shared layout checks see each defect they name, and stay quiet when it is gone: a cut
label, an elided label without its tooltip, a wrapped label short of lines, a cut button, a
cut column title, a sideways scroll bar, two labels drawn over each other, a label cut by a
parent two levels up, an elided cell without its tooltip; a hidden part of the window is not
looked at. Real widgets, offscreen."""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtGui import QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QApplication,
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.ui.settings.form_widgets import KeyNameLabel
from tests.layout_checks import (
    button_problems,
    cell_problems,
    clipped_by_parent,
    header_problems,
    label_problems,
    layout_problems,
    one_look,
    overlap_problems,
    sideways_problems,
)

LONG = "claude_md_assembly.mode with a rather long tail that cannot fit"


def _window(qtbot: Any, *widgets: QWidget, width: int = 120) -> QWidget:
    win = QWidget()
    qtbot.addWidget(win)
    layout = QVBoxLayout(win)
    for widget in widgets:
        layout.addWidget(widget)
    win.resize(width, 300)
    win.show()
    QApplication.processEvents()
    return win


def test_a_cut_label_is_seen_and_a_whole_one_is_not(qtbot: Any) -> None:
    label = QLabel(LONG)
    label.setMinimumWidth(1)
    label.setFixedWidth(60)
    win = _window(qtbot, label)
    assert any("cut" in p for p in label_problems(win))
    label.setFixedWidth(label.fontMetrics().horizontalAdvance(LONG) + 4)
    QApplication.processEvents()
    assert label_problems(win) == []


def test_an_elided_key_name_needs_its_tooltip(qtbot: Any) -> None:
    key = KeyNameLabel(LONG)
    key.setText(LONG)
    key.setFixedWidth(60)
    win = _window(qtbot, key)
    assert label_problems(win) == []  # elided, the whole key in the tooltip
    key.setToolTip("")
    assert any("without the full text" in p for p in label_problems(win))


def test_a_wrapped_label_short_of_lines_is_seen(qtbot: Any) -> None:
    label = QLabel(" ".join([LONG] * 4))
    label.setWordWrap(True)
    label.setFixedHeight(label.fontMetrics().height())
    win = _window(qtbot, label, width=200)
    assert any("height" in p for p in label_problems(win))


def test_a_narrow_button_is_cut(qtbot: Any) -> None:
    button = QPushButton("Migrate plaintext keys to the keyring")
    button.setFixedWidth(50)
    win = _window(qtbot, button)
    assert any("cut" in p for p in button_problems(win))
    button.setFixedWidth(button.sizeHint().width())
    QApplication.processEvents()
    assert button_problems(win) == []


def _table(texts: list[str], headers: list[str]) -> tuple[QTableView, QStandardItemModel]:
    model = QStandardItemModel(0, len(headers))
    model.setHorizontalHeaderLabels(headers)
    model.appendRow([QStandardItem(t) for t in texts])
    view = QTableView()
    view.setModel(model)
    return view, model


def test_sideways_scrolling_cut_titles_and_cells_are_seen(qtbot: Any) -> None:
    view, model = _table([LONG, LONG], ["Skill paths (comma-separated, relative)", "B"])
    for col in (0, 1):
        view.setColumnWidth(col, 300)
    win = _window(qtbot, view, width=200)
    assert any("horizontal scroll bar" in p for p in sideways_problems(win))
    view.horizontalHeader().setStretchLastSection(False)
    view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
    view.setWordWrap(False)  # one line a cell, as the window's tables are
    for col in (0, 1):
        view.setColumnWidth(col, 60)
    QApplication.processEvents()
    assert any("column title" in p for p in header_problems(win))
    assert any("cell" in p for p in cell_problems(win))
    # the whole texts as tooltips: elided, but in reach
    model.horizontalHeaderItem(0).setToolTip(model.horizontalHeaderItem(0).text())
    for col in (0, 1):
        model.item(0, col).setToolTip(LONG)
    assert header_problems(win) == []
    assert cell_problems(win) == []
    assert cell_problems(win, {(view.objectName(), 0): "explained"}) == []


def test_labels_of_one_layout_over_each_other_are_seen(qtbot: Any) -> None:
    row = QWidget()
    layout = QHBoxLayout(row)
    name, default = QLabel("claude_md_asse"), QLabel("default: embed")
    layout.addWidget(name)
    layout.addWidget(default)
    win = _window(qtbot, row, width=400)
    assert overlap_problems(win) == []
    default.move(name.geometry().left() + 4, name.geometry().top())  # drawn into the name
    assert any("overlap" in p for p in overlap_problems(win))


def test_a_label_cut_by_a_narrow_ancestor_is_seen(qtbot: Any) -> None:
    outer = QWidget()
    outer.setFixedSize(300, 40)
    inner = QWidget(outer)  # no layout: the label keeps its width, the ancestors cut it
    inner.setGeometry(10, 0, 4000, 40)
    label = QLabel(LONG, inner)
    label.move(5, 0)
    label.resize(label.fontMetrics().horizontalAdvance(LONG) + 10, 20)
    win = _window(qtbot, outer, width=2000)  # the window never cuts the label itself
    found = clipped_by_parent(win)
    assert any("cut by its parent" in p and "285 of" in p for p in found), found
    outer.setFixedSize(label.width() + 20, 40)
    QApplication.processEvents()
    assert clipped_by_parent(win) == []


def test_a_hidden_part_is_not_looked_at_and_one_look_sees_the_same(qtbot: Any) -> None:
    cut = QLabel(LONG)
    cut.setMinimumWidth(1)
    cut.setFixedWidth(60)
    holder = QWidget()
    QVBoxLayout(holder).addWidget(cut)
    win = _window(qtbot, holder)
    shown = layout_problems(win)
    assert any("cut" in p for p in shown)
    with one_look(win):
        assert layout_problems(win) == shown
        assert label_problems(win) == [p for p in shown if p.startswith("label ")]
    holder.hide()
    QApplication.processEvents()
    assert layout_problems(win) == []
