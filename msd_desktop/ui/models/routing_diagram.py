"""The routing diagram: one agent's model, effort and fast_mode ladders, drawn as rungs.

Why a drawing next to the trace table: people come to the Models tab to *see* how a value was
chosen. Each ladder is a column of rungs in precedence order (the first layer that applies
wins): the winner is framed in the "ok" colour, skipped and unconsulted rungs are greyed with
their reason, rungs below the winner shrink to one line, and what the what-if supplied carries
a "what-if" chip. The rung data is the core's (``core.models.ladder``); this module only words
and paints it — with the palette and ``theme.semantic_color``, so it reads in light and dark.

The ladders stand side by side when the width allows, else the model's beside the other two
stacked, else in one column; the widget is as tall as its content (in a scroll area), and the
panel keeps the model's winner in view until the person scrolls.

One painting routine (:func:`paint_diagram`) serves the screen, PNG export and SVG export
(``QSvgGenerator``: QtSvg ships with PySide6-Essentials, and its engine writes real ``<text>``
elements, so the rung texts are searchable in the file). A screen reader gets the same ladders
as lines of text through ``accessibleDescription``.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING, NamedTuple

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAccessible,
    QAccessibleEvent,
    QColor,
    QFont,
    QFontMetrics,
    QHelpEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QPen,
    QResizeEvent,
    QTextLayout,
    QTextOption,
)
from PySide6.QtWidgets import (
    QAbstractScrollArea,
    QAbstractSlider,
    QHBoxLayout,
    QPushButton,
    QScrollArea,
    QToolTip,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.models.execution import ExecutionResolution
from msd_desktop.core.models.ladder import (
    CLOSED,
    NOT_REACHED,
    SKIPPED,
    SOURCE_BUILTIN,
    SOURCE_WHATIF,
    SUPERSEDED,
    WINNER,
    Ladder,
    Rung,
    model_value_text,
)
from msd_desktop.ui.models.layer_names import (
    builtin_text,
    kind_title,
    layer_title,
    on_off,
    reason_words,
    whatif_note_text,
)
from msd_desktop.ui.widgets.plain_text import tooltip, visible
from msd_desktop.ui.widgets.theme import semantic_color

if TYPE_CHECKING:
    from PySide6.QtGui import QImage

MARGIN = 12  # px around the drawing
GAP = 16  # px between ladders side by side
STEP_GAP = 8  # px between rungs (the connector runs through it)
PAD = 6  # px inside a rung
STRIPE = 4  # px: the state stripe on a rung's left edge
MIN_LADDER_WIDTH = 250  # px: below three of these the ladders stack
EXPORT_WIDTH = 3 * 330 + 2 * GAP + 2 * MARGIN  # px: an export of a diagram not on screen
_FILE_SAFE_RE = lazy_re.compile(r"[^A-Za-z0-9._-]+")  # what a suggested file name keeps


# lupdate reads only literal contexts: every text below is translate("RoutingDiagram", "…")
translate = QCoreApplication.translate


# ---- words -----------------------------------------------------------------------------------


def state_title(state: str) -> str:
    return {WINNER: translate("RoutingDiagram", "Winner"),
            SUPERSEDED: translate("RoutingDiagram", "Superseded"),
            SKIPPED: translate("RoutingDiagram", "Skipped"),
            CLOSED: translate("RoutingDiagram", "Not consulted"),
            NOT_REACHED: translate("RoutingDiagram", "Not reached")}.get(state, state)


def result_text(ladder: Ladder) -> str:
    if ladder.kind == "fast_mode":
        if ladder.result:
            return translate("RoutingDiagram", "on")
        return translate("RoutingDiagram", "off")
    if ladder.kind == "model" and ladder.result == "":
        return translate("RoutingDiagram", '"" (omit the model parameter)')
    return visible(model_value_text(ladder.result) if ladder.kind == "model"
                   else js_string(ladder.result), limit=200)


def value_text(rung: Rung) -> str:
    """The rung's value (and, for the winner, what it resolved to) on one line."""
    if rung.value is None:
        return ""  # the reason says what was missing
    if rung.kind == "fast_mode" and rung.value in ("true", "false"):
        return on_off(rung.value == "true")  # as the ladder's heading says it
    value = visible(rung.value, limit=200)
    if rung.outcome is not None and rung.value.startswith(("{", "[")):
        return visible(rung.outcome, limit=200)  # a tier map entry: its model is the news
    if rung.outcome is not None:
        outcome = visible(rung.outcome, limit=200)
        return translate("RoutingDiagram", "{0} → {1}").format(value, outcome)
    return value


