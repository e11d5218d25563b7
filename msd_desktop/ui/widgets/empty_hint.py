"""A centred, muted hint over an empty view: what would be listed there and how to get it.

Why: an empty table reads as broken. The hint follows the model (reset, rows added or
removed) and the viewport's size, lets clicks through, and is also the view's accessible
description while the view is empty, so a screen reader hears it too.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QObject, Qt
from PySide6.QtGui import QPalette
from PySide6.QtWidgets import QAbstractItemView, QLabel

from msd_desktop.ui.widgets.theme import semantic_color


class EmptyHint(QLabel):
    """Shown over ``view``'s viewport while its model has no rows; ``text`` is asked each
    time (so it follows the language and the situation)."""

    def __init__(self, view: QAbstractItemView, text: Callable[[], str], *,
                 margin: int = 12) -> None:
        super().__init__(view.viewport())
        self._view = view
        self._text = text
        self._margin = margin
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
        self.setText(self._text())  # (hidden too: a language switch finds it said anew)
        if empty:
            self._place()
        self.setVisible(empty)
        self._view.setAccessibleDescription(self.text() if empty else "")

    def _place(self) -> None:
        viewport = self._view.viewport()
        margin = self._margin
        self.setGeometry(margin, margin, max(viewport.width() - 2 * margin, 0),
                         max(viewport.height() - 2 * margin, 0))

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() == QEvent.Type.Resize:
            self._place()
        return False
