"""Where the routing diagram's ladders and rungs go: columns for the width, each rung's
height from its wrapped texts, as a list of placed items.

Why apart from the painting: the layout is measured once per width (and for an export at its
own width) and then only painted; a test can check the geometry without drawing.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import NamedTuple

from PySide6.QtCore import (
    QCoreApplication,
    QPointF,
    QRectF,
)
from PySide6.QtGui import (
    QFont,
    QFontMetrics,
    QPainter,
    QTextLayout,
    QTextOption,
)

from msd_desktop.core.models.execution import ExecutionResolution
from msd_desktop.core.models.ladder import (
    CLOSED,
    NOT_REACHED,
    SKIPPED,
    SUPERSEDED,
    WINNER,
    Ladder,
    Rung,
)
from msd_desktop.ui.models.diagram_words import (
    collapsed_right,
    intro_text,
    reason_line,
    source_text,
    value_text,
)
from msd_desktop.ui.models.layer_names import layer_title

MARGIN = 12  # px around the drawing
GAP = 16  # px between ladders side by side
STEP_GAP = 8  # px between rungs (the connector runs through it)
PAD = 6  # px inside a rung
STRIPE = 4  # px: the state stripe on a rung's left edge
MIN_LADDER_WIDTH = 250  # px: below three of these the ladders stack
EXPORT_WIDTH = 3 * 330 + 2 * GAP + 2 * MARGIN  # px: an export of a diagram not on screen

# lupdate reads only literal contexts: every text below is translate("RoutingDiagram", "…")
translate = QCoreApplication.translate


class Item(NamedTuple):
    """One painted box: a ladder heading (``rung`` None) or a rung."""

    rect: QRectF
    ladder: Ladder
    rung: Rung | None
    lines: int  # text lines inside (1 for a heading or a collapsed rung)
    # lines the texts wrap onto: a collapsed rung's reason (0: beside its title); else the
    # reason's, the source's and the title's (beside the value)
    wraps: tuple[int, int, int] = (0, 0, 1)


class Fonts(NamedTuple):
    normal: QFont
    bold: QFont
    small: QFont
    heading: QFont

    @classmethod
    def from_font(cls, base: QFont) -> Fonts:
        bold = QFont(base)
        bold.setBold(True)
        small = QFont(base)
        size = base.pointSizeF()
        if size > 0:
            small.setPointSizeF(max(size * 0.9, 6.0))
        heading = QFont(bold)
        if size > 0:
            heading.setPointSizeF(size * 1.15)
        return cls(base, bold, small, heading)


def _rung_lines(rung: Rung) -> int:
    if rung.state in (NOT_REACHED, CLOSED):
        return 1  # the title and the gate's reason (or "not reached") on one line
    if rung.state == SKIPPED and not rung.source:
        return 2  # title + value; reason (nothing was read, so no file to name)
    return 3  # title + value; reason; source + what-if


def _columns(count: int, inner: float) -> list[list[int]]:
    """Which ladders go in which column: all side by side when they fit, else the first
    (the model) beside the others stacked, else one column."""
    for n in (count, 2):
        if 1 < n <= count and inner >= n * MIN_LADDER_WIDTH + (n - 1) * GAP:
            if n == count:
                return [[i] for i in range(count)]
            return [[0], list(range(1, count))]
    return [list(range(count))]


def text_layout(text: str, font: QFont, width: float) -> QTextLayout:
    """``text`` laid out in lines ``width`` wide: between words, inside a word only when it
    alone is wider than the line (a path); one line a font height below the other."""
    option = QTextOption()
    option.setWrapMode(QTextOption.WrapMode.WrapAtWordBoundaryOrAnywhere)
    lay = QTextLayout(text, font)
    lay.setTextOption(option)
    step = QFontMetrics(font).height()
    lay.beginLayout()
    y = 0.0
    while True:
        line = lay.createLine()
        if not line.isValid():
            break
        line.setLineWidth(max(width, 1.0))
        line.setPosition(QPointF(0, y))
        y += step
    lay.endLayout()
    return lay


def wrapped_lines(font: QFont, text: str, width: float) -> int:
    """How many lines ``text`` takes wrapped at ``width``."""
    return text_layout(text, font, width).lineCount() if text else 0


def draw_wrapped(painter: QPainter, x: float, y: float, width: float, text: str) -> None:
    """``text`` wrapped at ``width`` from (x, y), in the painter's font and pen."""
    if text:
        text_layout(text, painter.font(), width).draw(painter, QPointF(x, y))


