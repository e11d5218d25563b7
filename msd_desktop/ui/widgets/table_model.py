"""The shared part of the window's flat tables: row/column counts and horizontal headers.

Every table model in the window is a thin adapter over a Python list; only ``data`` differs.
Subclasses name their column headers (``HEADERS``, or ``column_headers()`` when the columns
depend on data) and return the list behind the rows (``row_items``), and keep ``data`` to
themselves.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, ClassVar

from PySide6.QtCore import QAbstractTableModel, QModelIndex, QPersistentModelIndex, Qt

Index = QModelIndex | QPersistentModelIndex


class HeaderedTableModel(QAbstractTableModel):
    """A flat table model whose rows are ``row_items()`` and whose columns are ``HEADERS``."""

    HEADERS: ClassVar[Sequence[str]] = ()

    def row_items(self) -> Sequence[Any]:
        """The list the rows are drawn from."""
        raise NotImplementedError

    def column_headers(self) -> Sequence[str]:
        """The column titles; ``HEADERS`` unless the columns depend on data."""
        return self.HEADERS

    def rowCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.row_items())

    def columnCount(self, parent: Index = QModelIndex()) -> int:  # noqa: B008
        return 0 if parent.isValid() else len(self.column_headers())

    def headerData(self, section: int, orientation: Qt.Orientation,
                   role: int = Qt.ItemDataRole.DisplayRole) -> Any:
        # the role first: a view asks each section for a dozen roles at every layout, and the
        # titles are translated anew each time they are made
        if role not in _TITLE_ROLES or orientation != _HORIZONTAL:
            return None
        headers = self.column_headers()
        return headers[section] if 0 <= section < len(headers) else None


# the header's roles that carry the title: the title is its own tooltip (a column narrowed by
# the window elides its title)
_TITLE_ROLES = frozenset({int(Qt.ItemDataRole.DisplayRole), int(Qt.ItemDataRole.ToolTipRole)})
_HORIZONTAL = Qt.Orientation.Horizontal
