"""Completion inside the JSON tab's text: the setting keys and agent names that fit where the
cursor is, and the choices of an enum value.

Why: a key typed with one letter wrong is an unknown key (refused), an agent name typed wrong
silently matches nothing. The names come from data only — the schema's keys, the catalog's
agents (:mod:`msd_desktop.core.config.suggest`) — as ``config-set``'s "did you mean" does.

How it reads the cursor's place: the text before the cursor is scanned once (strings,
braces, brackets, colons, commas), which gives the keys of the objects the cursor is in and
whether the string being typed is a key or a value — also in text that does not parse yet,
the usual state while typing. Ctrl+Space lists what fits; typing a key inside quotes lists the
keys containing what is typed, from its second character on (the list follows the typing and
closes when nothing fits, or once the quote is closed). Enter or Tab in the list puts the name
in, with its closing quote (a key also gets its colon).
"""

from __future__ import annotations

import re
from functools import cache
from typing import NamedTuple

from PySide6.QtCore import QEvent, QObject, QStringListModel, Qt
from PySide6.QtGui import QKeyEvent, QTextCursor
from PySide6.QtWidgets import QAbstractItemView, QCompleter, QPlainTextEdit

from msd_desktop.core.config import schema
from msd_desktop.core.config.suggest import AGENT_MAPS, known_agents

AUTO_FROM = 2  # characters typed in a key before its list opens by itself


class Place(NamedTuple):
    """Where the cursor is: inside a string (``prefix`` typed so far after its quote), a key
    or a value, of the object at ``path`` (for a value: the key it belongs to)."""

    inside: bool
    is_key: bool
    path: tuple[str, ...]
    prefix: str


def place_at(text: str) -> Place:
    """The cursor's place at the end of ``text`` (the text before the cursor)."""
    stack: list[tuple[str, str | None]] = []  # (kind, key of this container in its parent)
    last_key: str | None = None
    expecting_key = False
    i, n = 0, len(text)
    while i < n:
        c = text[i]
        if c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            if j >= n:  # the string being typed
                prefix = text[i + 1:]
                keys = tuple(k for _kind, k in stack[1:] if k is not None)
                in_object = bool(stack) and stack[-1][0] == "{"
                if in_object and expecting_key:
                    return Place(True, True, keys, prefix)
                value_of = keys + ((last_key,) if in_object and last_key else ())
                return Place(True, False, value_of, prefix)
            if stack and stack[-1][0] == "{" and expecting_key:
                last_key = text[i + 1:j]
                expecting_key = False
            i = j + 1
            continue
        if c in "{[":
            stack.append((c, last_key if stack and stack[-1][0] == "{" else None))
            expecting_key = c == "{"
            last_key = None
        elif c in "}]":
            if stack:
                stack.pop()
            expecting_key = False
        elif c == ",":
            expecting_key = bool(stack) and stack[-1][0] == "{"
        i += 1
    keys = tuple(k for _kind, k in stack[1:] if k is not None)
    return Place(False, expecting_key, keys, "")


@cache
def _key_names() -> tuple[str, ...]:
    return tuple(sorted(spec.key for spec in schema.SCHEMA.values()))


def candidates(place: Place) -> list[str]:
    """The names that fit ``place``: the keys of that object (agents in an agent map), or an
    enum key's choices."""
    dotted = ".".join(place.path)
    if place.is_key:
        if dotted in AGENT_MAPS:
            return known_agents()
        head = dotted + "." if dotted else ""
        out: dict[str, None] = {}
        for key in _key_names():
            if key.startswith(head) and len(key) > len(head):
                out[key[len(head):].split(".", 1)[0]] = None
        return list(out)
    spec = schema.get(dotted) if dotted else None
    if spec is None or not spec.enum:
        return []
    return [str(v) for v in spec.enum if isinstance(v, str)]