def _text_width(col_width: float) -> float:
    """The room for text inside a rung of ``col_width`` (as :func:`_paint_rung` draws)."""
    return col_width - (STRIPE + 2 * PAD + 2)


def _chip_width(small: QFontMetrics, rung: Rung) -> int:
    chip = translate("RoutingDiagram", "what-if") if rung.whatif else ""
    return small.horizontalAdvance(chip) + 2 * PAD + 6 if chip else 0


def title_fonts(rung: Rung, fonts: Fonts) -> tuple[QFont, QFont]:
    """The fonts of a rung's title and value (the winner's title bold, a live value bold)."""
    return (fonts.bold if rung.state == WINNER else fonts.normal,
            fonts.bold if rung.state in (WINNER, SUPERSEDED) else fonts.normal)


def value_width(rung: Rung, fonts: Fonts) -> int:
    value = value_text(rung)
    return QFontMetrics(title_fonts(rung, fonts)[1]).horizontalAdvance(value) + 2 \
        if value else 0


def _wraps(rung: Rung, lines: int, col_width: float, fonts: Fonts,
           res: ExecutionResolution | None) -> tuple[int, int, int]:
    """The lines a rung's small texts need at ``col_width`` so none is cut."""
    small = QFontMetrics(fonts.small)
    width = _text_width(col_width)
    chip = _chip_width(small, rung)
    if lines == 1:
        title = layer_title(rung.kind, rung.layer)
        right = collapsed_right(rung, res)
        if small.horizontalAdvance(title) + 10 + 8 + small.horizontalAdvance(right) + 2 \
                + chip <= width:
            return 0, 0, 1
        return wrapped_lines(fonts.small, right, width), 0, 1
    reason = reason_line(rung, res)
    first = wrapped_lines(fonts.small, reason, width - (chip if lines == 2 else 0))
    second = wrapped_lines(fonts.small, source_text(rung), width - chip) if lines == 3 else 0
    title_font = QFontMetrics(title_fonts(rung, fonts)[0])
    title = layer_title(rung.kind, rung.layer)
    value_w = value_width(rung, fonts)
    beside = width - (value_w + 8 if value_w else 0)
    heading = 1 if title_font.horizontalAdvance(title) + 10 <= beside \
        else wrapped_lines(title_fonts(rung, fonts)[0], title, beside)
    return first, second, heading


def layout(ladders: Sequence[Ladder], width: int, fonts: Fonts,
           res: ExecutionResolution | None = None, agent: str = ""
           ) -> tuple[list[Item], int]:
    """Boxes for every heading and rung at ``width``; the height the drawing needs. A text
    that does not fit its line wraps onto more (the box grows), never cut to "…"."""
    line = QFontMetrics(fonts.normal).height()
    small = QFontMetrics(fonts.small).height()
    head = QFontMetrics(fonts.heading).height() + 2 * PAD
    intro = small * max(1, wrapped_lines(fonts.small, intro_text(agent),
                                         width - 2 * MARGIN)) + PAD
    inner = max(width - 2 * MARGIN, MIN_LADDER_WIDTH)
    columns = _columns(len(ladders), inner)
    col_width = (inner - (len(columns) - 1) * GAP) / len(columns)
    items: list[Item] = []
    top = MARGIN + intro
    bottom = top
    for c, members in enumerate(columns):
        x = MARGIN + c * (col_width + GAP)
        y = float(top)
        for n, index in enumerate(members):
            ladder = ladders[index]
            if n:
                y += 2 * STEP_GAP  # room between stacked ladders
            items.append(Item(QRectF(x, y, col_width, head), ladder, None, 1))
            y += head + STEP_GAP
            for rung in ladder.rungs:
                lines = _rung_lines(rung)
                wraps = _wraps(rung, lines, col_width, fonts, res)
                if lines == 1:  # not reached / not consulted: one small line (or more)
                    h = small * (1 + wraps[0]) + PAD
                    gap = STEP_GAP // 2
                else:  # the title line(s), then the small lines
                    h = 2 * PAD + line * wraps[2] + (wraps[0] + wraps[1]) * (small + 1)
                    gap = STEP_GAP
                items.append(Item(QRectF(x, y, col_width, h), ladder, rung, lines, wraps))
                y += h + gap
            bottom = max(bottom, int(y))
    return items, int(bottom + MARGIN)
