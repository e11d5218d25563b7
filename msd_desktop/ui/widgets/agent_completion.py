"""Agent-name completion in the tables keyed by agent (model overrides, per-agent effort, fast
mode and skills).

Why: an agent name typed with one letter wrong is stored and then silently matches nothing.
The cell editor of the agent column offers the catalog's names as the person types
(:func:`~msd_desktop.core.config.suggest.known_agents`, the same list ``config-set`` suggests
from), so the right spelling is one Down and Enter away.
"""

from __future__ import annotations

from PySide6.QtCore import QModelIndex, QPersistentModelIndex, Qt
from PySide6.QtWidgets import (
    QCompleter,
    QLineEdit,
    QStyledItemDelegate,
    QStyleOptionViewItem,
    QWidget,
)

from msd_desktop.core.config.suggest import known_agents


def agent_completer(parent: QWidget) -> QCompleter:
    """A completer over the catalog's agents: any part of the name matches, any case."""
    completer = QCompleter(known_agents(), parent)
    completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
    completer.setFilterMode(Qt.MatchFlag.MatchContains)
    completer.setCompletionMode(QCompleter.CompletionMode.PopupCompletion)
    return completer


class AgentNameDelegate(QStyledItemDelegate):
    """The agent column's cell editor: a line edit with :func:`agent_completer`."""

    def createEditor(self, parent: QWidget, option: QStyleOptionViewItem,
                     index: QModelIndex | QPersistentModelIndex) -> QWidget:
        editor = QLineEdit(parent)
        editor.setObjectName("AgentNameEditor")
        editor.setAccessibleName(self.tr("Agent name"))
        editor.setCompleter(agent_completer(editor))
        return editor


__all__ = ["AgentNameDelegate", "agent_completer"]
