"""Qt adapters for comparing two projects' configs: the key table and the copy confirmation.

Thin table models (STYLE 12) over the core's
:class:`~msd_desktop.core.config.compare.ConfigComparison` rows and
:meth:`~msd_desktop.core.config.compare.CopyPlan.rows`: values are the core's display texts
(secrets already masked there), shown as plain text; a differing key is marked with the theme's
warning colours and exposed through :data:`DiffersRole`, so views and tests never parse text.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QModelIndex,
    QObject,
    QPersistentModelIndex,
    QSortFilterProxyModel,
    Qt,
)

from msd_desktop.core.config.compare import ConfigComparison, KeyRow
from msd_desktop.ui.companion.matrix_model import BatchPlanModel
from msd_desktop.ui.widgets.config_words import value_text
from msd_desktop.ui.widgets.plain_text import tooltip
from msd_desktop.ui.widgets.table_model import HeaderedTableModel
from msd_desktop.ui.widgets.theme import semantic_color

COL_KEY, COL_LEFT, COL_RIGHT = range(3)

DiffersRole = Qt.ItemDataRole.UserRole + 1
KeyRole = Qt.ItemDataRole.UserRole + 2

Index = QModelIndex | QPersistentModelIndex


class ConfigCompareModel(HeaderedTableModel):
    """Rows: keys; columns: the key, the left project's value, the right project's value."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.comparison: ConfigComparison | None = None
        self.rows: list[KeyRow] = []

    def set_comparison(self, comparison: ConfigComparison | None) -> None:
        self.beginResetModel()
        self.comparison = comparison
        self.rows = list(comparison.rows) if comparison is not None else []
        self.endResetModel()
        self.headerDataChanged.emit(Qt.Orientation.Horizontal, 0, COL_RIGHT)

    def column_headers(self) -> Sequence[str]:
        c = self.comparison
        return (QCoreApplication.translate("ConfigCompareModel", "Key"),
                c.left.project.name if c else QCoreApplication.translate(
                    "ConfigCompareModel", "Left"),
                c.right.project.name if c else QCoreApplication.translate(
                    "ConfigCompareModel", "Right"))

    def row_items(self) -> Sequence[Any]:
        return self.rows

    def key_at(self, row: int) -> str:
        return self.rows[row].key

    def data(self, index: Index, role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        if not index.isValid() or not 0 <= index.row() < len(self.rows):
            return None
        row = self.rows[index.row()]
        col = index.column()
        if role == Qt.ItemDataRole.DisplayRole:
            return self._text(row, col)
        if role == Qt.ItemDataRole.ToolTipRole:
            return tooltip(self._tip(row, col))
        if role == Qt.ItemDataRole.BackgroundRole and row.differs:
            return semantic_color("warning_bg")
        if role == Qt.ItemDataRole.ForegroundRole and row.differs:
            return semantic_color("warning")
        if role == DiffersRole:
            return row.differs
        if role == KeyRole:
            return row.key
        return None

    @staticmethod
    def _text(row: KeyRow, col: int) -> str:
        if col == COL_KEY:
            return row.key
        display = row.left_display if col == COL_LEFT else row.right_display
        return value_text(display).replace("\n", " ")

    def _tip(self, row: KeyRow, col: int) -> str:
        text = self._text(row, col)
        if col == COL_KEY and row.secret:
            return QCoreApplication.translate(
                "ConfigCompareModel", "%1 — an API key: shown masked, never copied").replace(
                "%1", text)
        if col == COL_KEY:
            return (QCoreApplication.translate("ConfigCompareModel", "%1 — differs").replace(
                "%1", text) if row.differs else QCoreApplication.translate(
                "ConfigCompareModel", "%1 — the same in both").replace("%1", text))
        return text


class DifferencesProxy(QSortFilterProxyModel):
    """Only the keys whose values differ, when asked (``only_differences``)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.only_differences = False

    def set_only_differences(self, only: bool) -> None:
        # Qt >= 6.9: begin/endFilterChange (invalidateFilter is deprecated there)
        if hasattr(self, "beginFilterChange"):
            self.beginFilterChange()
            self.only_differences = only
            self.endFilterChange(QSortFilterProxyModel.Direction.Rows)
        else:  # pragma: no cover - older Qt
            self.only_differences = only
            self.invalidateFilter()

    def filterAcceptsRow(self, source_row: int, source_parent: Index) -> bool:
        if not self.only_differences:
            return True
        model = self.sourceModel()
        return bool(model.index(source_row, 0, source_parent).data(DiffersRole))


class CopyPlanModel(BatchPlanModel):
    """The copy confirmation: one row per key (now → new in the target), as the matrix's."""

    def column_headers(self) -> Sequence[str]:
        return (QCoreApplication.translate("CopyPlanModel", "Key"),
                QCoreApplication.translate("CopyPlanModel", "Now"),
                QCoreApplication.translate("CopyPlanModel", "New value"),
                QCoreApplication.translate("CopyPlanModel", "Note"))


__all__ = ["COL_KEY", "COL_LEFT", "COL_RIGHT", "ConfigCompareModel", "CopyPlanModel",
           "DifferencesProxy", "DiffersRole", "KeyRole"]
