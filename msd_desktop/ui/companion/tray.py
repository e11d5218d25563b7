"""The system-tray companion: one menu line per project, notifications on status changes.

Why: people who keep MSD Desktop open all day want to glance at every project and hear about
the moments that need them (work paused, a new blocker, a milestone done) without keeping the
window in front. The decisions come from :mod:`msd_desktop.core.state.status_changes`; this module
only turns project states into menu lines and ``QSystemTrayIcon.showMessage`` calls.

The tray object is built even where the platform has no tray (offscreen tests, some Wayland
sessions): the menu and the notification log still work, only ``show()`` is skipped.
``available`` says whether a tray existed at start-up; on X11 the icon is shown regardless,
because Qt docks it into a tray host that appears later. Loading states happens on the thread pool
(:func:`msd_desktop.ui.widgets.workers.run_op`); results arrive on the GUI thread.
"""

from __future__ import annotations

import dataclasses
import os
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QCoreApplication, QObject, QTimer, Signal
from PySide6.QtGui import QAction, QGuiApplication, QIcon
from PySide6.QtWidgets import QMenu, QSystemTrayIcon, QWidget

from msd_desktop.core.state.status_changes import (
    StatusEvent,
    StatusSnapshot,
    StatusTracker,
    snapshot_from_state,
)
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import (
    menu_text,
    notification_text,
    tooltip,
    visible,
)
from msd_desktop.ui.widgets.theme import app_icon
from msd_desktop.ui.widgets.workers import read_timeout, run_op

if TYPE_CHECKING:  # parsing modules load off the start-up path
    from msd_desktop.core.state.project import ProjectState

MESSAGE_MS = 8000
# menu lines added per event-loop turn when there are more: short turns, because the rest
# of a large start's work shares them
MENU_CHUNK = 50
# project lines in the menu; one more line says how many others the window lists (each
# menu action holds memory, and thousands make a menu taller than any screen)
MENU_MAX = 1000


@dataclass(frozen=True)
class TrayLine:
    """One project's menu line."""

    root: Path
    name: str
    statusline: str
    percent: int | None
    problem: str | None = None

    unreadable: bool = False  # loading the project failed: ``problem`` says why
    # per runtime, the stale agent files of the project's own install (the summary's)
    stale_installs: tuple[tuple[str, int], ...] = ()

    @property
    def text(self) -> str:
        """The menu line as shown: names and file text visibly escaped (a newline or a
        right-to-left override in a folder name must not reshape the menu)."""
        from msd_desktop.ui.widgets.status_text import statusline_words

        if self.unreadable:
            body = QCoreApplication.translate("ProjectTray", "could not be read")
        else:
            body = visible(statusline_words(self.statusline)) or QCoreApplication.translate(
                "ProjectTray", "no STATE.md")
        # the status line usually carries the percentage already; add it only when it does not
        pct = f" — {self.percent}%" if self.percent is not None and "%" not in body else ""
        mark = " ⚠" if self.problem or self.stale_installs else ""
        return f"{visible(self.name, limit=200)}: {body}{pct}{mark}"

    @property
    def hint(self) -> str:
        """The line's tooltip: the problem (or the folder), then each stale install."""
        from msd_desktop.ui.widgets.install_words import stale_install_lines

        lines = [self.problem or str(self.root)]
        lines += stale_install_lines(dict(self.stale_installs))
        return "\n".join(lines)


def _root(ref: ProjectRef) -> Path:
    """The project's own ``Path`` (the scan's, shared by every line and key made from it): a
    copy per use is a new object to parse and hash, per project and pass, on the GUI
    thread."""
    return ref.root if isinstance(ref.root, Path) else Path(ref.root)


