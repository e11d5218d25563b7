"""What "the window fits" means, measured on real widgets: shared by the per-area UI tests
(offscreen) and the end-to-end layout test on the X server.

Each check walks the visible widgets of one window (a window of its own, such as a combo
box's popup, is not part of it) and returns plain sentences, one per defect, so a failing test
says what is wrong where:

- a single-line label whose text is wider than its contents rect (a plain ``QLabel`` cuts it;
  a label that elides — ``ElidedLabel``, the Settings row heads — must carry the full text in
  its tooltip);
- a wrapped label given fewer lines than its text needs;
- a button narrower than its text needs;
- a column title cut without a tooltip carrying the full title;
- a tab whose title is cut, or pushed out of sight behind the tab bar's scroll buttons;
- a scroll area that shows a horizontal scroll bar, or hides content sideways with the bar
  turned off (code text without wrapping, like the JSON page, is allowed to scroll);
- two labels or buttons of one layout drawn over each other, or a text cut by its parent;
- (:func:`cell_problems`, asked for separately) a table or tree cell elided without its text
  in the cell's tooltip;
- (:func:`elision_problems`, asked for separately) text cut to "…" where a wrap or a wider
  column would do: a setting's title, key and default in the Settings rows, the State tab's
  facts — even with the full text in a tooltip.

Why text widths are compared with ``fontMetrics().horizontalAdvance``: that is what Qt itself
needs to draw the text, at any scale factor and in any language.
"""

from __future__ import annotations

import html
import itertools
import re
from collections.abc import Iterator, Mapping
from contextlib import contextmanager

from PySide6.QtCore import QAbstractItemModel, QModelIndex, QPoint, QRect, Qt
from PySide6.QtGui import Qt as GuiQt
from PySide6.QtGui import QTextDocument
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QAbstractScrollArea,
    QHeaderView,
    QLabel,
    QLayout,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QStyle,
    QTabBar,
    QTextEdit,
    QWidget,
)

from msd_desktop.ui.settings.form_widgets import FittedLabel
from msd_desktop.ui.widgets.elided_label import ElidedLabel

ELIDING_LABELS = (ElidedLabel, FittedLabel)


def _name(widget: QWidget) -> str:
    return widget.objectName() or widget.accessibleName() or type(widget).__name__


_SHOWN: dict[int, list[QWidget]] = {}  # root → its shown widgets, while a look is on


def _shown_below(root: QWidget) -> list[QWidget]:
    """The widgets shown under ``root`` in its window, found by descending into shown
    widgets only: a hidden widget hides all it holds, and a window of its own is not part of
    ``root``'s (so a form's hidden tabs, thousands of widgets, cost nothing)."""
    out: list[QWidget] = []

    def visit(parent: QWidget) -> None:
        # widgets only: a Python wrapper of one of Qt's inner objects can outlive it
        for child in parent.findChildren(QWidget,
                                         options=Qt.FindChildOption.FindDirectChildrenOnly):
            if not child.isWindow() and child.isVisible():
                out.append(child)
                visit(child)

    visit(root)
    return out


@contextmanager
def one_look(root: QWidget) -> Iterator[None]:
    """Within this block every check of ``root`` shares one walk of its shown widgets (the
    checks change nothing, and no event is handled in between)."""
    if id(root) in _SHOWN:
        yield
        return
    _SHOWN[id(root)] = _shown_below(root)
    try:
        yield
    finally:
        del _SHOWN[id(root)]


def own_visible(root: QWidget, kind: type[QWidget] | tuple[type[QWidget], ...]
                ) -> list[QWidget]:
    """The widgets of ``kind`` shown in ``root``'s window (not in a window of their own)."""
    shown = _SHOWN.get(id(root))
    if shown is None:
        shown = _shown_below(root)
    return [w for w in shown if isinstance(w, kind)]


def plain_tooltip(widget: QWidget) -> str:
    """The widget's tooltip as the text a person reads (rich text and escapes undone)."""
    return plain_text(widget.toolTip())


def plain_text(tip: str) -> str:
    """A tooltip's text as a person reads it (rich text and escapes undone)."""
    if GuiQt.mightBeRichText(tip):
        doc = QTextDocument()
        doc.setHtml(tip)
        tip = doc.toPlainText()
    return html.unescape(tip)


