"""The main window's menus and window-wide actions, and the small windows they open.

File / Edit / View / Help. Mnemonics F, E, V, H (pt_BR: Q, E, X, J) leave the Models tab's
Alt+U/P/O/A/G/D/S/R/T free; every window-wide key is on an action here, so Help → Keyboard
shortcuts lists it and its menu entry shows it. Each action works with the menus closed (it
is added to the window too), and its tooltip names its key.

The texts keep the window's translation context (``MainWindow``): they are the window's words.
"""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, Protocol

from PySide6.QtCore import QCoreApplication, QObject, QSettings, QSize, Qt, SignalInstance
from PySide6.QtGui import QAction, QKeySequence, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QWidget

from msd_desktop.ui.project_tabs import ProjectTabs, tab_action_texts
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.window_title import window_title

if TYPE_CHECKING:
    from msd_desktop.core.workspace.registry import ProjectRef, WorkspaceRegistry
    from msd_desktop.ui.browser.project_browser import ProjectBrowserPanel
    from msd_desktop.ui.companion.matrix_view import ConfigMatrixView
    from msd_desktop.ui.companion.next_command_widget import NextCommandWidget

# the window's words: its translation context, "MainWindow" (pyside6-lupdate reads
# ``translate(context, text)`` calls)
translate = QCoreApplication.translate


class ActionsWindow(Protocol):
    """What the actions use of the main window (which imports this module)."""

    env: dict[str, str]
    registry: WorkspaceRegistry
    settings: QSettings
    browser: ProjectBrowserPanel
    undo_group: QUndoGroup
    project_tabs: ProjectTabs
    summaries_loaded: SignalInstance

    @property
    def next_command(self) -> NextCommandWidget: ...  # made on first use

    def current_project(self) -> tuple[ProjectRef | None, str | None]: ...
    def known_refs(self) -> list[ProjectRef]: ...
    def post_status(self, text: str) -> None: ...
    def save_settings(self) -> bool: ...
    def save_all(self) -> bool: ...
    def request_quit(self) -> bool: ...
    def show_overview(self) -> None: ...
    def open_demo(self) -> None: ...
    def open_after_scan(self, root: Path) -> None: ...


