"""The Models tab: the resolution explorer.

A table of every agent as the core resolves it (``execution.resolve_execution``), the selected
agent's trace, and what-if controls — runtime, profile, attempt number, effort override and the
unsaved Settings draft — applied to a *copy*: the table then shows before → after for every
agent that changes. Nothing is written to the project.

How the draft is applied (adapter, since ``load_config`` reads files): the project's config
files (project, workstream, ``defaults.json``) are copied into a temporary folder, the draft's
file is replaced there by the draft result, and ``load_config`` runs on that copy — so the
what-if uses exactly the loader's merge rules (D1 included). File names in the result are
mapped back to the real ones.

Recomputing is cheap (~2.3 ms for every agent of a demo project, measured; the first run in
a process pays ~10 ms of imports), so it stays on the GUI thread. It is not free either: the
project as it is on disk is loaded and resolved again only when a file changed; a what-if
change resolves the copy only; and nothing is redone when neither changed since the last time
(showing the tab again, a repeated signal).

"Copy as JSON" copies what ``msd resolve-model <agent>`` prints for the project as it is on
disk, built by the command module's own payload builder (``commands.resolve``).
"""

from __future__ import annotations

import dataclasses
import functools
import itertools
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QItemSelection, Qt, QTimer, Signal
from PySide6.QtGui import (
    QFontMetrics,
    QGuiApplication,
    QKeySequence,
    QPalette,
    QShortcut,
    QShowEvent,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QSizePolicy,
    QSpinBox,
    QSplitter,
    QStyle,
    QTabWidget,
    QVBoxLayout,
    QWidget,
)
from shiboken6 import isValid

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.config.draft import ConfigDraft, draft_for
from msd_desktop.core.config.store import LoadedConfig, load_config
from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.models.config_input import config_load_warnings, input_from_loaded
from msd_desktop.core.models.execution import EFFORT_LEVELS
from msd_desktop.core.models.ladder import WhatIf, build_ladders
from msd_desktop.core.models.resolution import ResolutionInput, active_runtime_source
from msd_desktop.core.workspace.registry import ProjectRef
from msd_desktop.ui.models.layer_names import (
    config_reason_text,
    config_source_text,
    layer_title,
    on_off,
    runtime_rung_text,
    tier_origin,
)
from msd_desktop.ui.models.resolution_model import (
    COL_AGENT,
    COL_FLAGS,
    COL_LAYER,
    COL_MODEL,
    COL_PHASE,
    COL_ROUTING,
    COLUMNS,
    AgentRole,
    ResolutionTableModel,
    ResultRole,
    changed_count,
    compute_rows,
    model_text,
    with_after,
)
from msd_desktop.ui.models.routing_diagram import RoutingDiagramPanel
from msd_desktop.ui.models.runtime_grid_panel import RuntimeGridPanel
from msd_desktop.ui.models.table_fit import EmptyHint, FittedTable, fit_widths
from msd_desktop.ui.models.trace_model import COL_FILE as TRACE_FILE
from msd_desktop.ui.models.trace_model import COL_LAYER as TRACE_LAYER
from msd_desktop.ui.models.trace_model import COL_VALUE as TRACE_VALUE
from msd_desktop.ui.models.trace_model import COL_WHY as TRACE_WHY
from msd_desktop.ui.models.trace_model import TraceTableModel
from msd_desktop.ui.widgets.core_text import core_lines, core_text
from msd_desktop.ui.widgets.plain_text import (
    escape_html,
    plain_label,
    tooltip,
    visible,
    visible_lines,
)
from msd_desktop.ui.widgets.theme import semantic_color

PROFILES = ("quality", "balanced", "budget", "adaptive", "inherit")
AS_CONFIGURED = object()


# ---- the draft applied to a copy ------------------------------------------------------------


def loaded_with_draft(
    loaded: LoadedConfig, env: Mapping[str, str], draft: ConfigDraft
) -> LoadedConfig:
    """``load_config`` of the same project as if the draft's file held the draft's contents
    (computed in memory: nothing is copied or written)."""
    return load_config(Path(loaded.root), env, workstream=loaded.workstream,
                       drafts={draft.path: draft.result_data()})


