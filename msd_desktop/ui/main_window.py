"""The main window: project browser on the left; the overview or one project's tabs on the right.

Data flow (one way): the browser scans workspaces in a worker → the window loads every
project's summary through the core in workers → the tree and overview models get plain
Python rows → views. Summaries whose files did not change since the last run come from the
summary cache (:mod:`msd_desktop.core.state.summary_cache`: a stat pass in a worker, then
shown a slice per event-loop turn); only the others are parsed. The core's watcher, adapted
by :class:`WatchBridge` — one watch per workspace, set up on the watcher's own thread after
the scan — triggers reloads of just the project that changed, and a rescan when projects
appear or vanish; the State tab of the open project is refreshed from the same load. When
the OS refuses a watch, the status bar says so and that workspace is polled. Nothing here
parses a file.

Project tabs come from :func:`build_project_tabs` (Settings, Models, State; each area's
``create_tab(project) -> QWidget``). A tab widget that defines ``on_files_changed(event)``
is told about every ``ChangeEvent`` of its project (e.g. to show a "changed on disk" banner);
one that defines ``release_watches()`` is told when the window closes (to drop file watches).

UI-only state (geometry, splitter, last project) lives in ``QSettings``; configuration never
does.
"""

from __future__ import annotations

import dataclasses
import importlib
import os
import re
import threading
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import (
    QByteArray,
    QCoreApplication,
    QEvent,
    QLocale,
    QSettings,
    QSize,
    Qt,
    QTimer,
    Signal,
)
from PySide6.QtGui import (
    QAction,
    QCloseEvent,
    QGuiApplication,
    QKeySequence,
    QPalette,
    QSessionManager,
    QShortcut,
    QUndoGroup,
)
from PySide6.QtWidgets import (
    QApplication,
    QFrame,
    QHBoxLayout,
    QLabel,
    QMainWindow,
    QSizePolicy,
    QSplitter,
    QStackedWidget,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.state.project_summary import (
    ProjectSummary,
    placeholder_summary,
    unreadable_summary,
)
from msd_desktop.core.workspace.registry import ProjectRef, Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.overview_model import OverviewModel, rows_from_summaries
from msd_desktop.ui.browser.overview_view import OverviewView
from msd_desktop.ui.browser.project_browser import ProjectBrowserPanel, Selection
from msd_desktop.ui.browser.tree_model import ProjectRefRole, WorkspaceEntry
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.elided_label import ElidedLabel
from msd_desktop.ui.widgets.plain_text import plain_label, title_text, visible
from msd_desktop.ui.widgets.theme import app_icon, banner_style
from msd_desktop.ui.widgets.workers import (
    OpHandle,
    OpTimeout,
    PoolExhausted,
    Progress,
    read_timeout,
    run_op,
)

if TYPE_CHECKING:
    # Start-up (bench P3) imports only what the first paint needs: the parsers (core
    # project_state → ruamel.yaml) load on first use in the summary workers, the watcher
    # (watchdog) only when watching, the State tab when a project opens.
    from msd_desktop.core.state.project import StateCache
    from msd_desktop.core.state.summary_cache import SummaryCache
    from msd_desktop.core.workspace.watcher import ChangeEvent, LayoutEvent, WatchHealth
    from msd_desktop.ui.companion.tray import ProjectTray
    from msd_desktop.ui.settings.sessions import EditSessions
    from msd_desktop.ui.state.panel import StatePanel, StateView
    from msd_desktop.ui.summary_loading import HelperPool, Loaded
    from msd_desktop.ui.widgets.watch_bridge import WatchBridge

APP_TITLE = "MSD Desktop"
SUMMARY_BATCH = 25  # projects loaded per worker op; one model update per batch
# With many projects, let the placeholder rows lay out and paint before a worker competes for
# the GIL; a scan that fits one batch starts at once (its rows paint in a few ms).
BATCH_START_DELAY_MS = 40
SUMMARY_OPS_IN_FLIGHT = 1  # parsing is CPU-bound Python: more threads only fight the UI for the GIL
# cached summaries are shown this many per event-loop turn (a few ms of model updates each)
CACHED_SLICE = 100
# what a project's tabs are made of (imported ahead, off the restore's path)
TAB_MODULES = ("msd_desktop.core.state.project", "msd_desktop.ui.state.panel",
               "msd_desktop.ui.models.panel", "msd_desktop.ui.settings.form")
LARGE_LOAD = 100  # projects from which a load's steps each get event-loop turns of their own
CACHE_SAVE_DELAY_MS = 2000  # the summary cache is written this long after a load ends
RESCAN_DELAY_MS = 300  # projects appeared or vanished: one rescan per burst

def build_project_tabs(project: ProjectRef, sessions: EditSessions | None = None
                       ) -> list[tuple[str, QWidget]]:
    """The tabs for one project, in order. ``project.active_workstream`` is the workstream
    the user selected (or the one ``.planning/active-workstream`` names). ``sessions``: the
    window's Settings edit sessions (drafts outlive the tabs)."""
    titles = [text for text, _ in _tab_action_texts(titles=True)]
    return [(title, build_project_tab(project, i, sessions)) for i, title in enumerate(titles)]


def build_project_tab(project: ProjectRef, index: int, sessions: EditSessions | None = None
                      ) -> QWidget:
    """Tab ``index`` of :func:`build_project_tabs` alone (0 Settings, 1 Models, 2 State)."""
    # on first use: the Settings and Models tabs are the heaviest imports (start-up, bench P3)
    if index == 0:
        from msd_desktop.ui.settings.form import create_tab as create_settings_tab

        return _tab_or_problem(lambda: create_settings_tab(project, sessions))
    if index == 1:
        from msd_desktop.ui.models.panel import create_tab as create_models_tab

        return _tab_or_problem(lambda: create_models_tab(project))
    from msd_desktop.ui.state.panel import StatePanel

    return StatePanel()


STAGED_TAB = "StagedTab"  # object name of a tab still to be built (see _show_project)


def _tab_action_texts(titles: bool = False) -> list[tuple[str, str]]:
    """The project tabs' titles (``titles``) or their View-menu entries, with tooltips."""
    if titles:
        return [(QCoreApplication.translate("MainWindow", "Settings"), ""),
                (QCoreApplication.translate("MainWindow", "Models"), ""),
                (QCoreApplication.translate("MainWindow", "State"), "")]
    return [(QCoreApplication.translate("MainWindow", "Settings tab"),
             QCoreApplication.translate("MainWindow", "The open project's config.json, as a "
                                        "form")),
            (QCoreApplication.translate("MainWindow", "Models tab"),
             QCoreApplication.translate("MainWindow", "Which model each agent gets, and why")),
            (QCoreApplication.translate("MainWindow", "State tab"),
             QCoreApplication.translate("MainWindow", "STATE.md and the roadmap of the open "
                                        "project"))]


def window_title(name: str | None = None) -> str:
    """``billing-service — MSD Desktop``: the project first, the application last (window
    managers that add the application's name add nothing to a title that ends with it)."""
    return f"{name} — {APP_TITLE}" if name else APP_TITLE


def _tab_or_problem(make: Any) -> QWidget:
    """The tab ``make()`` builds, or — when building it raises (a file the core could not
    cope with) — a tab that says so; the other tabs and projects are unaffected."""
    try:
        widget: QWidget = make()
    except Exception as exc:
        from msd_desktop.core.common.errors import MsdError

        why = core_text(exc) if isinstance(exc, MsdError) else f"{type(exc).__name__}: {exc}"
        widget = QWidget()
        widget.setObjectName("TabProblem")
        label = plain_label(QLabel(QCoreApplication.translate(
            "MainWindow", "This tab could not be built for this project: {0}").format(
                visible(why, limit=500))))
        label.setWordWrap(True)
        label.setStyleSheet(banner_style("error"))
        label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout = QVBoxLayout(widget)
        layout.addWidget(label)
        layout.addStretch(1)
    return widget


def _staged_placeholder() -> QWidget:
    """An empty tab standing in for one that is built on a later turn."""
    widget = QWidget()
    widget.setObjectName(STAGED_TAB)
    return widget


class _LazyStateCache:
    """The core's :class:`StateCache`, created on first use from any thread."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._cache: StateCache | None = None

    def get(self) -> StateCache:
        with self._lock:
            if self._cache is None:
                from msd_desktop.core.state.project import StateCache

                self._cache = StateCache()
            return self._cache


# UI state (last project, tab) reaches QSettings this long after the last change, or at close.
UI_STATE_FLUSH_MS = 3000
# What waits for the first paint (the watch set-up) waits at most this long for it.
FIRST_PAINT_WAIT_MS = 500
# A STATE.md read that failed to parse is re-read once after this delay (torn writes).
STATE_RECHECK_MS = 250


class MainWindow(QMainWindow):
    """The one top-level window."""

    summaries_loaded = Signal()  # every project of the last scan has a summary
    state_shown = Signal(object)  # StateView shown in the State tab

    def __init__(
        self,
        registry: WorkspaceRegistry | None = None,
        transient: list[Workspace] | None = None,
        env: dict[str, str] | None = None,
        settings: QSettings | None = None,
        open_project: Path | None = None,
        watch: bool = True,
        restore_last: bool = True,
    ) -> None:
        super().__init__()
        self.env = dict(os.environ) if env is None else dict(env)
        self.registry = registry or WorkspaceRegistry(env=self.env)
        self.settings = settings or QSettings()
        self._pending_ui: dict[str, Any] = {}  # see _remember
        self._ui_flush_timer = QTimer(self)
        self._ui_flush_timer.setSingleShot(True)
        self._ui_flush_timer.setInterval(UI_STATE_FLUSH_MS)
        self._ui_flush_timer.timeout.connect(self._flush_ui_state)
        self._state_cache = _LazyStateCache()
        self._restore_last = restore_last
        self._last_good_at: dict[Path, float] = {}
        self._generation: dict[tuple[Path, str], int] = {}
        self._scan_gen = 0
        self._batches_left = 0
        self._batch_queue: list[list[ProjectRef]] = []
        self._batch_ops: list[OpHandle] = []
        self._helpers: HelperPool | None = None  # a cold load's parsing processes
        self._pending_watch: list[WorkspaceEntry] | None = None  # armed once loaded
        self._tab_modules_ready = False  # the project tabs' modules are imported
        self._tray_where: dict[Path, int] = {}  # the tray's lines by root (checked on use)
        self._stage_tabs = False  # the next project shown builds its hidden tabs later
        self._projects_gen = 0  # one more per scan result (its second half: see there)
        self._tabs_gen = 0  # one more per project shown (staged tabs of an older one: dropped)
        self._tab_modules_loading = False
        self._restore_waiting = False  # the cache pass is in; the restore waits for them
        self._summaries: dict[Path, ProjectSummary] = {}
        self._current: ProjectRef | None = None
        self._current_ws: str | None = None
        self._tabs: list[tuple[str, QWidget]] = []
        self._open_project = open_project
        self.state_panel: StatePanel | None = None
        self.timings: dict[str, float] = {}
        self._t0 = time.perf_counter()
        self._summary_cache: SummaryCache | None = None
        self._hit_queue: list[Loaded] = []  # cached summaries still to be shown
        self._known_roots: set[Path] = set()  # the last scan's projects (rescan feedback)
        self._rescan_reason: str | None = None
        self._revalidate_after_load = False
        self._restore_pending = False
        self._restore_queued = False  # the last project reopens on the next turn
        self._rescan_timer = QTimer(self)
        self._rescan_timer.setSingleShot(True)
        self._rescan_timer.setInterval(RESCAN_DELAY_MS)
        self._rescan_timer.timeout.connect(self._rescan_for_layout)

        self.setWindowTitle(APP_TITLE)
        self.setWindowIcon(app_icon())
        self.setObjectName("MainWindow")
        # Settings edit sessions (drafts + undo), made when a project first opens; the Edit
        # menu follows the shown form's stack through the group.
        self._edit_sessions: EditSessions | None = None
        self._recovered = False  # the unsaved edits of a crashed run were looked for
        self.undo_group = QUndoGroup(self)
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):  # a session log-out asks about unsaved edits
            app.commitDataRequest.connect(self._commit_data)

        self.browser = ProjectBrowserPanel(self.registry, transient, self)
        self.browser.selection_changed.connect(self._on_selection)
        self.browser.projects_loaded.connect(self._on_projects_loaded)
        self.browser.message_posted.connect(self._status)

        self.overview_model = OverviewModel(self)
        self.overview = OverviewView(self.overview_model)
        self.overview.project_activated.connect(self.open_project)

        # "name › workstream   /path/to/project": the name never shrinks, the path is elided
        # in the middle when the window is narrow (full path in its tooltip)
        self.project_header = QWidget()
        self.project_header.setObjectName("ProjectHeader")
        hl = QHBoxLayout(self.project_header)
        hl.setContentsMargins(0, 0, 0, 0)
        hl.setSpacing(12)
        self.project_title = plain_label(QLabel())  # folder names are plain text
        self.project_title.setObjectName("ProjectTitle")
        title_font = self.project_title.font()
        title_font.setPointSizeF(max(title_font.pointSizeF(), 1.0) * 1.4)
        title_font.setBold(True)
        self.project_title.setFont(title_font)
        self.project_title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.project_path = ElidedLabel(mode=Qt.TextElideMode.ElideMiddle, min_width=80)
        self.project_path.setObjectName("ProjectPath")
        self.project_path.setForegroundRole(QPalette.ColorRole.PlaceholderText)
        self.project_path.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        self.project_path.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        hl.addWidget(self.project_title)
        hl.addWidget(self.project_path, 1)
        self.project_tabs = QTabWidget()
        self.project_tabs.setObjectName("ProjectTabs")
        self.project_tabs.setDocumentMode(True)
        self.project_tabs.currentChanged.connect(self._remember_tab)
        self.project_tabs.currentChanged.connect(self._on_tab_changed)
        project_page = QWidget()
        pl = QVBoxLayout(project_page)
        pl.setContentsMargins(6, 6, 6, 6)
        pl.addWidget(self.project_header)
        # why the open project could not be read (load failed or timed out), above its tabs
        self.load_banner = QFrame()
        self.load_banner.setObjectName("banner")
        self.load_banner.setStyleSheet(banner_style("error"))
        self.load_banner_label = plain_label(QLabel())
        self.load_banner_label.setObjectName("LoadProblem")
        self.load_banner_label.setWordWrap(True)
        self.load_banner_label.setTextInteractionFlags(
            Qt.TextInteractionFlag.TextSelectableByMouse)
        QHBoxLayout(self.load_banner).addWidget(self.load_banner_label)
        self.load_banner.hide()
        pl.addWidget(self.load_banner)
        # companion: the exact next command for the open project
        from msd_desktop.ui.companion.next_command_widget import NextCommandWidget

        self.next_command = NextCommandWidget(self.settings, self.env)
        pl.addWidget(self.next_command)
        pl.addWidget(self.project_tabs, 1)

        self.stack = QStackedWidget()
        self.stack.addWidget(self.overview)
        self.stack.addWidget(project_page)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.browser)
        self.splitter.addWidget(self.stack)
        # a narrower window takes a share from the browser too (down to its minimum)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([380, 1020])
        self.setCentralWidget(self.splitter)

        # status lines are file text; a long one is elided in the middle (full text in its
        # tooltip) instead of being cut at the window's edge
        self.status_label = ElidedLabel(mode=Qt.TextElideMode.ElideMiddle, min_width=80)
        self.status_label.setObjectName("StatusLine")
        self.status_label.setSizePolicy(QSizePolicy.Policy.Ignored, QSizePolicy.Policy.Preferred)
        self.status_label.setAccessibleName(self.tr("Status"))
        self.watch_label = QLabel()
        self.watch_label.setObjectName("WatchLabel")
        self.watch_label.setAccessibleName(self.tr("Watching"))
        self.watch_label.setToolTip(self.tr("Projects whose .planning/ folder is watched for "
                                            "changes"))
        self.statusBar().addWidget(self.status_label, 1)
        self.statusBar().addPermanentWidget(self.watch_label)

        self._build_actions()
        self.project_tabs.currentChanged.connect(lambda _: self._update_chrome_actions())
        self.next_command.refreshed.connect(self._update_chrome_actions)

        # companion: tray icon with one line per project + status notifications; made on
        # first use or right after the first paint, whichever comes first (see ``tray``)
        self._tray: ProjectTray | None = None

        self.bridge: WatchBridge | None = None
        if watch:
            from msd_desktop.ui.widgets.watch_bridge import WatchBridge

            self.bridge = WatchBridge(self)
            self.bridge.changed.connect(self._on_files_changed)
            self.bridge.layout_changed.connect(self._on_layout_changed)
            self.bridge.health_changed.connect(self._on_watch_health)
            self.bridge.start()

        # the watch set-up (the watcher's and watchdog's modules) waits for the first paint
        # (the tray too: nothing needs it before; a window never shown makes it when asked)
        self._before_paint: list[Any] | None = [lambda: self.tray]
        self._paint_fallback = False  # the timer for a window shown but never painted
        self._large_load = False  # the last scan listed LARGE_LOAD projects or more
        self.installEventFilter(self)
        self._restore_geometry()
        self.browser.rescan()
        if self._open_project is not None:
            # a project opens as soon as the scan is in: its tabs' modules meanwhile
            self._preload_tab_modules()

    @property
    def tray(self) -> ProjectTray:
        """The tray icon, made on first use (its module and menu are ~4 ms that the first
        paint does not need; a window never shown makes it when asked)."""
        tray = self._tray
        if tray is None:
            from msd_desktop.ui.companion.tray import ProjectTray

            tray = self._tray = ProjectTray(self.env, self)
            tray.project_activated.connect(self._open_from_tray)
            tray.show_window_requested.connect(self._raise)
            tray.quit_requested.connect(self.request_quit)  # same path as File → Quit
            tray.show()
        return tray

    # -- actions, menus, shortcuts

    def _build_actions(self) -> None:
        """File / Edit / View / Help. Mnemonics F, E, V, H (pt_BR: Q, E, X, J) leave the
        Models tab's Alt+U/P/O/A/G/D/S/R/T free; every window-wide key is on an action here,
        so Help → Keyboard shortcuts lists it and its menu entry shows it."""
        key = QKeySequence
        file_menu = self.menuBar().addMenu(self.tr("&File"))
        file_menu.setObjectName("FileMenu")
        self.save_settings_action = self._action(
            self.tr("Save settings"), key(key.StandardKey.Save),
            self.tr("Save the Settings tab's changes (what the fields show), from anywhere"),
            self.save_settings, "SaveSettingsAction")
        file_menu.addAction(self.save_settings_action)
        file_menu.addSeparator()
        for action in (self.browser.add_project_action, self.browser.add_root_action,
                       self.browser.remove_action, self.browser.refresh_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        self.new_project_action = self._action(
            self.tr("New project…"), key("Ctrl+Shift+N"),
            self.tr("Create a new MSD project (its .planning/config.json)"), self._new_project,
            "NewProjectAction")
        self.global_defaults_action = self._action(
            self.tr("Global defaults…"), key("Ctrl+Shift+G"),
            self.tr("Edit the defaults every new project starts from (~/.msd/defaults.json)"),
            self._open_global_defaults, "GlobalDefaultsAction")
        self.config_matrix_action = self._action(
            self.tr("Config matrix…"), key("Ctrl+Shift+M"),
            self.tr("Compare settings across every project, and apply one to several"),
            self._open_config_matrix, "ConfigMatrixAction")
        for action in (self.new_project_action, self.global_defaults_action,
                       self.config_matrix_action):
            file_menu.addAction(action)
        file_menu.addSeparator()
        self.terminal_action = self._action(
            self.tr("Open a terminal here"), key("Ctrl+Shift+T"),
            self.tr("Open a terminal in the open project's folder"),
            self.next_command.open_terminal, "OpenTerminalAction")
        file_menu.addAction(self.terminal_action)
        file_menu.addSeparator()
        # Ctrl+Q where the platform names no Quit key (Windows, offscreen): one key everywhere
        quit_keys = QKeySequence.keyBindings(key.StandardKey.Quit) or [key("Ctrl+Q")]
        self.quit_action = self._action(
            self.tr("&Quit"), quit_keys[0],
            self.tr("Close the window and the tray icon (unsaved edits are asked about)"),
            self.request_quit, "QuitAction")
        file_menu.addAction(self.quit_action)

        edit_menu = self.menuBar().addMenu(self.tr("&Edit"))
        edit_menu.setObjectName("EditMenu")
        self.undo_action = self.undo_group.createUndoAction(self)
        self.undo_action.setObjectName("UndoAction")
        self.undo_action.setShortcut(key.StandardKey.Undo)
        self.redo_action = self.undo_group.createRedoAction(self)
        self.redo_action.setObjectName("RedoAction")
        from msd_desktop.ui.widgets.shortcuts import redo_keys

        self.redo_action.setShortcuts(redo_keys())
        edit_menu.addAction(self.undo_action)
        edit_menu.addAction(self.redo_action)
        edit_menu.addSeparator()
        self.find_setting_action = self._action(
            self.tr("Find a setting"), key(key.StandardKey.Find),
            self.tr("Search the Settings tab's keys, titles and descriptions"),
            self._find_setting, "FindSettingAction")
        self.copy_next_action = self._action(
            self.tr("Copy next command"), key("Ctrl+Alt+C"),  # Ctrl+Shift+C: the Models tab
            self.tr("Copy the open project's next command to the clipboard"),
            self.next_command.copy, "CopyNextCommandAction")
        edit_menu.addAction(self.find_setting_action)
        edit_menu.addAction(self.copy_next_action)
        self.edit_menu = edit_menu
        for action in (self.undo_action, self.redo_action):
            self.addAction(action)

        view_menu = self.menuBar().addMenu(self.tr("&View"))
        view_menu.setObjectName("ViewMenu")
        self.overview_action = self._action(
            self.tr("All projects (overview)"), key("Ctrl+0"),
            self.tr("Show every project at a glance"), self.show_overview, "OverviewAction")
        self.filter_action = self._action(
            self.tr("Filter projects"), key("Ctrl+K"),
            self.tr("Type to narrow the project list"), self._focus_filter, "FilterAction")
        view_menu.addAction(self.overview_action)
        view_menu.addAction(self.filter_action)
        view_menu.addSeparator()
        self.tab_actions: list[QAction] = []
        for i, (text, tip) in enumerate(_tab_action_texts()):
            action = self._action(text, key(f"Ctrl+{i + 1}"), tip,
                                  lambda _=False, i=i: self._show_tab(i), f"TabAction{i + 1}")
            view_menu.addAction(action)
            self.tab_actions.append(action)
        view_menu.addSeparator()
        from msd_desktop.ui.widgets.language_menu import LanguageMenu

        self.language_menu = LanguageMenu(self.settings, self.request_quit, view_menu)
        view_menu.addMenu(self.language_menu)

        help_menu = self.menuBar().addMenu(self.tr("&Help"))
        help_menu.setObjectName("HelpMenu")
        self.shortcuts_action = self._action(
            self.tr("Keyboard shortcuts"), key("Ctrl+/"),
            self.tr("Every key of this window, as the menus and tabs define them"),
            self._show_shortcuts, "ShortcutsAction")
        help_menu.addAction(self.shortcuts_action)
        help_menu.addSeparator()
        self.open_demo_action = self._action(
            self.tr("Open demo workspace"), None,
            self.tr("Show the bundled example projects (a copy you may edit; never "
                    "registered)"), self.open_demo, "OpenDemoAction")
        help_menu.addAction(self.open_demo_action)
        about = self._action(self.tr("About MSD Desktop"), None, None, self._about,
                             "AboutAction")
        help_menu.addAction(about)
        self._update_chrome_actions()

    def _action(self, text: str, shortcut: QKeySequence | None, tip: str | None, slot: Any,
                name: str) -> QAction:
        """A window-wide action (it works with the menus closed); its tooltip names its key."""
        action = QAction(text, self)
        action.setObjectName(name)
        if shortcut is not None:
            action.setShortcut(shortcut)
        if tip:
            if shortcut is not None:
                tip = self.tr("%1 (%2)").replace("%1", tip).replace(
                    "%2", shortcut.toString(QKeySequence.SequenceFormat.NativeText))
            action.setToolTip(tip)
            action.setStatusTip(tip)
        action.triggered.connect(slot)
        self.addAction(action)
        return action

    def _update_chrome_actions(self) -> None:
        """Actions that need an open project (or its Settings tab) are enabled only then."""
        has_project = self._current is not None
        for action in (*self.tab_actions, self.terminal_action):
            action.setEnabled(has_project)
        self.copy_next_action.setEnabled(has_project and self.next_command.command is not None)
        self.find_setting_action.setEnabled(self._settings_shown())

    def _find_setting(self) -> None:
        """Ctrl+F from anywhere while the Settings tab is shown: into its search field."""
        panel: Any = self._settings_tab()
        if panel is not None and self._settings_shown():
            panel.focus_search()

    def _settings_shown(self) -> bool:
        panel = self._settings_tab()
        return panel is not None and self.project_tabs.currentWidget() is panel

    def _show_shortcuts(self) -> None:
        from msd_desktop.ui.widgets.placement import place_over
        from msd_desktop.ui.widgets.shortcuts_dialog import ShortcutsDialog

        dialog = ShortcutsDialog(self)
        place_over(dialog, self, dialog.sizeHint())
        dialog.open()

    def _focus_filter(self) -> None:
        self.browser.filter_edit.setFocus()
        self.browser.filter_edit.selectAll()

    def _show_tab(self, index: int) -> None:
        if self._current is not None and 0 <= index < self.project_tabs.count():
            self.project_tabs.setCurrentIndex(index)

    def _about(self) -> None:
        from PySide6.QtWidgets import QMessageBox  # (loaded on first use: bench P3)

        from msd_desktop import __version__

        box = QMessageBox(QMessageBox.Icon.Information, self.tr("About MSD Desktop"),
                          self.tr("MSD Desktop %1").replace("%1", __version__),
                          QMessageBox.StandardButton.Ok, self)
        box.setTextFormat(Qt.TextFormat.PlainText)
        box.setInformativeText(self.tr("A desktop companion for MSD planning projects."))
        box.open()

    def _status(self, text: str) -> None:
        self.status_label.setText(visible(text))

    # -- loading

    def _on_projects_loaded(self, entries: list[WorkspaceEntry]) -> None:
        self.timings.setdefault("scan_ms", (time.perf_counter() - self._t0) * 1000)
        # the summaries, the cache and the tray after the shell's first paint: a fast scan
        # would otherwise put their modules and work in front of it
        if self._after_first_paint(lambda: self._on_projects_loaded(entries)):
            return
        from msd_desktop.ui.widgets.workers import YIELD_MS

        refs = [p.ref for e in entries for p in e.projects]
        self._report_rescan({r.root for r in refs})
        unique = list({r.root: r for r in reversed(refs)}.values())[::-1]  # first one wins
        self._summaries = {r.root: self._summaries[r.root] for r in unique
                           if r.root in self._summaries}
        # one reset for the whole scan (placeholders until each summary arrives), then only
        # dataChanged for the rows a batch touched
        self.browser.model.set_summaries(list(self._summaries.values()))
        self._projects_gen += 1
        self._large_load = len(unique) >= LARGE_LOAD
        if self._large_load:
            # the overview's thousand new rows on the next turn: the tree's lay out and paint
            # first, alone (together they were one stall of ~100 ms)
            gen = self._projects_gen
            QTimer.singleShot(YIELD_MS, self, lambda: self._projects_loaded_rest(
                entries, unique, gen))
        else:
            self._projects_loaded_rest(entries, unique, self._projects_gen)

    def _on_a_later_turn(self, call: Any) -> None:
        """``call`` on a later event-loop turn: after a real 1 ms timer while a large list
        loads (its steps take milliseconds each: input, timers and paints come in between),
        as a posted call for a small one (its steps take microseconds; a handful of 1 ms
        timers in a row were ~8 ms of a five-project start, bench P3)."""
        from msd_desktop.ui.widgets.workers import YIELD_MS

        QTimer.singleShot(YIELD_MS if self._large_load else 0, self, call)

    def _projects_loaded_rest(self, entries: list[WorkspaceEntry], unique: list[ProjectRef],
                              gen: int) -> None:
        if gen != self._projects_gen:
            return  # a newer scan came in meanwhile

        # the watches and the tray's project list on the next turn: each walks every project
        # (the tray lines the summaries bring are ordered by finish_lines at the end)
        staged = len(unique) >= 100
        if staged:
            self._scan_gen += 1  # an older scan's batches still running end unheard
        self._on_a_later_turn(lambda: self._after_projects_loaded(
            entries, unique, start_batches=gen if staged else 0))
        self.overview_model.set_rows(rows_from_summaries(
            [self._summaries.get(r.root) or placeholder_summary(r) for r in unique]))
        if not staged:
            self._start_summary_batches(unique)
        if self._open_project is not None:
            target, self._open_project = self._open_project, None
            self.open_project(target, None)
        elif self._current is None and self._restore_last:
            # after the cached summaries are in (building the tabs blocks this thread for a
            # few hundred ms; a warm start's summaries take less than that)
            self._restore_pending = True
            if not staged:  # else here, before the cache pass (_start_staged_batches)
                self._preload_tab_modules()

    def _after_projects_loaded(self, entries: list[WorkspaceEntry],
                               unique: list[ProjectRef], start_batches: int = 0) -> None:
        """The watches and the tray's list; with ``start_batches`` (that scan's number) the
        summaries' cache pass on the turn after: a worker stat-ing every project beside the
        rows' first layout and paint held the interpreter lock their item-model calls wait
        for (stalls of 60-100 ms at 1,000 rows; ~35 ms once the pass comes after them)."""
        from msd_desktop.ui.summary_loading import HELPER_MIN_PROJECTS
        from msd_desktop.ui.widgets.workers import YIELD_MS

        if start_batches and start_batches != self._projects_gen:
            return  # a newer scan came in meanwhile
        if len(unique) >= HELPER_MIN_PROJECTS and (
                start_batches or self._batches_left or self._hit_queue):
            # arming a recursive watch walks every folder of the scan roots (~0.5 s of this
            # process's interpreter for 1,000 projects): after the summaries, not against
            # them; the re-check that follows the set-up finds what changed meanwhile
            self._pending_watch = entries
        else:
            self._pending_watch = None
            self._watch_workspaces(entries)
        self.tray.set_projects(unique, load=False)  # states come below
        if start_batches:
            QTimer.singleShot(YIELD_MS, self, lambda: self._start_staged_batches(
                unique, start_batches))

    def _start_staged_batches(self, unique: list[ProjectRef], gen: int, step: int = 0
                              ) -> None:
        """With a project to restore, first its tabs' modules, one per turn on this thread
        (5-20 ms each, nothing else running): imported in a worker beside the rows' or
        the cached summaries' item-model calls, they stalled this thread 50-80 ms (the
        import and wrapper locks, not only the interpreter's); then the cache pass."""
        from msd_desktop.ui.widgets.workers import YIELD_MS

        if gen != self._projects_gen:
            return
        if (self._restore_pending and not self._tab_modules_loading
                and not self._tab_modules_ready and step < len(TAB_MODULES)):
            importlib.import_module(TAB_MODULES[step])
            QTimer.singleShot(YIELD_MS, self, lambda: self._start_staged_batches(
                unique, gen, step + 1))
            return
        if step:
            self._tab_modules_ready = True
        self._start_summary_batches(unique)

    def _after_cached(self) -> None:
        """The cache pass is applied: edits a crashed run left come back, then the last
        project opens (if asked to) with them."""
        if not self._recovered:
            self._recovered = True
            self._recover_unsaved()
        if self._restore_pending and not self._tab_modules_ready:
            self._restore_waiting = True  # for the tabs' modules (see below)
            self._preload_tab_modules()  # (nothing when they are on their way)
        elif self._restore_pending:
            self._restore_pending = False
            self._restore_last_project()

    def _preload_tab_modules(self) -> None:
        """Import the project tabs' modules in a worker: restoring the last project then
        builds its tabs without ~50 ms of imports on this thread (their classes are only
        defined there; every widget is still made here). The restore waits for them."""
        if self._tab_modules_ready or self._tab_modules_loading:
            return
        self._tab_modules_loading = True

        def work() -> None:
            for name in TAB_MODULES:
                importlib.import_module(name)

        def ready(_: object = None) -> None:
            self._tab_modules_ready = True
            if self._restore_waiting:
                self._restore_waiting = False
                self._after_cached()

        run_op(work, name="tab modules", on_finished=ready, on_failed=ready, owner=self)

    def _start_summary_batches(self, refs: list[ProjectRef]) -> None:
        """Load every project's summary in batches, a few ops at a time (newest scan wins)."""
        for handle in self._batch_ops:
            handle.cancel()
        self._batch_ops = []
        self._close_helpers()
        self._scan_gen += 1
        self._hit_queue = []
        if refs:
            self._start_cache_pass(refs, self._scan_gen)
            return
        self._batch_queue = []
        self._batches_left = 0
        self._after_cached()
        self._scan_complete()

    def _queue_batches(self, refs: list[ProjectRef], helpers: HelperPool | None = None) -> None:
        """The projects the cache could not answer: parse them in batches (many of them in
        ``helpers``, processes of :mod:`msd_desktop.core.state.bulk_load`)."""
        self._close_helpers()
        self._helpers = helpers
        self._batch_queue = [refs[i:i + SUMMARY_BATCH] for i in range(0, len(refs),
                                                                      SUMMARY_BATCH)]
        self._batches_left = len(self._batch_queue)
        if not self._batch_queue:
            if not self._hit_queue:
                self._scan_complete()
            return
        if len(self._batch_queue) == 1:  # a handful of rows: nothing to wait for
            self._start_batches()
        else:
            # let the new rows lay out and paint first, without a worker competing for the GIL
            QTimer.singleShot(BATCH_START_DELAY_MS, self._start_batches)

    def _start_batches(self) -> None:
        # with helper processes the ops mostly wait for answers: two per helper, so the next
        # batch is queued when one ends, not only after its result reached this thread
        in_flight = (2 * self._helpers.size if self._helpers is not None
                     else SUMMARY_OPS_IN_FLIGHT)
        for _ in range(max(1, in_flight)):
            self._next_batch()

    def _close_helpers(self) -> None:
        if self._helpers is not None:
            self._helpers.close()
            self.timings["helper_answers"] = float(self._helpers.answered)
            self._helpers = None

    def _next_batch(self) -> None:
        if self._batch_queue:
            self._load_summaries(self._batch_queue.pop(0), self._scan_gen)

    def _load_summaries(self, refs: list[ProjectRef], scan_gen: int | None) -> None:
        """Load ``refs`` in one worker op; ``scan_gen`` None = a single reload (watcher).

        Every project gets an answer: one whose load raises (any exception) gets an
        "unreadable" summary with the problem; one that gives no answer within
        :func:`read_timeout` (a FIFO, a hung mount) is marked "could not be read in N s" —
        the op beats after each project, so the clock runs per project — and the projects
        after it are loaded by a fresh op."""
        env, lazy_cache = self.env, self._state_cache
        load = self._caching_loader(bulk=scan_gen is not None)
        helpers = self._helpers if scan_gen is not None else None
        summary_cache = self.summary_cache()
        timeout_s = read_timeout(self.env)
        gens: dict[Path, int] = {}
        for ref in refs:
            key = (ref.root, "summary")
            gens[ref.root] = self._generation[key] = self._generation.get(key, 0) + 1
        # filled as the worker goes, so a timeout knows which projects did answer
        results: list[tuple[ProjectRef, ProjectSummary | None, Any, BaseException | None]] = []

        def work(progress: Progress) -> list[tuple[ProjectRef, ProjectSummary | None, Any,
                                                   BaseException | None]]:
            if helpers is not None and (helper := helpers.take(progress)) is not None:
                from msd_desktop.ui.summary_loading import load_in_helper

                ok = load_in_helper(helper, refs, env, summary_cache, timeout_s, progress,
                                    results)
                helpers.give(helper, answered=len(results), broken=not ok)
            cache = lazy_cache.get()
            for ref in refs[len(results):]:  # what no helper answered: read here
                if progress.cancelled:
                    break
                try:
                    summary, state = load(ref, env, cache)
                except Exception as exc:  # one broken project must not hide the others
                    results.append((ref, None, None, exc))
                else:
                    results.append((ref, summary, state, None))
                progress.beat()
            return list(results)

        def done(results: list[tuple[ProjectRef, ProjectSummary | None, Any,
                                     BaseException | None]], finished: bool = True) -> None:
            fresh = [(ref, summary, state, error) for ref, summary, state, error in results
                     if self._generation.get((ref.root, "summary")) == gens[ref.root]]
            unreadable = [(ref, self._load_problem(error)) for ref, summary, _, error in fresh
                          if summary is None and error is not None]
            current = [(ref, summary, state) for ref, summary, state, _ in fresh
                       if summary is not None]
            self._apply_summaries([summary for _, summary, _ in current]
                                  + [unreadable_summary(ref, why) for ref, why in unreadable])
            for ref, why in unreadable:
                self._status(self.tr("Could not load {0}: {1}").format(visible(ref.name), why))
            # the tray line and its notifications come from the same load
            if scan_gen is None or scan_gen == self._scan_gen:
                self._tray_lines([loaded for _, _, loaded in current], rebuild=False)
                self.tray.mark_unreadable(unreadable, rebuild=scan_gen is None)
            if finished:
                self._batch_finished(scan_gen)

        def failed(error: BaseException) -> None:
            answered = list(results)
            rest = refs[len(answered):]
            if isinstance(error, OpTimeout) and rest:
                # the project being read when the clock ran out is the stuck one
                stuck = rest[0]
                done([*answered, (stuck, None, None, error)], finished=not rest[1:])
                if rest[1:]:
                    self._load_summaries(rest[1:], scan_gen)  # same batch, fresh thread
                return
            done([*answered, *((ref, None, None, error) for ref in rest)])

        names = refs[0].name if len(refs) == 1 else f"{len(refs)} projects"
        handle = run_op(work, name=f"summaries {names}", on_finished=done, on_failed=failed,
                        owner=self, with_progress=True, timeout_s=read_timeout(self.env))
        if scan_gen is not None:
            self._batch_ops = [h for h in self._batch_ops if not h.is_done] + [handle]

    def _load_problem(self, error: BaseException | None) -> str:
        """One line saying why a project could not be loaded (bounded, visible)."""
        if isinstance(error, OpTimeout):
            return self.tr("could not be read in {0:g} s").format(error.seconds)
        if isinstance(error, PoolExhausted):
            return self.tr("not read: too many reads are stuck")
        from msd_desktop.core.common.errors import MsdError

        text = core_text(error) if isinstance(error, MsdError) else (
            f"{type(error).__name__}: {error}" if str(error) else type(error).__name__)
        return self.tr("could not be read: {0}").format(visible(text, limit=300))

    def _batch_finished(self, scan_gen: int | None) -> None:
        if scan_gen is None or scan_gen != self._scan_gen:
            return
        self._batches_left -= 1
        self._next_batch()
        if self._batches_left == 0 and not self._hit_queue:
            self._scan_complete()

    def _scan_complete(self) -> None:

        self.timings.setdefault("summaries_ms", (time.perf_counter() - self._t0) * 1000)
        self._close_helpers()
        self.tray.finish_lines()
        # the cache file a little later, when the window is idle: building its lines in a
        # worker beside this turn's and the next turns' work shared the interpreter lock
        # with them (the end of a warm 5,000-project load: 27 ms of work took 54); a window
        # closed before then saves it in closeEvent
        QTimer.singleShot(CACHE_SAVE_DELAY_MS, self, self._save_summary_cache)
        if self._rescan_reason:
            self._status(self._rescan_reason)
        self._rescan_reason = None
        if self._revalidate_after_load:
            self._revalidate_after_load = False
            self._revalidate()
        # the tray's menu and the overview's column fit each walk every project: one per
        # event-loop turn, so their stalls do not add up
        gen = self._scan_gen
        self._on_a_later_turn(lambda: self._scan_complete_fit(gen))

    def _scan_complete_fit(self, scan_gen: int) -> None:
        if scan_gen != self._scan_gen:
            return  # a newer scan is loading; it ends with its own fit and signal
        self.overview.fit_columns()
        self.summaries_loaded.emit()
        if self._pending_watch is not None:

            # on the next turn: the watcher's thread walks every folder in Python from the
            # moment it is armed, and this turn's own work then waited on it
            self._on_a_later_turn(lambda: self._watch_pending(scan_gen))

    def _watch_pending(self, scan_gen: int) -> None:
        if scan_gen == self._scan_gen and self._pending_watch is not None:
            entries, self._pending_watch = self._pending_watch, None
            self._watch_workspaces(entries)

    def _apply_summaries(self, summaries: list[ProjectSummary]) -> None:
        if not summaries:
            return
        for summary in summaries:
            self._summaries[summary.root] = summary
        self.browser.model.set_summaries(summaries)
        self.overview_model.update_summaries(summaries)
        if self._current is not None and any(s.root == self._current.root for s in summaries):
            self._update_title()

    def _load_state(self, ref: ProjectRef, workstream: str | None, *,
                    retry: bool = False) -> OpHandle:
        """Reload the State tab of the open project in a worker; newest request wins.

        A read that hits a parse error, or finds a once-good STATE.md empty, is re-checked
        once shortly after: an editor that rewrites STATE.md in place (truncate, then write)
        can be caught half-way, and the write that completes it may land before our watch
        is (re)armed.
        """
        env = dict(self.env)
        if workstream:
            env["MSD_WORKSTREAM"] = workstream
        lazy_cache = self._state_cache
        key = (ref.root, "state")
        gen = self._generation.get(key, 0) + 1
        self._generation[key] = gen
        title = ref.name + (f" › {workstream}" if workstream else "")
        last_good = self._last_good_at.get(ref.root)

        def work() -> tuple[StateView, bool]:
            from msd_desktop.core.state.project import load_project_state
            from msd_desktop.ui.state.panel import state_view_from_core

            state = load_project_state(ref.root, env, cache=lazy_cache.get())
            try:
                empty = state.state_path.stat().st_size == 0
            except OSError:
                empty = False
            return state_view_from_core(state, title, last_good), empty

        def done(result: tuple[StateView, bool]) -> None:
            view, empty = result
            if self._generation.get(key) != gen or self.state_panel is None:
                return
            if self._current is None or self._current.root != ref.root:
                return
            if empty and not retry and last_good is not None:
                # truncated and not yet rewritten (an in-place save caught half-way): an empty
                # file is not "the last good state"; look again before showing anything
                QTimer.singleShot(STATE_RECHECK_MS, self, lambda: self._recheck_state(key, gen))
                return
            if not view.error:
                self._last_good_at[ref.root] = view.loaded_at
            elif not retry:
                QTimer.singleShot(STATE_RECHECK_MS, self, lambda: self._recheck_state(key, gen))
            self.state_panel.show_state(view)
            self.state_shown.emit(view)

        def failed(error: BaseException) -> None:
            problem = self._load_problem(error)
            self._status(self.tr("Could not read the state of {0}: {1}").format(ref.name, problem))
            if (self._generation.get(key) == gen and self.state_panel is not None
                    and self._current is not None and self._current.root == ref.root):
                self.state_panel.show_problem(problem)

        return run_op(work, name=f"state {ref.name}", on_finished=done, on_failed=failed,
                      owner=self, timeout_s=read_timeout(self.env))

    def _recheck_state(self, key: tuple[Path, str], gen: int) -> None:
        """Re-read a STATE.md that failed to parse, unless a newer load already ran."""
        if self._generation.get(key) != gen or self._current is None:
            return
        if self._current.root == key[0]:
            self._load_state(self._current, self._current_ws, retry=True)

    # -- live changes

    def _on_files_changed(self, event: ChangeEvent) -> None:
        index = self.browser.model.find_project(event.root)
        ref = index.data(ProjectRefRole) if index.isValid() else None
        if ref is None:
            return
        if "workstream" in event.kinds:
            self._schedule_rescan()  # workstreams appeared/vanished: structure changed
            return
        if self._current is not None and self._current.root == event.root:
            self._load_state(self._current, self._current_ws)
            for _, widget in self._tabs:
                hook = getattr(widget, "on_files_changed", None)
                if callable(hook):
                    hook(event)
        self._load_summaries([ref], None)  # also refreshes the tray line and notifies
        if self._current is not None and self._current.root == event.root:
            self.next_command.refresh_from_project(ref.root)
        self._status(self.tr("%1: %2 changed on disk").replace("%1", ref.name).replace(
            "%2", ", ".join(sorted(event.kinds))))

    # -- the summary cache (see core.state.summary_cache)

    def summary_cache(self) -> SummaryCache:
        """The window's summary cache (created on first use; the file loads in a worker)."""
        if self._summary_cache is None:
            from msd_desktop import __version__
            from msd_desktop.core.state.summary_cache import (
                SummaryCache,
                cache_context,
                default_cache_path,
            )
            from msd_desktop.core.workspace.paths import defaults_path

            try:
                defaults: Path | None = defaults_path(self.env)
            except Exception:  # an invalid MSD_HOME: the config loader reports it
                defaults = None
            # the summaries hold display text in the window's language: a cache written in
            # one language is not shown in another
            language = QLocale().name()
            self._summary_cache = SummaryCache(
                default_cache_path(self.env),
                cache_context(self.env, f"{__version__} {language}", defaults))
        return self._summary_cache

    def _caching_loader(self, *, bulk: bool = False) -> Any:
        """``load_summary_and_state`` that also files each result in the summary cache.

        ``bulk`` (a scan's first read of every project): the last-good-STATE.md memory is
        not filled — it only serves re-reads, and thousands of parsed documents cost ~12 MiB
        per 1,000 projects; a project's first re-read (its watcher event) fills it."""
        cache = self.summary_cache()

        def load(ref: ProjectRef, env: dict[str, str], state_cache: Any) -> Any:
            from msd_desktop.ui.summary_loading import (
                file_loaded,
                load_summary_and_state,
                signature_of,
            )

            sig = signature_of(ref)  # before reading: a racing write leaves an old signature
            summary, state = load_summary_and_state(ref, env, None if bulk else state_cache)
            # the tray's line and snapshot are made here too, not on the GUI thread
            return summary, file_loaded(ref, sig, summary, state, cache)

        return load

    def _start_cache_pass(self, refs: list[ProjectRef], scan_gen: int) -> None:
        """Stat every project in a worker; show the cached summaries that still match, and
        parse only the others."""
        cache = self.summary_cache()

        env = self.env

        def work() -> tuple[list[Loaded], list[ProjectRef], HelperPool | None]:
            from msd_desktop.ui.summary_loading import (
                HELPER_MIN_PROJECTS,
                HelperPool,
                cached_results,
                helper_count,
            )

            cache.load()
            cache.retain(r.root for r in refs)
            hits, misses = cached_results(refs, cache)
            helpers = None
            count = helper_count(env) if len(misses) >= HELPER_MIN_PROJECTS else 0
            if count:  # many to parse: helper processes, started here (off the GUI thread)
                helpers = HelperPool(count)
                helpers.start()
            return hits, [ref for ref, _ in misses], helpers

        def done(result: tuple[list[Loaded], list[ProjectRef], HelperPool | None]) -> None:
            hits, misses, helpers = result
            if scan_gen != self._scan_gen:
                if helpers is not None:
                    helpers.close()
                return
            self.timings["cache_hits"] = float(len(hits))
            self.timings["load_helpers"] = float(helpers.size if helpers is not None else 0)
            self.timings["cache_pass_ms"] = (time.perf_counter() - self._t0) * 1000
            self._hit_queue = hits
            self._queue_batches(misses, helpers)
            if hits:
                self._show_cached_slice(scan_gen)
            else:
                self._after_cached()
            if self._batch_queue:
                if hits or len(self._batch_queue) == 1:
                    self._start_batches()
                else:  # let the placeholder rows paint before a worker competes for the GIL
                    QTimer.singleShot(BATCH_START_DELAY_MS, self._start_batches)

        def failed(error: BaseException) -> None:  # no cache: parse everything
            if scan_gen == self._scan_gen:
                self._queue_batches(refs)
                self._after_cached()
                self._start_batches()

        self._batches_left = 1
        self._batch_queue = []
        handle = run_op(work, name="summary cache", on_finished=done, on_failed=failed,
                        owner=self)
        self._batch_ops = [handle]

    def _show_cached_slice(self, scan_gen: int) -> None:
        """Show the next :data:`CACHED_SLICE` cached summaries; the rest on later turns."""
        from msd_desktop.ui.widgets.workers import YIELD_MS

        if scan_gen != self._scan_gen or not self._hit_queue:
            return
        part, self._hit_queue = (self._hit_queue[:CACHED_SLICE],
                                 self._hit_queue[CACHED_SLICE:])
        for loaded in part:
            key = (loaded.ref.root, "summary")
            self._generation[key] = self._generation.get(key, 0) + 1
        self._apply_summaries([x.summary for x in part if x.summary is not None])
        self._tray_lines(part, rebuild=False)
        if self._hit_queue:
            QTimer.singleShot(YIELD_MS, self, lambda: self._show_cached_slice(scan_gen))
            return
        self.timings["cached_shown_ms"] = (time.perf_counter() - self._t0) * 1000
        self._after_cached()
        if self._batches_left == 0:
            # the tray's menu and the cache file on the next turn, not after this slice
            self._on_a_later_turn(lambda: self._complete_if_current(scan_gen))

    def _complete_if_current(self, scan_gen: int) -> None:
        from msd_desktop.ui.widgets.workers import YIELD_MS

        if scan_gen != self._scan_gen or self._batches_left or self._hit_queue:
            return
        if self._restore_queued or any(w.objectName() == STAGED_TAB for _, w in self._tabs):
            # the restored project's tabs are being built, one per turn: the tray's menu
            # and the column fit after them (on the same turns they were stalls of 70-110 ms
            # at 5,000 projects)
            QTimer.singleShot(YIELD_MS, self, lambda: self._complete_if_current(scan_gen))
            return
        self._scan_complete()

    def _tray_lines(self, loaded: list[Loaded], *, rebuild: bool) -> None:
        """Hand lines made off the GUI thread to the tray (upsert, notify on changes)."""
        tray = self.tray
        where = self._tray_where
        for item in loaded:
            if item.tray is None:
                continue
            root = item.tray.root
            i = where.get(root)
            if (len(where) != len(tray.lines) if i is None
                    else i >= len(tray.lines) or tray.lines[i].root != root):
                # the tray reordered or changed its lines: index them again (once, not per
                # batch — a batch of 25 must not walk 5,000 lines)
                where = self._tray_where = {ln.root: n for n, ln in enumerate(tray.lines)}
                i = where.get(root)
            if i is None:
                where[root] = len(tray.lines)
                tray.lines.append(item.tray)
            else:
                tray.lines[i] = item.tray
            for event in tray.tracker.update(item.snapshot, item.tray.root):
                tray.notify(event)
        if rebuild:
            tray.finish_lines()

    def _save_summary_cache(self) -> None:
        """Write the cache in a worker (when something changed)."""
        cache = self._summary_cache
        if cache is None or not cache.dirty:
            return
        run_op(cache.save, name="save summary cache", owner=self)

    def _revalidate(self) -> None:
        """Re-stat every listed project; reload those whose files changed since they were
        read (the watches are armed while, or after, the summaries load)."""
        if self._batches_left or self._hit_queue:
            self._revalidate_after_load = True
            return
        refs = [p.ref for p in self.browser.model.projects()]
        if not refs:
            return
        cache = self.summary_cache()

        def work() -> list[ProjectRef]:
            from msd_desktop.ui.summary_loading import changed_since_cached

            return changed_since_cached(refs, cache)

        def done(changed: list[ProjectRef]) -> None:
            for i in range(0, len(changed), SUMMARY_BATCH):
                self._load_summaries(changed[i:i + SUMMARY_BATCH], None)

        run_op(work, name="revalidate summaries", on_finished=done, owner=self)

    # -- watching

    def eventFilter(self, watched: Any, event: QEvent) -> bool:
        if (watched is self and event.type() == QEvent.Type.Paint
                and self._before_paint is not None):
            QTimer.singleShot(0, self, self._painted)  # once this paint is done
        return super().eventFilter(watched, event)

    def _painted(self) -> None:
        """The window painted once (or never will soon): what waited for that runs now."""
        waiting, self._before_paint = self._before_paint, None
        if waiting is None:
            return
        self.removeEventFilter(self)
        for call in waiting:
            call()

    def _after_first_paint(self, call: Any) -> bool:
        """Keep ``call`` for after the window's first paint; False when that has been (or
        the window is not shown, so none is coming): then the caller goes on at once."""
        if self._before_paint is None or not self.isVisible():
            return False
        if not self._paint_fallback:  # a window that is shown but never painted goes on too
            self._paint_fallback = True
            QTimer.singleShot(FIRST_PAINT_WAIT_MS, self, self._painted)
        self._before_paint.append(call)
        return True

    def _watch_workspaces(self, entries: list[WorkspaceEntry]) -> None:
        """One watch per workspace, set up on the watcher's thread (never here), after the
        first paint (importing the watcher is ~6 ms that the first screen does not need)."""
        if self._after_first_paint(lambda: self._watch_workspaces(entries)):
            return
        if self.bridge is None:
            self.watch_label.setText(self.tr("not watching"))
            return
        from msd_desktop.core.workspace.watcher import WatchSpec

        specs = []
        for entry in entries:
            if entry.error:
                continue
            roots = tuple(p.ref.root for p in entry.projects)
            single = len(roots) == 1 and Path(roots[0]) == Path(entry.path)
            specs.append(WatchSpec(Path(entry.path), roots, scan=not single))
        self.watch_label.setText(self.tr("setting up watches…"))
        self.bridge.set_workspaces(specs)

    def _on_watch_health(self, health: WatchHealth) -> None:
        if health.degraded:
            reason = health.reason or self.tr("a watch was refused")
            self.watch_label.setText(self.tr("⚠ {0} of {1} workspaces polled every {2:g} s").format(
                len(health.polled), len(health.polled) + len(health.watched),
                health.poll_interval_s))
            self.watch_label.setToolTip(self.tr(
                "The system would not watch every folder ({0}). Changes there are found by "
                "checking the files every {1:g} s instead.").format(
                    reason, health.poll_interval_s))
            self._status(self.tr("Watching is limited: {0}. Changes in {1} workspace(s) show "
                                 "up within {2:g} s.").format(
                reason, len(health.polled), health.poll_interval_s))
        else:
            self.watch_label.setText(self.tr("watching %n project(s)", "", health.projects))
            self.watch_label.setToolTip(self.tr(
                "Projects whose .planning/ folder is watched for changes"))
        self._revalidate()

    def _on_layout_changed(self, event: LayoutEvent) -> None:
        self._schedule_rescan()

    def _schedule_rescan(self) -> None:
        self._rescan_timer.start()

    def _rescan_for_layout(self) -> None:
        self._rescan_reason = ""  # filled in by _report_rescan
        self.browser.rescan()

    def _report_rescan(self, roots: set[Path]) -> None:
        """Say what a rescan changed (shown once its summaries are in)."""
        before, self._known_roots = self._known_roots, set(roots)
        if self._rescan_reason is None and not before:
            return  # the first scan: nothing to compare with
        total = self.tr("%n project(s)", "", len(roots))
        new = self.tr("%n new", "", len(roots - before))
        gone = self.tr("%n gone", "", len(before - roots))
        values = {"%1": total, "%2": new, "%3": gone}  # one pass: no value is re-read
        self._rescan_reason = re.sub("%[123]", lambda m: values[m.group(0)],
                                     self.tr("Rescan: %1 (%2, %3)"))

    # -- selection

    def _on_selection(self, selection: Selection) -> None:
        if selection.project is None:
            return
        self._show_project(selection.project, selection.workstream)

    def open_project(self, root: Path, workstream: Any = None) -> bool:
        """Select a project (and workstream) in the browser, which opens its tabs."""
        if self.browser.select_project(Path(root), workstream):
            return True
        self._status(self.tr("%1 is not in any workspace").replace("%1", str(root)))
        return False

    def show_overview(self) -> None:
        self.browser.clear_selection()
        self._clear_project()
        self.stack.setCurrentIndex(0)
        self._update_title()

    def _commit_open_editors(self) -> None:
        """Text still being typed in a table cell of the open tabs reaches its setting before
        the tabs go (an open cell editor commits its text when it loses the focus), whatever
        switched the project: a click, a key, the tray."""
        focus = QApplication.focusWidget()
        if focus is not None and any(w.isAncestorOf(focus) for _, w in self._tabs):
            focus.clearFocus()

    def _clear_project(self) -> None:
        self._commit_open_editors()
        self.undo_group.setActiveStack(None)  # type: ignore[arg-type]  # edits live on (session)
        for _, widget in self._tabs:
            widget.deleteLater()
        self.project_tabs.clear()
        self._tabs = []
        self.state_panel = None
        self._current = None
        self._current_ws = None

    def _show_project(self, ref: ProjectRef, workstream: str | None) -> None:
        if (self._current is not None and self._current.root == ref.root
                and self._current_ws == workstream):
            return
        stored = self._ui_value("ui/last_tab", 2)
        tab_index = int(stored) if isinstance(stored, int | str) and str(stored).isdigit() else 2
        self._clear_project()
        self._current, self._current_ws = ref, workstream
        ws_env = {"MSD_WORKSTREAM": workstream} if workstream else {}
        self.next_command.refresh_from_project(ref.root, {**self.env, **ws_env})
        shown = dataclasses.replace(ref, active_workstream=workstream or ref.active_workstream)
        from msd_desktop.ui.state.panel import StatePanel

        self.project_tabs.blockSignals(True)
        current = max(0, min(tab_index, 2))
        staged, self._stage_tabs = self._stage_tabs, False
        if staged:
            # the restore at start: the shown tab now, the others one per event-loop turn
            # (each is tens of ms of widgets and reads; all three at once stalled the window)
            self._tabs = [(title, build_project_tab(shown, i, self.edit_sessions)
                           if i == current else _staged_placeholder())
                          for i, (title, _) in enumerate(_tab_action_texts(titles=True))]
        else:
            self._tabs = build_project_tabs(shown, self.edit_sessions)
        for title, widget in self._tabs:
            self.project_tabs.addTab(widget, title)
            if isinstance(widget, StatePanel):
                self.state_panel = widget
            self._adopt_settings(widget)
        self.project_tabs.setCurrentIndex(max(0, min(tab_index, len(self._tabs) - 1)))
        self.project_tabs.blockSignals(False)
        for i, (title, _) in enumerate(self._tabs):
            self.project_tabs.setTabToolTip(i, f"{title} (Ctrl+{i + 1})")
        self._tabs_gen += 1
        if staged:
            gen = self._tabs_gen
            from msd_desktop.ui.widgets.workers import YIELD_MS

            QTimer.singleShot(YIELD_MS, self, lambda: self._build_staged_tab(shown, gen))
        ws_text = (" › " + self.tr("workstream %1").replace("%1", visible(workstream, limit=200))
                   if workstream else "")
        self.project_title.setText(f"{visible(ref.name, limit=200)}{ws_text}")
        self.project_path.setText(visible(str(ref.root)))
        self.stack.setCurrentIndex(1)
        self._remember("ui/last_project", str(ref.root))
        self._remember("ui/last_workstream", workstream or "")
        self._update_title()
        self._load_state(ref, workstream)

    def _remember_tab(self, index: int) -> None:
        if index >= 0:
            self._remember("ui/last_tab", index)

    def _update_title(self) -> None:
        # Qt's modified marker: "[*]" shows as "*" while the window is modified (any unsaved
        # Settings edit, in any project); without edits the title is the plain text.
        dirty = self._edit_sessions is not None and bool(self._edit_sessions.dirty())
        marker = "[*]" if dirty else ""
        if self._current is None:
            self.setWindowTitle(marker + window_title())
            self.setWindowModified(dirty)
            self._update_chrome_actions()
            return
        name = title_text(self._current.name)
        if self._current_ws:
            name += f" › {title_text(self._current_ws)}"
        self.setWindowTitle(window_title(name + marker))
        self.setWindowModified(dirty)
        self._update_chrome_actions()
        summary = self._summaries.get(self._current.root)
        self._show_load_problem(summary)
        if summary is not None and summary.load_error:
            self._status(self.tr("{0}: {1}").format(self._current.name, summary.load_error))
        elif summary is not None:
            line = summary.statusline_full
            if self._current_ws and self._current_ws in summary.workstreams:
                line = summary.workstreams[self._current_ws].statusline_full
            self._status(line)

    def _show_load_problem(self, summary: ProjectSummary | None) -> None:
        """The banner over the open project's tabs: why it could not be read, if so."""
        if summary is None or not summary.load_error:
            self.load_banner.hide()
            return
        self.load_banner_label.setText(
            self.tr("This project could not be loaded — {0}. Its other tabs show what could "
                    "be read; the rest of the window is unaffected.").format(summary.load_error))
        self.load_banner.show()

    def current_project(self) -> tuple[ProjectRef | None, str | None]:
        return self._current, self._current_ws

    # -- persistence (UI only)

    def _remember(self, key: str, value: Any) -> None:
        """Keep a UI-state value; it reaches QSettings a few seconds later, or at close.

        Why not ``setValue`` at once: QSettings writes the whole file (a ``QSaveFile`` with
        ``fsync``) on the next event-loop turn after every change — opening a project and
        clicking through its tabs waited ~10 ms on the disk per click (bench P3).
        """
        self._pending_ui[key] = value
        self._ui_flush_timer.start()

    def _ui_value(self, key: str, default: Any = None) -> Any:
        if key in self._pending_ui:
            return self._pending_ui[key]
        return self.settings.value(key, default)

    def _flush_ui_state(self) -> None:
        self._ui_flush_timer.stop()
        for key, value in self._pending_ui.items():
            self.settings.setValue(key, value)
        self._pending_ui.clear()

    def _restore_geometry(self) -> None:
        geometry = self.settings.value("ui/geometry")
        if isinstance(geometry, QByteArray | bytes) and geometry:
            self.restoreGeometry(QByteArray(geometry))
        else:
            self.resize(1400, 900)
        state = self.settings.value("ui/splitter")
        if isinstance(state, QByteArray | bytes) and state:
            self.splitter.restoreState(QByteArray(state))

    def _restore_last_project(self) -> None:
        last = self.settings.value("ui/last_project")
        if isinstance(last, str) and last:
            ws = self.settings.value("ui/last_workstream") or None
            self._restore_queued = True
            QTimer.singleShot(0, lambda: self._restore_quietly(Path(last), ws))

    def _restore_quietly(self, root: Path, workstream: Any) -> None:
        """Reopen the last project if it is still listed; else stay on the overview, saying
        nothing (it may be the demo, no longer shown once real projects are registered)."""
        self._restore_queued = False
        if self._current is not None:
            return
        self._stage_tabs = True  # its hidden tabs are built on the next turns
        try:
            if not self.browser.select_project(root, workstream):
                self.show_overview()
        finally:
            self._stage_tabs = False

    def _build_staged_tab(self, shown: ProjectRef, gen: int, index: int | None = None) -> None:
        """Build one tab :meth:`_show_project` left for later (``index``, or the first one
        left); the next one on the next turn. Nothing when another project is shown now."""
        if gen != self._tabs_gen:
            return
        left = [i for i, (_, w) in enumerate(self._tabs) if w.objectName() == STAGED_TAB]
        if index is None:
            index = left[0] if left else None
        if index is None or index not in left:
            return
        title, placeholder = self._tabs[index]
        widget = build_project_tab(shown, index, self.edit_sessions)
        tabs = self.project_tabs
        focus_here = tabs.currentIndex() == index
        tabs.blockSignals(True)
        current = tabs.currentIndex()
        tabs.removeTab(index)
        tabs.insertTab(index, widget, title)
        tabs.setTabToolTip(index, f"{title} (Ctrl+{index + 1})")
        tabs.setCurrentIndex(current)
        tabs.blockSignals(False)
        placeholder.deleteLater()
        self._tabs[index] = (title, widget)
        from msd_desktop.ui.state.panel import StatePanel

        if isinstance(widget, StatePanel):
            self.state_panel = widget
            if self._current is not None:
                self._load_state(self._current, self._current_ws)
        self._adopt_settings(widget)
        if focus_here:
            self._update_chrome_actions()
        if len(left) > 1:
            from msd_desktop.ui.widgets.workers import YIELD_MS

            QTimer.singleShot(YIELD_MS, self, lambda: self._build_staged_tab(shown, gen))

    def _on_tab_changed(self, index: int) -> None:
        """A tab still to be built is built when it is shown."""
        if 0 <= index < len(self._tabs) and self._tabs[index][1].objectName() == STAGED_TAB \
                and self._current is not None:
            shown = dataclasses.replace(self._current, active_workstream=self._current_ws
                                        or self._current.active_workstream)
            self._build_staged_tab(shown, self._tabs_gen, index)

    def open_demo(self) -> None:
        """Help → Open demo workspace: show the demo copy (made first if needed) as a
        transient workspace, or show it again; the copy is made off the UI thread."""
        from msd_desktop.core.workspace.demo import demo_workspace

        def shown(ws: Workspace) -> None:
            transient = self.browser.transient
            if not any(w.path == ws.path for w in transient):
                transient.append(ws)
            self._status(self.tr("Demo workspace: {0}").format(ws.path))
            self.show_overview()
            self.browser.rescan()

        def failed(error: BaseException) -> None:
            self._status(self.tr("The demo workspace could not be copied: {0}").format(error))

        run_op(demo_workspace, name="demo copy", on_finished=shown, on_failed=failed,
               owner=self)

    # -- companion windows

    def _raise(self) -> None:
        self.showNormal()
        self.raise_()
        self.activateWindow()

    def _open_from_tray(self, root: Path) -> None:
        self._raise()
        self.open_project(root)

    def _known_refs(self) -> list[ProjectRef]:
        return [p.ref for p in self.browser.model.projects()]

    def _new_project(self) -> None:
        from msd_desktop.ui.companion.new_project_dialog import NewProjectDialog

        dialog = NewProjectDialog(self.env, self)

        def created(result: Any) -> None:
            root = dialog.project_root or result.path.parent.parent
            try:  # into the workspace whose scan lists it, else a folder workspace of its own
                ws, added = self.registry.place_project(root, self.browser.transient)
            except Exception as exc:  # registry problems are reported, the project exists
                self._status(self.tr("Created {0}, but could not register it: {1}")
                             .format(root, core_text(exc)))
            else:
                said = (self.tr("Created {0}; added as a workspace of its own") if added
                        else self.tr("Created {0} in workspace {1}")).format(root, ws.name)
                self._status(said)
                # said again once the rescan's own summary ("Rescan: …") has been shown
                self.summaries_loaded.connect(lambda: self._status(said),
                                              Qt.ConnectionType.SingleShotConnection)
            self._open_project = root
            self.browser.rescan()

        dialog.created.connect(created)
        from msd_desktop.ui.widgets.placement import place_over

        place_over(dialog, self, dialog.sizeHint())
        dialog.open()

    def _open_global_defaults(self) -> None:
        from msd_desktop.ui.settings.global_defaults_panel import GlobalDefaultsPanel

        panel = GlobalDefaultsPanel(self._known_refs(), self.env)
        panel.setParent(self, Qt.WindowType.Window)
        from msd_desktop.ui.settings.unsaved import CloseGuard  # closing it asks, too

        form = getattr(panel, "form", None)
        panel.installEventFilter(CloseGuard(lambda: getattr(form, "sessions", None),
                                            self.tr("Closing Global defaults"), panel))
        panel.setWindowTitle(window_title(self.tr("Global defaults")))
        from msd_desktop.ui.widgets.placement import place_over

        place_over(panel, self, QSize(1200, 820))
        panel.show()

    def _open_config_matrix(self) -> None:
        from msd_desktop.ui.companion.matrix_view import ConfigMatrixView

        view = ConfigMatrixView(self._known_refs(), self.env)
        view.setParent(self, Qt.WindowType.Window)
        view.setWindowTitle(window_title(self.tr("Config matrix")))
        from msd_desktop.ui.widgets.placement import place_over

        place_over(view, self, QSize(1100, 640))
        view.show()

    # -- unsaved Settings edits (drafts outlive the tabs; asked about before the window goes)

    @property
    def edit_sessions(self) -> EditSessions:
        """The Settings drafts and undo stacks of every file opened in this window."""
        if self._edit_sessions is None:
            from msd_desktop.core.config.draft_recovery import (
                DraftRecovery,
                default_recovery_dir,
            )
            from msd_desktop.ui.settings.sessions import EditSessions

            recovery = DraftRecovery(default_recovery_dir(self.env))
            self._edit_sessions = EditSessions(self, recovery=recovery)
            self._edit_sessions.changed.connect(self._unsaved_changed)
            self._edit_sessions.record_failed.connect(self._record_failed)
        return self._edit_sessions

    def _record_failed(self, why: str) -> None:
        self._status(self.tr("Unsaved edits could not be kept safe against a crash ({0}); "
                             "save them to be sure.").format(why))

    def _recover_unsaved(self) -> None:
        """Edits a previous run left unsaved (it crashed or was killed) come back as unsaved
        edits: marked in the title and the tree, saved only when the person saves."""
        from msd_desktop.core.config.draft_recovery import default_recovery_dir

        if not default_recovery_dir(self.env).is_dir():
            return  # nothing was ever left unsaved (and nothing to import)
        restored = self.edit_sessions.recover([ref.root for ref in self._known_refs()])
        if not restored:
            self._say_global_defaults_recovered()
            return
        keys = sum(len(got.keys) for _, got in restored)
        secrets = sum(got.left_out for _, got in restored)
        text = self.tr("Restored %n unsaved change(s) from the last run, which ended without "
                       "saving: save or revert them.", "", keys)
        if secrets:
            text += " " + self.tr("%n edited API key(s) were not kept: secrets are never "
                                  "written to disk.", "", secrets)
        self._status(text)

    def _say_global_defaults_recovered(self) -> None:
        """Global defaults keep their own drafts (their window restores them when opened):
        say that a crashed run left edits there."""
        from msd_desktop.core.config.draft_recovery import DraftRecovery, default_recovery_dir
        from msd_desktop.core.workspace.paths import defaults_path

        recovery = DraftRecovery(default_recovery_dir(self.env))
        if recovery.record_path(defaults_path(self.env)).is_file():
            self._status(self.tr("Global defaults have unsaved changes from the last run, "
                                 "which ended without saving: Global defaults shows them."))

    def _adopt_settings(self, widget: QWidget) -> None:
        """A Settings tab: the window's Save / Undo / Redo act on it; its stack is the Edit
        menu's while it is shown."""
        use_window = getattr(widget, "use_window_actions", None)
        if not callable(use_window):
            return
        use_window()
        # the window's Find a setting (Ctrl+F from anywhere) owns the key the form's own
        # search shortcut uses: two shortcuts on one key would cancel each other out
        for shortcut in widget.findChildren(QShortcut):
            if shortcut.key().matches(QKeySequence(QKeySequence.StandardKey.Find)) == \
                    QKeySequence.SequenceMatch.ExactMatch and shortcut.parent() is widget:
                shortcut.setEnabled(False)
        changed = getattr(widget, "undo_stack_changed", None)
        if changed is not None:
            changed.connect(self._set_undo_stack)
        self._set_undo_stack(getattr(widget, "undo_stack", None))

    def _set_undo_stack(self, stack: Any) -> None:
        if stack is None:
            self.undo_group.setActiveStack(None)  # type: ignore[arg-type]
            return
        if stack not in self.undo_group.stacks():
            self.undo_group.addStack(stack)
        self.undo_group.setActiveStack(stack)

    def _settings_tab(self) -> Any:
        return next((w for _, w in self._tabs if callable(getattr(w, "use_window_actions",
                                                                  None))), None)

    def save_settings(self) -> bool:
        """Ctrl+S anywhere in the window: save the open project's Settings (what its fields
        show)."""
        panel = self._settings_tab()
        if panel is None:
            self._status(self.tr("No project is open: nothing to save."))
            return False
        saved = bool(panel.save())
        if not saved and self.project_tabs.currentWidget() is not panel:
            self.project_tabs.setCurrentWidget(panel)  # show why it was not saved
        return saved

    def _unsaved_changed(self) -> None:
        """Any draft changed: the title's marker and the tree's marks follow."""
        sessions = self._edit_sessions
        if sessions is None:
            return
        roots = [p.ref.root for p in self.browser.model.projects()]
        set_unsaved = getattr(self.browser.model, "set_unsaved", None)
        if callable(set_unsaved):
            set_unsaved(sessions.dirty_roots(roots))
        self._update_title()

    def unsaved_may_go(self, what: str) -> bool:
        """Ask Save / Discard / Cancel when there are unsaved Settings edits; True when the
        window may close (saved, discarded, or nothing unsaved)."""
        dirty = self._dirty_sessions()
        if not dirty:
            return True  # (and the question's module is not imported to say so)
        from msd_desktop.ui.settings.unsaved import settle_sessions

        self._raise()
        return settle_sessions(self, dirty, what)

    def _dirty_sessions(self) -> list[Any]:
        """Unsaved Settings sessions of this window and of its other windows (Global defaults
        keeps its own)."""
        import sys

        if "msd_desktop.ui.settings.sessions" not in sys.modules:
            return []  # no Settings form was ever opened (and quitting imports nothing)
        from msd_desktop.ui.settings.sessions import EditSessions

        stores = self.findChildren(EditSessions)
        return list({id(s): s for store in stores for s in store.dirty()}.values())

    def request_quit(self) -> bool:
        """Quit as the File menu's Quit does (the tray's Quit too): unsaved edits are asked
        about first. True when the window closed."""
        return bool(self.close())

    def _commit_data(self, manager: QSessionManager) -> None:
        """The desktop session ends (log-out): ask about unsaved edits while it still may."""
        if not self._dirty_sessions():
            return
        if manager.allowsInteraction():
            if not self.unsaved_may_go(self.tr("Logging out")):
                manager.cancel()
            manager.release()

    def closeEvent(self, event: QCloseEvent) -> None:
        if not self.unsaved_may_go(self.tr("Closing MSD Desktop")):
            event.ignore()
            return
        self._flush_ui_state()
        self.settings.setValue("ui/geometry", self.saveGeometry())
        self.settings.setValue("ui/splitter", self.splitter.saveState())
        self.settings.sync()
        if self.bridge is not None:
            self.bridge.stop(wait=False)  # the OS's watch teardown overlaps the exit
        self._close_helpers()
        if self._summary_cache is not None:
            self._summary_cache.save()  # quick, and only when something changed
        for _, widget in self._tabs:  # e.g. the Settings tab's file watches (see there)
            release = getattr(widget, "release_watches", None)
            if callable(release):
                release()
        self.tray.hide()
        super().closeEvent(event)
