"""The project tree's Status column: a narrow column drops the line's leading parts, not its end.

Why: the compact status line reads "v1.1 · P4/5 · executing". Elided at the end in a narrow tree
(1024 px wide windows) it became "v1.1 · P4/…" and lost the word that matters most; the milestone
and the phase are the parts a person can spare. So the parts go from the left, one at a time,
until the rest fits ("P4/5 · executing", then "executing"); only a last part that still does
not fit is elided. The full line stays in the cell's tooltip.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6 import QtWidgets
from PySide6.QtCore import QModelIndex, QPersistentModelIndex
from PySide6.QtGui import QPainter
from PySide6.QtWidgets import QApplication, QStyleOptionViewItem

from msd_desktop.ui.browser.elide_delegate import ElideDelegate

#: What separates the parts of a status line (``core/state/statusline.SEPARATOR``).
PART_SEPARATOR = " \u00b7 "


def fit_parts(text: str, room: int, advance: Callable[[str], int]) -> str:
    """``text`` without as many leading parts as it takes to fit ``room`` pixels (``advance``
    measures a text); at least its last part."""
    parts = text.split(PART_SEPARATOR)
    while len(parts) > 1 and advance(PART_SEPARATOR.join(parts)) > room:
        parts.pop(0)
    return PART_SEPARATOR.join(parts)


class StatusLineDelegate(ElideDelegate):
    """Paints a status line fitted by :func:`fit_parts`, elided at the end only past that."""

    def shown_text(self, option: QStyleOptionViewItem,
                   index: QModelIndex | QPersistentModelIndex) -> str:
        """The text a cell of ``option.rect``'s width shows (before any final elision)."""
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        return self._fitted(opt)

    def _fitted(self, opt: QStyleOptionViewItem) -> str:
        if PART_SEPARATOR not in opt.text:
            return opt.text
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style_type = QtWidgets.QStyle  # see paint
        room = style.subElementRect(style_type.SubElement.SE_ItemViewItemText, opt,
                                    widget).width()
        margin = style.pixelMetric(style_type.PixelMetric.PM_FocusFrameHMargin, None,
                                   widget) + 1
        return fit_parts(opt.text, room - 2 * margin, opt.fontMetrics.horizontalAdvance)

    def paint(self, painter: QPainter, option: QStyleOptionViewItem,
              index: QModelIndex | QPersistentModelIndex) -> None:
        text = index.data()
        if not isinstance(text, str) or PART_SEPARATOR not in text:
            # nothing to fit (a workspace's line): painted as any cell. QStyle is named only
            # past this point (not at import): PySide6 makes a type and its enums the first
            # time it is named, QStyle's among its largest, and the first screen's rows do
            # without it
            super().paint(painter, option, index)
            return
        opt = QStyleOptionViewItem(option)
        self.initStyleOption(opt, index)
        opt.text = self._fitted(opt)
        widget = opt.widget
        style = widget.style() if widget is not None else QApplication.style()
        style.drawControl(QtWidgets.QStyle.ControlElement.CE_ItemViewItem, opt, painter, widget)


__all__ = ["PART_SEPARATOR", "StatusLineDelegate", "fit_parts"]
