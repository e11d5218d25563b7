"""The flat tables' shared header: the titles for the roles that show them, made only then.

A view asks each header section for a dozen roles at every layout; the titles are translated
anew each time they are made, so the other roles must not make them.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QApplication

from msd_desktop.ui.widgets.table_model import HeaderedTableModel

H = Qt.Orientation.Horizontal
R = Qt.ItemDataRole


class Titled(HeaderedTableModel):
    def __init__(self) -> None:
        super().__init__()
        self.made = 0

    def row_items(self) -> Sequence[object]:
        return []

    def column_headers(self) -> Sequence[str]:
        self.made += 1
        return ("Name", "Status")


def test_the_titles_name_and_explain_each_column(qapp: QApplication) -> None:
    model = Titled()
    assert model.headerData(0, H) == "Name"
    assert model.headerData(1, H, R.ToolTipRole) == "Status"  # the title is its own tooltip
    assert model.headerData(1, H, int(R.DisplayRole)) == "Status"  # as Qt passes it
    assert model.headerData(2, H) is None
    assert model.headerData(-1, H) is None
    assert model.headerData(0, Qt.Orientation.Vertical) is None


def test_other_roles_do_not_make_the_titles(qapp: QApplication) -> None:
    model = Titled()
    for role in (R.FontRole, R.TextAlignmentRole, R.DecorationRole, R.SizeHintRole,
                 R.ForegroundRole, R.BackgroundRole):
        assert model.headerData(0, H, role) is None
    assert model.headerData(0, Qt.Orientation.Vertical) is None
    assert model.made == 0
