"""Unsaved Settings edits across the window: kept safe against a crash, brought back after
one, and asked about before anything leaves (STYLE item 23).

The drafts and undo stacks of every config file opened in the window live in one
:class:`~msd_desktop.ui.settings.sessions.EditSessions` (made when a project first opens), so
switching project or scope drops nothing. Each pending edit is also written down
(:mod:`msd_desktop.core.config.draft_recovery`, never a secret's text), so a run that crashed
or was killed leaves them for the next start, which brings them back as unsaved edits.
Closing the window, quitting from the tray and the desktop session's log-out all go through
:meth:`UnsavedEdits.may_go` (the window's ``unsaved_may_go``): the one Save / Discard / Cancel
question.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import QWidget

if TYPE_CHECKING:
    from msd_desktop.ui.settings.sessions import EditSessions


class UnsavedEdits(QObject):
    """The window's unsaved Settings edits (see the module docstring).

    ``window``: where the question is asked (and the other windows' sessions are found);
    ``env``: where the recovery folder is; ``raise_window``: brings the window forward before
    it asks; ``known_roots``: the projects listed now (whose edits a crashed run left)."""

    changed = Signal()  # some draft changed: the title's marker and the tree's marks follow
    message_posted = Signal(str)  # a line for the status bar
    # a message that must stay until it is dealt with: (text, what it is about)
    notice_posted = Signal(str, str)
    RESTORED = "restored"  # project edits a crashed run left, restored as unsaved
    DEFAULTS_LEFT = "defaults-left"  # Global defaults edits a crashed run left

    def __init__(self, window: QWidget, env: dict[str, str], raise_window: Callable[[], Any],
                 known_roots: Callable[[], list[Path]]) -> None:
        super().__init__(window)
        self._window = window
        self._env = env
        self._raise = raise_window
        self._known_roots = known_roots
        self._sessions: EditSessions | None = None
        self.recovered = False  # the unsaved edits of a crashed run were looked for

    @property
    def sessions(self) -> EditSessions:
        """The Settings drafts and undo stacks of every file opened in this window."""
        if self._sessions is None:
            from msd_desktop.core.config.draft_recovery import (
                DraftRecovery,
                default_recovery_dir,
            )
            from msd_desktop.ui.settings.sessions import EditSessions

            recovery = DraftRecovery(default_recovery_dir(self._env))
            self._sessions = EditSessions(self._window, recovery=recovery)
            self._sessions.changed.connect(self.changed)
            self._sessions.record_failed.connect(self._record_failed)
        return self._sessions

    @property
    def made(self) -> EditSessions | None:
        """The sessions if any Settings form was opened yet (None: nothing can be unsaved)."""
        return self._sessions

    def dirty_roots(self, roots: list[Path]) -> set[Path]:
        """Which of ``roots`` have unsaved edits."""
        return set() if self._sessions is None else self._sessions.dirty_roots(roots)

    def any_dirty(self) -> bool:
        return self._sessions is not None and bool(self._sessions.dirty())

    def _record_failed(self, why: str) -> None:
        self.message_posted.emit(self.tr(
            "Unsaved edits could not be kept safe against a crash ({0}); save them to be "
            "sure.").format(why))

    # -- after a crash

    def recover_once(self) -> None:
        """The first time it is called (the first list is in): :meth:`recover`; afterwards
        nothing."""
        if not self.recovered:
            self.recovered = True
            self.recover()

    def recover(self) -> None:
        """Edits a previous run left unsaved (it crashed or was killed) come back as unsaved
        edits: marked in the title and the tree, saved only when the person saves."""
        from msd_desktop.core.config.draft_recovery import default_recovery_dir

        if not default_recovery_dir(self._env).is_dir():
            return  # nothing was ever left unsaved (and nothing to import)
        restored = self.sessions.recover(self._known_roots())
        problem = self.sessions.recovery.problem if self.sessions.recovery else None
        if problem:  # the folder or a record is not ours: nothing of it was used
            from msd_desktop.ui.widgets.core_text import core_text

            self.message_posted.emit(self.tr(
                "Unsaved edits of an earlier run were not looked at: {0}").format(
                    core_text(problem)))
        if not restored:
            self._say_global_defaults_recovered()
            return
        keys = sum(len(got.keys) for _, got in restored)
        secrets = sum(got.left_out for _, got in restored)
        text = self.tr("Restored %n unsaved change(s) from the last run, which ended without "
                       "saving: save or revert them.", "", keys)
        if secrets:
            text += " " + self.tr("%n edited API key(s) were not kept: secrets are never "
                                  "written to disk.", "", secrets)
        self.message_posted.emit(text)
        self.notice_posted.emit(text, self.RESTORED)

    def _say_global_defaults_recovered(self) -> None:
        """Global defaults keep their own drafts (their window restores them when opened):
        say that a crashed run left edits there."""
        from msd_desktop.core.config.draft_recovery import DraftRecovery, default_recovery_dir
        from msd_desktop.core.workspace.paths import defaults_path

        recovery = DraftRecovery(default_recovery_dir(self._env))
        if recovery.has_record(defaults_path(self._env)):
            text = self.tr("Global defaults have unsaved changes from the last run, which "
                           "ended without saving: Global defaults shows them.")
            self.message_posted.emit(text)
            self.notice_posted.emit(text, self.DEFAULTS_LEFT)

    # -- Save all

    def dirty_places(self, refs: list[Any], besides: Path | None = None) -> list[str]:
        """Where unsaved Settings edits are, in words: project names (› workstream), "Global
        defaults", else the file; ``besides``: a config file left out (the one shown)."""
        from PySide6.QtCore import QCoreApplication

        from msd_desktop.core.workspace.paths import defaults_path

        places: list[str] = []
        for session in self.dirty_sessions():
            path = Path(session.draft.path)
            if besides is not None and path == besides:
                continue
            if path == defaults_path(self._env):
                place = QCoreApplication.translate("UnsavedEdits", "Global defaults")
            else:
                place = str(path)
                for ref in refs:
                    root = Path(ref.root)
                    if path.is_relative_to(root):
                        parts = path.relative_to(root).parts
                        place = ref.name
                        if "workstreams" in parts and parts.index("workstreams") + 1 < len(parts):
                            place += " › " + parts[parts.index("workstreams") + 1]
                        break
            if place not in places:
                places.append(place)
        return places

    def save_everything(self) -> bool:
        """Save every unsaved Settings session of the window and its other windows (Global
        defaults); True when nothing is left unsaved. What could not be saved is listed in
        one box and keeps its edits."""
        dirty = self.dirty_sessions()
        if not dirty:
            return True
        from msd_desktop.ui.settings.unsaved import save_all, show_not_saved

        problems = save_all(dirty, self._window)
        if problems:
            show_not_saved(self._window, problems)
            return False
        return True

    # -- before leaving

    def may_go(self, what: str) -> bool:
        """Ask Save / Discard / Cancel when there are unsaved Settings edits; True when the
        window may close (saved, discarded, or nothing unsaved)."""
        dirty = self.dirty_sessions()
        if not dirty:
            return True  # (and the question's module is not imported to say so)
        from msd_desktop.ui.settings.unsaved import settle_sessions

        self._raise()
        return settle_sessions(self._window, dirty, what)

    def dirty_sessions(self) -> list[Any]:
        """Unsaved Settings sessions of this window and of its other windows (Global defaults
        keeps its own)."""
        if "msd_desktop.ui.settings.sessions" not in sys.modules:
            return []  # no Settings form was ever opened (and quitting imports nothing)
        from msd_desktop.ui.settings.sessions import EditSessions

        stores = self._window.findChildren(EditSessions)
        return list({id(s): s for store in stores for s in store.dirty()}.values())


def ask_save_elsewhere(parent: QWidget, names: list[str]) -> bool:
    """Ctrl+S where there is nothing to save while other projects have unsaved edits: say
    which, and offer to save them all (one modal question, STYLE item 15). True: save all."""
    from PySide6.QtCore import QCoreApplication, Qt
    from PySide6.QtWidgets import QMessageBox

    from msd_desktop.ui.widgets.plain_text import visible_lines

    box = QMessageBox(QMessageBox.Icon.Question,
                      QCoreApplication.translate("UnsavedEdits", "Unsaved changes elsewhere"),
                      QCoreApplication.translate(
                          "UnsavedEdits", "Nothing to save here. Settings changes are not "
                          "saved yet in:"),
                      QMessageBox.StandardButton.Cancel, parent)
    box.setObjectName("SaveElsewhereDialog")
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setInformativeText(visible_lines("\n".join(f"• {name}" for name in names)))
    save = box.addButton(QCoreApplication.translate("UnsavedEdits", "Save all"),
                         QMessageBox.ButtonRole.AcceptRole)
    save.setObjectName("SaveAllButton")
    box.setDefaultButton(save)
    box.setEscapeButton(QMessageBox.StandardButton.Cancel)
    box.exec()
    return box.clickedButton() is save
