"""The Models tab's tables: an empty-state hint over an empty view, and columns that fit.

Why: an empty table reads as broken; a centred muted line says what would be there and how to
get it. And a table wider than its window scrolls sideways and hides the Model column; here
columns keep their natural (content) width while there is room, and when there is not, only
the columns that elide well (names, reasons, files) give up width, never the model ids.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractItemView, QLabel, QTableView

from msd_desktop.ui.widgets.theme import semantic_color

Stage = tuple[Sequence[int], int]  # (columns that may give up width, down to this many px)


def fit_widths(widths: Sequence[int], available: int, stages: Sequence[Stage]) -> list[int]:
    """``widths`` as they are when they fit in ``available``; else each stage in turn takes
    the width still missing from its columns, in proportion to what each has above the
    stage's floor, until the columns fit (the columns no stage names keep theirs)."""
    out = list(widths)
    for columns, floor in stages:
        excess = sum(out) - available
        if excess <= 0:
            break
        room = {c: max(out[c] - floor, 0) for c in columns if 0 <= c < len(out)}
        total = sum(room.values())
        if total <= 0:
            continue
        take = min(excess, total)
        for c, spare in room.items():
            out[c] -= -(-take * spare // total)  # rounded up: the sum lands within the width
    return out


class EmptyHint(QLabel):
    """A centred, muted, wrapping hint shown over a view's viewport while its model is empty."""

    def __init__(self, view: QAbstractItemView, text: Callable[[], str]) -> None:
        super().__init__(view.viewport())
        self._view = view
        self._text = text
        self.setObjectName("EmptyHint")
        self.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.setWordWrap(True)
        self.setTextFormat(Qt.TextFormat.PlainText)
        self.setAttribute(Qt.WidgetAttribute.WA_TransparentForMouseEvents)
        palette = self.palette()
        palette.setColor(QPalette.ColorRole.WindowText, semantic_color("muted"))
        self.setPalette(palette)
        view.viewport().installEventFilter(self)
        model = view.model()
        for signal in (model.modelReset, model.rowsInserted, model.rowsRemoved,
                       model.layoutChanged):
            signal.connect(self.refresh)
        self.refresh()

    def refresh(self, *_args: object) -> None:
        model = self._view.model()
        empty = model is None or model.rowCount() == 0
        if empty:
            self.setText(self._text())
            self._place()
        self.setVisible(empty)
        # a screen reader hears the hint through the view's description while it is empty
        self._view.setAccessibleDescription(self.text() if empty else "")

    def _place(self) -> None:
        viewport = self._view.viewport()
        margin = 12
        self.setGeometry(margin, margin, max(viewport.width() - 2 * margin, 0),
                         max(viewport.height() - 2 * margin, 0))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._place()
        return False


class FittedTable(QTableView):
    """A table view that asks for its columns to be fitted again whenever its viewport's width
    changes (the window resized, or the vertical scroll bar came or went)."""

    def __init__(self, fit: Callable[[], None] | None = None) -> None:
        super().__init__()
        self._fit = fit
        self._last_width = -1

    def set_fit(self, fit: Callable[[], None]) -> None:
        self._fit = fit

    def viewportEvent(self, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            width = self.viewport().width()
            if self._fit is not None and width != self._last_width:
                self._last_width = width
                self._fit()
        return super().viewportEvent(event)
