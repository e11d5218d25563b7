"""View → Language: System language, English, Português (Brasil)… switched at once.

The languages come from the catalogues shipped (:func:`msd_desktop.i18n.languages`), named in
their own language (:func:`language_name`). The choice is remembered
(:func:`remember_language`) for the next start and handed to ``switch(code)``, which installs
the new catalogues (:func:`~msd_desktop.ui.widgets.translation.switch_language`); the window,
its menus, tabs and open dialogs then set their texts again on ``QEvent.LanguageChange`` —
no restart. ``--lang`` on the command line only decides the language a start begins with.
"""

from __future__ import annotations

from collections.abc import Callable

from PySide6.QtCore import QEvent, QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from msd_desktop.i18n import languages
from msd_desktop.ui.widgets.translation import (
    SOURCE_LANGUAGE,
    SYSTEM,
    language_name,
    remember_language,
    remembered_language,
    switch_language,
)


class LanguageMenu(QMenu):
    """The Language submenu; ``switch(code)`` makes the window speak ``code`` now."""

    def __init__(self, settings: QSettings,
                 switch: Callable[[str], object] = switch_language,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LanguageMenu")
        self.settings = settings
        self.switch = switch
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        codes = [SYSTEM, SOURCE_LANGUAGE, *[c for c in languages() if c != SOURCE_LANGUAGE]]
        current = remembered_language(settings) or SYSTEM
        for code in codes:
            action = QAction(language_name(code) if code != SYSTEM else "", self)
            action.setCheckable(True)
            action.setChecked(code == current)
            action.setData(code)
            action.triggered.connect(lambda _=False, c=code: self.choose(c))
            self.group.addAction(action)
            self.addAction(action)
            self.language_actions[code] = action
        self.retranslate()

    def retranslate(self) -> None:
        """The texts that are ours (a language's own name never changes)."""
        self.setTitle(self.tr("&Language"))
        self.language_actions[SYSTEM].setText(self.tr("System language"))

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    def choose(self, code: str) -> None:
        """Remember ``code`` and speak it now (nothing when it is already the choice)."""
        action = self.language_actions.get(code)
        if action is None:  # no catalogue for it
            return
        action.setChecked(True)
        if (remembered_language(self.settings) or SYSTEM) == code:
            return
        remember_language(code, self.settings)
        self.settings.sync()
        self.switch(code)
