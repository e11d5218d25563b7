"""The JSON page's text box and its undo: what typing in the settings' JSON text is.

The box masks every key in what leaves it (copy, cut, drag) and has no undo of its own: each
change of the text that stages draft edits is a :class:`JsonEditCommand` on the form's stack,
merged while the same settings are typed, and :class:`TextUndoKeys` gives Ctrl+Z to the text's
own typing while it does not parse.
"""

from __future__ import annotations

import re
import weakref
from collections.abc import Callable, Sequence
from typing import Any, Protocol, cast

from PySide6.QtCore import QEvent, QMimeData, QObject, Signal
from PySide6.QtGui import QFocusEvent, QFontDatabase, QKeyEvent, QKeySequence, QUndoCommand
from PySide6.QtWidgets import QPlainTextEdit, QWidget

from msd_desktop.core.config.draft import TEXT_KEY
from msd_desktop.core.config.json_edit import secret_key_names
from msd_desktop.core.secrets.masking import mask_text

JSON_MERGE_ID = 0x15_0E  # JSON text commands merge with each other only

Apply = Callable[[Sequence[tuple[str, Any]]], None]


class OwnTyping(Protocol):
    """The page whose text's own typing Ctrl+Z can take back (the JSON page)."""

    def own_undo_applies(self) -> bool: ...

    def undo_typing(self) -> None: ...


def same_value(a: Any, b: Any) -> bool:
    """The same JSON value of the same type (``1`` is not ``true``)."""
    if a is b:
        return True
    return type(a) is type(b) and a == b



def typed_secrets(text: str) -> list[str]:
    """String values that follow a secret key's name in ``text`` (parsed or not)."""
    names = "|".join(re.escape(k) for k in sorted(secret_key_names()))
    found = re.findall(rf'"(?:{names})"\s*:\s*"((?:[^"\\]|\\.)*)"', text)
    out: list[str] = []
    for raw in found:
        out.append(raw)
        try:
            import json

            out.append(json.loads(f'"{raw}"'))
        except ValueError:
            pass
    return [s for s in out if s and not s.startswith("****")]


class JsonTextEdit(QPlainTextEdit):
    """The JSON text box: copies leave it masked; its own undo is off (the form's stack is
    the one history)."""

    focused = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("jsonText")
        self.setAccessibleName(self.tr("Settings as JSON"))
        self.setAccessibleDescription(self.tr(
            "The draft as JSON; edits here change the form's values too. API keys are masked. "
            "Ctrl+Space lists the setting keys, agent names or choices that fit at the "
            "cursor."))
        self.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        self.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.setTabChangesFocus(False)
        self.setPlaceholderText(self.tr(
            "No settings file is shown: choose a project, or Global defaults, to edit its "
            "config.json here."))
        self.secret_values: Callable[[], list[str]] = lambda: []
        from msd_desktop.ui.settings.json_completion import JsonCompletion

        self.completion = JsonCompletion(self)

    def keyPressEvent(self, event: QKeyEvent) -> None:
        """While the completion list is open, Enter and Tab pick from it, Esc closes it (as
        the list sends them here first)."""
        if self.completion.key_pressed(event):
            event.accept()
            return
        super().keyPressEvent(event)

    def createMimeDataFromSelection(self) -> QMimeData:
        """Copies, cuts and drags carry the selection with every key masked, in every format
        (plain text, HTML, Markdown, ODF).

        The data comes from Qt itself, made by a throw-away text box holding the masked
        text: a ``QMimeData`` made in Python would be owned by Python and by the clipboard at
        once, and deleted twice when the application exits.
        """
        selected = self.textCursor().selection().toPlainText()
        masked = mask_text(selected, self.secret_values() + typed_secrets(self.toPlainText()))
        helper = QPlainTextEdit()
        helper.setPlainText(masked)
        helper.selectAll()
        return QPlainTextEdit.createMimeDataFromSelection(helper)

    def focusInEvent(self, event: QFocusEvent) -> None:
        super().focusInEvent(event)
        self.focused.emit()


class JsonEditCommand(QUndoCommand):
    """Typing in the JSON text: the values before and after, per key. Consecutive changes of
    the same settings merge into one command until the text box loses the focus or its text
    is replaced (one step per setting typed, as the form's fields make)."""

    def __init__(self, apply: Apply, changes: list[tuple[str, Any, Any]], burst: int,
                 text: str) -> None:
        super().__init__(text)
        # weakly: the form's stack owns this command (C++); a strong reference to the page's
        # method would make a cycle the garbage collector may break in the wrong order (a
        # crash at exit after the stack already deleted the command)
        self._apply: Callable[[], Apply | None] = (
            weakref.WeakMethod(apply) if hasattr(apply, "__self__")
            else (lambda: apply))
        self.changes = changes  # (key, before, after)
        self.burst = burst

    def apply(self, values: Sequence[tuple[str, Any]]) -> None:
        target = self._apply()
        assert target is not None, "a JSON edit outlived its page"
        target(values)

    def redo(self) -> None:
        self.apply([(k, after) for k, _before, after in self.changes])

    def undo(self) -> None:
        self.apply([(k, before) for k, before, _after in reversed(self.changes)])

    def id(self) -> int:
        return JSON_MERGE_ID

    def mergeWith(self, other: QUndoCommand) -> bool:
        if not isinstance(other, JsonEditCommand) or other.burst != self.burst:
            return False
        mine = {k for k, _b, _a in self.changes if k != TEXT_KEY}
        if mine and not {k for k, _b, _a in other.changes if k != TEXT_KEY} <= mine:
            return False  # another setting: its own step, as in the form (typing that does
            # not parse yet is no setting: the edit that makes it parse joins it)
        merged = {k: [k, before, after] for k, before, after in self.changes}
        for key, before, after in other.changes:
            if key in merged:
                merged[key][2] = after
            else:
                merged[key] = [key, before, after]
        self.changes = [(k, b, a) for k, b, a in merged.values()]
        self.setText(other.text())
        if all(same_value(b, a) for _k, b, a in self.changes):
            self.setObsolete(True)
        return True


class TextUndoKeys(QObject):
    """Ctrl+Z in the JSON text while it does not parse undoes the typing in it, even when a
    form edit came later (the text's own history); otherwise the key is the form's Undo.

    Installed on the text box after the form's undo filter, so it sees the key first: it
    accepts the shortcut override (the window's Undo action does not fire) and undoes the
    typing when the key press arrives."""

    def __init__(self, page: QObject) -> None:
        """``page``: the JSON page (an :class:`OwnTyping`), which also owns the filter."""
        super().__init__(page)
        self._page = weakref.ref(page)

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        kind = event.type()
        if kind not in (QEvent.Type.ShortcutOverride, QEvent.Type.KeyPress):
            return False
        page = cast("OwnTyping | None", self._page())
        if not (isinstance(event, QKeyEvent) and event.matches(QKeySequence.StandardKey.Undo)
                and page is not None and page.own_undo_applies()):
            return False
        if kind == QEvent.Type.ShortcutOverride:
            event.accept()  # the text box's own key, not the window's Undo
            return True
        page.undo_typing()
        return True
