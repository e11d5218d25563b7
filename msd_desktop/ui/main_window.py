"""The main window: project browser on the left; the overview or one project's tabs on the right.

This module only joins the window's areas and pieces; each does its own work elsewhere:

- the browser (``ui/browser``) scans the workspaces in a worker and lists the projects;
- :class:`~msd_desktop.ui.summary_pipeline.SummaryPipeline` loads every project's summary
  through the core in workers (the summary cache first) → the tree and overview models get
  plain Python rows → views; the tray gets each project's line;
- :class:`~msd_desktop.ui.workspace_watch.WorkspaceWatch` watches the workspaces (after the
  first paint, :class:`~msd_desktop.ui.widgets.first_paint.FirstPaint`) and triggers reloads
  of just the project that changed, and a rescan when projects appear or vanish; the State
  tab of the open project is refreshed from here;
- :class:`~msd_desktop.ui.project_tabs.ProjectTabs` builds the open project's tabs
  (Settings, Models, State), shown in a
  :class:`~msd_desktop.ui.project_page.ProjectPage` under the project's name, its load
  problem and its next command (made when a project first opens);
- :class:`~msd_desktop.ui.open_state.OpenProjectState` reads the open project's State tab;
- :class:`~msd_desktop.ui.main_actions.MainActions` makes the menus and window-wide keys;
- :class:`~msd_desktop.ui.window_status.WindowStatus` is the status bar;
- :class:`~msd_desktop.ui.unsaved_recovery.UnsavedEdits` keeps unsaved Settings edits safe
  and asks about them before anything leaves;
- :class:`~msd_desktop.ui.last_project.LastProject` reopens the last project; UI-only state
  (geometry, splitter, last project and tab) lives in ``QSettings``
  (:class:`~msd_desktop.ui.widgets.deferred_settings.DeferredSettings`); configuration never
  does.

Nothing here parses a file.
"""

from __future__ import annotations

import os
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QEvent, QSettings, Qt, QTimer, Signal
from PySide6.QtGui import QCloseEvent, QGuiApplication, QSessionManager, QShowEvent, QUndoGroup
from PySide6.QtWidgets import QMainWindow, QSplitter, QStackedWidget

from msd_desktop.core.state.project_summary import ProjectSummary, placeholder_summary
from msd_desktop.core.workspace.registry import ProjectRef, Workspace, WorkspaceRegistry
from msd_desktop.ui.browser.overview_model import OverviewModel, rows_from_summaries
from msd_desktop.ui.browser.overview_view import OverviewView
from msd_desktop.ui.browser.project_browser import ProjectBrowserPanel, Selection
from msd_desktop.ui.browser.tree_model import ProjectRefRole, WorkspaceEntry
from msd_desktop.ui.last_project import LastProject, restore_geometry, save_geometry
from msd_desktop.ui.main_actions import MainActions
from msd_desktop.ui.open_state import OpenProjectState
from msd_desktop.ui.project_page import ProjectPage
from msd_desktop.ui.project_tabs import STATE_TAB, ProjectTabs, TabModules, shown_project
from msd_desktop.ui.summary_pipeline import SummaryPipeline
from msd_desktop.ui.unsaved_recovery import UnsavedEdits
from msd_desktop.ui.widgets.deferred_settings import DeferredSettings
from msd_desktop.ui.widgets.first_paint import FirstPaint
from msd_desktop.ui.widgets.plain_text import title_text
from msd_desktop.ui.widgets.theme import set_app_icon
from msd_desktop.ui.widgets.window_title import APP_TITLE, window_title
from msd_desktop.ui.widgets.workers import OpHandle, run_op
from msd_desktop.ui.window_status import WindowStatus
from msd_desktop.ui.workspace_watch import WorkspaceWatch

if TYPE_CHECKING:
    # Start-up imports only what the first paint needs: the parsers (core
    # project_state → ruamel.yaml) load on first use in the workers, the watcher
    # (watchdog) only when watching, the State tab when a project opens.
    from msd_desktop.core.workspace.watcher import ChangeEvent
    from msd_desktop.ui.companion.next_command_widget import NextCommandWidget
    from msd_desktop.ui.companion.tray import ProjectTray
    from msd_desktop.ui.settings.sessions import EditSessions
    from msd_desktop.ui.state.panel import StatePanel
    from msd_desktop.ui.widgets.status_notice import StatusNotice
    from msd_desktop.ui.widgets.watch_bridge import WatchBridge

