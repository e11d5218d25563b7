"""Undo / Redo for the Settings form: one ``QUndoStack`` per edit session (one file's draft).

Every change a person makes to the draft — a keystroke, a toggle, a choice, Reset, Revert —
is one :class:`DraftEditCommand` holding, per key, the draft value before and after
(:meth:`ConfigDraft.value`: pending value, ``InvalidInput`` included, else the file's value,
``MISSING`` when absent). Undo sets the "before" values back through ``ConfigDraft.set``;
because the values are absolute (not "the pending edit"), undo still means the same after a
save or a reload: undoing past a save stages the older value again as an edit.

Consecutive keystrokes in one field merge into one command (``mergeWith``) until the focus
moves (:meth:`EditSession.seal`); a merge that lands back on the first value makes the command
obsolete, so the stack never holds an edit that changes nothing.

The line edits' own undo is kept out of the way (:class:`UndoKeyFilter`): in a form field,
Ctrl+Z / Ctrl+Shift+Z are the form's, so there is one history, not one per widget.
"""

from __future__ import annotations

import weakref
from collections.abc import Callable, Sequence
from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Signal
from PySide6.QtGui import QKeyEvent, QKeySequence, QUndoCommand, QUndoStack

from msd_desktop.core.config.draft import TEXT_KEY, ConfigDraft, InvalidInput
from msd_desktop.core.config.schema import MISSING

MERGE_ID = 0x5E77  # every field edit shares it; mergeWith checks the key


class Change(NamedTuple):
    """One key's draft value before and after a command."""

    key: str
    before: Any
    after: Any


def same_value(a: Any, b: Any) -> bool:
    """Whether two draft values are the same edit state (JSON type-exact; ``InvalidInput`` by
    its message and text)."""
    if a is MISSING or b is MISSING:
        return a is b
    return type(a) is type(b) and a == b


