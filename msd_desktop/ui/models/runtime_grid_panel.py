"""The Models tab's runtime grid: which runtime is active and why, every agent under every
runtime, and a banner when an install's agent files are stale.

The report (``core/models/routing_report``) reads the installs' agent files, one per agent and
install, so it is built off the GUI thread (``run_op``); the last good grid stays on screen
while a new one is built. The stale banner's "Open a terminal here with it" puts the refresh
command on the clipboard and opens a terminal in the project folder (the program chosen with
Edit → Preferences' terminal program, else ``$TERMINAL``, else the platform's), ready to paste:
nothing is run for the person.
"""

from __future__ import annotations

import shutil
import sys
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QSettings, Qt, Signal
from PySide6.QtGui import QGuiApplication
from PySide6.QtWidgets import (
    QAbstractItemView,
    QFrame,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.models.install_drift import STALE
from msd_desktop.core.models.routing import DECIDED, EMPTY, ActiveRuntime
from msd_desktop.core.models.routing_report import RoutingReport
from msd_desktop.ui.models.layer_names import runtime_rung_text
from msd_desktop.ui.models.runtime_grid_model import RuntimeGridModel
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import plain_label, visible
from msd_desktop.ui.widgets.theme import banner_style, semantic_color

TERMINAL_SETTING = "terminal/program"  # the one Edit → Preferences sets
translate = QCoreApplication.translate
Builder = Callable[[], RoutingReport | tuple[RoutingReport, RoutingReport | None]]


def launch_detached(argv: list[str], cwd: Path) -> bool:
    """Start ``argv`` detached in ``cwd`` (the one call a test replaces)."""
    from PySide6.QtCore import QProcess

    ok, _pid = QProcess.startDetached(argv[0], argv[1:], str(cwd))
    return bool(ok)


class RuntimeGridPanel(QWidget):
    """Active-runtime strip + agents × runtimes grid; owns the stale banner the tab places."""

    loaded = Signal()
    copied = Signal(str)
    terminal_opened = Signal(list)
    failed = Signal(str)

    def __init__(self, root: Path, env: Mapping[str, str],
                 parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.root = Path(root)
        self.env = dict(env)
        self.model = RuntimeGridModel(self)
        self.report: RoutingReport | None = None
        self._generation = 0
        self._build()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 4, 0, 0)
        self.strip = plain_label(QLabel())
        self.strip.setWordWrap(True)
        self.strip.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        layout.addWidget(self.strip)
        self.warnings_label = plain_label(QLabel())
        self.warnings_label.setWordWrap(True)
        palette = self.warnings_label.palette()
        palette.setColor(self.warnings_label.foregroundRole(), semantic_color("warning"))
        self.warnings_label.setPalette(palette)
        self.warnings_label.hide()
        layout.addWidget(self.warnings_label)
        self.table = QTableView()
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectItems)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        # the runtimes share the width (a cell elides, its tooltip has the whole text): no
        # sideways scrolling in a 1024-pixel window
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
        self.table.horizontalHeader().setMinimumSectionSize(60)
        self.table.setAlternatingRowColors(True)
        self.table.verticalHeader().setDefaultSectionSize(self.fontMetrics().height() + 8)
        layout.addWidget(self.table, 1)

        self.banner = QFrame()
        self.banner.setObjectName("banner")
        self.banner.setStyleSheet(banner_style("warning"))
        row = QHBoxLayout(self.banner)
        row.setContentsMargins(8, 4, 8, 4)
        self.banner_label = plain_label(QLabel())
        self.banner_label.setWordWrap(True)
        self.banner_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        row.addWidget(self.banner_label, 1)
        self.copy_button = QPushButton(self.tr("Copy command"))
        self.terminal_button = QPushButton(self.tr("Open a terminal here with it"))
        row.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignTop)
        row.addWidget(self.terminal_button, 0, Qt.AlignmentFlag.AlignTop)
        self.copy_button.clicked.connect(self.copy_commands)
        self.terminal_button.clicked.connect(self.open_terminal)
        self.banner.hide()
        self._describe()

    def _describe(self) -> None:
        self.table.setAccessibleName(self.tr("Every agent under every runtime"))
        self.table.setAccessibleDescription(self.tr(
            "One row per agent, one column per runtime: the model and effort config resolves "
            "to when that runtime runs, marked where an install is stale"))
        self.strip.setAccessibleName(self.tr("Which runtime is active, and why"))
        self.banner.setAccessibleName(self.tr("Stale installs"))
        self.banner_label.setAccessibleName(self.tr("Stale installs"))
        self.copy_button.setAccessibleName(self.tr("Copy the refresh command"))
        self.copy_button.setToolTip(self.tr("Copy the command that refreshes the stale "
                                            "installs"))
        self.terminal_button.setAccessibleName(self.tr("Open a terminal with the refresh "
                                                       "command"))
        self.terminal_button.setToolTip(self.tr(
            "Copy the refresh command and open a terminal in the project folder, ready to "
            "paste it"))
        self.copy_button.setAccessibleDescription(self.copy_button.toolTip())
        self.terminal_button.setAccessibleDescription(self.terminal_button.toolTip())

    # -- loading

    def refresh(self, builder: Builder | None = None) -> None:
        """Build the report off the GUI thread (``builder``: instead of the project on disk)."""
        from msd_desktop.core.models.routing_report import routing_report
        from msd_desktop.ui.widgets.workers import run_op

        self._generation += 1
        generation = self._generation
        root, env = self.root, dict(self.env)
        work = builder or (lambda: routing_report(root, env))
        run_op(work, name="routing", owner=self, timeout_s=60,
               on_finished=lambda result: self._arrived(generation, result),
               on_failed=lambda exc: self._broke(generation, exc))

    def _arrived(self, generation: int, result: Any) -> None:
        if generation != self._generation:
            return  # a newer request is on its way
        report, after = (result, None) if isinstance(result, RoutingReport) else result
        self.show_report(report, after)

    def _broke(self, generation: int, exc: BaseException) -> None:
        if generation != self._generation:
            return
        self.failed.emit(core_text(exc))
        self.strip.setText(self.tr("The runtime grid could not be built: {reason}").format(
            reason=visible(core_text(exc), 400)))
        self.loaded.emit()

    def show_report(self, report: RoutingReport, after: RoutingReport | None = None) -> None:
        """Show a report (the GUI-thread half; tests call it directly too)."""
        self.report = report
        self.model.set_report(report, after)
        self.strip.setText(rung_lines(report.active))
        warnings = [visible(core_text(w), 600) for w in report.active.warnings]
        self.warnings_label.setText("\n".join(warnings))
        self.warnings_label.setVisible(bool(warnings))
        self.banner_label.setText(self.banner_text(report, after))
        self.banner.setVisible(bool(report.stale) or bool(after is not None and after.stale))
        header = self.table.horizontalHeader()
        if self.model.columnCount():
            header.setSectionResizeMode(0, QHeaderView.ResizeMode.ResizeToContents)
        self.loaded.emit()

    def banner_text(self, report: RoutingReport, after: RoutingReport | None) -> str:
        """One sentence per stale install (and per install the save will make stale)."""
        lines = []
        for drift in report.stale:
            n = drift.count(STALE)
            text = self.tr("%n agent file(s) of the {runtime} install at {where} are stale: "
                           "the runtime runs what they bake, not what config says now. "
                           "Refresh with: {command}", "", n)
            lines.append(text.format(runtime=drift.install.runtime, command=drift.command,
                                     where=visible(drift.install.directory, 300)))
        now = {d.install.directory for d in report.stale}
        for drift in after.stale if after is not None else ():
            if drift.install.directory in now:
                continue
            n = drift.count(STALE)
            text = self.tr("Saving the Settings edits will make %n agent file(s) of the "
                           "{runtime} install at {where} stale. Refresh after saving with: "
                           "{command}", "", n)
            lines.append(text.format(runtime=drift.install.runtime, command=drift.command,
                                     where=visible(drift.install.directory, 300)))
        return "\n".join(lines)

    # -- actions

    def commands(self) -> list[str]:
        """The refresh command of each stale install (now, or after the save)."""
        stale = list(self.report.stale) if self.report is not None else []
        after = self.model.after
        if after is not None:
            stale += [d for d in after.stale if d.command not in {s.command for s in stale}]
        return list(dict.fromkeys(d.command for d in stale))

    def copy_commands(self) -> None:
        text = "\n".join(self.commands())
        if not text:
            return
        QGuiApplication.clipboard().setText(text)
        self.copied.emit(text)

    def open_terminal(self) -> None:
        from msd_desktop.core.state.next_command import terminal_argv

        self.copy_commands()
        path = self.env.get("PATH")
        configured = str(QSettings().value(TERMINAL_SETTING, "") or "") or None
        try:
            argv = terminal_argv(self.root, platform=sys.platform, configured=configured,
                                 env=self.env,
                                 which=lambda name: shutil.which(name, path=path))
        except MsdError as exc:
            self.failed.emit(core_text(exc))
            return
        if launch_detached(argv, self.root):
            self.terminal_opened.emit(argv)
        else:
            self.failed.emit(self.tr("The terminal program {program} could not be "
                                     "started.").format(program=argv[0]))


def rung_lines(active: ActiveRuntime) -> str:
    """The strip: the active runtime, then each rung with its value and state."""
    head = translate("RuntimeGridPanel", "Active runtime: {runtime}, decided by the {rung}.")
    lines = [head.format(runtime=active.runtime, rung=runtime_rung_text(active.rung))]
    rungs: list[str] = []
    for rung in active.rungs:
        values = {"rung": runtime_rung_text(rung.rung), "runtime": rung.runtime,
                  "where": visible(rung.source, 300) if rung.source else ""}
        if rung.state == EMPTY:
            text = translate("RuntimeGridPanel", "{rung}: not set")
        elif rung.state == DECIDED:
            text = (translate("RuntimeGridPanel", "{rung}: {runtime}, decided ({where})")
                    if values["where"] else
                    translate("RuntimeGridPanel", "{rung}: {runtime}, decided"))
        else:
            text = (translate("RuntimeGridPanel", "{rung}: {runtime}, shadowed ({where})")
                    if values["where"] else
                    translate("RuntimeGridPanel", "{rung}: {runtime}, shadowed"))
        rungs.append(text.format(**values))
    # one line per idea: the answer, then the rungs (wrapping) so the grid keeps its room
    return "\n".join([*lines, " · ".join(rungs)])
