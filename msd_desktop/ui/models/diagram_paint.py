"""How the routing diagram is painted: headings, rungs, connectors and chips, in the
palette's colours and the semantic ones, so it reads in light and dark.

Why one routine: :func:`paint_diagram` serves the screen, the PNG export and the SVG export
alike.
"""

from __future__ import annotations

from collections.abc import Sequence

from PySide6.QtCore import (
    QCoreApplication,
    QPointF,
    QRect,
    QRectF,
    QSize,
    Qt,
)
from PySide6.QtGui import (
    QColor,
    QFont,
    QFontMetrics,
    QPainter,
    QPalette,
    QPen,
)

from msd_desktop.core.models.execution import ExecutionResolution
from msd_desktop.core.models.ladder import (
    CLOSED,
    NOT_REACHED,
    SKIPPED,
    SOURCE_WHATIF,
    SUPERSEDED,
    WINNER,
)
from msd_desktop.ui.models.diagram_layout import (
    MARGIN,
    PAD,
    STRIPE,
    Fonts,
    Item,
    draw_wrapped,
    title_fonts,
    value_width,
)
from msd_desktop.ui.models.diagram_words import (
    collapsed_right,
    intro_text,
    reason_line,
    result_text,
    source_text,
    value_text,
)
from msd_desktop.ui.models.layer_names import (
    kind_title,
    layer_title,
)
from msd_desktop.ui.widgets.theme import semantic_color

# lupdate reads only literal contexts: every text below is translate("RoutingDiagram", "…")
translate = QCoreApplication.translate


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
    draw_wrapped(painter, MARGIN, MARGIN - 2, room, intro)
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
        right = collapsed_right(rung, res)
        if not item.wraps[0]:
            pair(rect.top() + PAD / 2, small_h, title, fonts.small, right, fonts.small, muted,
                 0.35, chip)
            return
        # too long for one line: the title (and chip), then the reason wrapped below
        pair(rect.top() + PAD / 2, small_h, title, fonts.small, "", fonts.small, muted, 0.0,
             chip)
        painter.setFont(fonts.small)
        painter.setPen(muted)
        draw_wrapped(painter, left, rect.top() + PAD / 2 + small_h, width, right)
        return
    line_h = float(QFontMetrics(fonts.normal).height())
    y = rect.top() + PAD
    title_font, value_font = title_fonts(rung, fonts)
    if item.wraps[2] <= 1:
        pair(y, line_h, title, title_font, value_text(rung), value_font, ok if winner else fg,
             0.55)
    else:  # a long title wraps beside the whole value
        value_w = value_width(rung, fonts)
        pair(y, line_h, "", title_font, value_text(rung), value_font, ok if winner else fg,
             1.0)
        painter.setFont(title_font)
        painter.setPen(fg)
        draw_wrapped(painter, left, y, width - (value_w + 8 if value_w else 0), title)
    y += line_h * item.wraps[2] + 1
    reason = reason_line(rung, res)
    painter.setFont(fonts.small)
    painter.setPen(ok if winner else muted)
    if item.lines == 2:  # skipped, nothing read: the reason (and a chip)
        chip_w = painter.fontMetrics().horizontalAdvance(chip) + 2 * PAD + 6 if chip else 0
        draw_wrapped(painter, left, y, width - chip_w, reason)
        if chip:
            pair(y, small_h, "", fonts.small, "", fonts.small, muted, 0.0, chip)
        return
    draw_wrapped(painter, left, y, width, reason)
    y += (small_h + 1) * item.wraps[0]
    source_color = info if rung.source == SOURCE_WHATIF else muted
    painter.setPen(source_color)
    chip_w = painter.fontMetrics().horizontalAdvance(chip) + 2 * PAD + 6 if chip else 0
    draw_wrapped(painter, left, y, width - chip_w, source_text(rung))
    if chip:
        pair(y, small_h, "", fonts.small, "", fonts.small, muted, 0.0, chip)