class EditSession(QObject):
    """One file's draft plus its undo stack; what a Settings form edits.

    ``applied(keys, source)`` fires after every command's redo/undo: ``source`` is the key
    whose editor made the edit (its widget already shows the value, so it is not re-set and
    the cursor stays put), or ``None`` (undo, redo, Reset, Revert: every listed key's editor
    shows the draft again).
    """

    applied = Signal(list, object)

    def __init__(self, draft: ConfigDraft, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.draft = draft
        self.stack = QUndoStack(self)
        self._source: str | None = None
        self._pushing = False
        self._sealed = True  # the next field edit starts a new command
        self.merge_allowed = False  # read by DraftEditCommand.mergeWith during a push

    # ---- making edits ------------------------------------------------------------------

    def edit(self, key: str, value: Any, text: str, *, merge: bool = True) -> bool:
        """Stage ``key = value`` as an undoable field edit (``merge``: typing, which merges
        with the previous keystrokes in the same field); False when it changes nothing."""
        if value is None:
            value = MISSING
        before = self.draft.value(key)
        if same_value(before, value):
            return False
        command = DraftEditCommand(self, [Change(key, before, value)], text,
                                   merge_key=key if merge else None)
        self._push(command, source=key)
        return True

    def change(self, changes: Sequence[tuple[str, Any]], text: str) -> bool:
        """Set several keys in one command (Reset, Revert); False when it changes nothing."""
        real = [Change(k, self.draft.value(k), v) for k, v in changes]  # None: a file's null
        real = [c for c in real if not same_value(c.before, c.after)]
        if not real:
            return False
        self._push(DraftEditCommand(self, real, text), source=None)
        return True

    def seal(self) -> None:
        """The next edit starts a new command (the focus moved, an undo or a save happened)."""
        self._sealed = True

    def _push(self, command: DraftEditCommand, source: str | None) -> None:
        self._source, self._pushing = source, True
        self.merge_allowed, self._sealed = not self._sealed, False
        try:
            self.stack.push(command)
        finally:
            self._source, self._pushing, self.merge_allowed = None, False, False

    # ---- applying ----------------------------------------------------------------------

    def apply(self, values: Sequence[tuple[str, Any]]) -> None:
        for key, value in values:
            self.draft.set(key, value)
        if not self._pushing:
            self._sealed = True  # an undo or redo: typing again is a new command
        self.applied.emit([key for key, _ in values], self._source)


class DraftEditCommand(QUndoCommand):
    """Set keys of a draft to new values; undo sets the old ones (see the module docstring)."""

    def __init__(self, session: EditSession, changes: list[Change], text: str, *,
                 merge_key: str | None = None) -> None:
        super().__init__(text)
        # weakly: the session's stack owns this command (C++), so a strong reference back
        # would make a cycle that the garbage collector may tear down in the wrong order
        # (a crash at exit once the stack already deleted the command)
        self._session = weakref.ref(session)
        self.changes = changes
        self.merge_key = merge_key

    @property
    def session(self) -> EditSession:
        session = self._session()
        assert session is not None, "an undo command outlived its edit session"
        return session

    def redo(self) -> None:
        self.session.apply([(c.key, c.after) for c in self.changes])

    def undo(self) -> None:
        self.session.apply([(c.key, c.before) for c in reversed(self.changes)])

    def id(self) -> int:
        return MERGE_ID if self.merge_key is not None else -1

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not (isinstance(other, DraftEditCommand) and self.session.merge_allowed
                and self.merge_key is not None and other.merge_key == self.merge_key):
            return False
        first = self.changes[0]
        self.changes = [Change(first.key, first.before, other.changes[0].after)]
        self.setText(other.text())
        if same_value(first.before, other.changes[0].after):
            self.setObsolete(True)
        return True


def unsaved_keys(draft: ConfigDraft) -> list[str]:
    """What Revert or Discard drops: the pending keys, and the JSON tab's text edit."""
    return [*draft.pending, *([TEXT_KEY] if draft.text_edit is not None else [])]


def edit_text(title: str, value: Any, show: Callable[[Any], str]) -> str:
    """The command's name, e.g. ``set Max concurrent agents to 7`` (the Edit menu shows
    ``Undo set Max concurrent agents to 7``). ``show`` turns a value into display text
    (masking secrets)."""
    if value is MISSING or value is None:
        return QCoreApplication.translate("SettingsUndo", "clear {0}").format(title)
    shown = value.text if isinstance(value, InvalidInput) else show(value)
    if len(shown) > 40:
        shown = shown[:39] + "…"
    return QCoreApplication.translate("SettingsUndo", "set {0} to {1}").format(title, shown)


def reset_text(title: str) -> str:
    return QCoreApplication.translate("SettingsUndo", "reset {0}").format(title)


def revert_text(count: int) -> str:
    return counts().revert(count)


class SettingsCounts(QObject):
    """The Settings texts that carry a count, as Qt plurals ("1 change" / "2 changes").

    A QObject of its own (not subclassed, so ``self.tr`` has one context): ``lupdate`` records
    a plural form only for ``tr(text, "", n)`` on an object."""

    def revert(self, n: int) -> str:
        return self.tr("revert %n change(s)", "", n)

    def unsaved(self, n: int) -> str:
        return self.tr("%n unsaved change(s)", "", n)

    def unsaved_in(self, path: str, n: int) -> str:
        return self.tr("%1: %n unsaved change(s)", "", n).replace("%1", path)

    def saved(self, path: str, n: int) -> str:
        return self.tr("Saved %n change(s) to %1.", "", n).replace("%1", path)

    def invalid(self, n: int) -> str:
        return self.tr("%n invalid — fix before saving", "", n)


_COUNTS: list[SettingsCounts] = []


def counts() -> SettingsCounts:
    """The one :class:`SettingsCounts` (made on first use, after the translators)."""
    if not _COUNTS:
        _COUNTS.append(SettingsCounts())
    return _COUNTS[0]


class UndoKeyFilter(QObject):
    """Event filter for a form field's text widgets: Undo / Redo keys go to ``stack``.

    A ``QLineEdit`` claims Ctrl+Z for its own history (a ``ShortcutOverride`` it accepts);
    this filter refuses that, so the window's Undo action (the form's stack) handles the key.
    Should no action take it (a form shown on its own), the key press undoes here.
    """

    def __init__(self, stack: Callable[[], QUndoStack | None], parent: QObject | None = None
                 ) -> None:
        super().__init__(parent)
        self._stack = stack

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        assert isinstance(event, QKeyEvent)
        undo = event.matches(QKeySequence.StandardKey.Undo)
        redo = event.matches(QKeySequence.StandardKey.Redo) or _is_ctrl_shift_z(event)
        if not (undo or redo):
            return False
        if kind == QEvent.Type.ShortcutOverride:
            event.ignore()  # not the widget's: let the shortcut (the form's Undo) have it
            return True
        stack = self._stack()
        if stack is not None:
            stack.redo() if redo else stack.undo()
        return True


def _is_ctrl_shift_z(event: QKeyEvent) -> bool:
    from PySide6.QtCore import Qt

    mods = event.modifiers() & ~Qt.KeyboardModifier.KeypadModifier
    return event.key() == Qt.Key.Key_Z and mods == (
        Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.ShiftModifier)


__all__ = [
    "Change",
    "DraftEditCommand",
    "EditSession",
    "SettingsCounts",
    "UndoKeyFilter",
    "counts",
    "edit_text",
    "reset_text",
    "revert_text",
    "same_value",
    "unsaved_keys",
]