def _squash(text: str) -> str:
    return re.sub(r"\s+", " ", text).strip()


def carries(tip: str, text: str) -> bool:
    """``tip`` contains the whole of ``text`` (white space aside)."""
    return _squash(text) in _squash(tip)


def _shown_text(label: QLabel) -> str:
    text = label.plain if isinstance(label, FittedLabel) else label.text()
    if label.buddy() is not None:  # a mnemonic's & is not drawn
        text = text.replace("&&", "\0").replace("&", "").replace("\0", "&")
    return text


def _room(label: QLabel) -> int:
    """The width a single-line label has for its text (contents rect less margin and indent)."""
    indent = label.indent()
    if indent < 0:
        indent = label.fontMetrics().horizontalAdvance("x") // 2 if label.frameWidth() else 0
    return label.contentsRect().width() - 2 * label.margin() - indent


def _rich(label: QLabel) -> bool:
    fmt = label.textFormat()
    return fmt == Qt.TextFormat.RichText or (
        fmt == Qt.TextFormat.AutoText and GuiQt.mightBeRichText(label.text()))


def label_problems(root: QWidget) -> list[str]:
    """Labels whose text does not show whole (see the module docstring)."""
    out = []
    for label in own_visible(root, QLabel):
        assert isinstance(label, QLabel)
        if not label.text() or (label.pixmap() is not None and not label.pixmap().isNull()):
            continue
        if label.wordWrap():
            need = label.heightForWidth(label.width())
            if need > label.height() + 1:
                out.append(f"label {_name(label)}: {label.text()!r} needs {need} px of height, "
                           f"has {label.height()}")
            continue
        text = _shown_text(label)
        if isinstance(label, FittedLabel) or not _rich(label):
            need = max(label.fontMetrics().horizontalAdvance(line) for line in text.split("\n"))
        else:
            need = label.sizeHint().width() - 2 * label.margin()
        room = _room(label)
        if need <= room:
            continue
        if isinstance(label, ELIDING_LABELS):
            if not carries(plain_tooltip(label), text):
                out.append(f"label {_name(label)}: {text!r} elided ({need} > {room} px) "
                           f"without the full text in its tooltip")
        else:
            out.append(f"label {_name(label)}: {text!r} cut ({need} > {room} px)")
    return out


def button_problems(root: QWidget) -> list[str]:
    """Buttons (push, tool, check, radio) narrower than their text needs.

    A push button's size hint is at least 80 px in most styles, so its need is counted from
    its text, icon and the style's margins instead (a narrow "⋯" button is not cut)."""
    out = []
    for button in own_visible(root, QAbstractButton):
        assert isinstance(button, QAbstractButton)
        if not button.text() or isinstance(button.parentWidget(), QTabBar):
            continue
        if isinstance(button, QPushButton):
            style = button.style()
            text = button.text().replace("&&", "\0").replace("&", "").replace("\0", "&")
            need = button.fontMetrics().horizontalAdvance(text) + 2 * (
                style.pixelMetric(QStyle.PixelMetric.PM_ButtonMargin, None, button)
                + style.pixelMetric(QStyle.PixelMetric.PM_DefaultFrameWidth, None, button))
            if not button.icon().isNull():
                need += button.iconSize().width() + 4
            if button.menu() is not None:
                need += style.pixelMetric(QStyle.PixelMetric.PM_MenuButtonIndicator, None,
                                          button)
        else:
            need = button.sizeHint().width()
        if button.width() < need:
            out.append(f"button {_name(button)}: {button.text()!r} cut "
                       f"({button.width()} < {need} px)")
    return out


