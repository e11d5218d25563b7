"""Closing a secondary window from the keyboard, as a dialog closes: Esc, Ctrl+W, a Close button.

Why a module of its own: the config matrix and the global defaults are plain windows (they are
not modal, so not ``QDialog``), and without this a keyboard user could not leave them. Esc
closes only when no child used it first (a key event goes up from the focused widget and
stops at the first that accepts it, so an open cell editor or a combo's popup keeps its own
Esc); Ctrl+W closes a document window everywhere. Closing goes through ``close()``, so a window that
asks about unsaved edits on close (its close guard) asks here too.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtGui import QKeyEvent, QKeySequence, QShortcut
from PySide6.QtWidgets import QPushButton, QWidget


class _EscCloses(QObject):
    """Event filter on the window: an Esc nobody inside took closes it."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self._window = window

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        # a window going away (a language switch's event during its teardown) may reach a
        # filter whose Python side is already gone: nothing to close then
        window: QWidget | None = getattr(self, "_window", None)
        if (window is not None and watched is window
                and event.type() == QEvent.Type.KeyPress
                and isinstance(event, QKeyEvent) and event.key() == Qt.Key.Key_Escape
                and event.modifiers() in (Qt.KeyboardModifier.NoModifier,
                                          Qt.KeyboardModifier.KeypadModifier)):
            window.close()
            return True
        return False


def close_button(window: QWidget) -> QPushButton:
    """A "Close" button for ``window`` (the caller places it), with Esc and Ctrl+W wired."""
    install_close_keys(window)
    button = QPushButton()
    button.setObjectName("CloseWindowButton")
    retranslate_close_button(button)
    button.setAutoDefault(False)
    button.clicked.connect(window.close)
    return button


def retranslate_close_button(button: QPushButton) -> None:
    """The Close button's texts in the current language (its window's language switch)."""
    button.setText(QCoreApplication.translate("CloseKeys", "Close"))
    button.setToolTip(QCoreApplication.translate("CloseKeys", "Close this window (Esc, Ctrl+W)"))


def install_close_keys(window: QWidget) -> None:
    """Esc (when no child used it) and Ctrl+W close ``window``."""
    if window.property("closeKeys"):
        return
    window.setProperty("closeKeys", True)
    window.installEventFilter(_EscCloses(window))
    shortcut = QShortcut(QKeySequence("Ctrl+W"), window)
    shortcut.setObjectName("CloseWindowShortcut")
    shortcut.setContext(Qt.ShortcutContext.WindowShortcut)
    shortcut.activated.connect(window.close)
