"""A multi-line plain-text label that wraps at word boundaries, and inside a word only when the
word alone is wider than the line.

Why: a word-wrapped ``QLabel`` never breaks inside a word, so its minimum width is its longest
word. A value quoted from a file has no spaces when it is compact JSON
(``{"enabled":true,"plan_level":true,…}``) or a long path, and one such word made the Settings
form wider than a 1024 px window (a sideways scroll bar). This label lays its text out with
``QTextOption.WrapAtWordBoundaryOrAnywhere``: prose still breaks between words, the long word
goes on over as many lines as it needs, and nothing is cut or elided. ``text()`` stays the whole
text (tests and the automation channel read it).

Layouts ask a label's height for a width many times per pass (a form of a hundred rows asked
tens of thousands of times per project pick), so heights are kept per width until the text,
font, alignment or direction changes, and a line that fits needs no text layout at all.
"""

from __future__ import annotations

import math
from typing import Any

from PySide6.QtCore import QEvent, QPointF, QSize, Qt
from PySide6.QtGui import QFontMetricsF, QPainter, QPaintEvent, QTextLayout, QTextOption
from PySide6.QtWidgets import QLabel, QSizePolicy, QWidget

MIN_CHARS = 12  # the narrowest it asks to be, in average characters
HINT_CHARS = 80  # the widest it asks to be, in average characters


class WrappingLabel(QLabel):
    """Plain-text label whose lines break inside an over-long word rather than widen it."""

    def __init__(self, text: str = "", parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._heights: dict[int, int] = {}  # text height per line width, for the text now
        self._outer: dict[int, int] = {}  # heightForWidth per widget width, for the text now
        self._natural: int | None = None  # the widest paragraph's width, for the text now
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setWordWrap(True)
        policy = QSizePolicy(QSizePolicy.Policy.Preferred, QSizePolicy.Policy.Preferred)
        policy.setHeightForWidth(True)
        self.setSizePolicy(policy)
        self.setText(text)

    # -- what the kept sizes depend on

    def _forget_sizes(self) -> None:
        self._heights.clear()
        self._outer.clear()
        self._natural = None

    def setContentsMargins(self, *margins: Any) -> None:
        self._forget_sizes()
        super().setContentsMargins(*margins)

    def setMargin(self, margin: int) -> None:
        self._forget_sizes()
        super().setMargin(margin)

    def setText(self, text: str) -> None:
        if text != self.text():
            self._forget_sizes()
        super().setText(text)

    def setAlignment(self, alignment: Any) -> None:
        self._forget_sizes()
        super().setAlignment(alignment)

    def changeEvent(self, event: QEvent) -> None:
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.LayoutDirectionChange,
                            QEvent.Type.StyleChange):
            self._forget_sizes()
        super().changeEvent(event)

    # -- layout of the text

    def _option(self) -> QTextOption:
        option = QTextOption(self.alignment() & Qt.AlignmentFlag.AlignHorizontal_Mask)
        option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
        option.setTextDirection(self.layoutDirection())
        return option

    def _layouts(self, width: int) -> list[QTextLayout]:
        """One laid-out ``QTextLayout`` per paragraph, lines ``width`` px wide, stacked."""
        option = self._option()
        out = []
        y = 0.0
        for paragraph in self.text().split("\n"):
            layout = QTextLayout(paragraph, self.font())
            layout.setTextOption(option)
            layout.beginLayout()
            while True:
                line = layout.createLine()
                if not line.isValid():
                    break
                line.setLineWidth(max(width, 1))
                line.setPosition(QPointF(0, y))
                y += line.height()
            layout.endLayout()
            out.append(layout)
        return out

    def _text_height(self, width: int) -> int:
        height = self._heights.get(width)
        if height is not None:
            return height
        natural = self._natural_width()
        if natural <= width and width != natural and "\n" not in self.text():
            height = self._text_height(natural)  # it fits: the one-line height, once
        elif not self.text():
            height = 0
        else:
            rect = self._layouts(width)[-1].boundingRect()
            height = int(rect.y() + rect.height() + 0.999)
        if len(self._heights) > 64:  # a window dragged through many widths
            self._heights.clear()
        self._heights[width] = height
        return height

    def _extra(self) -> QSize:
        """The room around the text: the frame's contents margins and the label's margin."""
        margins = self.contentsMargins()
        return QSize(margins.left() + margins.right() + 2 * self.margin(),
                     margins.top() + margins.bottom() + 2 * self.margin())

    def _natural_width(self) -> int:
        # the fractional advance, rounded up: the integer one can be a pixel short of what
        # the text layout needs, and the text then wrapped at the width it asked for
        if self._natural is None:
            metrics = QFontMetricsF(self.font())
            self._natural = max((math.ceil(metrics.horizontalAdvance(p))
                                 for p in self.text().split("\n")), default=0)
        return self._natural

    # -- sizing

    def hasHeightForWidth(self) -> bool:
        return True

    def heightForWidth(self, width: int) -> int:
        height = self._outer.get(width)
        if height is None:
            extra = self._extra()
            height = self._text_height(width - extra.width()) + extra.height()
            if len(self._outer) > 64:
                self._outer.clear()
            self._outer[width] = height
        return height

    def minimumSizeHint(self) -> QSize:
        extra = self._extra()
        width = min(self._natural_width(),
                    self.fontMetrics().averageCharWidth() * MIN_CHARS) + extra.width()
        return QSize(width, self.heightForWidth(width) if self.text() else 0)

    def sizeHint(self) -> QSize:
        extra = self._extra()
        width = min(self._natural_width(),
                    self.fontMetrics().averageCharWidth() * HINT_CHARS) + extra.width()
        return QSize(width, self.heightForWidth(width) if self.text() else 0)

    # -- painting

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.drawFrame(painter)
        rect = self.contentsRect().adjusted(self.margin(), self.margin(),
                                            -self.margin(), -self.margin())
        painter.setPen(self.palette().color(self.foregroundRole()))
        painter.setClipRect(rect)
        origin = QPointF(rect.topLeft())
        for layout in self._layouts(rect.width()):
            layout.draw(painter, origin)
        painter.end()