def header_problems(root: QWidget) -> list[str]:
    """Column titles cut without a tooltip carrying the full title."""
    out = []
    for header in own_visible(root, QHeaderView):
        assert isinstance(header, QHeaderView)
        model = header.model()
        if model is None or header.orientation() != Qt.Orientation.Horizontal:
            continue
        margin = 2 * header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMargin, None,
                                                header)
        metrics = header.fontMetrics()
        for section in range(header.count()):
            if header.isSectionHidden(section) or header.sectionSize(section) == 0:
                continue
            text = str(model.headerData(section, Qt.Orientation.Horizontal) or "")
            if not text:
                continue
            need = metrics.horizontalAdvance(text) + margin
            if header.isSortIndicatorShown() and header.sortIndicatorSection() == section:
                need += header.style().pixelMetric(QStyle.PixelMetric.PM_HeaderMarkSize, None,
                                                   header)
            if need <= header.sectionSize(section):
                continue
            tip = model.headerData(section, Qt.Orientation.Horizontal,
                                   Qt.ItemDataRole.ToolTipRole)
            if not carries(html.unescape(str(tip or "")), text):
                out.append(f"column title {text!r} of {_name(header.parentWidget() or header)}"
                           f" cut ({need} > {header.sectionSize(section)} px) without a tooltip")
    return out


def tab_problems(root: QWidget) -> list[str]:
    """Tab titles cut (without the full title as the tab's tooltip) or out of sight."""
    out = []
    for bar in own_visible(root, QTabBar):
        assert isinstance(bar, QTabBar)
        for i in range(bar.count()):
            if not bar.isTabVisible(i):
                continue
            rect, text = bar.tabRect(i), bar.tabText(i).replace("&", "")
            if rect.right() > bar.width() or rect.left() < 0:
                out.append(f"tab {text!r} of {_name(bar)} out of sight behind the scroll "
                           f"buttons")
            elif rect.width() < bar.tabSizeHint(i).width() and not carries(
                    bar.tabToolTip(i), text):
                out.append(f"tab {text!r} of {_name(bar)} cut ({rect.width()} < "
                           f"{bar.tabSizeHint(i).width()} px)")
    return out


CELL_ROWS = 60  # rows checked per view (the ones shown first)


def _columns(model: QAbstractItemModel, parent: QModelIndex) -> int:
    try:
        return model.columnCount(parent)
    except TypeError:  # a list model keeps columnCount private: one column
        return 1


def cell_problems(root: QWidget, explained: Mapping[tuple[str, int], str] | None = None
                  ) -> list[str]:
    """Table, tree and list cells whose one-line text does not fit and whose tooltip does not
    carry it (Qt elides a cell's text; without the tooltip the rest is out of reach).

    ``explained`` maps (view object name, column) to why that column's tooltip says the same
    in other words (the project tree's compact status: its tooltip is the full status line).
    A cell a wrapping view gives several lines is left out (its text wraps there)."""
    out = []
    explained = explained or {}
    for view in own_visible(root, QAbstractItemView):
        assert isinstance(view, QAbstractItemView)
        model = view.model()
        if model is None or isinstance(view, QHeaderView):
            continue
        wraps = bool(getattr(view, "wordWrap", lambda: False)())
        style = view.style()
        pad = 2 * (style.pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin, None, view) + 1)
        metrics = view.fontMetrics()
        indexes = []
        parents = [view.rootIndex()]
        while parents and len(indexes) < CELL_ROWS * 8:
            parent = parents.pop(0)
            for row in range(min(model.rowCount(parent), CELL_ROWS)):
                for col in range(_columns(model, parent)):
                    index = model.index(row, col, parent)
                    indexes.append(index)
                    if col == 0 and getattr(view, "isExpanded", lambda _i: False)(index):
                        parents.append(index)
        for index in indexes:
            if (view.objectName(), index.column()) in explained:
                continue
            text = index.data(Qt.ItemDataRole.DisplayRole)
            if not isinstance(text, str) or not text or "\n" in text:
                continue
            rect = view.visualRect(index)
            if rect.isEmpty() or not rect.intersects(view.viewport().rect()):
                continue
            if wraps and rect.height() >= 2 * metrics.lineSpacing():
                continue  # wrapped onto the lines its cell has
            need = metrics.horizontalAdvance(text) + pad
            if index.data(Qt.ItemDataRole.DecorationRole) is not None:
                need += view.iconSize().width() if view.iconSize().width() > 0 else \
                    style.pixelMetric(QStyle.PixelMetric.PM_SmallIconSize, None, view)
                need += 4
            if index.data(Qt.ItemDataRole.CheckStateRole) is not None:
                need += style.pixelMetric(QStyle.PixelMetric.PM_IndicatorWidth, None, view) + 4
            if need <= rect.width():
                continue
            tip = index.data(Qt.ItemDataRole.ToolTipRole)
            if not carries(plain_text(str(tip or "")), text):
                out.append(f"cell {text!r} of {_name(view)} cut ({need} > {rect.width()} px) "
                           f"without the full text in its tooltip")
    return out