def reason_text(rung: Rung, res: ExecutionResolution | None) -> str:
    """The core's reason, with the tier's origin spelled out where the core says only
    "tier alias" (the tier comes from the profile or from ``models.<phase type>``)."""
    reason = reason_words(rung.kind, rung.reason)
    if res is not None and rung.kind == "model" and rung.layer == "tier_alias" and (
        rung.state == WINNER
    ):
        mr = res.model_resolution
        if mr.tier_source == "models":
            reason = translate("RoutingDiagram",
                               "tier {0} from the phase type's models entry").format(mr.tier)
        elif mr.tier_source == "model_profile":
            reason = translate("RoutingDiagram", "tier {0} from profile {1}").format(
                mr.tier, js_string(res.profile))
    return visible(reason, limit=300)


def source_text(rung: Rung) -> str:
    """Where the value came from, short (a file's folder and name)."""
    if rung.source == SOURCE_WHATIF:
        return translate("RoutingDiagram", "from the what-if")
    if rung.source == SOURCE_BUILTIN:
        return builtin_text()
    if not rung.source:
        return ""
    parts = rung.source.replace("\\", "/").rsplit("/", 2)
    return visible("/".join(parts[-2:]) if len(parts) >= 2 else rung.source, limit=200)


def rung_line(rung: Rung, res: ExecutionResolution | None) -> str:
    """One rung as a sentence, for the screen reader and the SVG's description."""
    parts = [f"{layer_title(rung.kind, rung.layer)} ({rung.layer})", state_title(rung.state)]
    value = value_text(rung)
    if value:
        parts.append(translate("RoutingDiagram", "value {0}").format(value))
    if rung.state != NOT_REACHED:
        parts.append(reason_text(rung, res))
    source = source_text(rung)
    if source:
        parts.append(source)
    if rung.whatif:
        note = visible(whatif_note_text(rung.whatif), limit=200)
        parts.append(translate("RoutingDiagram", "what-if: {0}").format(note))
    return " — ".join(parts)


def accessible_lines(agent: str, ladders: Sequence[Ladder],
                     res: ExecutionResolution | None = None) -> list[str]:
    """The diagram as text: a heading per ladder, then its rungs in precedence order."""
    lines = [translate("RoutingDiagram",
                       "Routing of {0}: precedence runs top to bottom; the first layer that "
                       "applies wins.").format(visible(agent, limit=200))]
    for ladder in ladders:
        lines.append(translate("RoutingDiagram", "{0}: {1}").format(
            kind_title(ladder.kind), result_text(ladder)))
        lines += [f"{i}. {rung_line(rung, res)}" for i, rung in enumerate(ladder.rungs, 1)]
    return lines


def rung_tooltip(rung: Rung, res: ExecutionResolution | None) -> str:
    lines = [f"{layer_title(rung.kind, rung.layer)} — {state_title(rung.state)}",
             translate("RoutingDiagram", "Layer id: {0}").format(rung.layer)]
    if rung.config_key:
        key = visible(rung.config_key, limit=300)
        lines.append(translate("RoutingDiagram", "Config key: {0}").format(key))
    if rung.value is not None:
        lines.append(translate("RoutingDiagram", "Value: {0}").format(value_text(rung)))
    lines.append(translate("RoutingDiagram", "Why: {0}").format(reason_text(rung, res)))
    if rung.source == SOURCE_WHATIF:
        lines.append(translate("RoutingDiagram", "Supplied by the what-if: {0}").format(
            visible(whatif_note_text(rung.whatif))))
    elif rung.source:
        lines.append(translate("RoutingDiagram", "From: {0}").format(
            visible(rung.source) if rung.source != SOURCE_BUILTIN
            else builtin_text()))
        if rung.whatif:
            lines.append(translate("RoutingDiagram", "Steered by the what-if: {0}").format(
                visible(whatif_note_text(rung.whatif))))
    return tooltip("\n".join(lines))


# ---- layout ----------------------------------------------------------------------------------


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


def _text_layout(text: str, font: QFont, width: float) -> QTextLayout:
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
    return _text_layout(text, font, width).lineCount() if text else 0