def with_overrides(inp: ResolutionInput, runtime: Any, profile: Any) -> ResolutionInput:
    """A copy of ``inp`` whose config has the what-if runtime / profile."""
    if runtime is AS_CONFIGURED and profile is AS_CONFIGURED:
        return inp
    config = dict(inp.config)
    if runtime is not AS_CONFIGURED:
        config["runtime"] = runtime
    if profile is not AS_CONFIGURED:
        config["model_profile"] = profile
    warnings = inp.load_warnings
    if inp.provenance.get("config_source") in ("workstream", "root"):
        warnings = tuple(config_load_warnings(config))
    return _replace(inp, config=config, load_warnings=warnings)


def _replace(inp: ResolutionInput, **changes: Any) -> ResolutionInput:
    """A changed copy (the core's input is a NamedTuple now; a dataclass earlier)."""
    if hasattr(inp, "_replace"):
        return inp._replace(**changes)
    return dataclasses.replace(inp, **changes)  # type: ignore[type-var]


# ---- the panel ------------------------------------------------------------------------------


COMBO_MIN_WIDTH = 100  # px; the what-if combos shrink to this in a narrow window
COPY_JSON_KEYS = "Ctrl+Shift+C"  # Copy as JSON, anywhere in the tab
LAYER_FLOOR = 100  # px: layer names, flags and reasons elide first, down to this
AGENT_FLOOR = 130  # px: then the agent names (in the middle)
SHRINK_FLOOR = 60  # px: then the layer names further, then the phase type and routing tier
TRACE_LAYER_FLOOR = 170  # px: the trace's layer names
TRACE_WHY_FLOOR = 160  # px: the trace's reasons
LAST_FLOOR = 40  # px: in a very narrow window, every column but the model