LARGE_LOAD = 100  # projects from which a load's steps each get event-loop turns of their own


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
        self.ui_state = DeferredSettings(self.settings, self)  # last project, tab
        self.timings: dict[str, float] = {}
        self._t0 = time.perf_counter()
        self._open_project = open_project
        self._current: ProjectRef | None = None
        self._current_ws: str | None = None
        self._projects_gen = 0  # one more per scan result (its second half: see there)
        self._quitting = False  # File → Quit / the tray's Quit: a close that really quits
        self._retranslate_queued = False  # a language switch's texts are said once
        self._language_stale = False  # the language changed while the window was not shown

        self.setWindowTitle(APP_TITLE)
        self.setObjectName("MainWindow")
        # Settings edit sessions (drafts + undo), made when a project first opens; the Edit
        # menu follows the shown form's stack through the group.
        self.undo_group = QUndoGroup(self)
        self.unsaved = UnsavedEdits(self, self.env, self._raise,
                                    lambda: [ref.root for ref in self.known_refs()])
        self.unsaved.changed.connect(self._unsaved_changed)
        self.unsaved.message_posted.connect(self.post_status)
        self._project_line = ""  # the open project's status line, as last posted
        self._change_note = ""  # the open project's last change on disk, said beside it
        # a restored edit is announced where the next status line cannot overwrite it
        self.unsaved.notice_posted.connect(lambda text, kind: self.notice.show_notice(text, kind))
        app = QGuiApplication.instance()
        if isinstance(app, QGuiApplication):  # a session log-out asks about unsaved edits
            app.commitDataRequest.connect(self._commit_data)
        self.browser = ProjectBrowserPanel(self.registry, transient, self)
        from msd_desktop.ui.app_preferences import scan_depth

        self.browser.scan_depth = scan_depth(self.settings)
        self.browser.selection_changed.connect(self._on_selection)
        self.browser.projects_loaded.connect(self._on_projects_loaded)
        self.browser.message_posted.connect(self.post_status)
        self.tab_modules = TabModules(self)
        self.last_project = LastProject(
            self, self.settings, self.tab_modules, is_open=lambda: self._current is not None,
            select=self.browser.select_project, show_overview=self.show_overview,
            enabled=restore_last)

        self.pipeline = SummaryPipeline(self.env, lambda: self.tray, self.known_refs,
                                        self.timings, self._t0, self)
        self.pipeline.applied.connect(self._show_summaries)
        self.pipeline.message_posted.connect(self.post_status)
        self.pipeline.cached_shown.connect(self._after_cached)
        self.pipeline.load_ended.connect(self._on_load_ended)
        self.pipeline.settled.connect(self._on_load_settled)
        # the restored project is about to open: the end of the load waits for its tab
        # (its hidden tabs are built after the end, once the window is idle)
        self.pipeline.hold_completion = lambda: self.last_project.queued

        self.overview_model = OverviewModel(self)
        self.overview = OverviewView(self.overview_model)
        self.overview.project_activated.connect(self.open_project)

        self.project_tabs = ProjectTabs(self.undo_group, lambda: self.edit_sessions)
        self.project_tabs.currentChanged.connect(self._remember_tab)
        self.project_tabs.state_panel_built.connect(self._load_open_state)
        self.project_tabs.message_posted.connect(self.post_status)
        # the open project's name and folder, its load problem, next command and tabs
        self.project_page = ProjectPage(self.project_tabs, self.settings, self.env,
                                        self._next_command_made)
        self.open_state = OpenProjectState(self, self.env, self.pipeline.state_cache,
                                           self.current_project, lambda: self.state_panel)
        self.open_state.shown.connect(self.state_shown)
        self.open_state.message_posted.connect(self.post_status)

        self.stack = QStackedWidget()
        self.stack.addWidget(self.overview)
        self.stack.addWidget(self.project_page)

        self.splitter = QSplitter(Qt.Orientation.Horizontal)
        self.splitter.addWidget(self.browser)
        self.splitter.addWidget(self.stack)
        # a narrower window takes a share from the browser too (down to its minimum)
        self.splitter.setStretchFactor(0, 1)
        self.splitter.setStretchFactor(1, 3)
        self.splitter.setSizes([380, 1020])
        self.setCentralWidget(self.splitter)

        # the status bar (its widgets named as the window's pieces and tests know them)
        self.status = WindowStatus(self.statusBar(), self)
        self.status_label = self.status.line
        self.watch_label = self.status.watch_label
        self.unsaved_label = self.status.unsaved_label

        self.main_actions = MainActions(self)
        self.project_tabs.currentChanged.connect(lambda _: self.main_actions.update())
        self.project_tabs.shown_tab_built.connect(self.main_actions.update)

        # companion: tray icon with one line per project + status notifications; made on
        # first use or right after the first paint, whichever comes first (see ``tray``)
        self._tray: ProjectTray | None = None

        # the watch set-up (the watcher's and watchdog's modules) waits for the first paint
        # (the tray too: nothing needs it before; a window never shown makes it when asked),
        # and so does the icon: it is the window manager's, not part of what the window shows,
        # and setting it loads the SVG engine and draws the icon at each size the window
        # manager keeps
        self.first_paint = FirstPaint(self, [set_app_icon, lambda: self.tray])
        self.watch = WorkspaceWatch(self.watch_label, self.first_paint, self.browser.rescan,
                                    watch, self)
        self.bridge: WatchBridge | None = self.watch.bridge
        self.project_tabs.window_watches = self.bridge is not None
        self.watch.files_changed.connect(self._on_files_changed)
        self.watch.health_reported.connect(self.pipeline.revalidate)
        self.watch.message_posted.connect(self.post_status)

        restore_geometry(self, self.splitter, self.settings)
        self.browser.rescan()
        if self._open_project is not None:
            # a project opens as soon as the scan is in: its tabs' modules meanwhile
            self.tab_modules.preload()

    @property
    def tray(self) -> ProjectTray:
        """The tray icon, made on first use (its module and menu are not needed for the first
        paint; a window never shown makes it when asked)."""
        tray = self._tray
        if tray is None:
            from msd_desktop.ui.companion.tray import ProjectTray

            tray = self._tray = ProjectTray(self.env, self)
            tray.project_activated.connect(self._open_from_tray)
            tray.show_window_requested.connect(self._raise)
            tray.quit_requested.connect(self.request_quit)  # same path as File → Quit
            from msd_desktop.ui.app_preferences import notifications_on

            tray.notifications = notifications_on(self.settings)
            tray.show()
        return tray

    def tray_made(self) -> bool:
        """Whether the tray icon exists yet (asking :attr:`tray` would make it)."""
        return self._tray is not None

    @property
    def state_panel(self) -> StatePanel | None:
        """The open project's State tab (None while none is built)."""
        return self.project_tabs.state_panel

    @property
    def edit_sessions(self) -> EditSessions:
        """The Settings drafts and undo stacks of every file opened in this window."""
        return self.unsaved.sessions

    @property
    def next_command(self) -> NextCommandWidget:
        """The open project's next command (see :class:`ProjectPage`; made on first use)."""
        return self.project_page.next_command

    def _next_command_made(self, strip: NextCommandWidget) -> None:
        strip.refreshed.connect(self.main_actions.update)
        self.main_actions.update()

    @property
    def notice(self) -> StatusNotice:
        """The status bar's lasting message, left of the status line (made on first use)."""
        return self.status.notice

    def post_status(self, text: str) -> None:
        """One line in the status bar (file text shows visibly escaped)."""
        self.status.post(text)

    def current_project(self) -> tuple[ProjectRef | None, str | None]:
        return self._current, self._current_ws

    def known_refs(self) -> list[ProjectRef]:
        """Every project the browser lists now."""
        return [p.ref for p in self.browser.model.projects()]

    # -- loading: a scan's projects → their summaries (see SummaryPipeline)

    def _on_projects_loaded(self, entries: list[WorkspaceEntry]) -> None:
        self.timings.setdefault("scan_ms", (time.perf_counter() - self._t0) * 1000)
        # the summaries, the cache and the tray after the shell's first paint: a fast scan
        # would otherwise put their modules and work in front of it
        if self.first_paint.after(lambda: self._on_projects_loaded(entries)):
            return
        from msd_desktop.ui.widgets.workers import YIELD_MS

        refs = [p.ref for e in entries for p in e.projects]
        self.watch.report_rescan({r.root for r in refs})
        unique = list({r.root: r for r in reversed(refs)}.values())[::-1]  # first one wins
        self.pipeline.prestart_helpers(len(unique))  # a cold start's parsers, from now
        # one reset for the whole scan (placeholders until each summary arrives), then only
        # dataChanged for the rows a batch touched
        self.browser.model.set_summaries(self.pipeline.retain(unique))
        self._projects_gen += 1
        self.pipeline.large_load = len(unique) >= LARGE_LOAD
        if self.pipeline.large_load:
            # the overview's thousand new rows on the next turn: the tree's lay out and paint
            # first, alone (together they were one long stall)
            gen = self._projects_gen
            QTimer.singleShot(YIELD_MS, self, lambda: self._projects_loaded_rest(
                entries, unique, gen))
        else:
            self._projects_loaded_rest(entries, unique, self._projects_gen)

    def _projects_loaded_rest(self, entries: list[WorkspaceEntry], unique: list[ProjectRef],
                              gen: int) -> None:
        if gen != self._projects_gen:
            return  # a newer scan came in meanwhile

        # the watches and the tray's project list on the next turn: each walks every project
        # (the tray lines the summaries bring are ordered by finish_lines at the end)
        staged = len(unique) >= 100
        if staged:
            self.pipeline.invalidate()  # an older scan's batches still running end unheard
        self.pipeline.later(lambda: self._after_projects_loaded(
            entries, unique, start_batches=gen if staged else 0))
        summaries = self.pipeline.summaries
        self.overview_model.set_rows(rows_from_summaries(
            [summaries.get(r.root) or placeholder_summary(r) for r in unique]))
        if not staged:
            self.pipeline.start(unique)
        if self._open_project is not None:
            target, self._open_project = self._open_project, None
            self.open_project(target, None)
        elif self._current is None and self.last_project.enabled:
            # after the cached summaries are in (building the tabs blocks this thread for a
            # few hundred ms; a warm start's summaries take less than that); the tabs'
            # modules meanwhile, or (staged) once the cache pass is applied
            self.last_project.want(preload=not staged)

    def _after_projects_loaded(self, entries: list[WorkspaceEntry],
                               unique: list[ProjectRef], start_batches: int = 0) -> None:
        """The watches and the tray's list; with ``start_batches`` (that scan's number) the
        summaries' cache pass on the turn after: a worker stat-ing every project beside the
        rows' first layout and paint held the interpreter lock their item-model calls wait
        for (long stalls with a thousand rows; short ones once the pass comes after them)."""
        from msd_desktop.ui.summary_loading import HELPER_MIN_PROJECTS
        from msd_desktop.ui.widgets.workers import YIELD_MS

        if start_batches and start_batches != self._projects_gen:
            return  # a newer scan came in meanwhile
        if len(unique) >= HELPER_MIN_PROJECTS and (start_batches or self.pipeline.loading):
            # arming a recursive watch walks every folder of the scan roots (~0.5 s of this
            # process's interpreter for 1,000 projects): after the summaries, not against
            # them; the re-check that follows the set-up finds what changed meanwhile
            self.watch.pending = entries
        else:
            self.watch.pending = None
            self.watch.watch(entries)
        self.tray.set_projects(unique, load=False)  # states come below
        if start_batches:
            QTimer.singleShot(YIELD_MS, self, lambda: self._start_staged_batches(
                unique, start_batches))

    def _start_staged_batches(self, unique: list[ProjectRef], gen: int) -> None:
        """The cache pass, unless a newer scan came in. A project to restore has its tabs'
        modules imported once the cache pass is applied (``LastProject.cached_in``), not
        before it: imported first, they held up every summary (~0.2-0.5 s of a start)."""
        if gen == self._projects_gen:
            self.pipeline.start(unique)

    def _after_cached(self) -> None:
        """The cache pass is applied: edits a crashed run left come back, then the last
        project opens (if asked to) with them."""
        self.unsaved.recover_once()
        self.last_project.cached_in()

    def _show_summaries(self, summaries: list[ProjectSummary]) -> None:
        self.browser.model.set_summaries(summaries)
        self.overview_model.update_summaries(summaries)
        if self._current is not None and any(s.root == self._current.root for s in summaries):
            self._update_title()

    def _on_load_ended(self) -> None:
        reason = self.watch.take_rescan_reason()
        if reason:
            self.post_status(reason)

    def _on_load_settled(self) -> None:
        self.overview.fit_columns()
        self.summaries_loaded.emit()
        self.project_tabs.build_when_idle()  # the restored project's hidden tabs
        if self.watch.pending is not None:
            # on the next turn: the watcher's thread walks every folder in Python from the
            # moment it is armed, and this turn's own work then waited on it
            scan_gen = self.pipeline.scan_gen
            self.pipeline.later(lambda: self._watch_pending(scan_gen))

    def _watch_pending(self, scan_gen: int) -> None:
        if self.pipeline.is_current(scan_gen):
            self.watch.watch_pending()

    # -- the open project's State tab

    def _load_open_state(self) -> None:
        if self._current is not None:
            self._load_state(self._current, self._current_ws)

    def _load_state(self, ref: ProjectRef, workstream: str | None) -> OpHandle:
        """Read the State tab of ``ref`` again, off this thread (see OpenProjectState)."""
        return self.open_state.load(ref, workstream)

    # -- live changes

    def _on_files_changed(self, event: ChangeEvent) -> None:
        index = self.browser.model.find_project(event.root)
        ref = index.data(ProjectRefRole) if index.isValid() else None
        if ref is None:
            return
        if "workstream" in event.kinds:
            self.watch.schedule_rescan()  # workstreams appeared/vanished: structure changed
            return
        if self._current is not None and self._current.root == event.root:
            self._load_state(self._current, self._current_ws)
            self.project_tabs.files_changed(event)
        self.pipeline.reload([ref])  # also refreshes the tray line and notifies
        if self._current is not None and self._current.root == event.root:
            self.next_command.refresh_from_project(ref.root)
        from msd_desktop.ui.widgets.status_text import changed_files_text

        said = self.tr("%1: %2 changed on disk").replace("%1", ref.name).replace(
            "%2", changed_files_text(event.kinds))
        if self._current is not None and self._current.root == event.root:
            # the open project's status line is written again once its summary is reloaded
            # (a moment later): the change stays beside it, with its time, until another
            # project is opened
            self._change_note = self.tr("%1 at %2").replace("%1", said).replace(
                "%2", time.strftime("%H:%M"))
        self.post_status(said)

    # -- selection

    def _on_selection(self, selection: Selection) -> None:
        if selection.project is None:
            return
        self._show_project(selection.project, selection.workstream)

    def open_project(self, root: Path, workstream: Any = None) -> bool:
        """Select a project (and workstream) in the browser, which opens its tabs."""
        if self.browser.select_project(Path(root), workstream):
            return True
        self.post_status(self.tr("%1 is not in any workspace").replace("%1", str(root)))
        return False

    def open_after_scan(self, root: Path) -> None:
        """Rescan, then open ``root`` (a project just made)."""
        self._open_project = root
        self.browser.rescan()

    def show_overview(self) -> None:
        self.browser.clear_selection()
        self._clear_project()
        self.stack.setCurrentIndex(0)
        if self._project_line and self.status.shows(self._project_line):
            self.post_status("")  # the last project's status line says nothing here
        self._update_title()

    # -- the language, switched while the window is open

    def changeEvent(self, event: QEvent) -> None:
        """A language switch (View → Language, Preferences) reaches the window as
        ``LanguageChange`` — once per catalogue removed or installed — so the texts are said
        again once, on the next turn of the event loop (after the menu's own signal). A
        window not shown (closed, or in the tray) says them when it is shown again."""
        if event.type() == QEvent.Type.LanguageChange:
            if not self.isVisible():
                self._language_stale = True
            elif not self._retranslate_queued:
                self._retranslate_queued = True
                QTimer.singleShot(0, self, self.retranslate)
        super().changeEvent(event)

    def showEvent(self, event: QShowEvent) -> None:
        if self._language_stale and not self._retranslate_queued:
            self._retranslate_queued = True
            QTimer.singleShot(0, self, self.retranslate)
        super().showEvent(event)

    def retranslate(self) -> None:
        """Every text of the window in the current language, without a restart: the menus
        made again, the browser, the strip, the status bar and the tray said anew, the open
        project's tabs rebuilt (their edits live in the edit sessions) and the workspaces
        summaries loaded again, so statuses come in the new words too."""
        self._retranslate_queued = self._language_stale = False
        self.main_actions.rebuild()
        self.browser.retranslate()
        if self.project_page.next_command_made():
            self.next_command.retranslate()
            self.next_command.set_command(self.next_command.root, self.next_command.command)
        self.status.retranslate()
        self.watch.retranslate()
        self.overview_model.headerDataChanged.emit(
            Qt.Orientation.Horizontal, 0, max(0, self.overview_model.columnCount() - 1))
        if self._tray is not None:
            self._tray.retranslate()
        ref, workstream = self._current, self._current_ws
        self._show_unsaved_places()
        self._update_title()
        self.project_tabs.forget_settings_form()  # its words are the old language's
        if ref is not None:
            self._clear_project()  # shown again: every tab built in the new language, and
            self._show_project(ref, workstream)  # its status line said again
            self.pipeline.reload(self.known_refs())
        else:
            self.browser.rescan()  # the summaries again, and the scan's line in new words

    def _clear_project(self, *, another_next: bool = False) -> None:
        self.project_tabs.close_project(keep_settings=another_next)
        self._current = None
        self._current_ws = None
        self._change_note = ""

    def _show_project(self, ref: ProjectRef, workstream: str | None) -> None:
        if (self._current is not None and self._current.root == ref.root
                and self._current_ws == workstream):
            return
        stored = self.ui_state.value("ui/last_tab", STATE_TAB)
        tab_index = (int(stored) if isinstance(stored, int | str) and str(stored).isdigit()
                     else STATE_TAB)
        self._clear_project(another_next=True)
        self._current, self._current_ws = ref, workstream
        ws_env = {"MSD_WORKSTREAM": workstream} if workstream else {}
        self.next_command.refresh_from_project(ref.root, {**self.env, **ws_env})
        # the restore at start: the shown tab now, the others once the window is idle
        staged, self.last_project.stage_next = self.last_project.stage_next, False
        self.project_tabs.show_project(shown_project(ref, workstream), tab_index,
                                       staged=staged, workstream_picked=bool(workstream))
        if staged and self.pipeline.idle:  # (else when the load settles)
            self.project_tabs.build_when_idle()
        self.project_page.show_title(ref, workstream)
        self.stack.setCurrentIndex(1)
        self.ui_state.remember("ui/last_project", str(ref.root))
        self.ui_state.remember("ui/last_workstream", workstream or "")
        self._update_title()
        if self.state_panel is not None:  # else read when its tab is built (state_panel_built)
            self._load_state(ref, workstream)

    def _remember_tab(self, index: int) -> None:
        if index >= 0:
            self.ui_state.remember("ui/last_tab", index)

    def _update_title(self) -> None:
        # Qt's modified marker: "[*]" shows as "*" while the window is modified (any unsaved
        # Settings edit, in any project); without edits the title is the plain text.
        dirty = self.unsaved.any_dirty()
        marker = "[*]" if dirty else ""
        if self._current is None:
            self.setWindowTitle(marker + window_title())
            self.setWindowModified(dirty)
            self.main_actions.update()
            return
        name = title_text(self._current.name)
        if self._current_ws:
            name += f" › {title_text(self._current_ws)}"
        self.setWindowTitle(window_title(name + marker))
        self.setWindowModified(dirty)
        self.main_actions.update()
        summary = self.pipeline.summaries.get(self._current.root)
        self.project_page.show_load_problem(summary)
        if summary is not None and summary.load_error:
            self.post_status(self.tr("{0}: {1}").format(self._current.name, summary.load_error))
        elif summary is not None:
            line = summary.statusline_full
            if self._current_ws and self._current_ws in summary.workstreams:
                line = summary.workstreams[self._current_ws].statusline_full
            from msd_desktop.ui.widgets.status_text import statusline_words

            self._project_line = statusline_words(line)
            self.post_status(f"{self._project_line}  —  {self._change_note}" if
                             self._change_note else self._project_line)

    def open_demo(self) -> None:
        """Help → Open demo workspace: show the demo copy (made first if needed) as a
        transient workspace, or show it again; the copy is made off the UI thread."""
        from msd_desktop.core.workspace.demo import demo_workspace

        def shown(ws: Workspace) -> None:
            transient = self.browser.transient
            if not any(w.path == ws.path for w in transient):
                transient.append(ws)
            self.post_status(self.tr("Demo workspace: {0}").format(ws.path))
            self.show_overview()
            self.browser.rescan()

        def failed(error: BaseException) -> None:
            self.post_status(self.tr("The demo workspace could not be copied: {0}").format(
                error))

        run_op(demo_workspace, name="demo copy", on_finished=shown, on_failed=failed,
               owner=self)

    # -- companion

    def _raise(self) -> None:
        self.showNormal()
        self.raise_()
        self.activateWindow()

    def _open_from_tray(self, root: Path) -> None:
        self._raise()
        self.open_project(root)

    # -- unsaved Settings edits (drafts outlive the tabs; asked about before the window goes)

    def save_settings(self) -> bool:
        """Ctrl+S anywhere in the window: save the open project's Settings (what its fields
        show). With nothing to save there while other projects (or Global defaults) have
        unsaved edits, say which and offer to save them all."""
        panel = self.project_tabs.settings_tab()
        draft = getattr(panel, "draft", None) if panel is not None else None
        if draft is None or not draft.dirty:
            shown = Path(draft.path) if draft is not None else None
            places = self.unsaved.dirty_places(self.known_refs(), besides=shown)
            if places:
                from msd_desktop.ui.unsaved_recovery import ask_save_elsewhere

                return ask_save_elsewhere(self, places) and self.save_all()
            if panel is None:
                self.post_status(self.tr("No project is open: nothing to save."))
                return False
        assert panel is not None
        saved = bool(panel.save())
        if not saved and self.project_tabs.current_page() is not panel:
            self.project_tabs.setCurrentIndex(0)  # Settings: show why it was not saved
        return saved

    def _show_unsaved_places(self) -> None:
        """The status bar names where the unsaved edits are (what the title's "*" means)."""
        self.status.show_unsaved(self.unsaved.dirty_places(self.known_refs())
                                 if self.unsaved.any_dirty() else [])

    def save_all(self) -> bool:
        """File → Save all (Ctrl+Shift+S): every project's unsaved Settings edits and Global
        defaults'; True when nothing is left unsaved."""
        if not self.unsaved.dirty_sessions():
            self.post_status(self.tr("No unsaved changes."))
            return True
        return self.unsaved.save_everything()

    def _unsaved_changed(self) -> None:
        """Any draft changed: the title's marker and the tree's marks follow."""
        if self.unsaved.made is None:
            return
        roots = [ref.root for ref in self.known_refs()]
        set_unsaved = getattr(self.browser.model, "set_unsaved", None)
        if callable(set_unsaved):
            set_unsaved(self.unsaved.dirty_roots(roots))
        notice = self.status.notice_made()
        if notice is not None and not self.unsaved.any_dirty():
            notice.settle(UnsavedEdits.RESTORED)  # the restored edits saved or reverted
        self._show_unsaved_places()
        self._update_title()

    def unsaved_may_go(self, what: str) -> bool:
        """Ask Save / Discard / Cancel when there are unsaved Settings edits; True when the
        window may close (saved, discarded, or nothing unsaved)."""
        return self.unsaved.may_go(what)

    def request_quit(self) -> bool:
        """Quit as the File menu's Quit does (the tray's Quit too): unsaved edits are asked
        about first. True when the window closed. Never only to the tray."""
        self._quitting = True
        try:
            closed = bool(self.close())
        finally:
            self._quitting = False
        return closed

    def _close_to_tray(self) -> bool:
        """Closing the window puts it in the tray instead (the choice is on, a tray is there
        to bring it back, and this is no quit); the first time, the tray says so."""
        from msd_desktop.ui.tray_close import close_to_tray, first_time_notice

        tray = self._tray
        if self._quitting or tray is None or not tray.available \
                or not close_to_tray(self.settings):
            return False
        save_geometry(self, self.splitter, self.ui_state)
        self.hide()
        notice = first_time_notice(self.settings)
        if notice is not None:
            tray.tell(*notice)
        return True

    def _commit_data(self, manager: QSessionManager) -> None:
        """The desktop session ends (log-out): ask about unsaved edits while it still may."""
        if not self.unsaved.dirty_sessions():
            return
        if manager.allowsInteraction():
            if not self.unsaved_may_go(self.tr("Logging out")):
                manager.cancel()
            manager.release()

    def closeEvent(self, event: QCloseEvent) -> None:
        if self._close_to_tray():  # still running: the edits live on, nothing to ask
            event.ignore()
            return
        if not self.unsaved_may_go(self.tr("Closing MSD Desktop")):
            event.ignore()
            return
        save_geometry(self, self.splitter, self.ui_state)
        self.watch.stop()
        self.pipeline.close()
        self.project_tabs.release_watches()  # e.g. the Settings tab's file watches
        self.tray.hide()
        super().closeEvent(event)
