"""Qt adapter for :class:`msd_desktop.core.config.matrix.KeyMatrix`: one row per project.

A thin table model (STYLE 12): the rows are the core's :class:`MatrixCell` values; drift is
shown with the theme's warning colours and exposed through :data:`DriftRole` so views and tests
do not parse text. Nothing is computed here beyond formatting.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, QModelIndex, QObject, QPersistentModelIndex, Qt

from msd_desktop.core.config.matrix import KeyMatrix, MatrixCell
from msd_desktop.ui.widgets.config_words import layer_label, plan_note, reach_text, value_text
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import tooltip
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color

COL_PROJECT, COL_WORKSPACE, COL_VALUE, COL_SOURCE, COL_STATUS = range(5)

DriftRole = Qt.ItemDataRole.UserRole + 1
RootRole = Qt.ItemDataRole.UserRole + 2
CellRole = Qt.ItemDataRole.UserRole + 3

Index = QModelIndex | QPersistentModelIndex


def matrix_headers() -> tuple[str, ...]:
    """The matrix's column titles in the window's language."""
    return (QCoreApplication.translate("ConfigMatrixModel", "Project"),
            QCoreApplication.translate("ConfigMatrixModel", "Workspace"),
            QCoreApplication.translate("ConfigMatrixModel", "Value"),
            QCoreApplication.translate("ConfigMatrixModel", "From"),
            QCoreApplication.translate("ConfigMatrixModel", "Status"))


def status_text(cell: MatrixCell) -> str:
    if cell.degraded:
        return QCoreApplication.translate("ConfigMatrixModel", "config unusable")
    return (QCoreApplication.translate("ConfigMatrixModel", "differs from the default")
            if cell.drift else QCoreApplication.translate("ConfigMatrixModel",
                                                          "same as the default"))


class ConfigMatrixModel(HeaderedTableModel):
    """Rows: projects; columns: project, workspace, value, where it comes from, drift."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.matrix: KeyMatrix | None = None
        self.cells: list[MatrixCell] = []

    def set_matrix(self, matrix: KeyMatrix | None) -> None:
        self.beginResetModel()
        self.matrix = matrix
        self.cells = list(matrix.cells) if matrix is not None else []
        self.endResetModel()

    def column_headers(self) -> Sequence[str]:
        return matrix_headers()

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
            return tooltip(self._tip(cell, col))
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
            value = value_text(cell.display)
            if cell.present or cell.display == "(unset)":  # no value, no default either
                return value
            return QCoreApplication.translate("ConfigMatrixModel", "%1 (default)").replace(
                "%1", value)
        if col == COL_SOURCE:
            return layer_label(cell.layer)
        return status_text(cell)

    @classmethod
    def _tip(cls, cell: MatrixCell, col: int) -> str:
        """The full text of the cell (names are elided in narrow windows) and more."""
        if col == COL_SOURCE:
            return str(cell.path) if cell.path else layer_label(cell.layer)
        if col == COL_STATUS:
            text = QCoreApplication.translate("ConfigMatrixModel", "Global value: %1").replace(
                "%1", reach_text(cell.reach))
            if cell.problem:  # the file check's own message
                text += "\n" + QCoreApplication.translate(
                    "ConfigMatrixModel", "File check: %1").replace("%1", core_text(cell.problem))
            return text
        if col == COL_PROJECT:
            return f"{cell.project.name}\n{cell.project.root}"
        return cls._text(cell, col)


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
        return (QCoreApplication.translate("BatchPlanModel", "Project"),
                QCoreApplication.translate("BatchPlanModel", "Now"),
                QCoreApplication.translate("BatchPlanModel", "New value"),
                QCoreApplication.translate("BatchPlanModel", "Note"))

    def row_items(self) -> Sequence[Any]:
        return self.rows

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(self._text(row, col))
        if role == Qt.ItemDataRole.ForegroundRole and row[BATCH_COL_NOTE]:
            return semantic_color("muted")
        return None

    @staticmethod
    def _text(row: tuple[str, str, str, str], col: int) -> str:
        if col == BATCH_COL_NOTE:
            return plan_note(row[col])
        if col in (BATCH_COL_OLD, BATCH_COL_NEW):
            return value_text(row[col])
        return row[col]
