"""The window's Settings edit sessions: one per config file, alive until the window closes.

A Settings form is rebuilt whenever another project (or workstream) is opened; its draft and
undo history are not. The form asks :class:`EditSessions` for the session of the file it
shows and gets the same draft back, pending edits and all (like an editor's tabs). The window
asks it which projects have unsaved edits (title marker, tree marker) and what to save or
discard before it quits.
"""

from __future__ import annotations

from pathlib import Path

from PySide6.QtCore import QObject, Signal

from msd_desktop.core.config.draft import ConfigDraft, DraftBook
from msd_desktop.ui.settings.undo import EditSession


class EditSessions(QObject):
    """Per-file edit sessions; ``changed`` after any edit, undo, save or reload in any."""

    changed = Signal()

    def __init__(self, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.book = DraftBook()
        self._sessions: dict[Path, EditSession] = {}

    def session(self, path: Path) -> EditSession:
        key = Path(path)
        draft = self.book.open(key)
        found = self._sessions.get(key)
        if found is None or found.draft is not draft:
            found = self._sessions[key] = EditSession(draft, self)
            draft.on_changed(self.changed.emit)
        return found

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
