"""Agent-name completion in the tables keyed by agent (model overrides, per-agent effort, fast
mode and skills).

Why: an agent name typed with one letter wrong is stored and then silently matches nothing.
The cell editor of the agent column completes the catalog's names
(:func:`~msd_desktop.core.config.suggest.known_agents`, the same list ``config-set`` suggests
from): Ctrl+Space or Down opens the list of every name that contains the typed text, any
case, and Enter there picks one and commits the cell.

Why not a list that opens by itself while typing: that list is a window of its own, and one
opened on every keystroke of a table cell took the keyboard from the table when it closed.
"""

from __future__ import annotations

from PySide6.QtCore import QEvent, QModelIndex, QObject, QPersistentModelIndex, Qt
from PySide6.QtGui import QKeyEvent
from PySide6.QtWidgets import (
    QAbstractItemDelegate,
    QCompleter,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from msd_desktop.core.config.suggest import known_agents


def agent_completer(parent: QWidget) -> QCompleter:
    """A completer over the catalog's agents: any part of the name, any case, as a list."""
    completer = QCompleter(known_agents(), parent)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
    return completer


class AgentNameDelegate(QStyledItemDelegate):
    """The agent column's cell editor: a line edit whose Ctrl+Space or Down lists the
    agents containing its text (:func:`agent_completer`); picking one commits the cell."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        editor = QLineEdit(parent)
        editor.setObjectName("AgentNameEditor")
        editor.setAccessibleName(self.tr("Agent name"))
        editor.setToolTip(self.tr("An agent name: Ctrl+Space or Down lists the known agents"))
        completer = agent_completer(editor)
        completer.setWidget(editor)  # not setCompleter: the list opens when asked for only
        completer.activated.connect(lambda name: self.pick(editor, str(name)))
        editor.setProperty("agentCompleter", completer)
        editor.installEventFilter(_ListKeys(editor, completer))
        return editor

    def pick(self, editor: QLineEdit, name: str) -> None:
        """A name picked from the list: into the cell, and the cell editor closes."""
        editor.setText(name)
        self.commitData.emit(editor)
        self.closeEditor.emit(editor, QAbstractItemDelegate.EndEditHint.NoHint)


def completer_of(editor: QLineEdit) -> QCompleter | None:
    """The agent list of a cell editor made by :class:`AgentNameDelegate`."""
    completer = editor.property("agentCompleter")
    return completer if isinstance(completer, QCompleter) else None


class _ListKeys(QObject):
    """Ctrl+Space or Down in the cell editor open the list of matching agents."""

    def __init__(self, editor: QLineEdit, completer: QCompleter) -> None:
        super().__init__(editor)
        self._editor, self._completer = editor, completer

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.KeyPress or not isinstance(event, QKeyEvent):
            return False
        key, mods = event.key(), event.modifiers()
        if (key == Qt.Key.Key_Space and mods == Qt.KeyboardModifier.ControlModifier) or (
                key == Qt.Key.Key_Down and mods == Qt.KeyboardModifier.NoModifier):
            self._completer.setCompletionPrefix(self._editor.text())
            self._completer.complete()
            return True
        return False


__all__ = ["AgentNameDelegate", "agent_completer", "completer_of"]
