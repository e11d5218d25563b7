"""The Models tab: the resolution explorer.

A table of every agent as the core resolves it (``execution.resolve_execution``), the selected
agent's trace, and what-if controls — runtime, profile, attempt number, effort override and the
unsaved Settings draft — applied to a *copy*: the table then shows before → after for every
agent that changes. Nothing is written to the project.

The draft is applied by loading the settings with its contents in memory (``whatif_copy``);
the what-if controls and what they stand for are ``whatif_bar``; the tables' widths are
``column_widths``; the panel's sentences are ``resolution_text``. This module joins them and
recomputes.

Recomputing is cheap (a few milliseconds for every agent of a project), so it stays on the
GUI thread. It is not free either: the
project as it is on disk is loaded and resolved again only when a file changed; a what-if
change resolves the copy only; and nothing is redone when neither changed since the last time
(showing the tab again, a repeated signal).

"Copy as JSON" copies what ``msd resolve-model <agent>`` prints for the project as it is on
disk, built by the command module's own payload builder (``commands.resolve``).
"""

from __future__ import annotations

import functools
import itertools
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelection, Qt, QTimer, Signal
from PySide6.QtGui import QGuiApplication, QKeySequence, QPalette, QShortcut, QShowEvent
from PySide6.QtWidgets import (
    QAbstractItemView,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSplitter,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.config.draft import ConfigDraft, draft_for
from msd_desktop.core.config.store import LoadedConfig, load_config
from msd_desktop.core.models.config_input import input_from_loaded
from msd_desktop.core.models.ladder import WhatIf, build_ladders
from msd_desktop.core.models.resolution import ResolutionInput
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.models.column_widths import agent_widths, fit_agent_columns, fit_trace_columns
from msd_desktop.ui.models.resolution_model import (
    AgentRole,
    ResolutionTableModel,
    ResultRole,
    changed_count,
    compute_rows,
    with_after,
)
from msd_desktop.ui.models.resolution_text import agent_title, source_text, which_config
from msd_desktop.ui.models.routing_diagram import RoutingDiagramPanel
from msd_desktop.ui.models.runtime_grid_panel import RuntimeGridPanel
from msd_desktop.ui.models.table_fit import EmptyHint, FittedTable
from msd_desktop.ui.models.trace_model import TraceTableModel
from msd_desktop.ui.models.whatif_bar import COPY_JSON_KEYS, WhatIfBar, copy_json_key_text
from msd_desktop.ui.models.whatif_copy import (
    loaded_with_draft,
    whatif_file_words,
    with_overrides,
)
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import plain_label, visible_lines
from msd_desktop.ui.widgets.theme import semantic_color


class ModelsPanel(QWidget):
    """Table of agents + trace of the selected one + what-if controls."""

    recomputed = Signal()
    copied = Signal(str)
    # the what-if's settings ([(key, value)], a name for the undo step): the window stages
    # them in this project's Settings draft as one undo step (this area has no Settings)
    apply_to_settings = Signal(list, str)

    def __init__(
        self, project: ProjectRef, env: Mapping[str, str] | None = None,
        parent: QWidget | None = None, *, resolve: bool = True,
    ) -> None:
        """``resolve=False``: the widgets only; the project is loaded and resolved by
        :meth:`finish_build`, or when the panel is first shown, whichever comes first (a tab
        built ahead, while the window is idle, splits its work over two event-loop turns)."""
        super().__init__(parent)
        self.project = project
        self.root = Path(project.root)
        self.env = dict(os.environ if env is None else env)
        self.workstream = project.active_workstream or None
        self.loaded: LoadedConfig | None = None
        self.base_input: ResolutionInput | None = None
        self.whatif_input: ResolutionInput | None = None
        self.whatif: WhatIf | None = None  # what the shown what-if changed (for attribution)
        self._whatif_loaded: LoadedConfig | None = None  # the draft's copy, when applied
        self.table_model = ResolutionTableModel(self)  # sorts itself (see its docstring)
        self.trace_model = TraceTableModel(self)
        self._subscribed: ConfigDraft | None = None
        self._timer = QTimer(self)
        self._timer.setSingleShot(True)
        self._timer.setInterval(120)
        self._timer.timeout.connect(self._recompute_if_needed)
        self._base_stale = True  # a file changed since the project was last loaded
        self._before: list[Any] = []
        self._draft_version = 0  # bumped by every change of the subscribed draft
        self._computed: tuple[Any, ...] | None = None  # the what-if of the shown rows
        self._grid_key: tuple[Any, ...] | None = None  # the draft the runtime grid shows
        self._agent_widths: list[int] = []  # the agents' columns' natural widths
        self._resolved = False  # the project was loaded and resolved once
        self._build()
        if resolve:
            self.recompute()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        self.whatif_bar = bar = WhatIfBar(self)
        # the controls by name: the window, the shortcuts and the tests reach them here
        self.runtime_combo, self.profile_combo = bar.runtime_combo, bar.profile_combo
        self.effort_combo, self.attempt_spin = bar.effort_combo, bar.attempt_spin
        self.draft_check, self.reset_button = bar.draft_check, bar.reset_button
        self.apply_button, self.summary_label = bar.apply_button, bar.summary_label
        for row in bar.rows:
            layout.addLayout(row)
        bar.changed.connect(self._schedule)
        self.apply_button.clicked.connect(self.apply_whatif_to_settings)
        self.reset_button.clicked.connect(self.reset_whatif)

        self.source_label = plain_label(QLabel())  # diagnostics quote config.json
        self.source_label.setWordWrap(True)
        palette = self.source_label.palette()  # a palette: cheaper than a stylesheet
        palette.setColor(QPalette.ColorRole.WindowText, semantic_color("muted"))
        self.source_label.setPalette(palette)
        layout.addWidget(self.source_label)
        # every agent under every runtime; its stale-install banner sits above the tables
        self.runtime_grid = RuntimeGridPanel(self.root, self.env)
        layout.addWidget(self.runtime_grid.banner)

        splitter = QSplitter(Qt.Orientation.Vertical)
        self.table = FittedTable(self._fit_agent_columns)
        self.table.setModel(self.table_model)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(-1, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.SingleSelection)
        self.table.setWordWrap(False)  # one line per row: long names elide (full in tooltip)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.verticalHeader().setVisible(False)
        row_height = self.fontMetrics().height() + 8
        self.table.verticalHeader().setDefaultSectionSize(row_height)
        self.table.setAlternatingRowColors(True)
        header = self.table.horizontalHeader()
        # Widths are set once per recompute from the model's cached texts (column_widths):
        # ResizeToContents would re-measure every cell through data() on each layout pass.
        header.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        header.setStretchLastSection(True)
        self.table.selectionModel().selectionChanged.connect(self._selection_changed)
        self.table_hint = EmptyHint(self.table, self._table_hint_text)
        splitter.addWidget(self.table)

        bottom = QWidget()
        bl = QVBoxLayout(bottom)
        bl.setContentsMargins(0, 0, 0, 0)
        head = QHBoxLayout()
        self.trace_title = QLabel(self.tr("Select an agent to see how its model was chosen."))
        # wraps: the one-line summary of a trace is longer than a narrow window is wide
        self.trace_title.setWordWrap(True)
        self.trace_title.setMinimumWidth(120)
        self.trace_title.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        head.addWidget(self.trace_title, 1)
        self.copy_button = QPushButton(self.tr("Copy as JSON"))
        self.copy_shortcut = QShortcut(QKeySequence(COPY_JSON_KEYS), self)
        self.copy_shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
        self.copy_shortcut.activated.connect(self.copy_json)
        self.copy_button.setEnabled(False)
        self.copy_button.clicked.connect(self.copy_json)
        head.addWidget(self.copy_button, 0, Qt.AlignmentFlag.AlignTop)
        bl.addLayout(head)
        self.trace = FittedTable(self._fit_trace_columns)
        self.trace.setModel(self.trace_model)
        self.trace.verticalHeader().setVisible(False)
        self.trace.verticalHeader().setDefaultSectionSize(row_height)
        self.trace.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.trace.setWordWrap(False)
        th = self.trace.horizontalHeader()
        th.setSectionResizeMode(QHeaderView.ResizeMode.Interactive)
        th.setStretchLastSection(True)
        self.trace_model.modelReset.connect(self._fit_trace_columns)
        self.trace_hint = EmptyHint(self.trace, self._trace_hint_text)
        # the selected agent's routing: drawn (the default) or as the trace table
        self.bottom_tabs = QTabWidget()
        self.diagram = RoutingDiagramPanel()
        self.bottom_tabs.addTab(self.diagram, self.tr("&Routing diagram"))
        self.bottom_tabs.addTab(self.trace, self.tr("&Trace table"))
        self.bottom_tabs.addTab(self.runtime_grid, self.tr("Runti&mes"))
        self.bottom_tabs.setCornerWidget(self.diagram.export_bar)  # Export PNG / SVG
        bl.addWidget(self.bottom_tabs, 1)
        splitter.addWidget(bottom)
        splitter.setSizes([260, 500])  # the routing diagram gets the larger share
        layout.addWidget(splitter, 1)
        self._keyboard()
        self._describe()

    def _keyboard(self) -> None:
        """Alt+letter moves to each what-if control (no menu of the window uses these
        letters); Tab runs through the controls as they are laid out, then the table, the
        copy button and the routing views."""
        keys = ((self.runtime_combo, "Alt+U"), (self.profile_combo, "Alt+P"),
                (self.effort_combo, "Alt+O"), (self.attempt_spin, "Alt+A"),
                (self.table, "Alt+G"))
        for widget, key in keys:
            shortcut = QShortcut(QKeySequence(key), self)
            if widget is self.table:  # the others are named by their tooltips' "(Alt+…)"
                shortcut.setWhatsThis(self.tr("Go to the agents table"))
            shortcut.setContext(Qt.ShortcutContext.WidgetWithChildrenShortcut)
            shortcut.activated.connect(functools.partial(self._focus, widget))
        order = (self.runtime_combo, self.profile_combo, self.apply_button, self.effort_combo,
                 self.attempt_spin, self.draft_check, self.reset_button, self.table,
                 self.copy_button,
                 self.bottom_tabs, self.diagram.png_button, self.diagram.svg_button,
                 self.diagram.view, self.trace)
        for first, second in itertools.pairwise(order):
            QWidget.setTabOrder(first, second)

    @staticmethod
    def _focus(widget: QWidget) -> None:
        widget.setFocus(Qt.FocusReason.ShortcutFocusReason)

    def _describe(self) -> None:
        """Tooltips (with their keys) and accessible names, in the window's language (the
        what-if controls describe themselves)."""
        self.copy_button.setToolTip(self.tr("Copy what “msd resolve-model <agent>” prints for "
                                            "the selected agent, for the project as it is on "
                                            "disk ({0})").format(copy_json_key_text()))
        names = (
            (self.copy_button, self.tr("Copy the selected agent's resolution as JSON")),
            (self.table, self.tr("Agents and their resolved models")),
            (self.trace, self.tr("Trace of the selected agent")),
            (self.bottom_tabs, self.tr("Routing of the selected agent")),
        )
        for widget, name in names:
            widget.setAccessibleName(name)
        self.copy_button.setAccessibleDescription(self.copy_button.toolTip())

    def _table_hint_text(self) -> str:
        if self.loaded is None:
            return self.tr("No agents to show: this project's settings could not be loaded "
                           "(the reason is above). Fix the file and the table fills in.")
        return self.tr("No agents to show: the model catalog lists none and config.json "
                       "names none in model_overrides.")

    def _trace_hint_text(self) -> str:
        return self.tr("Select an agent in the table above to see every layer consulted for "
                       "its model, effort and fast mode.")

    # ---- what-if state ----------------------------------------------------------------------

    def whatif_active(self) -> bool:
        return self.whatif_bar.active(self.whatif_bar.draft_wanted()
                                      and self._draft() is not None)

    def _draft(self) -> ConfigDraft | None:
        entry = draft_for(self.root)
        if entry is None:
            return None
        draft = entry[1]
        if self._subscribed is not draft:
            draft.on_changed(functools.partial(self._draft_changed, draft))
            self._subscribed = draft
        return draft if draft.dirty else None

    def _draft_changed(self, draft: ConfigDraft) -> None:
        if not isValid(self):
            return  # the tab was closed; the draft outlived it
        if draft is self._subscribed:
            self._draft_version += 1
            self.draft_check.setEnabled(True)
            # the runtime grid shows before → after for unsaved edits; hidden, it catches up
            # when shown (showEvent)
            if self.draft_check.isChecked() or self.isVisible():
                self._schedule()

    def reset_whatif(self) -> None:
        self.whatif_bar.reset()
        self.recompute(reload=self._base_stale)

    def whatif_settings(self) -> list[tuple[str, Any]]:
        """The settings the what-if stands for: its runtime and model profile."""
        return self.whatif_bar.settings()

    def apply_whatif_to_settings(self) -> None:
        """Hand the what-if's settings to the window (one undo step in the Settings draft);
        the what-if then reads that draft, so the table keeps showing the same."""
        changes = self.whatif_settings()
        if changes:
            self.apply_to_settings.emit(changes, self.whatif_bar.settings_words(changes))

    def whatif_applied(self) -> None:
        """The window staged the what-if: show it through the draft from now on."""
        self.whatif_bar.staged()
        self.recompute(reload=self._base_stale)

    def _schedule(self, *_args: Any) -> None:
        self._timer.start()

    # ---- computing --------------------------------------------------------------------------

    def _whatif_key(self) -> tuple[Any, ...]:
        draft = self._draft() if self.draft_check.isChecked() else None
        return self.whatif_bar.key((id(draft) if draft is not None else None,
                                    self._draft_version if draft is not None else None))

    def _recompute_if_needed(self) -> None:
        """The timer's slot: redo only what changed (the files, the what-if), else nothing."""
        if self._base_stale or self._computed != self._whatif_key():
            self.recompute(reload=self._base_stale)
        elif self._grid_key != self._draft_key():
            self.refresh_grid()

    def recompute(self, reload: bool = True) -> None:
        """Load the config (small files), resolve every agent, and the what-if copy if any.

        ``reload=False`` keeps the project as last loaded and redoes the what-if only.
        """
        selected = self.selected_agent()
        self._resolved = True
        if reload or self.loaded is None or self.base_input is None:
            self._base_stale = False
            try:
                self.loaded = load_config(self.root, self.env, workstream=self.workstream)
            except Exception as exc:  # MsdError or not: the tab says so, the window goes on
                self.loaded = self.base_input = None
                self._computed = None
                why = (core_text(exc) if isinstance(exc, MsdError)
                       else f"{type(exc).__name__}: {exc}")
                self.source_label.setText(self.tr(
                    "This project's settings could not be loaded (from the file check): {0}"
                ).format(visible_lines(why, limit=2000)))
                self.table_model.set_rows([])
                self.table_hint.refresh()
                return
            self.base_input = input_from_loaded(self.loaded, self.env)
            self._before = compute_rows(self.base_input)
            self._grid_key = None  # the files changed: the runtime grid is built again
        assert self.loaded is not None
        assert self.base_input is not None
        before = self._before
        self._computed = self._whatif_key()
        after = None
        self.whatif_input = None
        self.whatif = None
        self._whatif_loaded = None
        self.whatif_bar.show_configured(self.base_input.config)
        note = ""
        if self.whatif_active():
            inp = self.base_input
            draft = self._draft() if self.draft_check.isChecked() else None
            if draft is not None:
                copy = loaded_with_draft(self.loaded, self.env, draft)
                inp = input_from_loaded(copy, self.env)
                self._whatif_loaded = copy
                note = self.tr(" · draft applied")
            bar = self.whatif_bar
            inp = with_overrides(inp, bar.runtime(), bar.profile())
            after = compute_rows(inp, [r.agent for r in before],
                                 effort=bar.effort(), attempt=bar.attempt())
            self.whatif_input = inp
            self.whatif = bar.context(self.base_input.config, inp.config, draft is not None)
        rows = with_after(before, after)
        self.table_model.set_rows(rows, whatif=after is not None)
        self._agent_widths = agent_widths(self.table, self.table_model)
        self._fit_agent_columns()
        self.whatif_bar.show_summary(self.tr("What-if: {0}").format(self._changes(rows)) + note
                                     if after is not None else None)
        self.apply_button.setEnabled(bool(self.whatif_settings()))
        self._show_source()
        self.draft_check.setEnabled(draft_for(self.root) is not None)
        if selected:
            self.select_agent(selected)
        if self._grid_key != self._draft_key():
            self.refresh_grid()
        self.recomputed.emit()

    def _draft_key(self) -> tuple[Any, ...]:
        draft = self._draft()
        return (id(self.loaded), id(draft) if draft is not None else None,
                self._draft_version if draft is not None else None)

    def refresh_grid(self) -> None:
        """Rebuild the runtime grid off the GUI thread; with unsaved Settings edits, also the
        grid after the save (the draft applied to a copy, as the what-if does)."""
        from msd_desktop.core.models.routing_report import (
            RoutingReport,
            report_from_input,
            routing_report,
        )

        if self.loaded is None:
            return
        self._grid_key = self._draft_key()
        root, env = self.root, dict(self.env)
        draft = self._draft()
        if draft is None:
            self.runtime_grid.refresh()
            return
        copy = loaded_with_draft(self.loaded, self.env, draft)
        after_input = input_from_loaded(copy, self.env)
        draft_path, draft_data = Path(draft.path), draft.result_data()

        def build() -> tuple[RoutingReport, RoutingReport]:
            from msd_desktop.core.config.store import load_global_defaults
            from msd_desktop.core.models.install_bake import merge_install_config

            now = routing_report(root, env)
            defaults = load_global_defaults(env)
            configs = {
                d.install.directory: merge_install_config(
                    draft_data, defaults.data if defaults.ok else None, d.project_config)
                for d in now.installs
                if d.project_config is not None and Path(d.project_config) == draft_path
            }
            return now, report_from_input(after_input, str(root), env, install_configs=configs)

        self.runtime_grid.refresh(build)

    def _changes(self, rows: list[Any]) -> str:
        n = changed_count(rows)
        return self.tr("%n agent(s) change", "", n) if n else self.tr("no agent changes")

    def _fit_agent_columns(self) -> None:
        fit_agent_columns(self.table, self._agent_widths)

    def _fit_trace_columns(self) -> None:
        self._trace_widths = fit_trace_columns(self.trace)  # for a look in a debugger or a test

    def _show_source(self) -> None:
        """Where the settings came from, in words (the ids are in the tooltip)."""
        if self.loaded is not None:
            text, tip = source_text(self.loaded, self.base_input)
            self.source_label.setText(text)
            self.source_label.setToolTip(tip)

    # ---- selection, trace, copy -------------------------------------------------------------

    def selected_agent(self) -> str | None:
        rows = self.table.selectionModel().selectedRows() if self.table.selectionModel() else []
        return str(rows[0].data(AgentRole)) if rows else None

    def select_agent(self, agent: str) -> None:
        row = self.table_model.row_of(agent)
        if row < 0:
            return
        self.table.selectRow(row)

    def _file_of(self, key: str) -> str | None:
        if self.loaded is None:
            return None
        try:
            prov = self.loaded.provenance(key)
        except Exception:
            return None
        return prov.path if prov.present else None

    def _shown_file_of(self, key: str) -> str | None:
        """The file of a key in the config shown: the draft's copy when it is applied (its
        paths are the real ones), else the project as loaded."""
        loaded = self._whatif_loaded if self.table_model.whatif else None
        if loaded is None:
            return self._file_of(key)
        try:
            prov = loaded.provenance(key)
        except Exception:
            return None
        return prov.path if prov.present else None

    def _selection_changed(self, _sel: QItemSelection, _desel: QItemSelection) -> None:
        agent = self.selected_agent()
        if agent is None:
            self.trace_model.set_result(None)
            self.diagram.clear()
            self.copy_button.setEnabled(False)
            return
        row = self.table_model.row_of(agent)
        res = self.table_model.data(self.table_model.index(row, 0), ResultRole)
        whatif = self.whatif if self.table_model.whatif else None
        self.trace_model.set_result(res, self._shown_file_of, whatif)
        self.diagram.project_name = self.project.name + (
            f"-{self.workstream}" if self.workstream else "")
        self.diagram.whatif_words = whatif_file_words(whatif)
        self.diagram.set_ladders(agent, build_ladders(res, self._shown_file_of, whatif), res)
        shown = self.whatif_input if self.table_model.whatif else self.base_input
        runtime_text, profile_text = self.whatif_bar.configured_words(
            shown.config if shown is not None else {}, in_sentence=True)
        rich, tip = agent_title(agent, res, which_config(self.table_model.whatif, runtime_text,
                                                        profile_text))
        self.trace_title.setTextFormat(Qt.TextFormat.RichText)  # markup ours, values escaped
        self.trace_title.setText(rich)
        self.trace_title.setToolTip(tip)
        self.copy_button.setEnabled(True)

    def resolve_model_json(self, agent: str) -> str:
        """What ``msd resolve-model <agent>`` prints for the project as it is on disk."""
        if self.base_input is None:
            raise MsdError("The config is not loaded.")
        from msd_desktop.core.models.payload import dumps, resolve_model_payload  # on use only

        return dumps(resolve_model_payload(self.base_input, agent))

    def copy_json(self) -> None:
        agent = self.selected_agent()
        if agent is None:
            return
        text = self.resolve_model_json(agent)
        QGuiApplication.clipboard().setText(text)
        self.copied.emit(text)

    # ---- hooks ------------------------------------------------------------------------------

    def on_files_changed(self, event: object = None) -> None:
        """Main-window hook: a file of this project changed (reloaded when next shown)."""
        self._base_stale = True
        if self.isVisible():
            self._schedule()

    def build_pending(self) -> bool:
        """The project is still to be loaded and resolved (built with ``resolve=False``)."""
        return not self._resolved

    def finish_build(self) -> None:
        """Load and resolve the project now, when that was left for later."""
        if not self._resolved:
            self.recompute()

    def showEvent(self, event: QShowEvent) -> None:
        self.finish_build()  # before the first paint: never an empty table on show
        super().showEvent(event)
        # a draft started in the Settings tab since this tab was last shown: before → after
        if self._base_stale or self._grid_key != self._draft_key():
            self._schedule()


def create_tab(project: ProjectRef, *, resolve: bool = True) -> QWidget:
    """The Models tab for ``project`` (the main window's tab factory); ``resolve=False``:
    see :class:`ModelsPanel`."""
    return ModelsPanel(project, resolve=resolve)
