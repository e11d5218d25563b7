"""Closing the window while the tray icon is there: quit (the default) or keep running.

Why a module of its own: a person who keeps MSD Desktop for its tray lines and notifications
wants the window's close button to put it away, not to end the program; everyone else expects
close to quit. So it is a choice (View → "Keep running in the tray when closed", stored in
``QSettings``, off by default), taken only where a tray exists to bring the window back, and
never for File → Quit, the tray's Quit or the end of the session. The first time the window
goes to the tray, the tray says so once, with how to quit.
"""

from __future__ import annotations

from PySide6.QtCore import QCoreApplication, QSettings
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QWidget

CLOSE_TO_TRAY = "ui/close_to_tray"  # bool: closing the window hides it to the tray
TOLD = "ui/close_to_tray_told"  # bool: the one-time "still running" notice was shown


def _flag(settings: QSettings, key: str) -> bool:
    value = settings.value(key, False)
    return value is True or str(value).lower() in ("true", "1")


def close_to_tray(settings: QSettings) -> bool:
    """Whether closing the window keeps the program running in the tray."""
    return _flag(settings, CLOSE_TO_TRAY)


def close_to_tray_action(settings: QSettings, parent: QWidget) -> QAction:
    """The View menu's check item for the choice; toggling it is stored at once."""
    action = QAction(QCoreApplication.translate(
        "TrayClose", "Keep running in the tray when closed"), parent)
    action.setObjectName("CloseToTrayAction")
    action.setCheckable(True)
    action.setChecked(close_to_tray(settings))
    tip = QCoreApplication.translate(
        "TrayClose", "Closing the window hides it to the tray icon; File → Quit (or the "
        "tray's Quit) ends MSD Desktop")
    action.setToolTip(tip)
    action.setStatusTip(tip)

    def store(on: bool) -> None:
        settings.setValue(CLOSE_TO_TRAY, on)
        settings.sync()

    action.toggled.connect(store)
    return action


def first_time_notice(settings: QSettings) -> tuple[str, str] | None:
    """The tray's one-time message (title, text) the first time the window goes to the tray;
    ``None`` once it was shown."""
    if _flag(settings, TOLD):
        return None
    settings.setValue(TOLD, True)
    settings.sync()
    return (QCoreApplication.translate("TrayClose", "MSD Desktop is still running"),
            QCoreApplication.translate(
                "TrayClose", "The window was closed to the tray. Click the tray icon to show "
                "it again; use Quit in its menu or File → Quit to end MSD Desktop."))