def scrolls_by_design(area: QAbstractScrollArea) -> bool:
    """Code text shown without wrapping (the JSON page, a diff) may scroll sideways."""
    if isinstance(area, QPlainTextEdit):
        return area.lineWrapMode() == QPlainTextEdit.LineWrapMode.NoWrap
    if isinstance(area, QTextEdit):
        return area.lineWrapMode() == QTextEdit.LineWrapMode.NoWrap
    return False


def sideways_problems(root: QWidget) -> list[str]:
    """Scroll areas that scroll sideways (or hide their content sideways) where the design
    says they fit; a table's columns wider than the table count too."""
    out = []
    areas = own_visible(root, QAbstractScrollArea)
    if isinstance(root, QAbstractScrollArea) and root.isVisible():
        areas.append(root)
    for area in areas:
        assert isinstance(area, QAbstractScrollArea)
        if scrolls_by_design(area):
            continue
        if area.horizontalScrollBar().isVisible():
            out.append(f"{type(area).__name__} {_name(area)}: horizontal scroll bar")
            continue
        inner = area.widget() if isinstance(area, QScrollArea) else None
        if inner is not None and inner.width() > area.viewport().width() + 1:
            out.append(f"{type(area).__name__} {_name(area)}: content {inner.width()} px "
                       f"wide in a {area.viewport().width()} px view (cut sideways)")
        if isinstance(area, QAbstractItemView):
            header = getattr(area, "horizontalHeader", lambda: None)()
            if header is not None and header.isVisible() and \
                    header.length() > area.viewport().width() + 1:
                out.append(f"{type(area).__name__} {_name(area)}: columns {header.length()} px"
                           f" in a {area.viewport().width()} px view")
    return out


class _Clips:
    """Where each ancestor lies in its window and what of it shows there, worked out once
    per ancestor for one look (a form holds hundreds of rows under the same few parents)."""

    def __init__(self) -> None:
        self._origin: dict[int, QPoint] = {}
        self._clip: dict[int, QRect] = {}

    def origin(self, widget: QWidget) -> QPoint:
        """``widget``'s top left corner in its window's coordinates."""
        key = id(widget)
        if key not in self._origin:
            parent = widget.parentWidget()
            self._origin[key] = QPoint(0, 0) if widget.isWindow() or parent is None \
                else self.origin(parent) + widget.pos()
        return self._origin[key]

    def clip(self, widget: QWidget) -> QRect:
        """The part of ``widget`` that shows, in window coordinates: its rectangle cut by
        every ancestor's up to the window."""
        key = id(widget)
        if key not in self._clip:
            rect = widget.rect().translated(self.origin(widget))
            parent = widget.parentWidget()
            if not widget.isWindow() and parent is not None:
                rect = rect.intersected(self.clip(parent))
            self._clip[key] = rect
        return self._clip[key]

    def in_window(self, widget: QWidget) -> QRect:
        """The part of ``widget`` its ancestors let show, in its own coordinates."""
        return self.clip(widget).translated(-self.origin(widget))


def clipped_by_parent(root: QWidget) -> list[str]:
    """Labels and buttons whose text is cut sideways by a parent too narrow for them (rows
    scrolled out of a view vertically are fine)."""
    out = []
    clips = _Clips()
    for widget in own_visible(root, (QLabel, QAbstractButton)):
        text = widget.text() if isinstance(widget, QLabel | QAbstractButton) else ""
        if not text or isinstance(widget.parentWidget(), QTabBar):
            continue
        shown = clips.in_window(widget)
        if shown.isEmpty():
            continue
        if shown.width() < widget.width() - 1:
            need = widget.fontMetrics().horizontalAdvance(text.split("\n")[0])
            if shown.width() < min(need, widget.width()) - 1:
                out.append(f"{type(widget).__name__} {_name(widget)}: {text!r} cut by its "
                           f"parent ({shown.width()} of {widget.width()} px shown)")
    return out


