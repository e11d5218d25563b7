"""The Models tab's tables: an empty-state hint over an empty view, and columns that fit.

Why: an empty table reads as broken; a centred muted line says what would be there and how to
get it. And a table wider than its window scrolls sideways and hides the Model column; here
columns keep their natural (content) width while there is room, and when there is not, only
the columns that elide well (names, reasons, files) give up width, never the model ids.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent
from PySide6.QtWidgets import QTableView

from msd_desktop.ui.widgets.column_fit import Stage as Stage
from msd_desktop.ui.widgets.column_fit import fit_widths as fit_widths
from msd_desktop.ui.widgets.empty_hint import EmptyHint as EmptyHint
from msd_desktop.ui.widgets.viewport import own_viewport


class FittedTable(QTableView):
    """A table view that asks for its columns to be fitted again whenever its viewport's width
    changes (the window resized, or the vertical scroll bar came or went)."""

    def __init__(self, fit: Callable[[], None] | None = None) -> None:
        super().__init__()
        own_viewport(self)  # no C++-made viewport for PySide6 to type (see there)
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