def _draw_wrapped(painter: QPainter, x: float, y: float, width: float, text: str) -> None:
    """``text`` wrapped at ``width`` from (x, y), in the painter's font and pen."""
    if text:
        _text_layout(text, painter.font(), width).draw(painter, QPointF(x, y))


def intro_text(agent: str) -> str:
    return translate("RoutingDiagram",
                     "{0}: precedence runs top to bottom; the first layer that applies wins "
                     "(framed); grey rungs did not apply, with the reason. Hover a rung for "
                     "its layer id and file.").format(visible(agent, limit=200))


def _text_width(col_width: float) -> float:
    """The room for text inside a rung of ``col_width`` (as :func:`_paint_rung` draws)."""
    return col_width - (STRIPE + 2 * PAD + 2)


def _collapsed_right(rung: Rung, res: ExecutionResolution | None) -> str:
    return state_title(NOT_REACHED) if rung.state == NOT_REACHED else reason_text(rung, res)


def _chip_width(small: QFontMetrics, rung: Rung) -> int:
    chip = translate("RoutingDiagram", "what-if") if rung.whatif else ""
    return small.horizontalAdvance(chip) + 2 * PAD + 6 if chip else 0


def _title_fonts(rung: Rung, fonts: Fonts) -> tuple[QFont, QFont]:
    """The fonts of a rung's title and value (the winner's title bold, a live value bold)."""
    return (fonts.bold if rung.state == WINNER else fonts.normal,
            fonts.bold if rung.state in (WINNER, SUPERSEDED) else fonts.normal)


def _value_width(rung: Rung, fonts: Fonts) -> int:
    value = value_text(rung)
    return QFontMetrics(_title_fonts(rung, fonts)[1]).horizontalAdvance(value) + 2 \
        if value else 0


def _wraps(rung: Rung, lines: int, col_width: float, fonts: Fonts,
           res: ExecutionResolution | None) -> tuple[int, int, int]:
    """The lines a rung's small texts need at ``col_width`` so none is cut."""
    small = QFontMetrics(fonts.small)
    width = _text_width(col_width)
    chip = _chip_width(small, rung)
    if lines == 1:
        title = layer_title(rung.kind, rung.layer)
        right = _collapsed_right(rung, res)
        if small.horizontalAdvance(title) + 10 + 8 + small.horizontalAdvance(right) + 2 \
                + chip <= width:
            return 0, 0, 1
        return wrapped_lines(fonts.small, right, width), 0, 1
    reason = _reason_line(rung, res)
    first = wrapped_lines(fonts.small, reason, width - (chip if lines == 2 else 0))
    second = wrapped_lines(fonts.small, source_text(rung), width - chip) if lines == 3 else 0
    title_font = QFontMetrics(_title_fonts(rung, fonts)[0])
    title = layer_title(rung.kind, rung.layer)
    value_w = _value_width(rung, fonts)
    beside = width - (value_w + 8 if value_w else 0)
    heading = 1 if title_font.horizontalAdvance(title) + 10 <= beside \
        else wrapped_lines(_title_fonts(rung, fonts)[0], title, beside)
    return first, second, heading


def _reason_line(rung: Rung, res: ExecutionResolution | None) -> str:
    reason = reason_text(rung, res)
    if rung.state != SKIPPED:
        reason = translate("RoutingDiagram", "{0}: {1}").format(state_title(rung.state), reason)
    return reason


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


# ---- painting --------------------------------------------------------------------------------


def _mix(a: QColor, b: QColor, t: float) -> QColor:
    return QColor(round(a.red() + (b.red() - a.red()) * t),
                  round(a.green() + (b.green() - a.green()) * t),
                  round(a.blue() + (b.blue() - a.blue()) * t))


def _fit(metrics: QFontMetrics, text: str, mode: Qt.TextElideMode, width: float,
         cut: list[str] | None) -> str:
    """``text`` elided to ``width``; a text that had to be cut is noted in ``cut``."""
    shown = metrics.elidedText(text, mode, int(width))
    if shown != text and cut is not None:
        cut.append(text)
    return shown