def _placed_by(layouts: list[QLayout], widget: QWidget) -> bool:
    """Whether one of ``layouts`` (a layout and its nested ones) places ``widget``.

    Asked through ``indexOf`` on the layouts (QObjects), never through ``itemAt``: a Python
    wrapper of a layout item outlives the item Qt deletes, and a later widget at the same
    address then came back as that stale wrapper (and crashed at its deletion)."""
    return any(sub.indexOf(widget) >= 0 for sub in layouts)


def overlap_problems(root: QWidget) -> list[str]:
    """Labels and buttons of one layout drawn over each other (a key name running into its
    "default:" label)."""
    out = []
    for parent in [root, *own_visible(root, QWidget)]:
        layout = parent.layout()
        if layout is None or not parent.isVisible():
            continue
        assert isinstance(layout, QLayout)
        layouts = [layout, *layout.findChildren(QLayout)]
        kids = [w for w in parent.findChildren(QWidget,
                                               options=Qt.FindChildOption.FindDirectChildrenOnly)
                if isinstance(w, QLabel | QAbstractButton) and w.isVisible() and w.width() > 0
                and _placed_by(layouts, w)]
        for a, b in itertools.combinations(kids, 2):
            common = a.geometry().intersected(b.geometry())
            if common.width() > 1 and common.height() > 1:
                out.append(f"{_name(a)} ({a.text()!r}) and {_name(b)} ({b.text()!r}) overlap "
                           f"by {common.width()}×{common.height()} px")
    return out


def _elided(label: QLabel) -> bool:
    if isinstance(label, FittedLabel):
        return label.is_elided()
    if isinstance(label, ElidedLabel):
        return label.is_elided()
    return False


def never_elided_labels(root: QWidget) -> list[tuple[str, QLabel]]:
    """The labels that must show their whole text (a wrap or a wider column would do): each
    Settings row's title, key and default, the State tab's facts — with where they are."""
    from msd_desktop.ui.settings.key_row import KeyRowWidget
    from msd_desktop.ui.state.panel import StatePanel

    def shown(kind: type[QWidget]) -> list[QWidget]:
        return [root] * (isinstance(root, kind) and root.isVisible()) + own_visible(root, kind)

    out: list[tuple[str, QLabel]] = []
    for row in shown(KeyRowWidget):
        assert isinstance(row, KeyRowWidget)
        out += [(f"setting {row.fk.key}", label) for label in
                (row.title, row.key_label, row.default_label)]
    for panel in shown(StatePanel):
        assert isinstance(panel, StatePanel)
        out += [(f"State fact {key}", label)
                for key, label in [*panel.fields.items(), *panel.session_fields.items()]]
    return out


def elision_problems(root: QWidget) -> list[str]:
    """Text cut to "…" that must show whole, tooltip or not: the labels of
    :func:`never_elided_labels`, and every text the routing diagram draws (painted once
    more here: what that paint had to cut)."""
    from msd_desktop.ui.models.routing_diagram import RoutingDiagramView

    out = []
    for where, label in never_elided_labels(root):
        if not label.isVisible() or label.window() is not root.window() or not _elided(label):
            continue
        text = label.plain if isinstance(label, FittedLabel) else label.text()
        out.append(f"{where}: {text!r} elided to {label.contentsRect().width()} px where a "
                   f"wrap would show it whole")
    diagrams = [root] * (isinstance(root, RoutingDiagramView) and root.isVisible())
    for view in [*diagrams, *own_visible(root, RoutingDiagramView)]:
        assert isinstance(view, RoutingDiagramView)
        view.grab()  # a paint now, at the width it has
        out += [f"routing diagram ({view.width()} px): {text!r} cut to '…'"
                for text in view.cut_texts]
    return out


def layout_problems(root: QWidget) -> list[str]:
    """Every check above, for ``root``'s visible part of its window."""
    with one_look(root):
        return [*label_problems(root), *button_problems(root), *header_problems(root),
                *tab_problems(root), *sideways_problems(root), *clipped_by_parent(root),
                *overlap_problems(root)]
