"""An item delegate that elides its column in its own mode.

Why: a view has one elide mode for every column, but names read best elided in the middle
("platform-…nitor › api" keeps both ends) and status lines or problem lists at the end.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtWidgets import QStyledItemDelegate, QStyleOptionViewItem


class ElideDelegate(QStyledItemDelegate):
    """Draws its cells elided in ``mode``, one line (the full text is in the cell's tooltip)."""

    def __init__(self, mode: Qt.TextElideMode, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._mode = mode

    def initStyleOption(self, option: QStyleOptionViewItem,
                        index: QModelIndex | QPersistentModelIndex) -> None:
        super().initStyleOption(option, index)
        option.textElideMode = self._mode
        option.features &= ~QStyleOptionViewItem.ViewItemFeature.WrapText
