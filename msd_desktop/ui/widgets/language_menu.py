"""View → Language: System language, English, Português (Brasil)… and the restart it needs.

The languages come from the catalogues shipped (:func:`msd_desktop.i18n.languages`), named in
their own language (:func:`language_name`). The choice is remembered
(:func:`remember_language`) and takes effect at the next start — Qt's widgets do not
re-translate themselves — so the menu offers to restart at once. ``--lang`` on the command
line still overrides what is remembered; a restart from here drops it, so the new choice is
the one that shows.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

from PySide6.QtCore import QSettings
from PySide6.QtGui import QAction, QActionGroup
from PySide6.QtWidgets import QMenu, QWidget

from msd_desktop.i18n import languages
from msd_desktop.ui.widgets.translation import (
    SOURCE_LANGUAGE,
    SYSTEM,
    language_name,
    remember_language,
    remembered_language,
)


def restart_argv(argv: list[str] | None = None, executable: str | None = None,
                 frozen: bool | None = None) -> list[str]:
    """The command line that starts this program again with the same arguments, minus
    ``--lang`` (the remembered choice must win after a restart from the menu)."""
    argv = list(sys.argv if argv is None else argv)
    executable = sys.executable if executable is None else executable
    frozen = bool(getattr(sys, "frozen", False)) if frozen is None else frozen
    args: list[str] = []
    skip = False
    for arg in argv[1:]:
        if skip:
            skip = False
            continue
        if arg == "--lang":
            skip = True
            continue
        if arg.startswith("--lang="):
            continue
        args.append(arg)
    if frozen:  # a bundle: the executable is the program itself
        return [executable, *args]
    script = argv[0] if argv else ""
    if not script or Path(script).name in ("app.py", "__main__.py"):  # python -m …
        return [executable, "-m", "msd_desktop.app", *args]
    return [executable, script, *args]


def start_detached(argv: list[str]) -> bool:
    """Start ``argv`` on its own (the one call a test replaces)."""
    from PySide6.QtCore import QProcess

    ok, _pid = QProcess.startDetached(argv[0], argv[1:])
    return bool(ok)


class LanguageMenu(QMenu):
    """The Language submenu; ``quit_window()`` closes the window the usual way (unsaved edits
    asked about) and says whether it closed, before a restart starts the new process."""

    def __init__(self, settings: QSettings, quit_window: Callable[[], bool],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("LanguageMenu")
        self.setTitle(self.tr("&Language"))
        self.settings = settings
        self.quit_window = quit_window
        self.group = QActionGroup(self)
        self.group.setExclusive(True)
        self.language_actions: dict[str, QAction] = {}
        codes = [SYSTEM, SOURCE_LANGUAGE, *[c for c in languages() if c != SOURCE_LANGUAGE]]
        current = remembered_language(settings) or SYSTEM
        for code in codes:
            text = self.tr("System language") if code == SYSTEM else language_name(code)
            action = QAction(text, self)
            action.setCheckable(True)
            action.setChecked(code == current)
            action.setData(code)
            action.triggered.connect(lambda _=False, c=code: self.choose(c))
            self.group.addAction(action)
            self.addAction(action)
            self.language_actions[code] = action

    def choose(self, code: str, ask: bool = True) -> None:
        """Remember ``code`` and offer to restart (``ask=False``: only remember)."""
        if (remembered_language(self.settings) or SYSTEM) == code:
            return
        remember_language(code, self.settings)
        self.settings.sync()
        if ask:
            self.ask_restart()

    def ask_restart(self) -> None:
        from PySide6.QtWidgets import QMessageBox  # on first use (~1 ms before the first paint)

        box = QMessageBox(QMessageBox.Icon.Question, self.tr("Language"),
                          self.tr("The new language shows after a restart."),
                          QMessageBox.StandardButton.NoButton, self.parentWidget())
        box.setObjectName("RestartQuestion")
        box.setInformativeText(self.tr("Restart MSD Desktop now? Unsaved settings are asked "
                                       "about first."))
        restart = box.addButton(self.tr("Restart now"), QMessageBox.ButtonRole.AcceptRole)
        box.addButton(self.tr("Later"), QMessageBox.ButtonRole.RejectRole)
        box.setDefaultButton(restart)
        box.finished.connect(lambda _: self.restart() if box.clickedButton() is restart
                             else None)
        box.open()
        self.restart_box = box

    def restart(self) -> bool:
        """Close the window (unsaved edits asked about); when it closed, start again."""
        if not self.quit_window():
            return False
        return start_detached(restart_argv())
