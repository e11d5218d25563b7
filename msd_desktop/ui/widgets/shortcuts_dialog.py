"""Help → Keyboard shortcuts: every key of the window, read from its real actions and
shortcuts when the dialog opens — never a hand-kept list that drifts from the code.

What is listed: each ``QAction`` with a shortcut that belongs to the window (its menus and its
window-wide actions), then each enabled ``QShortcut`` inside it (the open project's tabs add
theirs, e.g. the Models tab's Alt+letters). Only keys a person can act on, each once: an
action nobody shows (in no menu, on no widget) is left out, a key already listed by an
earlier row is not listed again, and a shortcut nothing describes is not guessed at. A
``QShortcut`` has no text of its own; its description is its ``whatsThis``, else the widget
whose tooltip names the key (the tooltips say "(Alt+U)": "Go to: <field>" for a field, the
button's own words for a button), else its parent's accessible name.

One action's keys read as alternatives, "Ctrl+Shift+Z or Ctrl+Y" (the first two the platform
gives; a keyboard's dedicated Redo key, named like the action, would read as a second
shortcut and is not listed).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from PySide6.QtCore import QCoreApplication, QSize, QSortFilterProxyModel, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut, QStandardItem, QStandardItemModel
from PySide6.QtWidgets import (
    QAbstractButton,
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QLineEdit,
    QMenu,
    QTabWidget,
    QTreeView,
    QVBoxLayout,
    QWidget,
)

NATIVE = QKeySequence.SequenceFormat.NativeText


@dataclass(frozen=True)
class ShortcutRow:
    keys: str  # "Ctrl+Shift+Z or Ctrl+Y" (native text)
    what: str  # the action's text without its mnemonic
    where: str  # the menu or tab it belongs to


def _plain(text: str) -> str:
    """Menu text without its mnemonic ``&`` (``&&`` is a literal ``&``) or trailing tab."""
    text = text.split("\t", 1)[0]
    return re.sub(r"&(.)", r"\1", text)


MAX_KEYS = 2  # alternatives listed for one action
_MODIFIERS = (Qt.KeyboardModifier.ControlModifier | Qt.KeyboardModifier.AltModifier
              | Qt.KeyboardModifier.MetaModifier | Qt.KeyboardModifier.ShiftModifier)


def _typed(sequence: QKeySequence) -> bool:
    """Whether a person types ``sequence`` on an ordinary keyboard: not a dedicated key of
    the multimedia range (Back, Redo, Copy…: Qt names them like the action)."""
    if sequence.count() != 1:
        return True
    combination = sequence[0]  # type: ignore[index]  # (the stubs lack __getitem__)
    return (bool(combination.keyboardModifiers() & _MODIFIERS)
            or int(combination.key()) < int(Qt.Key.Key_Back))


def _keys(sequences: list[QKeySequence]) -> str:
    """One action's keys as alternatives: "Ctrl+Shift+Z or Ctrl+Y"."""
    shown: list[str] = []
    for sequence in sequences:
        text = sequence.toString(NATIVE)
        if sequence.isEmpty() or not _typed(sequence) or text in shown:
            continue
        shown.append(text)
    text = ""
    for key in shown[:MAX_KEYS]:
        text = key if not text else QCoreApplication.translate(
            "ShortcutsDialog", "%1 or %2").replace("%2", key).replace("%1", text, 1)
    return text


def _shown(action: QAction) -> bool:
    """Whether ``action`` is in a menu or on a widget (an action nowhere has no key)."""
    return any(isinstance(o, QWidget) for o in action.associatedObjects())


def _menu_of(action: QAction) -> str:
    for widget in action.associatedObjects():
        if isinstance(widget, QMenu) and widget.title():
            return _plain(widget.title())
    return QCoreApplication.translate("ShortcutsDialog", "Window")


def _tab_of(widget: QWidget, root: QWidget) -> str:
    """The title of the tab (of any tab widget inside ``root``) that holds ``widget``."""
    child: QWidget | None = widget
    while child is not None and child is not root:
        parent = child.parentWidget()
        # a QTabWidget's pages sit in its internal QStackedWidget
        tabs = parent.parentWidget() if parent is not None else None
        if isinstance(tabs, QTabWidget):
            index = tabs.indexOf(child)
            if index >= 0:
                return _plain(tabs.tabText(index))
        child = parent
    return QCoreApplication.translate("ShortcutsDialog", "Window")


def _shortcut_text(shortcut: QShortcut, key: str) -> str:
    """What ``shortcut`` does, in words; "" when nothing says (the row is left out)."""
    if shortcut.whatsThis():
        return shortcut.whatsThis()
    parent = shortcut.parent()
    if isinstance(parent, QWidget):
        for widget in parent.findChildren(QWidget):
            tip = widget.toolTip()
            if key and f"({key})" in tip:
                name = (widget.accessibleName() or tip.replace(f"({key})", "").strip())
                name = name.split("\n", 1)[0]
                if isinstance(widget, QAbstractButton):  # the key presses it
                    return _plain(widget.text()) or name
                return QCoreApplication.translate("ShortcutsDialog", "Go to: %1").replace(
                    "%1", name)
        if parent.accessibleName():
            return parent.accessibleName()
    return ""