def line_from_state(ref: ProjectRef, state: ProjectState) -> TrayLine:
    from msd_desktop.ui.widgets.status_text import problem_text, statusline_texts

    # the ⚠ the browser shows: STATE.md unreadable, or config.json unusable
    err = state.error or next(
        (p for p in state.problems if p.file == ".planning/config.json"), None)
    full, compact = statusline_texts(state)  # the last good line while STATE.md is broken
    line = compact if state.state_format == "compact" else full
    return TrayLine(_root(ref), ref.name, line, state.progress.percent,
                    problem_text(err, ref.root) if err is not None else None)


def with_stale(line: TrayLine, stale: Mapping[str, int] | None) -> TrayLine:
    """``line`` carrying its project's stale installs (none: the line as it is)."""
    if not stale:
        return line
    return dataclasses.replace(line, stale_installs=tuple(sorted(stale.items())))


def _failure_text(error: BaseException) -> str:
    """Why a project's state could not be loaded, for the line's tooltip."""
    from msd_desktop.core.common.errors import MsdError
    from msd_desktop.ui.widgets.workers import OpTimeout

    if isinstance(error, OpTimeout):
        return QCoreApplication.translate("ProjectTray", "could not be read in {0:g} s").format(
            error.seconds)
    text = core_text(error) if isinstance(error, MsdError) else f"{type(error).__name__}: {error}"
    return visible(text, limit=300)


