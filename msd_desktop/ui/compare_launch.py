"""Where the main window opens "compare two projects' configs": File → Compare projects… and
the project tree's context menu (Compare with…).

Why a piece of its own beside the menus: the tree (``ui/browser``) and the compare window
(``ui/companion``) are sibling areas and must not import each other; the main window wires
them. One compare window at a time: asked for again, it comes to the front with the project
under the mouse on the left.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QSize, Qt
from PySide6.QtGui import QAction
from PySide6.QtWidgets import QMainWindow, QTreeView

from msd_desktop.ui.widgets.window_title import window_title

if TYPE_CHECKING:
    from msd_desktop.ui.companion.compare_window import ConfigCompareWindow


class CompareLauncher(QObject):
    """Holds the "Compare…" actions and the one compare window."""

    def __init__(self, window: Any, tree: QTreeView) -> None:
        assert isinstance(window, QMainWindow)
        super().__init__(window)
        self.window: Any = window  # the main window (current_project, known_refs, env)
        self.view: ConfigCompareWindow | None = None
        self.action = QAction(QCoreApplication.translate("MainWindow", "Compare projects…"),
                              window)
        self.action.setObjectName("CompareProjectsAction")
        tip = QCoreApplication.translate(
            "MainWindow", "Compare two projects' config.json key by key, and copy keys from "
            "one to the other")
        self.action.setToolTip(tip)
        self.action.setStatusTip(tip)
        self.action.triggered.connect(lambda: self.open())
        self.with_action = QAction(QCoreApplication.translate("MainWindow", "Compare with…"),
                                   tree)
        self.with_action.setObjectName("CompareWithAction")
        self.with_action.setToolTip(QCoreApplication.translate(
            "MainWindow", "Compare this project's config.json with another project's"))
        self.with_action.triggered.connect(self.open_with_current)
        tree.addAction(self.with_action)  # a project's context menu lists the tree's actions

    def update(self) -> None:
        """"Compare with…" needs a project under the cursor."""
        self.with_action.setEnabled(self.window.current_project()[0] is not None)

    def open_with_current(self) -> None:
        """The selected project on the left; the right picker has the focus to choose."""
        current = self.window.current_project()[0]
        view = self.open(left=current)
        if current is not None:
            view.right_combo.setFocus(Qt.FocusReason.OtherFocusReason)

    def open(self, left: Any = None) -> ConfigCompareWindow:
        """Show the compare window (made on first use) over the main window."""
        from shiboken6 import isValid

        refs = self.window.known_refs()
        if left is None:
            left = self.window.current_project()[0]
        view = self.view
        if view is not None and isValid(view):
            view.set_projects(refs, left)
            view.show()
            view.raise_()
            view.activateWindow()
            return view
        from msd_desktop.ui.companion.compare_window import ConfigCompareWindow
        from msd_desktop.ui.widgets.placement import place_over

        view = ConfigCompareWindow(refs, self.window.env, left=left)
        self.view = view
        view.setParent(self.window, Qt.WindowType.Window)
        view.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose, False)
        view.setWindowTitle(window_title(QCoreApplication.translate("MainWindow",
                                                                    "Compare projects")))
        place_over(view, self.window, QSize(1100, 640))
        view.show()
        view.activateWindow()
        return view


__all__ = ["CompareLauncher"]