class JsonCompletion(QObject):
    """Completion for one JSON text box (see the module docstring); an event filter on it."""

    def __init__(self, editor: QPlainTextEdit) -> None:
        super().__init__(editor)
        self._editor = editor
        self._place: Place | None = None
        self.model = QStringListModel(self)
        self.completer = QCompleter(self.model, self)
        self.completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.completer.setFilterMode(Qt.MatchFlag.MatchContains)
        self.completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
        self.completer.setWidget(editor)
        self.completer.activated.connect(self.insert)  # (a click in the list)
        popup = self.completer.popup()
        assert popup is not None
        self.popup: QAbstractItemView = popup
        popup.setObjectName("jsonCompletionList")
        popup.setAccessibleName(self.tr("Names that fit here"))
        self._typing = False
        editor.installEventFilter(self)
        editor.textChanged.connect(self._typed)

    def popup_visible(self) -> bool:
        return self.popup.isVisible()

    def _cursor_place(self) -> Place:
        cursor = self._editor.textCursor()
        text = self._editor.document().toPlainText()[:cursor.position()]
        return place_at(text)

    def _in_string_on_line(self) -> bool:
        """Whether the cursor follows an open quote on its own line (JSON strings hold no
        line breaks, so a string being typed starts on the cursor's line)."""
        cursor = self._editor.textCursor()
        line = cursor.block().text()[:cursor.positionInBlock()]
        return len(re.findall(r'(?<!\\)(?:\\\\)*"', line)) % 2 == 1

    def show_list(self, automatic: bool = False) -> bool:
        """Open the list of what fits at the cursor; False when nothing does."""
        place = self._cursor_place()
        names = candidates(place) if (place.inside or not automatic) else []
        if automatic and (not place.inside or not place.is_key
                          or len(place.prefix) < AUTO_FROM):
            names = []
        self._place = place
        self.model.setStringList(names)
        self.completer.setCompletionPrefix(place.prefix if place.inside else "")
        matches = self.completer.completionCount()
        exact = matches == 1 and self.completer.currentCompletion() == place.prefix
        if not names or matches == 0 or (automatic and exact):
            self.popup.hide()
            return False
        rect = self._editor.cursorRect()
        rect.setWidth(self.popup.sizeHintForColumn(0)
                      + self.popup.verticalScrollBar().sizeHint().width() + 8)
        self.completer.complete(rect)
        self.popup.setCurrentIndex(self.completer.completionModel().index(0, 0))
        return True

    def _typed(self) -> None:
        """The text changed: a key being typed lists what fits (an open list follows the
        typing, and closes once the string is left)."""
        if self._typing or not self._editor.hasFocus() or self._editor.isReadOnly():
            return
        if not self.popup_visible() and not self._in_string_on_line():
            return  # (the common case, told from the line alone: no scan of a long text)
        place = self._cursor_place()
        if self.popup_visible():
            if place.inside:
                self.show_list()
            else:
                self.popup.hide()
        elif place.inside and place.is_key:
            self.show_list(automatic=True)

    def key_pressed(self, event: QKeyEvent) -> bool:
        """The text box's key while the list is open: Enter or Tab puts the current name in,
        Esc closes the list (True: the key is used)."""
        if not self.popup_visible():
            return False
        key = event.key()
        if key in (Qt.Key.Key_Return, Qt.Key.Key_Enter, Qt.Key.Key_Tab):
            index = self.popup.currentIndex()
            name = index.data() if index.isValid() else None
            self.popup.hide()
            if isinstance(name, str):
                self.insert(name)
            return True
        if key in (Qt.Key.Key_Escape, Qt.Key.Key_Backtab):
            self.popup.hide()
            return True
        return False

    def insert(self, name: str) -> None:
        """Put ``name`` in place of what was typed in the string, closing its quote (a key
        also gets its colon)."""
        self.popup.hide()
        place = self._place or self._cursor_place()
        cursor = self._editor.textCursor()
        self._typing = True
        try:
            cursor.beginEditBlock()
            if place.inside:
                cursor.movePosition(QTextCursor.MoveOperation.Left,
                                    QTextCursor.MoveMode.KeepAnchor, len(place.prefix))
                cursor.insertText(name)
                after = self._editor.document().toPlainText()[cursor.position():]
                if after.startswith('"'):
                    cursor.movePosition(QTextCursor.MoveOperation.Right)
                else:
                    cursor.insertText('"')
            else:
                cursor.insertText(f'"{name}"')
            after = self._editor.document().toPlainText()[cursor.position():]
            if place.is_key and not after.lstrip().startswith(":"):
                cursor.insertText(": ")
            cursor.endEditBlock()
            self._editor.setTextCursor(cursor)
        finally:
            self._typing = False

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if watched is not self._editor or not isinstance(event, QKeyEvent):
            return False
        ctrl_space = (event.key() == Qt.Key.Key_Space
                      and event.modifiers() == Qt.KeyboardModifier.ControlModifier)
        if event.type() == QEvent.Type.ShortcutOverride and ctrl_space:
            event.accept()
            return True
        if event.type() == QEvent.Type.KeyPress and ctrl_space:
            self.show_list()
            return True
        return False


__all__ = ["JsonCompletion", "Place", "candidates", "place_at"]
