"""The window's status bar: the status line, a lasting notice, where unsaved edits are, and
what is watched.

Why a piece of its own: the window posts lines and names places; how each is shown (elided,
file text escaped, a notice made on first use) is decided here.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import QLabel, QSizePolicy, QStatusBar

from msd_desktop.ui.widgets.elided_label import ElidedLabel
from msd_desktop.ui.widgets.plain_text import tooltip, visible

if TYPE_CHECKING:
    from msd_desktop.ui.widgets.status_notice import StatusNotice


class WindowStatus(QObject):
    """The widgets of ``bar``: ``line`` (left, stretching), ``unsaved_label`` and
    ``watch_label`` (right); the notice left of the line once one is shown."""

    def __init__(self, bar: QStatusBar, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._bar = bar
        self._notice: StatusNotice | None = None
        # status lines are file text; a long one is elided in the middle (full text in its
        # tooltip) instead of being cut at the window's edge
        self.line = ElidedLabel(mode=Qt.TextElideMode.ElideMiddle, min_width=80)
        self.line.setObjectName("StatusLine")
        self.line.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.watch_label = QLabel()
        self.watch_label.setObjectName("WatchLabel")
        # what the title's "*" is about: where the unsaved Settings edits are
        self.unsaved_label = ElidedLabel(min_width=60, max_hint=320)
        self.unsaved_label.setObjectName("UnsavedLabel")
        self.unsaved_label.hide()
        bar.addWidget(self.line, 1)
        bar.addPermanentWidget(self.unsaved_label)
        bar.addPermanentWidget(self.watch_label)
        self.retranslate()

    def retranslate(self) -> None:
        """The bar's own words in the current language (the lines posted are the window's)."""
        self.line.setAccessibleName(QCoreApplication.translate("MainWindow", "Status"))
        self.watch_label.setAccessibleName(QCoreApplication.translate("MainWindow", "Watching"))
        self.watch_label.setToolTip(QCoreApplication.translate(
            "MainWindow", "Projects whose .planning/ folder is watched for changes"))

    def post(self, text: str) -> None:
        """One line (file text shows visibly escaped)."""
        self.line.setText(visible(text))

    def shows(self, text: str) -> bool:
        """Whether the line says ``text`` now."""
        return self.line.text() == visible(text)

    @property
    def notice(self) -> StatusNotice:
        """The lasting message, left of the status line (made on first use)."""
        if self._notice is None:
            from msd_desktop.ui.widgets.status_notice import StatusNotice

            self._notice = StatusNotice()
            self._bar.insertWidget(0, self._notice, 2)
        return self._notice

    def notice_made(self) -> StatusNotice | None:
        """The notice, if one was ever shown (asking :attr:`notice` would make it)."""
        return self._notice

    def show_unsaved(self, places: list[str]) -> None:
        """Name where the unsaved Settings edits are (what the title's "*" means)."""
        if not places:
            self.unsaved_label.hide()
            return
        names = ", ".join(places)
        self.unsaved_label.setText(QCoreApplication.translate(
            "MainWindow", "● Unsaved: %1").replace("%1", names))
        self.unsaved_label.setToolTip(tooltip(QCoreApplication.translate(
            "MainWindow",
            "The * in the window title: Settings changes not saved yet in %1. File → Save all "
            "(Ctrl+Shift+S) saves them; the project tree marks each such project with ●.")
            .replace("%1", names)))
        self.unsaved_label.setAccessibleName(self.unsaved_label.text())
        self.unsaved_label.show()