def paint_diagram(painter: QPainter, items: Sequence[Item], size: QSize, palette: QPalette,
                  fonts: Fonts, agent: str, res: ExecutionResolution | None,
                  cut: list[str] | None = None) -> None:
    """Draw the diagram: background, an intro line, headings, connectors and rungs
    (``cut``: where the texts drawn cut to "…" are noted)."""
    painter.setRenderHint(QPainter.RenderHint.Antialiasing, True)
    window = palette.color(QPalette.ColorRole.Window)
    base = palette.color(QPalette.ColorRole.Base)
    text = palette.color(QPalette.ColorRole.Text)
    muted = semantic_color("muted", palette)
    ok = semantic_color("ok", palette)
    info = semantic_color("info", palette)
    info_bg = semantic_color("info_bg", palette)
    mid = _mix(base, text, 0.35)
    painter.fillRect(QRect(0, 0, size.width(), size.height()), window)
    if not items:
        painter.setPen(muted)
        painter.setFont(fonts.normal)
        painter.drawText(QRect(0, 0, size.width(), size.height()),
                         Qt.AlignmentFlag.AlignCenter,
                         translate("RoutingDiagram",
                                   "Select an agent to see how its model, effort and fast "
                                   "mode are chosen."))
        return
    painter.setFont(fonts.small)
    painter.setPen(muted)
    intro = intro_text(agent)
    room = size.width() - 2 * MARGIN
    _draw_wrapped(painter, MARGIN, MARGIN - 2, room, intro)
    for prev, item in zip([None, *items[:-1]], items, strict=True):
        if item.rung is None:
            _paint_heading(painter, item, fonts, text, ok, cut)
            continue
        if prev is not None:  # the connector from the rung (or heading) above
            x = item.rect.left() + STRIPE + 10
            painter.setPen(QPen(mid, 1.5))
            painter.drawLine(QPointF(x, prev.rect.bottom()), QPointF(x, item.rect.top()))
        _paint_rung(painter, item, fonts, res, base=base, window=window, text=text,
                    muted=muted, ok=ok, info=info, info_bg=info_bg, mid=mid, cut=cut)


def _paint_heading(painter: QPainter, item: Item, fonts: Fonts, text: QColor, ok: QColor,
                   cut: list[str] | None = None) -> None:
    rect = item.rect
    title = kind_title(item.ladder.kind)
    result = result_text(item.ladder)
    painter.setFont(fonts.heading)
    fm = painter.fontMetrics()  # the device's metrics (screen, image or SVG differ)
    painter.setPen(text)
    label = translate("RoutingDiagram", "{0}:").format(title)
    label_w = fm.horizontalAdvance(label + " ")
    painter.drawText(rect.adjusted(0, 0, 0, 0),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter, label)
    painter.setPen(ok)
    painter.drawText(rect.adjusted(label_w, 0, 0, 0),
                     Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter,
                     _fit(fm, result, Qt.TextElideMode.ElideRight, rect.width() - label_w, cut))
    painter.setPen(QPen(ok, 2))
    painter.drawLine(rect.bottomLeft(), rect.bottomRight())


