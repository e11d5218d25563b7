"""The window's Settings edit sessions: one per config file, alive until the window closes.

A Settings form shows one project (or workstream) at a time — the window keeps one form and
refills it for the next project, or builds a new one — while drafts and undo histories stay
here, one per file. The form asks :class:`EditSessions` for the session of the file it
shows and gets the same draft back, pending edits and all (like an editor's tabs). The window
asks it which projects have unsaved edits (title marker, tree marker) and what to save or
discard before it quits.

With a :class:`DraftRecovery`, every draft with pending edits is also written down (a moment
after the last keystroke) so a crash or a kill loses nothing: :meth:`EditSessions.recover`
stages those edits again on the next start.
"""

from __future__ import annotations

from pathlib import Path
from typing import TYPE_CHECKING

from PySide6.QtCore import QObject, QTimer, Signal

from msd_desktop.core.config.draft import ConfigDraft, DraftBook
from msd_desktop.ui.settings.undo import EditSession

if TYPE_CHECKING:
    from msd_desktop.core.config.draft_recovery import DraftRecovery, Recovered

#: How long after the last edit the unsaved edits are written down (ms): one write per pause
#: in typing, not one per keystroke.
RECORD_DELAY_MS = 400


class EditSessions(QObject):
    """Per-file edit sessions; ``changed`` after any edit, undo, save or reload in any."""

    changed = Signal()
    #: The unsaved edits could not be written down (the reason, for the status bar).
    record_failed = Signal(str)

    def __init__(self, parent: QObject | None = None,
                 recovery: DraftRecovery | None = None) -> None:
        super().__init__(parent)
        self.book = DraftBook()
        self.recovery = recovery
        self._sessions: dict[Path, EditSession] = {}
        self._watched: set[int] = set()
        self._to_record: dict[Path, ConfigDraft] = {}
        self._record_timer = QTimer(self)
        self._record_timer.setSingleShot(True)
        self._record_timer.setInterval(RECORD_DELAY_MS)
        self._record_timer.timeout.connect(self.record_now)

    def session(self, path: Path) -> EditSession:
        key = Path(path)
        draft = self.book.open(key)
        found = self._sessions.get(key)
        if found is None or found.draft is not draft:
            found = self._sessions[key] = EditSession(draft, self)
            self._follow(draft)
        return found

    def _follow(self, draft: ConfigDraft) -> None:
        if id(draft) in self._watched:
            return
        self._watched.add(id(draft))
        draft.on_changed(self.changed.emit)
        if self.recovery is not None:
            draft.on_changed(lambda: self._schedule_record(draft))

    def _schedule_record(self, draft: ConfigDraft) -> None:
        self._to_record[draft.path] = draft
        if not draft.dirty:
            self.record_now()  # saved or discarded: the record goes at once
        else:
            self._record_timer.start()

    def record_now(self) -> None:
        """Write down (or remove) the records of the drafts changed since the last time."""
        self._record_timer.stop()
        if self.recovery is None:
            return
        pending, self._to_record = self._to_record, {}
        for draft in pending.values():
            try:
                self.recovery.write(draft)
            except OSError as exc:
                self.record_failed.emit(f"{draft.path}: {exc.strerror or exc}")

    def recover(self, roots: list[Path]) -> list[tuple[ConfigDraft, Recovered]]:
        """Stage the edits a previous run left unsaved (it ended without asking) in the
        projects under ``roots`` (the window's); one ``(draft, what came back)`` per file
        that got edits back. Records of other projects wait for a window that shows them."""
        if self.recovery is None:
            return []
        out = []
        bases = [Path(r) for r in roots]
        for config in self.recovery.configs():
            if not any(config.is_relative_to(base) for base in bases):
                continue
            if not config.parent.is_dir():
                continue  # the project is not here now (an unmounted disk?): keep the record
            session = self.session(config)  # a session: quitting asks about it too
            draft = session.draft
            got = self.recovery.restore(draft)
            if got is not None and got.keys:
                out.append((draft, got))
                # a form already showing this file (the project opened at start) shows the
                # edits as unsaved, as the title and the tree do
                session.applied.emit(list(got.keys), None)
            elif got is not None:
                self.recovery.forget(config)  # nothing differs from the file any more
        if out:
            self.changed.emit()
        return out

    def sessions(self) -> list[EditSession]:
        return list(self._sessions.values())

    def dirty(self) -> list[EditSession]:
        """Sessions with unsaved edits, in the order they were opened."""
        return [s for s in self._sessions.values() if s.draft.dirty]

    def dirty_roots(self, roots: list[Path]) -> set[Path]:
        """Which of ``roots`` have a file with unsaved edits (their own or a workstream's)."""
        drafts = self.book.dirty()
        return {Path(r) for r in roots if any(_inside(d, Path(r)) for d in drafts)}


def _inside(draft: ConfigDraft, root: Path) -> bool:
    return draft.path.is_relative_to(root)


__all__ = ["EditSessions"]