def collect_shortcuts(window: QWidget) -> list[ShortcutRow]:
    """The window's keys, as its actions and shortcuts define them right now."""
    rows: list[ShortcutRow] = []
    taken: set[str] = set()  # each key once: the first row that names it (actions first)

    def add(row: ShortcutRow, sequences: list[QKeySequence]) -> None:
        keys = {s.toString(NATIVE) for s in sequences if not s.isEmpty()}
        if row.keys and row.what and not keys & taken:
            taken.update(keys)
            rows.append(row)

    for action in window.findChildren(QAction):
        if action.isSeparator() or action.menu() is not None or not _shown(action):
            continue
        add(ShortcutRow(_keys(action.shortcuts()), _plain(action.text()), _menu_of(action)),
            action.shortcuts())
    for shortcut in window.findChildren(QShortcut):
        if not shortcut.isEnabled():
            continue
        key = _keys(shortcut.keys())
        parent = shortcut.parent()
        where = (_tab_of(parent, window) if isinstance(parent, QWidget)
                 else QCoreApplication.translate("ShortcutsDialog", "Window"))
        add(ShortcutRow(key, _shortcut_text(shortcut, key), where), shortcut.keys())
    return rows


class ShortcutsDialog(QDialog):
    """The list, with a filter field; sorted by where each key works."""

    def __init__(self, window: QWidget) -> None:
        super().__init__(window)
        self.setObjectName("ShortcutsDialog")
        self._window = window
        self.rows: list[ShortcutRow] = []
        layout = QVBoxLayout(self)
        self.intro = QLabel()
        self.intro.setWordWrap(True)
        layout.addWidget(self.intro)
        self.filter_edit = QLineEdit()
        self.filter_edit.setClearButtonEnabled(True)
        layout.addWidget(self.filter_edit)
        self.model = QStandardItemModel(0, 3, self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.proxy.setFilterKeyColumn(-1)
        self.proxy.setFilterCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.filter_edit.textChanged.connect(self._filter)
        self.view = QTreeView()
        self.view.setObjectName("ShortcutsView")
        self.view.setRootIsDecorated(False)
        self.view.setUniformRowHeights(True)
        self.view.setAlternatingRowColors(True)
        self.view.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.view.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.view.setModel(self.proxy)
        self.view.setSortingEnabled(True)
        self.view.sortByColumn(2, Qt.SortOrder.AscendingOrder)
        header = self.view.header()
        header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        header.setSectionResizeMode(1, QHeaderView.ResizeMode.Stretch)
        header.setSectionResizeMode(2, QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(False)
        layout.addWidget(self.view, 1)
        # the empty state: what would be here, and why it is not
        self.empty_label = QLabel()
        self.empty_label.setObjectName("ShortcutsEmpty")
        self.empty_label.setAlignment(Qt.AlignmentFlag.AlignCenter)
        self.empty_label.setEnabled(False)  # muted
        self.empty_label.hide()
        layout.addWidget(self.empty_label)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Close)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.refresh()

    def refresh(self) -> None:
        """The texts and rows read again (at start, and once the window has said its actions
        in a newly chosen language)."""
        self.setWindowTitle(self.tr("Keyboard shortcuts — MSD Desktop"))
        self.intro.setText(self.tr("Keys of this window right now (a project's tabs add theirs "
                                   "while it is open)."))
        self.filter_edit.setPlaceholderText(self.tr("Filter by key or action"))
        self.filter_edit.setAccessibleName(self.tr("Filter shortcuts"))
        self.view.setAccessibleName(self.tr("Keyboard shortcuts"))
        self.rows = collect_shortcuts(self._window)
        self.model.removeRows(0, self.model.rowCount())
        self.model.setHorizontalHeaderLabels([self.tr("Shortcut"), self.tr("Action"),
                                              self.tr("Where")])
        for row in self.rows:
            items = [QStandardItem(row.keys), QStandardItem(row.what), QStandardItem(row.where)]
            for item in items:
                item.setEditable(False)
            self.model.appendRow(items)
        if self.rows:
            self.empty_label.setText(self.tr("No shortcut matches this filter."))
            self._filter(self.filter_edit.text())
        else:
            self.empty_label.setText(self.tr("This window defines no keyboard shortcut."))
            self.empty_label.show()

    def _filter(self, text: str) -> None:
        self.proxy.setFilterFixedString(text)
        empty = self.proxy.rowCount() == 0
        self.empty_label.setVisible(empty)
        self.view.setVisible(not empty)

    def sizeHint(self) -> QSize:
        return super().sizeHint().expandedTo(QSize(640, 560))