def _paint_rung(painter: QPainter, item: Item, fonts: Fonts, res: ExecutionResolution | None,
                *, base: QColor, window: QColor, text: QColor, muted: QColor, ok: QColor,
                info: QColor, info_bg: QColor, mid: QColor, cut: list[str] | None = None
                ) -> None:
    rung = item.rung
    assert rung is not None
    rect = item.rect
    winner = rung.state == WINNER
    live = rung.state in (WINNER, SUPERSEDED)
    greyed = rung.state in (SKIPPED, CLOSED, NOT_REACHED)
    # the box
    if winner:
        fill, border, pen_width = _mix(base, ok, 0.12), ok, 2.0
    elif rung.state == SUPERSEDED:
        fill, border, pen_width = base, _mix(ok, base, 0.4), 1.0
    elif rung.state == NOT_REACHED:
        fill, border, pen_width = window, _mix(window, mid, 0.6), 1.0
    else:
        fill, border, pen_width = _mix(window, base, 0.5), mid, 1.0
    pen = QPen(border, pen_width)
    if rung.state in (CLOSED, NOT_REACHED):
        pen.setStyle(Qt.PenStyle.DashLine)
    painter.setPen(pen)
    painter.setBrush(fill)
    painter.drawRoundedRect(rect, 4, 4)
    stripe = ok if winner else info if rung.whatif else (_mix(ok, base, 0.4) if live else mid)
    painter.fillRect(QRectF(rect.left() + 1, rect.top() + 1, STRIPE, rect.height() - 2), stripe)
    painter.setBrush(Qt.BrushStyle.NoBrush)

    left = rect.left() + STRIPE + PAD + 2
    width = rect.width() - (STRIPE + 2 * PAD + 2)
    fg = text if not greyed else muted
    title = layer_title(rung.kind, rung.layer)
    chip = translate("RoutingDiagram", "what-if") if rung.whatif else ""
    align_left = Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignVCenter
    align_right = Qt.AlignmentFlag.AlignRight | Qt.AlignmentFlag.AlignVCenter

    def pair(y: float, height: float, left_text: str, left_font: QFont, right_text: str,
             right_font: QFont, right_color: QColor, right_share: float, chip_text: str = ""
             ) -> None:
        """One line: text on the left, text (and a chip) on the right, both elided."""
        painter.setFont(fonts.small)
        chip_w = painter.fontMetrics().horizontalAdvance(chip_text) + 2 * PAD if chip_text \
            else 0
        room = width - (chip_w + 6 if chip_w else 0)
        painter.setFont(left_font)
        left_need = painter.fontMetrics().horizontalAdvance(left_text) + 10
        painter.setFont(right_font)
        rfm = painter.fontMetrics()
        # the right text takes what it needs up to its share, more when the left is short
        right_w = min(rfm.horizontalAdvance(right_text) + 2,
                      int(max(room * right_share, room - left_need))) if right_text else 0
        if right_text:
            painter.setPen(right_color)
            painter.drawText(QRectF(left + room - right_w, y, right_w, height), align_right,
                             _fit(rfm, right_text, Qt.TextElideMode.ElideRight, right_w, cut))
        painter.setFont(left_font)
        painter.setPen(fg)
        left_w = int(room - right_w - (8 if right_text else 0))
        painter.drawText(QRectF(left, y, left_w, height), align_left,
                         _fit(painter.fontMetrics(), left_text, Qt.TextElideMode.ElideRight,
                              left_w, cut))
        if chip_text:
            painter.setFont(fonts.small)
            chip_rect = QRectF(left + width - chip_w, y + 2, chip_w, height - 4)
            painter.setPen(QPen(info, 1))
            painter.setBrush(info_bg)
            radius = chip_rect.height() / 2
            painter.drawRoundedRect(chip_rect, radius, radius)
            painter.setBrush(Qt.BrushStyle.NoBrush)
            painter.drawText(chip_rect, Qt.AlignmentFlag.AlignCenter, chip_text)

    small_h = float(QFontMetrics(fonts.small).height())
    if item.lines == 1:  # not reached (the state) or not consulted (the gate's reason)
        right = _collapsed_right(rung, res)
        if not item.wraps[0]:
            pair(rect.top() + PAD / 2, small_h, title, fonts.small, right, fonts.small, muted,
                 0.35, chip)
            return
        # too long for one line: the title (and chip), then the reason wrapped below
        pair(rect.top() + PAD / 2, small_h, title, fonts.small, "", fonts.small, muted, 0.0,
             chip)
        painter.setFont(fonts.small)
        painter.setPen(muted)
        _draw_wrapped(painter, left, rect.top() + PAD / 2 + small_h, width, right)
        return
    line_h = float(QFontMetrics(fonts.normal).height())
    y = rect.top() + PAD
    title_font, value_font = _title_fonts(rung, fonts)
    if item.wraps[2] <= 1:
        pair(y, line_h, title, title_font, value_text(rung), value_font, ok if winner else fg,
             0.55)
    else:  # a long title wraps beside the whole value
        value_w = _value_width(rung, fonts)
        pair(y, line_h, "", title_font, value_text(rung), value_font, ok if winner else fg,
             1.0)
        painter.setFont(title_font)
        painter.setPen(fg)
        _draw_wrapped(painter, left, y, width - (value_w + 8 if value_w else 0), title)
    y += line_h * item.wraps[2] + 1
    reason = _reason_line(rung, res)
    painter.setFont(fonts.small)
    painter.setPen(ok if winner else muted)
    if item.lines == 2:  # skipped, nothing read: the reason (and a chip)
        chip_w = painter.fontMetrics().horizontalAdvance(chip) + 2 * PAD + 6 if chip else 0
        _draw_wrapped(painter, left, y, width - chip_w, reason)
        if chip:
            pair(y, small_h, "", fonts.small, "", fonts.small, muted, 0.0, chip)
        return
    _draw_wrapped(painter, left, y, width, reason)
    y += (small_h + 1) * item.wraps[0]
    source_color = info if rung.source == SOURCE_WHATIF else muted
    painter.setPen(source_color)
    chip_w = painter.fontMetrics().horizontalAdvance(chip) + 2 * PAD + 6 if chip else 0
    _draw_wrapped(painter, left, y, width - chip_w, source_text(rung))
    if chip:
        pair(y, small_h, "", fonts.small, "", fonts.small, muted, 0.0, chip)


