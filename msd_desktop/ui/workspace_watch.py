"""The window's watch on its workspaces: set up after the first paint, its health in the
status bar, and a rescan when projects appear or vanish.

One watch per workspace (a scan root or a single project folder), set up on the watcher's own
thread (:class:`~msd_desktop.ui.widgets.watch_bridge.WatchBridge`), never on the GUI thread.
A change of a project's files reaches the window as :attr:`WorkspaceWatch.files_changed`; a
project folder that appeared or vanished schedules one rescan per burst, and the rescan's
outcome ("Rescan: 6 projects (1 new, 0 gone)") is said once its summaries are in. When the
OS refuses a watch, the label says so and that workspace is polled.

Like the main window it joins an area (the browser's workspace entries) to shared pieces, so it
sits beside it, not in an area.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any

from PySide6.QtCore import QObject, QTimer, Signal
from PySide6.QtWidgets import QLabel

if TYPE_CHECKING:
    from msd_desktop.core.workspace.watcher import WatchHealth
    from msd_desktop.ui.browser.tree_model import WorkspaceEntry
    from msd_desktop.ui.widgets.first_paint import FirstPaint
    from msd_desktop.ui.widgets.watch_bridge import WatchBridge

RESCAN_DELAY_MS = 300  # projects appeared or vanished: one rescan per burst


class WorkspaceWatch(QObject):
    """Watches the browser's workspaces for the window (see the module docstring).

    ``label``: the status bar's watch label; ``first_paint``: what the set-up waits for;
    ``rescan``: the browser's rescan; ``watch``: False for a window that never watches."""

    files_changed = Signal(object)  # ChangeEvent, on the GUI thread
    health_reported = Signal()  # the watches are (re)armed: what changed meanwhile is looked for
    message_posted = Signal(str)  # a line for the status bar

    def __init__(self, label: QLabel, first_paint: FirstPaint, rescan: Callable[[], Any],
                 watch: bool = True, parent: QObject | None = None) -> None:
        super().__init__(parent)
        self.label = label
        self._first_paint = first_paint
        self._rescan = rescan
        self.pending: list[WorkspaceEntry] | None = None  # armed once the summaries are in
        self._known_roots: set[Path] = set()  # the last scan's projects (rescan feedback)
        self.rescan_reason: str | None = None
        self._health: WatchHealth | None = None  # the last report (said again on a switch)
        self._rescan_timer = QTimer(self)
        self._rescan_timer.setSingleShot(True)
        self._rescan_timer.setInterval(RESCAN_DELAY_MS)
        self._rescan_timer.timeout.connect(self._rescan_for_layout)
        self.bridge: WatchBridge | None = None
        if watch:
            from msd_desktop.ui.widgets.watch_bridge import WatchBridge

            self.bridge = WatchBridge(self)
            self.bridge.changed.connect(self.files_changed)
            self.bridge.layout_changed.connect(lambda _event: self.schedule_rescan())
            self.bridge.health_changed.connect(self._on_watch_health)
            self.bridge.start()

    def watch(self, entries: list[WorkspaceEntry]) -> None:
        """One watch per workspace, set up on the watcher's thread (never here), after the
        first paint (the first screen does not need the watcher's imports)."""
        if self._first_paint.after(lambda: self.watch(entries)):
            return
        if self.bridge is None:
            self.label.setText(self.tr("not watching"))
            return
        from msd_desktop.core.workspace.watcher import WatchSpec

        specs = []
        for entry in entries:
            if entry.error:
                continue
            roots = tuple(p.ref.root for p in entry.projects)
            single = len(roots) == 1 and Path(roots[0]) == Path(entry.path)
            specs.append(WatchSpec(Path(entry.path), roots, scan=not single))
        self.label.setText(self.tr("setting up watches…"))
        self.bridge.set_workspaces(specs)

    def watch_pending(self) -> None:
        """Arm the watches that waited for the summaries (if any)."""
        if self.pending is not None:
            entries, self.pending = self.pending, None
            self.watch(entries)

    def stop(self) -> None:
        if self.bridge is not None:
            self.bridge.stop(wait=False)  # the OS's watch teardown overlaps the exit

    def retranslate(self) -> None:
        """The label said again in the current language (after a language switch)."""
        health = self._health
        if health is not None:
            self._show_health(health)
        elif self.bridge is None:
            self.label.setText(self.tr("not watching"))
        elif self.label.text():
            self.label.setText(self.tr("setting up watches…"))

    def _on_watch_health(self, health: WatchHealth) -> None:
        self._health = health
        self._show_health(health, announce=True)
        self.health_reported.emit()

    def _show_health(self, health: WatchHealth, announce: bool = False) -> None:
        if health.degraded:
            reason = health.reason or self.tr("a watch was refused")
            self.label.setText(self.tr("⚠ {0} of {1} workspaces polled every {2:g} s").format(
                len(health.polled), len(health.polled) + len(health.watched),
                health.poll_interval_s))
            self.label.setToolTip(self.tr(
                "The system would not watch every folder ({0}). Changes there are found by "
                "checking the files every {1:g} s instead.").format(
                    reason, health.poll_interval_s))
            if announce:
                self.message_posted.emit(self.tr(
                    "Watching is limited: {0}. Changes in {1} workspace(s) show up within "
                    "{2:g} s.").format(reason, len(health.polled), health.poll_interval_s))
        else:
            self.label.setText(self.tr("watching %n project(s)", "", health.projects))
            self.label.setToolTip(self.tr(
                "Projects whose .planning/ folder is watched for changes"))

    # -- rescans

    def schedule_rescan(self) -> None:
        self._rescan_timer.start()

    def _rescan_for_layout(self) -> None:
        self.rescan_reason = ""  # filled in by report_rescan
        self._rescan()

    def report_rescan(self, roots: set[Path]) -> None:
        """Say what a rescan changed (shown once its summaries are in)."""
        before, self._known_roots = self._known_roots, set(roots)
        if self.rescan_reason is None and not before:
            return  # the first scan: nothing to compare with
        total = self.tr("%n project(s)", "", len(roots))
        new = self.tr("%n new", "", len(roots - before))
        gone = self.tr("%n gone", "", len(before - roots))
        values = {"%1": total, "%2": new, "%3": gone}  # one pass: no value is re-read
        self.rescan_reason = re.sub("%[123]", lambda m: values[m.group(0)],
                                    self.tr("Rescan: %1 (%2, %3)"))

    def take_rescan_reason(self) -> str | None:
        """What the last rescan changed, once (None after the first scan)."""
        reason, self.rescan_reason = self.rescan_reason, None
        return reason