class ModelsPanel(QWidget):
    """Table of agents + trace of the selected one + what-if controls."""

    recomputed = Signal()
    copied = Signal(str)
    # the what-if's settings ([(key, value)], a name for the undo step): the window stages
    # them in this project's Settings draft as one undo step (this area has no Settings)
    apply_to_settings = Signal(list, str)

    def __init__(
        self, project: ProjectRef, env: Mapping[str, str] | None = None,
        parent: QWidget | None = None,
    ) -> None:
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
        self._build()
        self.recompute()

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(6, 6, 6, 6)
        bar = QHBoxLayout()
        title = QLabel(self.tr("What if"))
        font = title.font()
        font.setBold(True)
        title.setFont(font)
        bar.addWidget(title)
        cat = load_catalog()
        self.runtime_combo = QComboBox()
        self.runtime_combo.addItem(self.tr("runtime: as configured"), AS_CONFIGURED)
        for runtime in cat.known_runtimes:
            self.runtime_combo.addItem(self.tr("runtime: {0}").format(runtime), runtime)
        self.profile_combo = QComboBox()
        self.profile_combo.addItem(self.tr("profile: as configured"), AS_CONFIGURED)
        for profile in PROFILES:
            self.profile_combo.addItem(self.tr("profile: {0}").format(profile), profile)
        self.attempt_spin = QSpinBox()
        self.attempt_spin.setRange(0, 20)
        self.attempt_spin.setPrefix(self.tr("attempt: "))
        self.attempt_spin.setSpecialValueText(self.tr("attempt: none"))
        self.effort_combo = QComboBox()
        self.effort_combo.addItem(self.tr("effort: no override"), None)
        for level in EFFORT_LEVELS:
            self.effort_combo.addItem(self.tr("effort: {0}").format(level), level)
        self.draft_check = QCheckBox(self.tr("Apply unsaved Settings &draft"))
        self.reset_button = QPushButton(self.tr("Re&set"))
        self.apply_button = QPushButton(self.tr("Appl&y to settings"))
        self.apply_button.setObjectName("ApplyWhatIfButton")
        self.apply_button.setEnabled(False)
        self.apply_button.clicked.connect(self.apply_whatif_to_settings)
        for combo in (self.runtime_combo, self.profile_combo, self.effort_combo):
            # as wide as every item when there is room (no clipped "as configu…"), yet able to
            # shrink: this tab's minimum width must not force a narrow window wider
            combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
            combo.setMinimumWidth(COMBO_MIN_WIDTH)
        for widget in (self.runtime_combo, self.profile_combo):
            bar.addWidget(widget)
        bar.addStretch(1)
        layout.addLayout(bar)
        bar = QHBoxLayout()  # a second row: three combos side by side clip in a narrow window
        bar.addWidget(self.effort_combo)
        bar.addWidget(self.attempt_spin)
        bar.addWidget(self.draft_check)
        bar.addWidget(self.reset_button)
        bar.addStretch(1)
        layout.addLayout(bar)
        self.summary_label = plain_label(QLabel())  # a long summary wraps
        self.summary_label.setWordWrap(True)
        # under the what-if it applies, beside what it says: both rows above are full in a
        # narrow window (in Portuguese the combos and the button were cut there)
        bar = QHBoxLayout()
        bar.addWidget(self.summary_label, 1)
        bar.addStretch(0)  # (the room when there is no summary: the button keeps its size)
        self.apply_button.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        bar.addWidget(self.apply_button, 0, Qt.AlignmentFlag.AlignTop)
        layout.addLayout(bar)
        self.runtime_combo.currentIndexChanged.connect(self._schedule)
        self.profile_combo.currentIndexChanged.connect(self._schedule)
        self.attempt_spin.valueChanged.connect(self._schedule)
        self.effort_combo.currentIndexChanged.connect(self._schedule)
        self.draft_check.toggled.connect(self._schedule)
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
        # Widths are set once per recompute from the model's cached texts (_size_columns):
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
        """Tooltips (with their keys) and accessible names, in the window's language."""
        key = QKeySequence(COPY_JSON_KEYS).toString(QKeySequence.SequenceFormat.NativeText)
        self.runtime_combo.setToolTip(self.tr("Resolve as if config.json named this runtime "
                                              "(Alt+U)"))
        self.profile_combo.setToolTip(self.tr("Resolve as if config.json named this model "
                                              "profile (Alt+P)"))
        self.effort_combo.setToolTip(self.tr("Resolve as if the agent were started with "
                                             "--effort (ignored with an attempt number, as "
                                             "upstream) (Alt+O)"))
        self.attempt_spin.setToolTip(self.tr("Retry attempt number: dynamic routing escalates "
                                             "the tier and effort on failed attempts (Alt+A)"))
        self.draft_check.setToolTip(self.tr("Resolve with the Settings tab's unsaved edits, on "
                                            "a copy: nothing is written (Alt+D)"))
        self.reset_button.setToolTip(self.tr("Back to the project as it is on disk (Alt+S)"))
        self.apply_button.setToolTip(self.tr(
            "Put the what-if's runtime and profile into this project's Settings draft as one "
            "undo step; nothing is written until you save (Alt+Y). Effort and attempt are not "
            "settings: they stay here"))
        self.copy_button.setToolTip(self.tr("Copy what “msd resolve-model <agent>” prints for "
                                            "the selected agent, for the project as it is on "
                                            "disk ({0})").format(key))
        names = (
            (self.runtime_combo, self.tr("What-if runtime")),
            (self.profile_combo, self.tr("What-if model profile")),
            (self.effort_combo, self.tr("What-if effort override")),
            (self.attempt_spin, self.tr("What-if retry attempt number")),
            (self.draft_check, self.tr("Apply the unsaved Settings draft")),
            (self.reset_button, self.tr("Reset the what-if")),
            (self.apply_button, self.tr("Apply the what-if to the settings")),
            (self.copy_button, self.tr("Copy the selected agent's resolution as JSON")),
            (self.table, self.tr("Agents and their resolved models")),
            (self.trace, self.tr("Trace of the selected agent")),
            (self.bottom_tabs, self.tr("Routing of the selected agent")),
        )
        for widget, name in names:
            widget.setAccessibleName(name)
        self.attempt_spin.lineEdit().setAccessibleName(self.tr("What-if retry attempt number"))
        self.runtime_combo.setAccessibleDescription(self.runtime_combo.toolTip())
        self.profile_combo.setAccessibleDescription(self.profile_combo.toolTip())
        self.effort_combo.setAccessibleDescription(self.effort_combo.toolTip())
        self.attempt_spin.setAccessibleDescription(self.attempt_spin.toolTip())
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
        return (
            self.runtime_combo.currentData() is not AS_CONFIGURED
            or self.profile_combo.currentData() is not AS_CONFIGURED
            or self.attempt_spin.value() > 0
            or self.effort_combo.currentData() is not None
            or (self.draft_check.isChecked() and self._draft() is not None)
        )

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
        for widget in (self.runtime_combo, self.profile_combo, self.effort_combo):
            widget.blockSignals(True)
            widget.setCurrentIndex(0)
            widget.blockSignals(False)
        self.attempt_spin.blockSignals(True)
        self.attempt_spin.setValue(0)
        self.attempt_spin.blockSignals(False)
        self.draft_check.blockSignals(True)
        self.draft_check.setChecked(False)
        self.draft_check.blockSignals(False)
        self.recompute(reload=self._base_stale)

    def whatif_settings(self) -> list[tuple[str, Any]]:
        """The settings the what-if stands for: its runtime and model profile (effort and
        attempt are per-run, not settings)."""
        out: list[tuple[str, Any]] = []
        runtime, profile = self.runtime_combo.currentData(), self.profile_combo.currentData()
        if runtime is not AS_CONFIGURED:
            out.append(("runtime", runtime))
        if profile is not AS_CONFIGURED:
            out.append(("model_profile", profile))
        return out

    def apply_whatif_to_settings(self) -> None:
        """Hand the what-if's settings to the window (one undo step in the Settings draft);
        the what-if then reads that draft, so the table keeps showing the same."""
        changes = self.whatif_settings()
        if not changes:
            return
        words = ", ".join(f"{key} = {value}" for key, value in changes)
        self.apply_to_settings.emit(changes, self.tr("apply the what-if (%1)").replace(
            "%1", words))

    def whatif_applied(self) -> None:
        """The window staged the what-if: show it through the draft from now on."""
        for widget in (self.runtime_combo, self.profile_combo):
            widget.blockSignals(True)
            widget.setCurrentIndex(0)
            widget.blockSignals(False)
        self.draft_check.blockSignals(True)
        self.draft_check.setChecked(True)
        self.draft_check.blockSignals(False)
        self.recompute(reload=self._base_stale)

    def _whatif_context(self, inp: ResolutionInput, draft: bool, attempt: int | None
                        ) -> WhatIf:
        """What the what-if changed, so the trace and the diagram credit it (not a file)."""
        assert self.base_input is not None
        runtime = self.runtime_combo.currentData()
        profile = self.profile_combo.currentData()
        return WhatIf(
            base_config=self.base_input.config,
            config=inp.config,
            runtime=None if runtime is AS_CONFIGURED else str(runtime),
            profile=None if profile is AS_CONFIGURED else str(profile),
            effort=self.effort_combo.currentData(),
            attempt=attempt,
            draft=draft,
        )

    def _configured_words(self, config: Mapping[str, Any], *, in_sentence: bool = False
                          ) -> tuple[str, str]:
        """(runtime, profile) as a config names them, or the defaults that apply (worded for
        a combo item, or for the middle of a sentence)."""
        runtime = config.get("runtime")
        profile = config.get("model_profile")
        if in_sentence:
            default_runtime, default_profile = (self.tr("claude by default"),
                                                self.tr("balanced by default"))
        else:
            default_runtime, default_profile = (self.tr("claude, the default"),
                                                self.tr("balanced, the default"))
        runtime_text = (visible(runtime, limit=60) if isinstance(runtime, str) and runtime
                        else default_runtime)
        profile_text = (visible(profile, limit=60) if isinstance(profile, str) and profile
                        else default_profile)
        return runtime_text, profile_text

    def _show_configured(self) -> None:
        """The "as configured" choices say what is configured (runtime, profile)."""
        if self.base_input is None:
            return
        runtime_text, profile_text = self._configured_words(self.base_input.config)
        self.runtime_combo.setItemText(
            0, self.tr("runtime: as configured ({0})").format(runtime_text))
        self.profile_combo.setItemText(
            0, self.tr("profile: as configured ({0})").format(profile_text))

    def _schedule(self, *_args: Any) -> None:
        self._timer.start()

    # ---- computing --------------------------------------------------------------------------

    def _whatif_key(self) -> tuple[Any, ...]:
        draft = self._draft() if self.draft_check.isChecked() else None
        return (self.runtime_combo.currentData(), self.profile_combo.currentData(),
                self.attempt_spin.value(), self.effort_combo.currentData(),
                id(draft) if draft is not None else None,
                self._draft_version if draft is not None else None)

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
        self._show_configured()
        note = ""
        if self.whatif_active():
            inp = self.base_input
            draft = self._draft() if self.draft_check.isChecked() else None
            if draft is not None:
                copy = loaded_with_draft(self.loaded, self.env, draft)
                inp = input_from_loaded(copy, self.env)
                self._whatif_loaded = copy
                note = self.tr(" · draft applied")
            inp = with_overrides(inp, self.runtime_combo.currentData(),
                                 self.profile_combo.currentData())
            attempt = self.attempt_spin.value() or None
            after = compute_rows(inp, [r.agent for r in before],
                                 effort=self.effort_combo.currentData(), attempt=attempt)
            self.whatif_input = inp
            self.whatif = self._whatif_context(inp, draft is not None, attempt)
        rows = with_after(before, after)
        self.table_model.set_rows(rows, whatif=after is not None)
        self._size_columns()
        self.summary_label.setText(self.tr("What-if: {0}").format(self._changes(rows)) + note
                                   if after is not None else "")
        self.summary_label.setHidden(after is None)  # no empty row under the controls
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

    def _size_columns(self) -> None:
        """Columns fit their contents and the last one takes the spare width. The Flags
        column is shown only when some agent has a flag (an empty column stretched across
        the table reads as missing data); without it, the Layer column stretches.

        Widths come from font metrics over the model's cached cell texts (bold for changed
        rows) — one pass per recompute instead of the view asking data() per layout."""
        model = self.table_model
        has_flags = any(v.flags for v in model.views)
        self.table.setColumnHidden(COL_FLAGS, not has_flags)
        header = self.table.horizontalHeader()
        plain = self.table.fontMetrics()
        bold = QFontMetrics(model.bold_font())
        # the item delegate's horizontal text margins: painting takes the focus-frame margin
        # off each side twice (the item's text rect, then the text inside it), so a width
        # with the margin counted once elided bold what-if cells ("haiku → …")
        margin = 4 * (self.table.style().pixelMetric(QStyle.PixelMetric.PM_FocusFrameHMargin,
                                                     None, self.table) + 1)
        widths = [header.sectionSizeHint(col) for col in range(len(COLUMNS))]
        measured: dict[tuple[bool, str], int] = {}  # cells repeat (tiers, efforts, on/off)
        for view in model.views:
            fm = bold if view.changed else plain
            for col, text in enumerate(view.cells):
                if text:
                    w = measured.get((view.changed, text))
                    if w is None:
                        w = measured[(view.changed, text)] = fm.horizontalAdvance(text) + margin
                    if w > widths[col]:
                        widths[col] = w
        self._agent_widths = widths
        self._fit_agent_columns()

    def _fit_agent_columns(self) -> None:
        """The natural widths, or — when they do not fit the table — the agent, layer and
        flags columns elided (in the middle; the tooltip has the full text), never the model."""
        widths = list(getattr(self, "_agent_widths", []))
        if not widths:
            return
        shown = [c for c in range(len(widths)) if not self.table.isColumnHidden(c)]
        position = {c: i for i, c in enumerate(shown)}

        def cols(*columns: int) -> list[int]:
            return [position[c] for c in columns if c in position]

        others = [c for c in shown if c != COL_MODEL]
        fitted = fit_widths([widths[c] for c in shown], self.table.viewport().width(), (
            (cols(COL_LAYER, COL_FLAGS), LAYER_FLOOR),
            (cols(COL_AGENT), AGENT_FLOOR),
            (cols(COL_LAYER, COL_FLAGS), SHRINK_FLOOR),
            (cols(COL_PHASE, COL_ROUTING), SHRINK_FLOOR),
            (cols(*others), LAST_FLOOR),  # the model ids never elide
        ))
        header = self.table.horizontalHeader()
        for col, width in zip(shown, fitted, strict=True):
            header.resizeSection(col, width)

    def _fit_trace_columns(self) -> None:
        """The trace's columns at their content width while they fit; else the reason, the
        value, the file and the layer name elide (each has its full text in the tooltip)."""
        model = self.trace_model
        header = self.trace.horizontalHeader()
        count = model.columnCount()
        widths = [max(header.sectionSizeHint(c), self.trace.sizeHintForColumn(c))
                  for c in range(count)]
        self._trace_widths = widths  # for a look in a debugger or a test
        fitted = fit_widths(widths, self.trace.viewport().width(), (
            ([TRACE_LAYER], TRACE_LAYER_FLOOR),  # the layer id is in the tooltip
            ([TRACE_FILE], LAYER_FLOOR),  # the full path is in the tooltip
            ([TRACE_WHY], TRACE_WHY_FLOOR),  # the reason: what people read the trace for
            ([TRACE_WHY, TRACE_VALUE, TRACE_FILE, TRACE_LAYER], SHRINK_FLOOR),
            (list(range(count)), LAST_FLOOR),
        ))
        for col, width in enumerate(fitted):
            header.resizeSection(col, width)

    def _show_source(self) -> None:
        """Where the settings came from, in words (the ids are in the tooltip)."""
        loaded = self.loaded
        if loaded is None:
            return
        where = config_source_text(loaded.source, visible(loaded.workstream or "", limit=200))
        why = config_reason_text(loaded.reason)
        text = (self.tr("Settings read from {0}: {1}.").format(where, why) if why
                else self.tr("Settings read from {0}.").format(where))
        if loaded.degraded:
            text = self.tr("⚠ Partly read: {0}").format(text)
        if loaded.diagnostics:
            text += " " + self.tr("From the file check: {0}").format(
                core_lines(list(loaded.diagnostics)))
        if self.base_input is not None and loaded.values.get("resolve_model_ids") == "omit":
            # §5.6: only the omit gate asks which runtime is active; say which rung decided
            runtime, rung, marker = active_runtime_source(self.base_input)
            rung_text = runtime_rung_text(rung)
            if marker:
                rung_text = self.tr("{0} {1}").format(rung_text, marker)
            text += " · " + self.tr("omit gate: active runtime {0} ({1})").format(
                runtime, rung_text)
            if rung == "default" and self.base_input.install_marker is not None:
                for warning in self.base_input.install_marker.warnings:  # e.g. two runtimes
                    text += f" ⚠ {core_text(warning)}"
        self.source_label.setText(visible_lines(text))
        self.source_label.setToolTip(tooltip(self.tr("Config source id: {0}; reason id: {1}")
                                             .format(loaded.source, loaded.reason)))

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
        mr = res.model_resolution
        shown = self.whatif_input if self.table_model.whatif else self.base_input
        runtime_text, profile_text = self._configured_words(
            shown.config if shown is not None else {}, in_sentence=True)
        which = (self.tr("with the what-if (runtime {0}, profile {1})")
                 if self.table_model.whatif
                 else self.tr("as configured (runtime {0}, profile {1})")).format(
                     runtime_text, profile_text)
        fast_layer = res.fast_mode_resolution.layer
        effort_layer = res.effort_resolution.layer

        tier = ("; " + tier_origin(visible(mr.tier, limit=100), mr.tier_source,
                                   visible(js_string(res.profile), limit=100))) if mr.tier else ""
        parts = (visible(agent, limit=300), which, visible(model_text(res.model), limit=300),
                 layer_title("model", res.layer), tier, visible(js_string(res.effort), limit=100),
                 layer_title("effort", effort_layer), on_off(res.fast_mode),
                 layer_title("fast_mode", fast_layer))
        self.trace_title.setTextFormat(Qt.TextFormat.RichText)  # markup ours, values escaped
        self.trace_title.setText(self.tr(
            "<b>{0}</b>, {1}: model <b>{2}</b> from {3}{4}; effort <b>{5}</b> from {6}; "
            "fast mode <b>{7}</b> from {8}").format(*(escape_html(p) for p in parts)))
        self.trace_title.setToolTip(tooltip("\n".join((
            self.tr("{0}, {1}: model {2} from {3}{4}; effort {5} from {6}; fast mode {7} "
                    "from {8}").format(*parts),
            self.tr("Layer ids: model {0}, effort {1}, fast mode {2}").format(
                visible(res.layer), visible(effort_layer), visible(fast_layer)),
        ))))
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

    def showEvent(self, event: QShowEvent) -> None:
        super().showEvent(event)
        # a draft started in the Settings tab since this tab was last shown: before → after
        if self._base_stale or self._grid_key != self._draft_key():
            self._schedule()


def create_tab(project: ProjectRef) -> QWidget:
    """The Models tab for ``project`` (the main window's tab factory)."""
    return ModelsPanel(project)


def whatif_file_words(whatif: WhatIf | None) -> tuple[str, ...]:
    """The active what-if in a few file-name words (``codex``, ``quality``, ``attempt2``,
    ``effort-high``, ``draft``): an exported diagram's name says what it shows."""
    if whatif is None:
        return ()
    words = [w for w in (whatif.runtime, whatif.profile) if w]
    if whatif.attempt:
        words.append(f"attempt{whatif.attempt}")
    if whatif.effort:
        words.append(f"effort-{whatif.effort}")
    if whatif.draft:
        words.append("draft")
    return tuple(words) or ("on",)