# ---- the widget ------------------------------------------------------------------------------


class RoutingDiagramView(QWidget):
    """Paints the ladders of one agent; tall content grows the widget (put it in a scroll
    area). Hover a rung for its layer id, config key, full file path and what-if note."""

    changed = Signal()
    relaid = Signal()  # the drawing's height changed (new ladders, width or font)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.agent = ""
        self.ladders: tuple[Ladder, ...] = ()
        self.result: ExecutionResolution | None = None
        self._items: list[Item] = []
        self._height = 0
        self.cut_texts: list[str] = []  # texts the last paint cut to "…"
        self.setFocusPolicy(Qt.FocusPolicy.StrongFocus)  # reachable for a screen reader
        self.setMinimumWidth(MIN_LADDER_WIDTH + 2 * MARGIN)
        self.setAutoFillBackground(False)
        self.setAccessibleName(translate("RoutingDiagram", "Routing diagram"))
        self._relayout()

    # data

    def set_ladders(self, agent: str, ladders: Sequence[Ladder],
                    res: ExecutionResolution | None = None) -> None:
        self.agent = agent
        self.ladders = tuple(ladders)
        self.result = res
        self._relayout()
        if ladders:
            self.setAccessibleName(translate("RoutingDiagram", "Routing diagram for {0}").format(
                visible(agent, limit=200)))
        else:
            self.setAccessibleName(translate("RoutingDiagram", "Routing diagram"))
        self.setAccessibleDescription("\n".join(self.text_lines()))
        QAccessible.updateAccessibility(
            QAccessibleEvent(self, QAccessible.Event.DescriptionChanged))
        self.update()
        self.changed.emit()

    def clear(self) -> None:
        self.set_ladders("", ())

    def text_lines(self) -> list[str]:
        """The diagram as lines of text (what a screen reader is given)."""
        if not self.ladders:
            return [translate("RoutingDiagram", "No agent selected.")]
        return accessible_lines(self.agent, self.ladders, self.result)

    # geometry

    def _fonts(self) -> Fonts:
        return Fonts.from_font(self.font())

    def _relayout(self) -> None:
        width = self.width() if self.width() > 0 else EXPORT_WIDTH
        self._items, height = layout(self.ladders, width, self._fonts(), self.result,
                                     self.agent) if self.ladders else ([], 120)
        if height != self._height:
            self._height = height
            self.setMinimumHeight(height)
            self.updateGeometry()
            self.relaid.emit()

    def content_height(self, width: int) -> int:
        return layout(self.ladders, width, self._fonts(), self.result,
                      self.agent)[1] if self.ladders else 120

    def sizeHint(self) -> QSize:
        return QSize(EXPORT_WIDTH, self.content_height(EXPORT_WIDTH))

    def minimumSizeHint(self) -> QSize:
        return QSize(MIN_LADDER_WIDTH + 2 * MARGIN, 120)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._relayout()

    def changeEvent(self, event: QEvent) -> None:
        super().changeEvent(event)
        if event.type() in (QEvent.Type.FontChange, QEvent.Type.PaletteChange,
                            QEvent.Type.StyleChange):
            self._relayout()
            self.update()

    # painting and export

    def paintEvent(self, event: QPaintEvent) -> None:
        painter = QPainter(self)
        self.cut_texts = []  # what this paint had to cut to "…" (the layout checks read it)
        try:
            paint_diagram(painter, self._items, self.size(), self.palette(), self._fonts(),
                          self.agent, self.result, self.cut_texts)
        finally:
            painter.end()

    def _export_layout(self) -> tuple[list[Item], QSize]:
        width = self.width() if self.isVisible() and self.width() >= self.minimumWidth() \
            else EXPORT_WIDTH
        items, height = layout(self.ladders, width, self._fonts(), self.result,
                               self.agent) if self.ladders else ([], 120)
        return items, QSize(width, height)

    def render_image(self, scale: float = 1.0) -> QImage:
        """The whole diagram (not only the visible part) as an image."""
        # export only: QImage, QtSvg and the file dialog are left out of the window's start
        from PySide6.QtGui import QImage

        items, size = self._export_layout()
        image = QImage(QSize(int(size.width() * scale), int(size.height() * scale)),
                       QImage.Format.Format_ARGB32_Premultiplied)
        image.setDevicePixelRatio(scale)
        dots = round(self.logicalDpiX() / 0.0254)  # the screen's font scale, not 72 dpi
        image.setDotsPerMeterX(dots)
        image.setDotsPerMeterY(dots)
        image.fill(self.palette().color(QPalette.ColorRole.Window))
        painter = QPainter(image)
        try:
            paint_diagram(painter, items, size, self.palette(), self._fonts(), self.agent,
                          self.result)
        finally:
            painter.end()
        return image

    def export_png(self, path: str | Path) -> bool:
        ratio = self.devicePixelRatioF() if self.isVisible() else 1.0
        image = self.render_image(max(ratio, 1.0))
        return bool(image.save(str(path), "PNG"))  # type: ignore[call-overload]  # stub: bytes

    def export_svg(self, path: str | Path) -> bool:
        from PySide6.QtSvg import QSvgGenerator

        items, size = self._export_layout()
        generator = QSvgGenerator()
        generator.setFileName(str(path))
        generator.setSize(size)
        generator.setViewBox(QRect(0, 0, size.width(), size.height()))
        generator.setResolution(self.logicalDpiX())  # fonts as large as on screen
        generator.setTitle(self.accessibleName())
        generator.setDescription("\n".join(self.text_lines()))
        painter = QPainter()
        if not painter.begin(generator):
            return False
        try:
            paint_diagram(painter, items, size, self.palette(), self._fonts(), self.agent,
                          self.result)
        finally:
            painter.end()
        return Path(path).is_file()

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """Home / End go to the top / bottom of the scroll area (arrows and page keys reach
        it on their own)."""
        viewport = self.parentWidget()  # inside a scroll area: its viewport, then the area
        area = viewport.parentWidget() if viewport is not None else None
        if isinstance(area, QAbstractScrollArea) and event.key() in (Qt.Key.Key_Home,
                                                                     Qt.Key.Key_End):
            bar = area.verticalScrollBar()
            bar.triggerAction(QAbstractSlider.SliderAction.SliderToMinimum
                              if event.key() == Qt.Key.Key_Home
                              else QAbstractSlider.SliderAction.SliderToMaximum)
            return
        super().keyPressEvent(event)

    # geometry of the drawing, tooltips

    def winner_rect(self, kind: str = "model") -> QRectF | None:
        """The box of a ladder's winner (the model's, by default: usually its last rung)."""
        rects = [i.rect for i in self._items
                 if i.rung is not None and i.rung.state == WINNER and i.rung.kind == kind]
        return rects[0] if rects else None

    def rung_at(self, x: float, y: float) -> Rung | None:
        for item in self._items:
            if item.rung is not None and item.rect.contains(QPointF(x, y)):
                return item.rung
        return None

    def event(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.ToolTip and isinstance(event, QHelpEvent):
            rung = self.rung_at(event.pos().x(), event.pos().y())
            if rung is None:
                QToolTip.hideText()
                event.ignore()
            else:
                QToolTip.showText(event.globalPos(), rung_tooltip(rung, self.result), self)
            return True
        return super().event(event)


def export_file_name(kind: str, agent: str, project: str = "",
                     whatif: Sequence[str] = ()) -> str:
    """The suggested name of an exported diagram: it says which project and agent, and the
    what-if it shows when one is active (``routing-shop-msd-planner-whatif-codex.png``), so
    two exports never look alike by name. Only letters, digits, ``.``, ``_`` and ``-``: a
    project name is a file name here, never a path."""
    parts = ["routing", project, agent or "agent"]
    if whatif:
        parts += ["whatif", *whatif]
    cleaned = [_FILE_SAFE_RE.sub("-", p).strip("-.") for p in parts]
    return "-".join(p for p in cleaned if p)[:180] + f".{kind}"


def ask_export_path(parent: QWidget, caption: str, suggested: str, file_filter: str
                    ) -> str | None:
    """The save-as question (one function, so a test replaces it)."""
    from PySide6.QtWidgets import QFileDialog

    path, _ = QFileDialog.getSaveFileName(parent, caption, suggested, file_filter)
    return path or None


class RoutingDiagramPanel(QWidget):
    """The diagram in a scroll area, with Export PNG / Export SVG buttons in
    :attr:`export_bar` (a small bar the caller places, e.g. as a tab widget's corner; inside
    the panel's own layout when ``actions_inside``)."""

    exported = Signal(str)

    def __init__(self, parent: QWidget | None = None, *, actions_inside: bool = False) -> None:
        super().__init__(parent)
        layout_ = QVBoxLayout(self)
        layout_.setContentsMargins(0, 0, 0, 0)
        self.export_bar = QWidget()
        bar = QHBoxLayout(self.export_bar)
        bar.setContentsMargins(0, 0, 0, 2)
        self.png_button = QPushButton(self.tr("Export PNG…"))
        self.png_button.setToolTip(self.tr("Save the routing diagram as a PNG image"))
        self.svg_button = QPushButton(self.tr("Export SVG…"))
        self.svg_button.setToolTip(self.tr("Save the routing diagram as an SVG drawing"))
        for button in (self.png_button, self.svg_button):
            button.setEnabled(False)
            bar.addWidget(button)
        if actions_inside:
            bar.insertStretch(0, 1)
            layout_.addWidget(self.export_bar)
        self.view = RoutingDiagramView()
        self.scroll_area = QScrollArea()
        self.scroll_area.setWidgetResizable(True)
        self.scroll_area.setWidget(self.view)
        self.scroll_area.setFocusProxy(self.view)
        self.scroll_area.setAccessibleName(self.tr("Routing diagram, scrollable"))
        layout_.addWidget(self.scroll_area, 1)
        self.png_button.clicked.connect(lambda: self._export("png"))
        self.svg_button.clicked.connect(lambda: self._export("svg"))
        self.project_name = ""  # named in the exported file's suggested name
        self.whatif_words: tuple[str, ...] = ()  # the active what-if, for that name
        # the model's winner stays in view as the layout changes, until the person scrolls
        self._follow_winner = True
        self._winner_timer = QTimer(self)  # after the scroll area has taken the new height
        self._winner_timer.setSingleShot(True)
        self._winner_timer.setInterval(0)
        self._winner_timer.timeout.connect(self.show_winner)
        self.view.relaid.connect(self._relaid)
        self.scroll_area.verticalScrollBar().actionTriggered.connect(self._scrolled_by_hand)

    def set_ladders(self, agent: str, ladders: Sequence[Ladder],
                    res: ExecutionResolution | None = None) -> None:
        self.view.set_ladders(agent, ladders, res)
        for button in (self.png_button, self.svg_button):
            button.setEnabled(bool(ladders))
        self._follow_winner = True
        self.show_winner()
        self._winner_timer.start()

    def _scrolled_by_hand(self, _action: int) -> None:
        self._follow_winner = False
        self._winner_timer.stop()

    def _relaid(self) -> None:
        if self._follow_winner:
            self._winner_timer.start()

    def show_winner(self) -> None:
        """Scroll so the model's winner is in view (the rungs above it stay a scroll away:
        most agents resolve on the model ladder's last rung)."""
        rect = self.view.winner_rect()
        if rect is None:
            return
        self.scroll_area.verticalScrollBar().setValue(0)
        self.scroll_area.ensureVisible(int(rect.center().x()), int(rect.center().y()), 0,
                                       int(rect.height() / 2) + MARGIN)

    def clear(self) -> None:
        self.set_ladders("", ())

    def _export(self, kind: str) -> None:
        if not self.view.ladders:
            return
        name = export_file_name(kind, self.view.agent, self.project_name, self.whatif_words)
        if kind == "png":
            path = ask_export_path(self, self.tr("Export the routing diagram as PNG"), name,
                                   self.tr("PNG images (*.png)"))
        else:
            path = ask_export_path(self, self.tr("Export the routing diagram as SVG"), name,
                                   self.tr("SVG drawings (*.svg)"))
        if not path:
            return
        ok = self.view.export_png(path) if kind == "png" else self.view.export_svg(path)
        if ok:
            self.exported.emit(path)

