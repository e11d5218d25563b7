"""The config matrix: one key across every project, drift highlighted, apply to a selection.

Why: "set ``model_profile`` to ``balanced`` in these six projects" should be one action with a
clear account of what happened, not six Settings sessions — and it must be safe: the view picks
a key, shows the core's :func:`~msd_desktop.core.config.matrix.key_matrix` through
:class:`~msd_desktop.ui.companion.matrix_model.ConfigMatrixModel`, and a bulk edit is the
core's batch (:mod:`msd_desktop.core.config.batch`): planned on the thread pool, confirmed in
:func:`~msd_desktop.ui.companion.matrix_confirm.confirm_batch` (every project, old → new),
applied on the pool (each file under its lock, against the fingerprint that was confirmed),
reported per project, and undoable as a whole with "Undo batch". The value editor comes from
the Settings form's registry (:mod:`msd_desktop.ui.widgets.editors`), so it is the same widget
as in Settings.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QSortFilterProxyModel, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config import schema as config_schema
from msd_desktop.core.config.batch import (
    BatchPlan,
    BatchReport,
    apply_batch,
    plan_batch,
    undo_batch,
)
from msd_desktop.core.config.draft import InvalidInput
from msd_desktop.core.config.matrix import ProjectEntry, key_matrix
from msd_desktop.core.config.schema import MISSING
from msd_desktop.ui.companion.matrix_confirm import confirm_batch, report_summary, show_batch_report
from msd_desktop.ui.companion.matrix_model import COL_PROJECT, ConfigMatrixModel, RootRole
from msd_desktop.ui.widgets.editors import ValueEditor, create_editor, field_spec
from msd_desktop.ui.widgets.workers import run_op


def _fill(template: str, *args: object) -> str:
    """``%1``… in one pass, so a value that itself contains ``%2`` stays as it is."""
    return re.sub(r"%(\d)", lambda m: str(args[int(m.group(1)) - 1])
                  if 0 < int(m.group(1)) <= len(args) else m.group(0), template)


class ConfigMatrixView(QWidget):
    """Key picker + table of projects + "Apply to selected"."""

    applied = Signal(object)  # BatchReport of an apply
    undone = Signal(object)  # BatchReport of an undo
    cancelled = Signal()  # the person said no to the confirmation
    loaded = Signal()

    def __init__(self, projects: Sequence[Any] = (), env: Mapping[str, str] | None = None,
                 parent: QWidget | None = None, key: str = "model_profile") -> None:
        super().__init__(parent)
        self.setObjectName("ConfigMatrixView")
        self.env = dict(os.environ if env is None else env)
        self.projects = [ProjectEntry.of(p) for p in projects]
        self.model = ConfigMatrixModel(self)
        self.proxy = QSortFilterProxyModel(self)
        self.proxy.setSourceModel(self.model)
        self.editor: ValueEditor | None = None
        self.pending: Any = MISSING
        self.last_report: BatchReport | None = None  # the apply "Undo batch" would revert
        self._busy = False
        self._build()
        self.set_key(key)

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        bar.addWidget(QLabel(self.tr("Key:")))
        self.key_combo = QComboBox()
        self.key_combo.setEditable(True)
        self.key_combo.addItems(sorted(config_schema.SCHEMA))
        self.key_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        completer = QCompleter(sorted(config_schema.SCHEMA), self)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.key_combo.setCompleter(completer)
        self.key_combo.setMinimumWidth(320)
        self.key_combo.activated.connect(lambda _i: self.set_key(self.key_combo.currentText()))
        bar.addWidget(self.key_combo)
        self.reference_label = QLabel()
        self.reference_label.setTextFormat(Qt.TextFormat.PlainText)  # defaults.json text
        bar.addWidget(self.reference_label, 1)
        layout.addLayout(bar)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setObjectName("MatrixKeyDescription")
        layout.addWidget(self.description)

        self.table = QTableView()
        self.table.setModel(self.proxy)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(COL_PROJECT, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.verticalHeader().setVisible(False)
        self.table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        self.table.horizontalHeader().setStretchLastSection(True)
        layout.addWidget(self.table, 1)

        apply_bar = QHBoxLayout()
        apply_bar.addWidget(QLabel(self.tr("New value:")))
        self.editor_slot = QHBoxLayout()
        apply_bar.addLayout(self.editor_slot, 1)
        self.select_drift_button = QPushButton(self.tr("Select differing"))
        self.select_drift_button.clicked.connect(self.select_drifting)
        apply_bar.addWidget(self.select_drift_button)
        self.apply_button = QPushButton(self.tr("Apply to selected…"))
        self.apply_button.clicked.connect(self.apply_to_selected)
        apply_bar.addWidget(self.apply_button)
        self.undo_button = QPushButton(self.tr("Undo batch"))
        self.undo_button.setObjectName("MatrixUndoBatch")
        self.undo_button.setToolTip(self.tr(
            "Put back every project's previous value (a file changed since is left alone)"))
        self.undo_button.setEnabled(False)
        self.undo_button.clicked.connect(self.undo_last_batch)
        apply_bar.addWidget(self.undo_button)
        layout.addLayout(apply_bar)
        self.summary_label = QLabel()
        self.summary_label.setTextFormat(Qt.TextFormat.PlainText)
        self.summary_label.setObjectName("MatrixSummary")
        self.summary_label.setWordWrap(True)
        layout.addWidget(self.summary_label)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)

    # -- key and data

    def set_projects(self, projects: Sequence[Any]) -> None:
        self.projects = [ProjectEntry.of(p) for p in projects]
        self.reload()

    def set_key(self, key: str) -> None:
        key = key.strip()
        self.key = key
        if self.key_combo.currentText() != key:
            self.key_combo.setCurrentText(key)
        spec = config_schema.get(key)
        self.description.setText(spec.description if spec else "")
        if self.editor is not None:
            self.editor.deleteLater()
            self.editor = None
        self.pending = MISSING
        if spec is not None:
            self.editor = create_editor(field_spec(key))
            self.editor.set_value(MISSING)
            self.editor.edited.connect(self._edited)
            self.editor_slot.addWidget(self.editor)
        self.reload()

    def reload(self) -> None:
        matrix = key_matrix(self.key, self.projects, self.env)
        self.model.set_matrix(matrix)
        src = ("~/.msd/defaults.json" if matrix.reference_source == "global"
               else self.tr("schema default"))
        self.reference_label.setText(
            _fill(self.tr("Default: %1 (%2) · %3 of %4 differ"), matrix.reference_display, src,
                  len(matrix.drifting), len(matrix.cells)))
        self._update_buttons()
        self.loaded.emit()

    def _edited(self, value: Any) -> None:
        self.pending = value
        self._update_buttons()

    def selected_entries(self) -> list[ProjectEntry]:
        rows = sorted({self.proxy.mapToSource(i).row()
                       for i in self.table.selectionModel().selectedRows()})
        return [self.model.cells[r].project for r in rows]

    def select_drifting(self) -> None:
        sel = self.table.selectionModel()
        sel.clearSelection()
        for row in range(self.proxy.rowCount()):
            src = self.proxy.mapToSource(self.proxy.index(row, 0))
            if self.model.cells[src.row()].drift:
                self.table.selectRow(row)

    def _update_buttons(self, *_: Any) -> None:
        ok = (self.pending is not MISSING and not isinstance(self.pending, InvalidInput)
              and bool(self.table.selectionModel().selectedRows()) and not self._busy)
        self.apply_button.setEnabled(ok)
        self.undo_button.setEnabled(
            self.last_report is not None and self.last_report.can_undo and not self._busy)

    # -- applying: plan (pool) → confirm → apply (pool) → report; undo the same way

    def _set_busy(self, busy: bool, text: str = "") -> None:
        self._busy = busy
        if text:
            self.summary_label.setText(text)
        self._update_buttons()

    def apply_to_selected(self) -> None:
        entries = self.selected_entries()
        if (self._busy or not entries or self.pending is MISSING
                or isinstance(self.pending, InvalidInput)):
            return
        key, value, env = self.key, self.pending, dict(self.env)
        self._set_busy(True, self.tr("Reading %n project(s)…", "", len(entries)))
        run_op(lambda: plan_batch(entries, key, value, env), name="matrix-plan",
               on_finished=self._planned, on_failed=self._failed, owner=self)

    def _planned(self, plan: BatchPlan) -> None:
        if not confirm_batch(self, plan):
            self._set_busy(False, self.tr("Nothing written: the batch was cancelled."))
            self.cancelled.emit()
            return
        env = dict(self.env)
        self._set_busy(True, self.tr("Writing %n project(s)…", "", len(plan.to_write)))
        run_op(lambda: apply_batch(plan, env), name="matrix-apply",
               on_finished=self._applied, on_failed=self._failed, owner=self)

    def _applied(self, report: BatchReport) -> None:
        self.last_report = report if report.can_undo else None
        if self.last_report is not None:
            self.undo_button.setToolTip(self.tr(
                "Put %1 back in the %n project(s) this batch wrote (a file changed since is "
                "left alone)", "", report.counts.get("written", 0)).replace("%1", report.plan.key))
        self._show_report(report)
        self.applied.emit(report)
        show_batch_report(self, report)

    def undo_last_batch(self) -> None:
        report = self.last_report
        if self._busy or report is None or not report.can_undo:
            return
        env = dict(self.env)
        self._set_busy(True, self.tr("Undoing the batch…"))
        run_op(lambda: undo_batch(report, env), name="matrix-undo",
               on_finished=self._undone, on_failed=self._failed, owner=self)

    def _undone(self, report: BatchReport) -> None:
        self.last_report = None
        self._show_report(report)
        self.undone.emit(report)
        show_batch_report(self, report)

    def _show_report(self, report: BatchReport) -> None:
        head = (self.tr("Undo: %1") if report.kind == "undo" else self.tr("Applied: %1"))
        self.summary_label.setText(
            head.replace("%1", report_summary(self, report)) + " — " + "; ".join(report.lines()))
        self._busy = False
        self.reload()

    def _failed(self, error: BaseException) -> None:
        self._set_busy(False, self.tr("The batch failed: %1").replace("%1", str(error)))

    def root_at(self, row: int) -> str:
        return str(self.proxy.index(row, 0).data(RootRole))