class ProjectTray(QObject):
    """The tray icon, its per-project menu, and status-change notifications."""

    project_activated = Signal(object)  # Path of the project to open
    notified = Signal(object)  # StatusEvent shown
    refreshed = Signal()
    show_window_requested = Signal()
    quit_requested = Signal()  # the menu's Quit: the window quits as its own Quit does

    def __init__(self, env: Mapping[str, str] | None = None, parent: QObject | None = None,
                 icon: QIcon | None = None) -> None:
        super().__init__(parent)
        self.env = dict(os.environ if env is None else env)
        self.available = QSystemTrayIcon.isSystemTrayAvailable()
        self.icon = QSystemTrayIcon(icon or app_icon(), self)
        self.icon.setToolTip(self.tr("MSD Desktop"))
        # A QMenu needs a widget parent to share a lifetime; the window when there is one.
        self.menu = QMenu(parent if isinstance(parent, QWidget) else None)
        self.icon.setContextMenu(self.menu)
        self.icon.activated.connect(self._activated)
        self.icon.messageClicked.connect(self._message_clicked)
        self.tracker = StatusTracker()
        self.lines: list[TrayLine] = []
        self.project_actions: dict[Path, QAction] = {}
        self.messages: list[StatusEvent] = []
        self.shown: list[tuple[str, str]] = []  # (title, message) as notified, translated
        self._last_event: StatusEvent | None = None
        self.notifications = True  # Preferences: status changes said in the tray
        self._projects: list[ProjectRef] = []
        # the projects whose own install is out of date: a submenu, made once
        self.stale_menu = QMenu(self.menu)
        self.stale_menu.setObjectName("TrayStaleMenu")
        self.stale_action = self.stale_menu.menuAction()
        self.stale_action.setObjectName("TrayStaleAction")
        self._rebuild_menu()

    def show(self) -> None:
        """Show the icon where a tray exists now, and on X11 always: Qt docks it into a tray
        host that starts later (panels often start after autostarted apps)."""
        if self.available or QGuiApplication.platformName() == "xcb":
            self.icon.show()

    def hide(self) -> None:
        self.icon.hide()

    # -- data in

    def set_projects(self, projects: Sequence[ProjectRef], load: bool = True) -> None:
        """Remember which projects to show and load their states (off the GUI thread).

        ``load=False`` when the caller already loads every state (the main window's summary
        batches) and hands them over through :meth:`apply_states`."""
        self._projects = list(projects)
        keep = {_root(p) for p in self._projects}
        self.lines = [ln for ln in self.lines if ln.root in keep]
        if load:
            self.refresh()

    def refresh(self) -> None:
        projects, env = list(self._projects), dict(self.env)

        def work() -> tuple[list[tuple[ProjectRef, ProjectState]], dict[Path, dict[str, int]]]:
            from msd_desktop.core.models.local_installs import stale_local_installs
            from msd_desktop.core.state.project import load_project_state

            states = [(ref, load_project_state(ref.root, env)) for ref in projects]
            stale = {_root(ref): found for ref in projects
                     if (found := stale_local_installs(ref.root, env))}
            return states, stale

        def failed(error: BaseException) -> None:  # every project still gets a line
            self.mark_unreadable([(ref, _failure_text(error)) for ref in projects])

        run_op(work, name="tray-refresh", on_finished=lambda got: self.apply_states(*got),
               on_failed=failed, owner=self, timeout_s=read_timeout(env))

    def apply_states(self, states: Sequence[tuple[ProjectRef, ProjectState]],
                     stale: Mapping[Path, Mapping[str, int]] | None = None) -> None:
        """New states (GUI thread): update the menu and notify about what changed.
        ``stale``: per project, its own install's stale agent files per runtime (read with
        the states, off the GUI thread)."""
        stale = stale or {}
        self.lines = [with_stale(line_from_state(ref, st), stale.get(_root(ref)))
                      for ref, st in states]
        self._rebuild_menu()
        for ref, st in states:
            for event in self.tracker.update(snapshot_from_state(st, ref.name), _root(ref)):
                self.notify(event)
        self.refreshed.emit()

    def update_project(self, ref: ProjectRef, state: ProjectState) -> list[StatusEvent]:
        """One project changed (the watcher): refresh its line, notify, return the events."""
        return self.update_states([(ref, state)])

    def update_states(self, states: Sequence[tuple[ProjectRef, ProjectState]], *,
                      rebuild: bool = True) -> list[StatusEvent]:
        """Some projects' new states: upsert their lines, notify, return the events.

        ``rebuild=False`` while a scan streams states in batches; :meth:`finish_lines` then
        orders the lines and rebuilds the menu once."""
        where = {ln.root: i for i, ln in enumerate(self.lines)}
        events: list[StatusEvent] = []
        for ref, state in states:
            line = line_from_state(ref, state)
            i = where.get(line.root)
            if i is None:
                where[line.root] = len(self.lines)
                self.lines.append(line)
            else:
                self.lines[i] = line
            for event in self.tracker.update(snapshot_from_state(state, ref.name),
                                             _root(ref)):
                self.notify(event)
                events.append(event)
        if rebuild:
            self._rebuild_menu()
        return events

    def mark_unreadable(self, problems: Sequence[tuple[ProjectRef, str]], *,
                        rebuild: bool = True) -> None:
        """Projects whose load failed or timed out: a ⚠ line with the problem in its tooltip."""
        where = {ln.root: i for i, ln in enumerate(self.lines)} if problems else {}
        for ref, problem in problems:
            line = TrayLine(_root(ref), ref.name, "", None, problem, unreadable=True)
            i = where.get(line.root)
            if i is None:
                where[line.root] = len(self.lines)
                self.lines.append(line)
            else:
                self.lines[i] = line
        if rebuild:
            self._rebuild_menu()

    def finish_lines(self) -> None:
        """Order the lines as :meth:`set_projects` listed the projects; rebuild the menu."""
        order = {_root(p): i for i, p in enumerate(self._projects)}
        self.lines.sort(key=lambda ln: order.get(ln.root, len(order)))
        self._rebuild_menu()

    def refresh_project(self, ref: ProjectRef) -> None:
        """Reload one project's state off the GUI thread (the watcher saw a change)."""
        env = dict(self.env)

        def done(state: ProjectState) -> None:
            self.update_project(ref, state)

        def work() -> ProjectState:
            from msd_desktop.core.state.project import load_project_state

            return load_project_state(ref.root, env)

        def failed(error: BaseException) -> None:
            self.mark_unreadable([(ref, _failure_text(error))])

        run_op(work, name=f"tray {ref.name}", on_finished=done, on_failed=failed, owner=self,
               timeout_s=read_timeout(env))

    # -- out

    def notify(self, event: StatusEvent) -> None:
        icon = (QSystemTrayIcon.MessageIcon.Warning if event.kind in ("paused", "blocked")
                else QSystemTrayIcon.MessageIcon.Information)
        self._last_event = event
        self.messages.append(event)
        # names and status text come from the projects' files
        snapshot = self.tracker.snapshots.get(Path(event.root))
        title, message = self.notification_words(event, snapshot)
        if not self.notifications:  # turned off: the menu line changed, nothing pops up
            return
        self.shown.append((title, message))
        self.icon.showMessage(notification_text(title), notification_text(message), icon,
                              MESSAGE_MS)
        self.notified.emit(event)

    def tell(self, title: str, message: str) -> None:
        """A message of the window's own (not a project's status change) from the tray."""
        self.shown.append((title, message))
        self.icon.showMessage(title, message, QSystemTrayIcon.MessageIcon.Information,
                              MESSAGE_MS)

    def notification_words(self, event: StatusEvent, snapshot: StatusSnapshot | None = None
                           ) -> tuple[str, str]:
        """The notification's title and message in the window's language (the core's event
        carries English words for the command line; names and blockers are file text).
        A method, for ``self.tr``: lupdate extracts plural forms only from ``tr`` calls."""
        name = event.name
        if event.kind == "paused":
            stopped = snapshot.stopped_at if snapshot is not None else None
            message = (self.tr("Work paused at %1.").replace("%1", stopped) if stopped
                       else self.tr("Work paused."))
            return self.tr("%1 paused").replace("%1", name), message
        if event.kind == "blocked" and event.details:
            count = len(event.details)
            first = (event.details[0] if count == 1 else
                     self.tr("%1 (+%n more)", "", count - 1).replace("%1", event.details[0]))
            return self.tr("%1: %n new blocker(s)", "", count).replace("%1", name), first
        if event.kind == "milestone_complete":
            milestone = snapshot.milestone if snapshot is not None else None
            message = (self.tr("Milestone %1 is complete.").replace("%1", milestone)
                       if milestone else self.tr("The milestone is complete."))
            return self.tr("%1: milestone complete").replace("%1", name), message
        return event.title, event.message

    def retranslate(self) -> None:
        """The menu made again in the current language (after a language switch)."""
        rendered = getattr(self, "_rendered", None)
        if rendered:
            rendered.clear()  # nothing in place: every fixed line is said anew
        self._rebuild_menu()
        self.icon.setToolTip(self.tr("MSD Desktop"))
        self._update_tooltip()

    def _rebuild_menu(self) -> None:
        if self._update_menu_in_place():
            return
        # taken out first: clearing the menu would delete the submenu's own action
        self.menu.removeAction(self.stale_action)
        self.menu.clear()
        self.project_actions = {}
        self._rendered: dict[Path, TrayLine] = {}
        header = self.menu.addAction(self.tr("Show MSD Desktop"))
        header.triggered.connect(self.show_window_requested.emit)
        # "N projects with stale installs" goes above this while there are any
        self._stale_shown: list[tuple[Path, str]] | None = None
        self._head_end = self.menu.addSeparator()
        if not self.lines:
            empty = self.menu.addAction(self.tr("No projects yet — add one in the window"))
            empty.setEnabled(False)
        # project lines go above this (some arrive on later turns): Quit stays last
        self._tail = self.menu.addSeparator()
        quit_action = self.menu.addAction(self.tr("Quit MSD Desktop"))
        quit_action.setObjectName("TrayQuitAction")
        quit_action.triggered.connect(self.quit_requested.emit)
        self._hidden = max(0, len(self.lines) - MENU_MAX)
        if self._hidden:
            more = QAction(self.tr("%n more project(s) — show the window", "", self._hidden),
                           self.menu)
            more.setObjectName("TrayMoreAction")
            more.triggered.connect(self.show_window_requested.emit)
            self.menu.insertAction(self._tail, more)
            self._tail = more  # the project lines go above it
        self._menu_gen = getattr(self, "_menu_gen", 0) + 1
        self._add_menu_lines(list(self.lines[:MENU_MAX]), 0, self._menu_gen)
        self._update_stale_menu()
        self._update_tooltip()

    def _add_menu_lines(self, lines: list[TrayLine], start: int, gen: int) -> None:
        """Add menu lines from ``start``; beyond :data:`MENU_CHUNK` lines, the rest on later
        event-loop turns (thousands of actions at once blocked the window for ~0.2 s per
        1,000). A newer rebuild abandons this one."""
        if gen != self._menu_gen:
            return
        end = len(lines) if len(lines) <= MENU_CHUNK else min(len(lines), start + MENU_CHUNK)
        for line in lines[start:end]:
            action = QAction(menu_text(line.text), self.menu)
            self.menu.insertAction(self._tail, action)
            action.setToolTip(tooltip(line.hint))
            action.setData(str(line.root))
            action.triggered.connect(lambda _=False, r=line.root: self.project_activated.emit(r))
            self.project_actions[line.root] = action
            self._rendered[line.root] = line
        if end < len(lines):
            QTimer.singleShot(1, self, lambda: self._add_menu_lines(lines, end, gen))

    def _update_menu_in_place(self) -> bool:
        """Same projects in the same order: re-render only the lines that changed (a watcher
        reload changes one line; rebuilding a menu of thousands was a stall)."""
        rendered: dict[Path, TrayLine] | None = getattr(self, "_rendered", None)
        if (not rendered or getattr(self, "_hidden", 0) != max(0, len(self.lines) - MENU_MAX)
                or list(rendered) != [ln.root for ln in self.lines[:MENU_MAX]]):
            return False
        for line in self.lines[:MENU_MAX]:
            if rendered.get(line.root) == line:
                continue
            action = self.project_actions[line.root]
            action.setText(menu_text(line.text))
            action.setToolTip(tooltip(line.hint))
            rendered[line.root] = line
        self._update_stale_menu()
        self._update_tooltip()
        return True

    def stale_lines(self) -> list[TrayLine]:
        """The projects whose own install is out of date, in the menu's order."""
        return [ln for ln in self.lines if ln.stale_installs]

    def _update_stale_menu(self) -> None:
        """Show "N projects with stale installs" (hidden at none), each project in it."""
        stale = self.stale_lines()
        shown = [(ln.root, ln.name) for ln in stale[:MENU_MAX]]
        if shown == self._stale_shown:
            return
        self._stale_shown = shown
        self.stale_menu.clear()
        if not stale:
            self.menu.removeAction(self.stale_action)
            return
        if self.stale_action not in self.menu.actions():
            self.menu.insertAction(self._head_end, self.stale_action)
        from msd_desktop.ui.widgets.install_words import stale_projects_text

        self.stale_menu.setTitle(menu_text(stale_projects_text(len(stale))))
        for line in stale[:MENU_MAX]:
            action = self.stale_menu.addAction(menu_text(visible(line.name, limit=200)))
            action.setToolTip(tooltip(line.hint))
            action.setData(str(line.root))
            action.triggered.connect(lambda _=False, r=line.root: self.project_activated.emit(r))

    def _update_tooltip(self) -> None:
        busy = sum(1 for ln in self.lines if ln.percent is not None and ln.percent < 100)
        self.icon.setToolTip(self.tr("MSD Desktop — %n project(s), %1 in progress", "",
                                     len(self.lines)).replace("%1", str(busy)))

    def _activated(self, reason: Any) -> None:
        if reason == QSystemTrayIcon.ActivationReason.Trigger:
            self.show_window_requested.emit()

    def _message_clicked(self) -> None:
        if self._last_event is not None:
            self.project_activated.emit(self._last_event.root)
