"""Table model for the State tab's phase list: ROADMAP phases with plan and summary counts.

A thin adapter over ``list[PhaseRow]``; the rows are copied from the core's project state
(``core.project_state``), which joins ROADMAP.md headings with the ``phases/`` folders. The model
only formats them: the current phase is bold, a phase whose plans all have summaries is green.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QFont

from msd_desktop.ui.state.wording import fill
from msd_desktop.ui.widgets.plain_text import tooltip
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color

COLUMNS = ("Phase", "Name", "Plans", "Summaries", "Status")  # English: ids for tests and code
AnyIndex = QModelIndex | QPersistentModelIndex
SortRole = Qt.ItemDataRole.UserRole + 30


@dataclass(frozen=True)
class PhaseRow:
    """One phase as the core reports it."""

    number: str
    name: str
    plans: int = 0
    summaries: int = 0
    status: str = ""  # English summary (tests, logs); the table shows the translated one
    current: bool = False
    complete: bool = False
    directory: str = ""


# lupdate reads only literal contexts: every text here is translate("PhaseListModel", "…")
translate = QCoreApplication.translate


def column_titles() -> tuple[str, ...]:
    """The column headers in the window's language (the same order as :data:`COLUMNS`)."""
    return (translate("PhaseListModel", "Phase"), translate("PhaseListModel", "Name"),
            translate("PhaseListModel", "Plans"), translate("PhaseListModel", "Summaries"),
            translate("PhaseListModel", "Status"))


class PhaseListModel(HeaderedTableModel):
    """Phases of the current milestone."""

    HEADERS = COLUMNS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._rows: list[PhaseRow] = []

    def rows(self) -> list[PhaseRow]:
        return list(self._rows)

    def set_rows(self, rows: list[PhaseRow]) -> None:
        if rows == self._rows:
            return
        if len(rows) == len(self._rows) and rows:
            # same shape: update in place so selection and scroll position survive a reload
            self._rows = list(rows)
            self.dataChanged.emit(self.index(0, 0), self.index(len(rows) - 1, len(COLUMNS) - 1))
            return
        self.beginResetModel()
        self._rows = list(rows)
        self.endResetModel()

    def status_text(self, row: PhaseRow) -> str:
        """A phase's status in the window's language: complete, plans open, or not planned.

        ``self.tr``: lupdate marks a plural only in ``tr`` when the count is a variable."""
        if row.complete:
            return self.tr("complete")
        if row.plans:
            return self.tr("%n plan(s) open", "", max(row.plans - row.summaries, 0))
        return self.tr("not planned")

    def row_items(self) -> Sequence[Any]:
        return self._rows

    def column_headers(self) -> Sequence[str]:
        return column_titles()

    def data(self, index: AnyIndex, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self._rows):
            return None
        row = self._rows[index.row()]
        col = index.column()
        if role in (Qt.ItemDataRole.DisplayRole, SortRole):
            if col == 4:
                return self.status_text(row)
            values: tuple[Any, ...] = (row.number, row.name, row.plans, row.summaries)
            value = values[col]
            if role == Qt.ItemDataRole.DisplayRole:
                return str(value)
            return value
        if role == Qt.ItemDataRole.FontRole and row.current:
            font = QFont()
            font.setBold(True)
            return font
        if role == Qt.ItemDataRole.ForegroundRole:
            if row.complete and col in (3, 4):
                return semantic_color("ok")
            if col == 3 and row.summaries < row.plans:
                return semantic_color("warning") if row.current else None
        if role == Qt.ItemDataRole.TextAlignmentRole and col in (0, 2, 3):
            return int(Qt.AlignmentFlag.AlignCenter)
        if role == Qt.ItemDataRole.ToolTipRole:
            tip = fill(translate("PhaseListModel", "Phase %1: %2"), row.number, row.name)
            if row.directory:
                tip += "\n" + row.directory
            if row.current:
                tip += "\n" + translate("PhaseListModel", "(current phase)")
            return tooltip(tip)  # names come from ROADMAP.md: never rendered as markup
        return None
