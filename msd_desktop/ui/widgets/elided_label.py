"""A one-line label that elides its text instead of widening the window.

``text()`` stays the full text (tests and the automation channel read it); only the painting
is shortened with "…" when the label is narrower than the text, and the tooltip then carries
the full text (escaped, so it shows literally). The minimum size hint is small, so a long
value never forces the window wider; ``max_hint`` caps the width it asks for (a long config
path must not set the Settings tab's minimum width), and it takes more when there is room.

This is the one elided label of the window: every label that shows a file or folder name
uses it, so none of them can fall back to Qt's rich-text guess.
"""

from __future__ import annotations

from PySide6.QtCore import QSize, Qt
from PySide6.QtGui import QPainter, QPaintEvent, QResizeEvent
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

from msd_desktop.ui.widgets.plain_text import tooltip


class ElidedLabel(QLabel):
    """Plain-text, single-line label that elides (right by default, or in the middle)."""

    def __init__(self, text: str = "", parent: QWidget | None = None,
                 mode: Qt.TextElideMode = Qt.TextElideMode.ElideRight,
                 min_width: int = 40, max_hint: int | None = None) -> None:
        super().__init__(parent)
        self._mode = mode
        self._min_width = min_width
        self._max_hint = max_hint
        self._tip = ""  # a tooltip set by the caller wins over the automatic one
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Fixed)
        self.setText(text)

    # -- sizing

    def minimumSizeHint(self) -> QSize:
        hint = super().minimumSizeHint()
        return QSize(min(hint.width(), self._min_width), hint.height())

    def sizeHint(self) -> QSize:
        hint = super().sizeHint()
        if self._max_hint is None:
            return hint
        return QSize(min(hint.width(), self._max_hint), hint.height())

    @property
    def mode(self) -> Qt.TextElideMode:
        """Where the "…" goes when the text does not fit."""
        return self._mode

    # -- text and tooltip

    def setText(self, text: str) -> None:
        super().setText(text)
        self._sync_tip()

    def setToolTip(self, tip: str) -> None:
        self._tip = tip
        super().setToolTip(tip)
        self._sync_tip()

    def is_elided(self) -> bool:
        return self.fontMetrics().horizontalAdvance(self.text()) > self.contentsRect().width()

    def _sync_tip(self) -> None:
        # the automatic tooltip is the (file) text itself: escaped, as Qt would render a
        # tooltip that looks like HTML as rich text
        tip = self._tip or (tooltip(self.text()) if self.is_elided() else "")
        if super().toolTip() != tip:
            super().setToolTip(tip)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._sync_tip()

    def paintEvent(self, event: QPaintEvent) -> None:
        if not self.is_elided():
            super().paintEvent(event)
            return
        rect = self.contentsRect()
        shown = self.fontMetrics().elidedText(self.text(), self._mode, rect.width())
        painter = QPainter(self)
        self.style().drawItemText(
            painter, rect, int(self.alignment() | Qt.AlignmentFlag.AlignVCenter),
            self.palette(), self.isEnabled(), shown, self.foregroundRole())
        painter.end()