class MainActions(QObject):
    """Builds the window's menu bar; holds its actions and enables them as the window changes."""

    def __init__(self, window: ActionsWindow) -> None:
        assert isinstance(window, QMainWindow)
        super().__init__(window)
        self.window = window
        self._widget: QMainWindow = window  # the same window, as the widget it is
        self._matrix: ConfigMatrixView | None = None  # the config matrix window, once opened
        self._global_defaults: QWidget | None = None  # the Global defaults window, if open
        self._preferences: QWidget | None = None  # the Preferences window, while open
        self._getting_started: QWidget | None = None  # the Getting started page, once opened
        self._shortcuts: Any = None  # Help → Keyboard shortcuts, once opened
        self._made: list[QAction] = []  # the actions made here (dropped by a rebuild)
        self._build()

    # -- building

    def _build(self) -> None:
        window = self.window
        key = QKeySequence
        file_menu = self._widget.menuBar().addMenu(translate("MainWindow", "&File"))
        file_menu.setObjectName("FileMenu")
        self.save_settings_action = self._action(
            translate("MainWindow", "Save settings"), key(key.StandardKey.Save),
            translate("MainWindow", "Save the Settings tab's changes (what the fields show), from "
               "anywhere"),
            window.save_settings, "SaveSettingsAction")
        file_menu.addAction(self.save_settings_action)
        self.save_all_action = self._action(
            translate("MainWindow", "Save all"), key("Ctrl+Shift+S"),
            translate("MainWindow", "Save the unsaved Settings changes of every project and "
                      "of Global defaults"),
            window.save_all, "SaveAllAction")
        file_menu.addAction(self.save_all_action)
        file_menu.addSeparator()
        browser = window.browser
        for action in (browser.add_project_action, browser.add_root_action,
                       browser.remove_action, browser.refresh_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        self.new_project_action = self._action(
            translate("MainWindow", "New project…"), key("Ctrl+Shift+N"),
            translate("MainWindow", "Create a new MSD project (its .planning/config.json)"),
            self.new_project, "NewProjectAction")
        self.global_defaults_action = self._action(
            translate("MainWindow", "Global defaults…"), key("Ctrl+Shift+G"),
            translate("MainWindow", "Edit the defaults every new project starts from "
               "(~/.msd/defaults.json)"),
            self.open_global_defaults, "GlobalDefaultsAction")
        self.config_matrix_action = self._action(
            translate("MainWindow", "Config matrix…"), key("Ctrl+Shift+M"),
            translate("MainWindow", "Compare settings across every project, and apply one to "
               "several"),
            self.open_config_matrix, "ConfigMatrixAction")
        from msd_desktop.ui.compare_launch import CompareLauncher

        self.compare = CompareLauncher(window, window.browser.tree)
        for action in (self.new_project_action, self.global_defaults_action,
                       self.config_matrix_action, self.compare.action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        self.terminal_action = self._action(
            translate("MainWindow", "Open a terminal here"), key("Ctrl+Shift+T"),
            translate("MainWindow", "Open a terminal in the open project's folder"),
            lambda: window.next_command.open_terminal(), "OpenTerminalAction")
        file_menu.addAction(self.terminal_action)
        file_menu.addSeparator()
        # Ctrl+Q where the platform names no Quit key (Windows, offscreen): one key everywhere
        quit_keys = QKeySequence.keyBindings(key.StandardKey.Quit) or [key("Ctrl+Q")]
        self.quit_action = self._action(
            translate("MainWindow", "&Quit"), quit_keys[0],
            translate("MainWindow", "Close the window and the tray icon (unsaved edits are asked "
               "about)"),
            window.request_quit, "QuitAction")
        file_menu.addAction(self.quit_action)

        edit_menu = self._widget.menuBar().addMenu(translate("MainWindow", "&Edit"))
        edit_menu.setObjectName("EditMenu")
        self.undo_action = window.undo_group.createUndoAction(self._widget)
        self.undo_action.setObjectName("UndoAction")
        self.undo_action.setShortcut(key.StandardKey.Undo)
        self.redo_action = window.undo_group.createRedoAction(self._widget)
        self.redo_action.setObjectName("RedoAction")
        from msd_desktop.ui.widgets.shortcuts import redo_keys

        self.redo_action.setShortcuts(redo_keys())
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        self.find_setting_action = self._action(
            translate("MainWindow", "Find a setting"), key(key.StandardKey.Find),
            translate("MainWindow", "Search the Settings tab's keys, titles and descriptions"),
            self.find_setting, "FindSettingAction")
        self.copy_next_action = self._action(
            translate("MainWindow", "Copy next command"), key("Ctrl+Alt+C"),  # Ctrl+Shift+C: Models
            translate("MainWindow", "Copy the open project's next command to the clipboard"),
            lambda: window.next_command.copy(), "CopyNextCommandAction")
        edit_menu.addAction(self.find_setting_action)
        edit_menu.addAction(self.copy_next_action)
        edit_menu.addSeparator()
        self.preferences_action = self._action(
            translate("MainWindow", "Preferences…"), key("Ctrl+,"),
            translate("MainWindow", "Terminal program, closing to the tray, language, "
                      "notifications and scan depth"),
            self.open_preferences, "PreferencesAction")
        self.preferences_action.setMenuRole(QAction.MenuRole.PreferencesRole)
        edit_menu.addAction(self.preferences_action)
        self.edit_menu = edit_menu
        for action in (self.undo_action, self.redo_action):
            self._widget.addAction(action)

        view_menu = self._widget.menuBar().addMenu(translate("MainWindow", "&View"))
        view_menu.setObjectName("ViewMenu")
        self.overview_action = self._action(
            translate("MainWindow", "All projects (overview)"), key("Ctrl+0"),
            translate("MainWindow", "Show every project at a glance"), window.show_overview,
            "OverviewAction")
        self.filter_action = self._action(
            translate("MainWindow", "Filter projects"), key("Ctrl+K"),
            translate("MainWindow", "Type to narrow the project list"), self.focus_filter,
            "FilterAction")
        view_menu.addAction(self.overview_action)
        view_menu.addAction(self.filter_action)
        view_menu.addSeparator()
        self.tab_actions: list[QAction] = []
        for i, (text, tip) in enumerate(tab_action_texts()):
            action = self._action(text, key(f"Ctrl+{i + 1}"), tip,
                                  lambda _=False, i=i: self.show_tab(i), f"TabAction{i + 1}")
            view_menu.addAction(action)
            self.tab_actions.append(action)
        view_menu.addSeparator()
        from msd_desktop.ui.widgets.language_menu import LanguageMenu

        self.language_menu = LanguageMenu(window.settings, parent=view_menu)
        view_menu.addMenu(self.language_menu)
        from msd_desktop.ui.tray_close import close_to_tray_action

        self.close_to_tray_action = close_to_tray_action(window.settings, self._widget)
        self._made += [self.undo_action, self.redo_action, self.close_to_tray_action]
        view_menu.addAction(self.close_to_tray_action)

        help_menu = self._widget.menuBar().addMenu(translate("MainWindow", "&Help"))
        help_menu.setObjectName("HelpMenu")
        self.shortcuts_action = self._action(
            translate("MainWindow", "Keyboard shortcuts"), key("Ctrl+/"),
            translate("MainWindow", "Every key of this window, as the menus and tabs define them"),
            self.show_shortcuts, "ShortcutsAction")
        help_menu.addAction(self.shortcuts_action)
        self.getting_started_action = self._action(
            translate("MainWindow", "Getting started"), None,
            translate("MainWindow", "A short page on the project tree, Settings, the Models "
                      "tab and saving"), self.show_getting_started, "GettingStartedAction")
        help_menu.addAction(self.getting_started_action)
        help_menu.addSeparator()
        self.open_demo_action = self._action(
            translate("MainWindow", "Open demo workspace"), None,
            translate("MainWindow", "Show the bundled example projects (a copy you may edit; never "
               "registered)"), window.open_demo, "OpenDemoAction")
        help_menu.addAction(self.open_demo_action)
        about = self._action(translate("MainWindow", "About MSD Desktop"), None, None, self.about,
                             "AboutAction")
        help_menu.addAction(about)
        self.update()

    def _action(self, text: str, shortcut: QKeySequence | None, tip: str | None,
                slot: Callable[..., Any], name: str) -> QAction:
        """A window-wide action (it works with the menus closed); its tooltip names its key."""
        window = self._widget
        action = QAction(text, window)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(shortcut)
        if tip:
            if shortcut is not None:
                tip = translate("MainWindow", "%1 (%2)").replace(
                    "%1", tip).replace(
                    "%2", shortcut.toString(QKeySequence.SequenceFormat.NativeText))
            action.setToolTip(tip)
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        window.addAction(action)
        self._made.append(action)
        return action

    def rebuild(self) -> None:
        """The menus and their actions made again in the current language (after a language
        switch): same keys, same slots, the texts and tooltips said anew. The browser's
        actions are its own and only added again."""
        window = self._widget
        bar = window.menuBar()
        old_menus = [a.menu() for a in bar.actions() if a.menu() is not None]
        bar.clear()
        for action in self._made:
            window.removeAction(action)
            action.setParent(None)  # no longer the window's (its key list reads children)
            action.deleteLater()
        for menu in old_menus:
            menu.setParent(None)  # out of the menu bar's children at once (findChild)
            menu.deleteLater()
        self._made = []
        self._build()
        from shiboken6 import isValid

        if self._shortcuts is not None and isValid(self._shortcuts):
            self._shortcuts.refresh()  # its rows name the actions just made

    def update(self) -> None:
        """Actions that need an open project (or its Settings tab) are enabled only then."""
        window = self.window
        has_project = window.current_project()[0] is not None
        for action in (*self.tab_actions, self.terminal_action):
            action.setEnabled(has_project)
        self.copy_next_action.setEnabled(has_project
                                         and window.next_command.command is not None)
        self.find_setting_action.setEnabled(window.project_tabs.settings_shown())
        self.compare.update()

    # -- what they do

    def find_setting(self) -> None:
        """Ctrl+F from anywhere while the Settings tab is shown: into its search field."""
        tabs = self.window.project_tabs
        if tabs.settings_shown():  # (asking for the form when hidden would build it)
            panel: Any = tabs.settings_tab()
            panel.focus_search()

    def show_shortcuts(self) -> None:
        from msd_desktop.ui.widgets.placement import place_over
        from msd_desktop.ui.widgets.shortcuts_dialog import ShortcutsDialog

        dialog = ShortcutsDialog(self._widget)
        self._shortcuts = dialog
        place_over(dialog, self._widget, dialog.sizeHint())
        dialog.open()

    def _raise_existing(self, widget: QWidget | None) -> bool:
        """Bring an open copy to the front instead of opening a second one."""
        from shiboken6 import isValid

        if widget is None or not isValid(widget) or widget.isHidden():
            return False
        widget.raise_()
        widget.activateWindow()
        return True

    def open_preferences(self) -> None:
        """Edit → Preferences…: one window; what it applies takes effect at once."""
        if self._raise_existing(self._preferences):
            return
        from msd_desktop.i18n import languages
        from msd_desktop.ui.app_preferences import apply_values, load_values
        from msd_desktop.ui.preferences.preferences_dialog import PreferencesDialog
        from msd_desktop.ui.widgets.placement import place_over
        from msd_desktop.ui.widgets.translation import SOURCE_LANGUAGE, SYSTEM, language_name

        codes = [SOURCE_LANGUAGE, *[c for c in languages() if c != SOURCE_LANGUAGE]]
        choices = [(SYSTEM, ""), *[(code, language_name(code)) for code in codes]]
        window: Any = self.window
        dialog = PreferencesDialog(load_values(window.settings), choices, self._widget)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        dialog.applied.connect(lambda values: apply_values(window, values))
        self._preferences = dialog
        place_over(dialog, self._widget, dialog.sizeHint())
        dialog.open()

    def show_getting_started(self) -> None:
        """Help → Getting started: the short page, one copy."""
        if self._raise_existing(self._getting_started):
            return
        from msd_desktop.ui.preferences.getting_started import GettingStartedDialog
        from msd_desktop.ui.widgets.placement import place_over

        dialog = GettingStartedDialog(self._widget)
        dialog.setAttribute(Qt.WidgetAttribute.WA_DeleteOnClose)
        self._getting_started = dialog
        place_over(dialog, self._widget, QSize(640, 560))
        dialog.show()

    def focus_filter(self) -> None:
        self.window.browser.filter_edit.setFocus()
        self.window.browser.filter_edit.selectAll()

    def show_tab(self, index: int) -> None:
        tabs = self.window.project_tabs
        if self.window.current_project()[0] is not None and 0 <= index < tabs.count():
            tabs.setCurrentIndex(index)

    def about(self) -> None:
        from PySide6.QtWidgets import QMessageBox  # loaded on first use, not at start

        from msd_desktop import __version__

        box = QMessageBox(QMessageBox.Icon.Information,
                          translate("MainWindow", "About MSD Desktop"),
                          translate("MainWindow", "MSD Desktop %1").replace("%1", __version__),
                          QMessageBox.StandardButton.Ok, self._widget)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setInformativeText(translate("MainWindow", "A desktop companion for MSD planning "
                                  "projects."))
        box.open()

    def new_project(self) -> None:
        """File → New project…: the dialog; the new project is placed in a workspace and
        opened once the rescan lists it."""
        from msd_desktop.ui.companion.new_project_dialog import NewProjectDialog

        window = self.window
        dialog = NewProjectDialog(window.env, self._widget)

        def created(result: Any) -> None:
            root = dialog.project_root or result.path.parent.parent
            try:  # into the workspace whose scan lists it, else a folder workspace of its own
                ws, added = window.registry.place_project(root, window.browser.transient)
            except Exception as exc:  # registry problems are reported, the project exists
                window.post_status(translate("MainWindow", "Created {0}, but could not register "
                                      "it: {1}").format(root, core_text(exc)))
            else:
                said = (translate("MainWindow", "Created {0}; added as a workspace of its own")
                        if added else translate("MainWindow", "Created {0} in workspace {1}")
                        ).format(root, ws.name)
                window.post_status(said)
                # said again once the rescan's own summary ("Rescan: …") has been shown
                window.summaries_loaded.connect(lambda: window.post_status(said),
                                                Qt.ConnectionType.SingleShotConnection)
            window.open_after_scan(root)

        dialog.created.connect(created)
        from msd_desktop.ui.widgets.placement import place_over

        place_over(dialog, self._widget, dialog.sizeHint())
        dialog.open()

    def open_global_defaults(self) -> None:
        """The Global defaults window; asked for again while it is open, it comes to the
        front (two editors of one file would only compete). A closed one is made afresh:
        its edits were saved or discarded as it closed."""
        from shiboken6 import isValid

        shown = self._global_defaults
        if shown is not None and isValid(shown) and shown.isVisible():
            shown.raise_()
            shown.activateWindow()
            return
        if shown is not None and isValid(shown):
            shown.deleteLater()
        from msd_desktop.ui.settings.global_defaults_panel import GlobalDefaultsPanel

        window = self.window
        panel = GlobalDefaultsPanel(window.known_refs(), window.env)
        self._global_defaults = panel
        panel.setParent(self._widget, Qt.WindowType.Window)
        from msd_desktop.ui.settings.unsaved import CloseGuard  # closing it asks, too

        panel.installEventFilter(CloseGuard(  # (its form is built again on a language switch)
            lambda: getattr(getattr(panel, "form", None), "sessions", None),
            translate("MainWindow", "Closing Global defaults"), panel))
        panel.setWindowTitle(window_title(translate("MainWindow",
                                                                     "Global defaults")))
        from msd_desktop.ui.widgets.placement import place_over

        place_over(panel, self._widget, QSize(1200, 820))
        panel.show()

    def open_config_matrix(self) -> None:
        """The one config matrix window: made on first use, brought to the front (with the
        projects known now) when asked for again — a second copy would only compete."""
        from shiboken6 import isValid

        window = self.window
        view = self._matrix
        if view is not None and isValid(view):
            if view.isHidden():
                view.set_projects(window.known_refs())
                view.show()
            view.raise_()
            view.activateWindow()
            return
        from msd_desktop.ui.companion.matrix_view import ConfigMatrixView

        view = ConfigMatrixView(window.known_refs(), window.env)
        self._matrix = view
        view.setParent(self._widget, Qt.WindowType.Window)
        view.setWindowTitle(window_title(translate("MainWindow",
                                                                    "Config matrix")))
        from msd_desktop.ui.widgets.placement import place_over

        place_over(view, self._widget, QSize(1100, 640))
        view.show()
