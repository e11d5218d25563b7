"""The exact command to run next, with Copy and "Open a terminal here".

Why a widget of its own: the State tab, the tray and the overview all want the same small
strip, and the decisions (which command, which terminal) live in the core
(:mod:`msd_desktop.core.state.next_command`); this only shows them and starts the terminal.

The terminal program is a user preference stored in ``QSettings`` under
``terminal/program`` (empty = the platform default), chosen in Edit → Preferences (or from
the box below); the ``TERMINAL`` environment variable is the other way. Starting a process is behind
:func:`launch_detached`, so a test replaces one call. When no terminal can be found or
started, a message box says so, what was tried and how to choose one, with a button that asks
for the program: a click on "Open a terminal here" never ends in silence.
"""

from __future__ import annotations

import os
import shutil
import sys
from collections.abc import Mapping
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QSettings, Qt, Signal
from PySide6.QtGui import QFontDatabase, QGuiApplication
from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QSizePolicy,
    QWidget,
)

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.state.next_command import (
    LINUX_TERMINALS,
    NextCommand,
    next_command,
    next_for_state,
    terminal_argv,
)
from msd_desktop.ui.widgets.elided_label import ElidedLabel

if TYPE_CHECKING:
    from msd_desktop.core.state.project import ProjectState

TERMINAL_SETTING = "terminal/program"


def _tip(text: str) -> str:
    """A tooltip naming folders or programs: shown literally (see ``plain_text.tooltip``)."""
    from msd_desktop.ui.widgets.plain_text import tooltip

    return tooltip(text)


def launch_detached(argv: list[str], cwd: Path) -> bool:
    """Start ``argv`` detached in ``cwd`` (the one call a test replaces)."""
    from PySide6.QtCore import QProcess  # (loaded on first use)

    ok, _pid = QProcess.startDetached(argv[0], argv[1:], str(cwd))
    return bool(ok)


def ask_terminal_program(parent: QWidget, current: str) -> str | None:
    """Ask for the terminal command line; ``None`` when cancelled (one modal question)."""
    from PySide6.QtWidgets import QInputDialog

    text, ok = QInputDialog.getText(
        parent, QCoreApplication.translate("NextCommandWidget", "Terminal program"),
        QCoreApplication.translate(
            "NextCommandWidget",
            "Terminal command (empty = the platform default; {cwd} = the project folder):"),
        text=current)
    return text.strip() if ok else None


