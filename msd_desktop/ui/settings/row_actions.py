"""A setting's context menu (right click on its row, or its "⋯" button).

Reset, Copy key, Copy value as JSON, Copy the equivalent ``msd config-set`` line. The copied
value is the draft's (what the field shows). A secret's plaintext never reaches the clipboard:
for a secret holding a string the menu offers ``msd secrets set KEY --stdin`` instead, and its
value is not copied at all.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QCoreApplication, QObject, QPoint
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import QMenu, QWidget

from msd_desktop.core.config import schema
from msd_desktop.core.config.draft import InvalidInput, config_set_commands, secret_command
from msd_desktop.core.config.schema import MISSING


def copyable_value(key: str, value: Any) -> str | None:
    """The value as JSON for the clipboard, or ``None`` when nothing may be copied (a secret's
    text, text that is not a value yet)."""
    if value is MISSING or isinstance(value, InvalidInput):
        return None
    if schema.is_secret(key) and not isinstance(value, bool):
        return None
    return json.dumps(value, ensure_ascii=False)


def command_line(key: str, value: Any) -> str:
    """The command line(s) that would set what the field shows (never a secret's text)."""
    if schema.is_secret(key) and isinstance(value, str):
        return secret_command(key)
    if isinstance(value, InvalidInput):
        return ""
    return " && ".join(config_set_commands(key, value))


class RowActions(QObject):
    """Builds and runs one setting's menu; the clipboard text is also kept in ``last_copied``
    (what a test reads back)."""

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.last_copied = ""
        self.menu: QMenu | None = None

    def build(self, parent: QWidget, key: str, value: Any, can_reset: bool,
              reset: Callable[[], None]) -> QMenu:
        menu = QMenu(parent)
        menu.setObjectName(f"rowmenu:{key}")
        action = menu.addAction(QCoreApplication.translate("SettingActions", "Reset to default"))
        action.setEnabled(can_reset)
        action.triggered.connect(reset)
        menu.addSeparator()
        menu.addAction(QCoreApplication.translate("SettingActions", "Copy key")).triggered.connect(
            lambda: self.copy(key))
        as_json = copyable_value(key, value)
        action = menu.addAction(QCoreApplication.translate("SettingActions", "Copy value as JSON"))
        action.setEnabled(as_json is not None)
        if as_json is not None:
            action.triggered.connect(lambda: self.copy(as_json))
        line = command_line(key, value)
        secret_line = schema.is_secret(key) and isinstance(value, str)
        label = QCoreApplication.translate(
            "SettingActions", "Copy command: {0}").format(
                "msd secrets set … --stdin" if secret_line else "msd config-set …")
        action = menu.addAction(label)
        action.setEnabled(bool(line))
        if line:
            action.setToolTip(line)
            action.triggered.connect(lambda: self.copy(line))
        self.menu = menu
        return menu

    def popup(self, parent: QWidget, key: str, value: Any, can_reset: bool,
              reset: Callable[[], None], at: QPoint) -> QMenu:
        menu = self.build(parent, key, value, can_reset, reset)
        menu.popup(at)
        return menu

    def copy(self, text: str) -> None:
        self.last_copied = text
        clipboard = QGuiApplication.clipboard()
        if clipboard is not None:
            clipboard.setText(text)


__all__ = ["RowActions", "command_line", "copyable_value"]
