"""The project tree's context menu: leave a project out of its scan root, or take it back.

Why: a scan root often holds a project nobody wants listed (an old clone, a vendored copy);
removing the whole scan root is too much. "Exclude from this workspace" on a project asks the
registry (``WorkspaceRegistry.exclude_project``, written through the core's safe writer) to
leave it out of every later scan; the workspace's own menu lists what it excludes, each with
"Include again". Only registered scan roots keep such a list (a transient workspace, the
demo, is not written anywhere; a folder workspace is one project — Remove is the way there).
The menu opens with the right mouse button and with the keyboard (the Menu key, Shift+F10),
on the current row. A project's menu also holds the actions the window added to the tree
(``tree.addAction``: Compare with…), which this area does not know otherwise.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from PySide6.QtCore import QModelIndex, QObject, QPoint, Qt
from PySide6.QtGui import QAction, QKeySequence, QShortcut
from PySide6.QtWidgets import QMenu, QWidget

from msd_desktop.core.common.errors import MsdError
from msd_desktop.ui.browser.tree_model import (
    NodeKindRole,
    ProjectRefRole,
    WorkspaceEntry,
    WorkspaceRole,
)
from msd_desktop.ui.widgets.config_words import fill
from msd_desktop.ui.widgets.core_text import core_text


def tell_error(parent: QWidget, title: str, text: str) -> None:
    """Say why the registry refused (the one modal call a test replaces)."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(QMessageBox.Icon.Warning, title, text, QMessageBox.StandardButton.Ok,
                      parent)
    box.setTextFormat(Qt.TextFormat.PlainText)  # paths and names are file text
    box.open()


class TreeContextMenu(QObject):
    """Builds the menu for a row and carries out its choices through the registry."""

    def __init__(self, panel: Any) -> None:
        """``panel``: the project browser (its tree, registry, actions and signals)."""
        super().__init__(panel)
        self.panel = panel
        self.menu: QMenu | None = None  # the one shown last
        tree = panel.tree
        tree.setContextMenuPolicy(Qt.ContextMenuPolicy.CustomContextMenu)
        tree.customContextMenuRequested.connect(self._requested)
        self.shortcuts: list[QShortcut] = []
        for keys in ("Menu", "Shift+F10"):  # the keyboard's way to the same menu
            shortcut = QShortcut(QKeySequence(keys), tree)
            shortcut.setContext(Qt.ShortcutContext.WidgetShortcut)
            shortcut.activated.connect(self.show_for_current)
            self.shortcuts.append(shortcut)
        self.retranslate()

    def retranslate(self) -> None:
        """What Help → Keyboard shortcuts says the keys do (also after a language switch)."""
        for shortcut in self.shortcuts:
            shortcut.setWhatsThis(self.tr("Menu of the selected project or workspace"))

    # -- what the menu holds

    def _workspace_of(self, index: QModelIndex) -> WorkspaceEntry | None:
        while index.isValid() and index.data(NodeKindRole) != "workspace":
            index = index.parent()
        entry = index.data(WorkspaceRole) if index.isValid() else None
        return entry if isinstance(entry, WorkspaceEntry) else None

    def build(self, index: QModelIndex) -> QMenu | None:
        """The menu for the row at ``index`` (any column); ``None`` when it has nothing."""
        if not index.isValid():
            return None
        index = index.sibling(index.row(), 0)
        kind = index.data(NodeKindRole)
        workspace = self._workspace_of(index)
        if workspace is None:
            return None
        menu = QMenu(self.panel.tree)
        menu.setObjectName("ProjectTreeMenu")
        keeps_list = workspace.kind == "scan_root" and not workspace.transient
        if kind == "project":
            ref = index.data(ProjectRefRole)
            action = menu.addAction(self.tr("Exclude from this workspace"))
            action.setObjectName("ExcludeProjectAction")
            if keeps_list and ref is not None:
                action.setToolTip(fill(self.tr(
                    "Leave %1 out of the scan of %2 (no files change; include it again from "
                    "the workspace's menu)"), ref.name, workspace.name))
                action.triggered.connect(lambda _=False: self.exclude(workspace, ref.root))
            else:
                action.setEnabled(False)
                action.setToolTip(self.tr("Only a registered scan root keeps a list of "
                                          "projects it leaves out"))
            extra = self.panel.tree.actions()  # the window's own (Compare with…)
            if extra:
                menu.addSeparator()
                menu.addActions(extra)
        elif kind == "workspace":
            excluded = menu.addMenu(self.tr("Excluded projects"))
            excluded.setObjectName("ExcludedProjectsMenu")
            for relative in workspace.excluded if keeps_list else ():
                action = excluded.addAction(fill(self.tr("Include %1 again"), relative))
                action.setData(relative)
                action.triggered.connect(
                    lambda _=False, r=relative: self.include(workspace, r))
            if excluded.isEmpty():
                none = excluded.addAction(self.tr("No project is excluded"))
                none.setEnabled(False)
            menu.addSeparator()
            for shared in (self.panel.remove_action, self.panel.refresh_action):
                menu.addAction(shared)
        else:
            return None
        for action in menu.actions():
            action.setMenuRole(QAction.MenuRole.NoRole)
        return menu

    def _requested(self, pos: QPoint) -> None:
        index = self.panel.tree.indexAt(pos)
        self._popup(index, self.panel.tree.viewport().mapToGlobal(pos))

    def show_for_current(self) -> None:
        tree = self.panel.tree
        index = tree.currentIndex()
        rect = tree.visualRect(index)
        self._popup(index, tree.viewport().mapToGlobal(rect.bottomLeft()))

    def _popup(self, index: QModelIndex, where: QPoint) -> None:
        if self.menu is not None:
            self.menu.deleteLater()
        self.menu = self.build(index)
        if self.menu is not None:
            self.menu.popup(where)

    # -- what its choices do

    def exclude(self, workspace: WorkspaceEntry, root: object) -> bool:
        from pathlib import Path

        return self._change(lambda: self.panel.registry.exclude_project(
            workspace.name, Path(str(root))), fill(self.tr(
                "Excluded %1 from %2; its menu lists it to include again"),
                Path(str(root)).name, workspace.name))

    def include(self, workspace: WorkspaceEntry, relative: str) -> bool:
        return self._change(lambda: self.panel.registry.include_project(
            workspace.name, relative), fill(self.tr("Included %1 in %2 again"), relative,
                                            workspace.name))

    def _change(self, change: Callable[[], object], said: str) -> bool:
        try:
            change()
        except MsdError as exc:
            tell_error(self.panel, self.tr("Cannot change the workspace"), fill(
                self.tr("The workspace registry says:\n%1"), core_text(exc)))
            return False
        self.panel.message_posted.emit(said)
        self.panel.registry_changed.emit()
        self.panel.rescan()
        return True