class NextCommandWidget(QWidget):
    """``Next: /msd-execute-phase 4.5  [Copy] [Open a terminal here]``."""

    copied = Signal(str)
    terminal_opened = Signal(list)  # the argv started
    failed = Signal(str)
    refreshed = Signal()

    def __init__(self, settings: QSettings | None = None, env: Mapping[str, str] | None = None,
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("NextCommandWidget")
        self.settings = settings or QSettings()
        self.env = dict(os.environ if env is None else env)
        self.root: Path | None = None
        self.command: NextCommand | None = None
        self.terminal_box: QMessageBox | None = None  # the last "no terminal" message
        layout = QHBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.caption = QLabel()
        # plain text (the command quotes STATE.md), elided when the window is narrow: the
        # whole command is what Copy copies
        self.label = ElidedLabel(min_width=60)
        self.label.setObjectName("NextCommandText")
        self.label.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        # never let a long command widen the window (the full text is in the tooltip/Copy)
        self.label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.caption.setBuddy(self.label)
        self.copy_button = QPushButton()
        self.copy_button.clicked.connect(self.copy)
        self.terminal_button = QPushButton()
        self.terminal_button.clicked.connect(self.open_terminal)
        layout.addWidget(self.caption)
        layout.addWidget(self.label, 1)
        layout.addWidget(self.copy_button)
        layout.addWidget(self.terminal_button)
        self.retranslate()
        self.set_command(None, None)

    def retranslate(self) -> None:
        """The strip's own words in the current language (the command is file text)."""
        self.caption.setText(self.tr("Next:"))
        self.label.setAccessibleName(self.tr("Next command"))
        self.copy_button.setText(self.tr("Copy"))
        self.copy_button.setToolTip(self.tr("Copy the command to the clipboard"))
        self.copy_button.setAccessibleDescription(self.tr("Copy the next command to the "
                                                          "clipboard"))
        self.terminal_button.setText(self.tr("Open a terminal here"))
        self.terminal_button.setToolTip(self.tr("Open a terminal in the project folder"))

    # -- state

    def set_fields(self, root: Path | None, fields: Mapping[str, Any],
                   normalized_status: str | None = None) -> None:
        """Show the next command for STATE.md fields (the status line's field dict)."""
        self.set_command(root, next_command(fields, normalized_status=normalized_status))

    def refresh_from_project(self, root: Path, env: Mapping[str, str] | None = None) -> None:
        """Read the project's STATE.md off the GUI thread and show its next command."""
        from msd_desktop.ui.widgets.workers import read_timeout, run_op

        e = dict(self.env if env is None else env)
        target = Path(root)
        self.root = target

        def done(state: ProjectState) -> None:
            if self.root != target:
                return  # another project was opened meanwhile
            # STATE.md's next step, else the one derived from where the project stands
            # (no STATE.md: the set-up command the State tab names too)
            self.set_command(target, next_for_state(state))
            self.refreshed.emit()

        def failed(error: BaseException) -> None:
            if self.root == target:  # unreadable (or no answer in time): no command to offer
                self.set_command(target, None)
                self.label.setText(self.tr("— (STATE.md could not be read)"))

        def read() -> ProjectState:
            # the parsers' modules load in the worker too (tens of ms the first time)
            from msd_desktop.core.state.project import load_project_state

            return load_project_state(target, e)

        run_op(read, name="next-command", on_finished=done, on_failed=failed, owner=self,
               timeout_s=read_timeout(self.env))

    def set_command(self, root: Path | None, command: NextCommand | None) -> None:
        self.root = Path(root) if root is not None else None
        self.command = command
        if command is None:
            self.label.setText(self.tr("— (STATE.md names no next step)"))
            self.label.setToolTip("")
        else:
            from msd_desktop.ui.widgets.plain_text import tooltip, visible

            self.label.setText(visible(command.text))
            tip = self._derived_tip(command) if command.derived else self.tr("From STATE.md")
            if command.alternatives:
                tip += "\n" + self.tr("Also: %1").replace("%1", ", ".join(command.alternatives))
            self.label.setToolTip(tooltip(tip))
        self.copy_button.setEnabled(command is not None)
        self.terminal_button.setEnabled(self.root is not None)

    def _derived_tip(self, command: NextCommand) -> str:
        """Why a command STATE.md does not name is suggested, in words."""
        if command.reason == "no-state":
            return self.tr("This project has no STATE.md yet: this command sets it up")
        if command.reason == "executing":
            return self.tr("Derived: the current phase still has plans without a summary")
        if command.reason == "plans-done":
            return self.tr("Derived: every plan of the current phase has its summary")
        return self.tr("Derived from the paused status")

    @property
    def terminal_program(self) -> str:
        return str(self.settings.value(TERMINAL_SETTING, "") or "")

    # -- actions

    def copy(self) -> None:
        if self.command is None:
            return
        QGuiApplication.clipboard().setText(self.command.text)
        self.copied.emit(self.command.text)

    def terminal_argv(self) -> list[str]:
        assert self.root is not None
        path = self.env.get("PATH")  # programs are looked up where the window's env says
        return terminal_argv(self.root, platform=sys.platform,
                             configured=self.terminal_program or None, env=self.env,
                             which=lambda name: shutil.which(name, path=path))

    def open_terminal(self) -> None:
        if self.root is None:
            return
        try:
            argv = self.terminal_argv()
        except MsdError:  # the box says what the core's message says, in the window's words
            self._tell_no_terminal(self.tr("No terminal program was found."))
            return
        if launch_detached(argv, self.root):
            self.terminal_opened.emit(argv)
        else:
            self._tell_no_terminal(
                self.tr("The terminal program %1 could not be started.").replace(
                    "%1", argv[0]))

    def _tell_no_terminal(self, headline: str) -> None:
        """Say why no terminal opened and how to choose one, with a button that asks for it
        (a window-modal box, opened without blocking: the window keeps running)."""
        if self.terminal_box is not None:
            self.terminal_box.close()
        how = (self.tr("Choose the program with “Choose terminal…” below or in Edit → "
                       "Preferences (for example %1, or a command line with {cwd} for the "
                       "project folder), or set the TERMINAL environment variable before "
                       "starting MSD Desktop.").replace("%1", "gnome-terminal")
               if sys.platform not in ("darwin", "win32") else
               self.tr("Choose the program with “Choose terminal…” below or in Edit → "
                       "Preferences."))
        tried = (self.tr("Looked for: the TERMINAL environment variable, then %1.").replace(
            "%1", ", ".join(LINUX_TERMINALS)) if sys.platform not in ("darwin", "win32")
            else "")
        box = QMessageBox(QMessageBox.Icon.Warning, self.tr("No terminal opened"), headline,
                          QMessageBox.StandardButton.Close, self)
        box.setObjectName("NoTerminalBox")
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setInformativeText(" ".join(t for t in (tried, how) if t))
        choose = box.addButton(self.tr("Choose terminal…"), QMessageBox.ButtonRole.AcceptRole)
        choose.setObjectName("ChooseTerminalButton")
        box.setDefaultButton(choose)
        box.setWindowModality(Qt.WindowModality.WindowModal)
        box.buttonClicked.connect(lambda button: self._no_terminal_answered(box, button))
        self.terminal_box = box
        self.failed.emit(headline)
        box.open()

    def _no_terminal_answered(self, box: QMessageBox, button: Any) -> None:
        if box.buttonRole(button) != QMessageBox.ButtonRole.AcceptRole:
            return
        before = self.terminal_program
        self._configure()
        if self.terminal_program and self.terminal_program != before:
            self.open_terminal()  # what the person asked for in the first place

    def _configure(self) -> None:
        value = ask_terminal_program(self, self.terminal_program)
        if value is not None:
            self.settings.setValue(TERMINAL_SETTING, value)
