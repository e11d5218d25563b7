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

The pieces: the words are :mod:`~msd_desktop.ui.models.diagram_words`, where each box goes is
:mod:`~msd_desktop.ui.models.diagram_layout`, the painting is
:mod:`~msd_desktop.ui.models.diagram_paint`; this module holds the widget, its export and the
scrolling panel around it.
"""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path
from typing import TYPE_CHECKING

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
    QHelpEvent,
    QKeyEvent,
    QPainter,
    QPaintEvent,
    QPalette,
    QResizeEvent,
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
from msd_desktop.core.models.execution import ExecutionResolution
from msd_desktop.core.models.ladder import (
    WINNER,
    Ladder,
    Rung,
)
from msd_desktop.ui.models.diagram_layout import (
    EXPORT_WIDTH,
    MARGIN,
    MIN_LADDER_WIDTH,
    Fonts,
    Item,
    layout,
)
from msd_desktop.ui.models.diagram_paint import paint_diagram
from msd_desktop.ui.models.diagram_words import accessible_lines, rung_tooltip
from msd_desktop.ui.widgets.plain_text import visible

if TYPE_CHECKING:
    from PySide6.QtGui import QImage

_FILE_SAFE_RE = lazy_re.compile(r"[^A-Za-z0-9._-]+")  # what a suggested file name keeps


# lupdate reads only literal contexts: every text below is translate("RoutingDiagram", "…")
translate = QCoreApplication.translate


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
