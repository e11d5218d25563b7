"""Qt adapter for :class:`msd_desktop.core.config.matrix.KeyMatrix`: one row per project.

A thin table model (STYLE 12): the rows are the core's :class:`MatrixCell` values; drift is
shown with the theme's warning colours and exposed through :data:`DriftRole` so views and tests
do not parse text. Nothing is computed here beyond formatting.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt

from msd_desktop.core.config.matrix import KeyMatrix, MatrixCell, describe_reach
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color

COL_PROJECT, COL_WORKSPACE, COL_VALUE, COL_SOURCE, COL_STATUS = range(5)
HEADERS = ("Project", "Workspace", "Value", "From", "Status")

DriftRole = Qt.ItemDataRole.UserRole + 1
RootRole = Qt.ItemDataRole.UserRole + 2
CellRole = Qt.ItemDataRole.UserRole + 3

_LAYER_WORDS = {"workstream": "workstream config", "project": "project config",
                "global": "~/.msd/defaults.json", "builtin": "built-in default"}

Index = QModelIndex | QPersistentModelIndex


def status_text(cell: MatrixCell) -> str:
    if cell.degraded:
        return "config unusable"
    return "differs from the default" if cell.drift else "same as the default"


class ConfigMatrixModel(HeaderedTableModel):
    """Rows: projects; columns: project, workspace, value, where it comes from, drift."""

    HEADERS = HEADERS

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.matrix: KeyMatrix | None = None
        self.cells: list[MatrixCell] = []

    def set_matrix(self, matrix: KeyMatrix | None) -> None:
        self.beginResetModel()
        self.matrix = matrix
        self.cells = list(matrix.cells) if matrix is not None else []
        self.endResetModel()

    def row_items(self) -> Sequence[Any]:
        return self.cells

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.cells):
            return None
        cell = self.cells[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(cell, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            if col == COL_SOURCE:
                return cell.path or _LAYER_WORDS.get(cell.layer, cell.layer)
            if col == COL_STATUS:
                extra = f"\n{cell.problem}" if cell.problem else ""
                return f"Global key: {describe_reach(cell.reach)}{extra}"
            return str(cell.project.root)
        if role == Qt.ItemDataRole.BackgroundRole and (cell.drift or cell.degraded):
            return semantic_color("error_bg" if cell.degraded else "warning_bg")
        if role == Qt.ItemDataRole.ForegroundRole and (cell.drift or cell.degraded):
            return semantic_color("error" if cell.degraded else "warning")
        if role == DriftRole:
            return cell.drift
        if role == RootRole:
            return str(cell.project.root)
        if role == CellRole:
            return cell
        return None

    @staticmethod
    def _text(cell: MatrixCell, col: int) -> str:
        if col == COL_PROJECT:
            return cell.project.name
        if col == COL_WORKSPACE:
            return cell.project.workspace
        if col == COL_VALUE:
            return cell.display if cell.present else f"{cell.display} (default)"
        if col == COL_SOURCE:
            return _LAYER_WORDS.get(cell.layer, cell.layer)
        return status_text(cell)


BATCH_HEADERS = ("Project", "Now", "New value", "Note")
BATCH_COL_PROJECT, BATCH_COL_OLD, BATCH_COL_NEW, BATCH_COL_NOTE = range(4)


class BatchPlanModel(HeaderedTableModel):
    """The confirmation table: one row per project, the core's ``BatchPlan.rows()`` as text.

    The texts are the core's (secrets already masked there); a project that will not be
    written (bad file, value already set) is greyed with the reason in the Note column.
    """

    def __init__(self, rows: Sequence[tuple[str, str, str, str]] = (),
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.rows = list(rows)

    def column_headers(self) -> Sequence[str]:
        return [QCoreApplication.translate("BatchPlanModel", h) for h in BATCH_HEADERS]

    def row_items(self) -> Sequence[Any]:
        return self.rows

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        if role in (Qt.ItemDataRole.DisplayRole, Qt.ItemDataRole.ToolTipRole):
            return row[index.column()]
        if role == Qt.ItemDataRole.ForegroundRole and row[BATCH_COL_NOTE]:
            return semantic_color("muted")
        return None
