"""A message that stays in the status bar until it is dealt with or dismissed.

Why: the status line is rewritten by whatever happens next (opening a project writes its
status line there a moment later), so a message the person must not miss — "Restored 3
unsaved changes from the last run" — was gone before it could be read. The notice sits beside
the status line with an icon and a dismiss button; its owner hides it when the matter is
settled (the restored edits saved or reverted). Plain text, elided with its full text in the
tooltip.
"""

from __future__ import annotations

from PySide6.QtCore import Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QStyle, QToolButton, QWidget

from msd_desktop.ui.widgets.elided_label import ElidedLabel
from msd_desktop.ui.widgets.plain_text import tooltip, visible


class StatusNotice(QWidget):
    """Icon, message and a dismiss button; hidden until :meth:`show_notice`."""

    dismissed = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("StatusNotice")
        self.kind = ""  # what the message is about, for the owner that settles it
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        layout.setSpacing(4)
        self.icon = QLabel()
        size = self.style().pixelMetric(QStyle.PixelMetric.PM_SmallIconSize)
        self.icon.setPixmap(self.style().standardIcon(
            QStyle.StandardPixmap.SP_MessageBoxInformation).pixmap(size, size))
        layout.addWidget(self.icon)
        self.label = ElidedLabel(min_width=160)
        self.label.setObjectName("StatusNoticeText")
        layout.addWidget(self.label, 1)
        self.close_button = QToolButton()
        self.close_button.setObjectName("StatusNoticeDismiss")
        self.close_button.setText("×")
        self.close_button.setAutoRaise(True)
        self.close_button.setToolTip(self.tr("Dismiss this message"))
        self.close_button.setAccessibleName(self.tr("Dismiss this message"))
        self.close_button.clicked.connect(self.dismiss)
        layout.addWidget(self.close_button)
        self.setAccessibleName(self.tr("Notice"))
        self.hide()

    def show_notice(self, text: str, kind: str = "") -> None:
        """Show ``text`` until it is dismissed or :meth:`settle` ``kind``."""
        self.kind = kind
        self.label.setText(visible(text))
        self.label.setToolTip(tooltip(text))
        self.setAccessibleDescription(visible(text))
        self.show()

    def text(self) -> str:
        return self.label.text() if self.isVisible() else ""

    def settle(self, kind: str) -> None:
        """The matter ``kind`` is dealt with: its notice goes (another kind's stays)."""
        if self.kind == kind and not self.isHidden():
            self.hide()

    def dismiss(self) -> None:
        self.hide()
        self.dismissed.emit()
