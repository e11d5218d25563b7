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

import itertools
import os
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import (
    QCoreApplication,
    QEvent,
    QItemSelection,
    QItemSelectionModel,
    QSortFilterProxyModel,
    Qt,
    Signal,
)
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QComboBox,
    QCompleter,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QSizePolicy,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config import schema as config_schema
from msd_desktop.core.config import schema_texts
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
from msd_desktop.ui.companion.matrix_confirm import (
    confirm_batch,
    report_lines,
    report_summary,
    show_batch_report,
)
from msd_desktop.ui.companion.matrix_model import (
    COL_PROJECT,
    COL_VALUE,
    COL_WORKSPACE,
    ConfigMatrixModel,
    RootRole,
)
from msd_desktop.ui.widgets.close_keys import close_button, retranslate_close_button
from msd_desktop.ui.widgets.column_fit import ColumnFit
from msd_desktop.ui.widgets.config_words import fill, value_text
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.editors import ValueEditor, create_editor, field_spec
from msd_desktop.ui.widgets.elided_label import ElidedLabel
from msd_desktop.ui.widgets.empty_hint import EmptyHint
from msd_desktop.ui.widgets.window_title import window_title
from msd_desktop.ui.widgets.workers import run_op

_fill = fill  # the one-pass placeholder fill (a value containing "%2" stays as it is)


def key_title(key: str) -> str:
    """The schema's title of ``key`` ("Model profile"), in the window's language."""
    spec = config_schema.get(key)
    title = getattr(spec, "title", "") if spec is not None else ""
    if not title:
        return key
    return QCoreApplication.translate(schema_texts.CONTEXT, title, f"{key}/title")


def key_description(key: str) -> str:
    """The schema's description of ``key`` in the window's language (the Settings form's
    translation of the same text)."""
    spec = config_schema.get(key)
    if spec is None or not spec.description:
        return ""
    return QCoreApplication.translate(schema_texts.CONTEXT, spec.description,
                                      f"{key}/description")


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
        self.setMinimumSize(640, 360)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        self.key_label = QLabel()
        bar.addWidget(self.key_label)
        self.key_combo = QComboBox()
        self.key_label.setBuddy(self.key_combo)
        self.key_combo.setObjectName("MatrixKey")
        self.key_combo.setEditable(True)
        for key in sorted(config_schema.SCHEMA):
            self.key_combo.addItem(key)
        self.key_combo.setInsertPolicy(QComboBox.InsertPolicy.NoInsert)
        completer = QCompleter(sorted(config_schema.SCHEMA), self)
        completer.setFilterMode(Qt.MatchFlag.MatchContains)
        completer.setCaseSensitivity(Qt.CaseSensitivity.CaseInsensitive)
        self.key_combo.setCompleter(completer)
        # as wide as the longest key name, not the whole bar
        longest = max((len(k) for k in config_schema.SCHEMA), default=20)
        self.key_combo.setMinimumWidth(min(self.fontMetrics().averageCharWidth() * longest + 48,
                                           360))
        self.key_combo.setSizePolicy(QSizePolicy.Policy.Fixed, QSizePolicy.Policy.Fixed)
        self.key_combo.activated.connect(self._key_chosen)
        bar.addWidget(self.key_combo)
        # plain text (defaults.json's value), elided with the full text in its tooltip
        self.reference_label = ElidedLabel(min_width=120)
        self.reference_label.setObjectName("MatrixReference")
        bar.addWidget(self.reference_label, 1)
        layout.addLayout(bar)
        self.description = QLabel()
        self.description.setWordWrap(True)
        self.description.setObjectName("MatrixKeyDescription")
        layout.addWidget(self.description)

        self.table = QTableView()
        self.table.setObjectName("MatrixTable")
        self.table.setModel(self.proxy)
        self.table.setWordWrap(False)
        self.table.setTabKeyNavigation(False)  # arrows move in the table; Tab leaves it
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setSortingEnabled(True)
        self.table.sortByColumn(COL_PROJECT, Qt.SortOrder.AscendingOrder)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.verticalHeader().setVisible(False)
        # content widths; in a narrow window names and values give up width (elided in the
        # middle, the full text in the tooltip) so the table never scrolls sideways
        self.column_fit = ColumnFit(self.table, shrink=(COL_PROJECT, COL_WORKSPACE, COL_VALUE))
        self.empty_hint = EmptyHint(self.table, self._empty_text)
        layout.addWidget(self.table, 1)

        apply_bar = QHBoxLayout()
        self.value_label = QLabel()
        apply_bar.addWidget(self.value_label)
        self.editor_slot = QHBoxLayout()
        apply_bar.addLayout(self.editor_slot, 1)
        self.select_drift_button = QPushButton()
        self.select_drift_button.clicked.connect(self.select_drifting)
        apply_bar.addWidget(self.select_drift_button)
        self.apply_button = QPushButton()
        self.apply_button.clicked.connect(self.apply_to_selected)
        apply_bar.addWidget(self.apply_button)
        self.undo_button = QPushButton()
        self.undo_button.setObjectName("MatrixUndoBatch")
        self.undo_button.setEnabled(False)
        self.undo_button.clicked.connect(self.undo_last_batch)
        apply_bar.addWidget(self.undo_button)
        layout.addLayout(apply_bar)
        self.summary_label = QLabel()
        self.summary_label.setTextFormat(Qt.TextFormat.PlainText)
        self.summary_label.setObjectName("MatrixSummary")
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bottom = QHBoxLayout()
        bottom.addWidget(self.summary_label, 1)
        self.close_button = close_button(self)  # with Esc and Ctrl+W: a window of its own
        bottom.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout.addLayout(bottom)
        self.setTabOrder(self.key_combo, self.table)
        self.setTabOrder(self.table, self.select_drift_button)
        self.setTabOrder(self.select_drift_button, self.apply_button)
        self.setTabOrder(self.apply_button, self.undo_button)
        self.setTabOrder(self.undo_button, self.close_button)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        self._set_texts()

    def _set_texts(self) -> None:
        """The window's own texts in the current language (see :meth:`retranslate`)."""
        self.key_label.setText(self.tr("&Key:"))
        self.key_combo.setAccessibleName(self.tr("Setting to compare"))
        self.key_combo.setToolTip(self.tr(
            "The setting shown for every project (Alt+K); type part of its name to find it"))
        for row in range(self.key_combo.count()):
            self.key_combo.setItemData(row, key_title(self.key_combo.itemText(row)),
                                       Qt.ItemDataRole.ToolTipRole)
        self.table.setAccessibleName(self.tr("Projects and their value of the setting"))
        self.value_label.setText(self.tr("&New value:"))
        self.select_drift_button.setText(self.tr("Select differing"))
        self.select_drift_button.setToolTip(self.tr(
            "Select the projects whose value differs from the default"))
        self.apply_button.setText(self.tr("Apply to selected…"))
        self.apply_button.setToolTip(self.tr(
            "Set the new value in the selected projects (you confirm each project first)"))
        self.undo_button.setText(self.tr("Undo batch"))
        if self.last_report is None:
            self.undo_button.setToolTip(self.tr(
                "Put back every project's previous value (a file changed since is left "
                "alone)"))
        retranslate_close_button(self.close_button)
        self.setWindowTitle(window_title(QCoreApplication.translate("MainWindow",
                                                                    "Config matrix")))

    def retranslate(self) -> None:
        """Every text in the current language, the value chosen and the selection kept: the
        labels and buttons, the key's description and editor names, the table's words."""
        self._set_texts()
        key = self.key
        spec = config_schema.get(key)
        self.description.setText(key_description(key) if spec else (
            self.tr("Not a setting MSD knows: pick one from the list.") if key else ""))
        if self.editor is not None:  # its help and choices in the new words, its value kept
            pending = self.pending
            self._make_editor(key)
            if pending is not MISSING and self.editor is not None:
                self.editor.set_value(pending)
                self.pending = pending
                self._update_buttons()
        self.model.headerDataChanged.emit(Qt.Orientation.Horizontal, 0,
                                          max(0, self.model.columnCount() - 1))
        if self.model.rowCount():
            self.model.dataChanged.emit(self.model.index(0, 0), self.model.index(
                self.model.rowCount() - 1, self.model.columnCount() - 1))
        self._say_reference(key_matrix(self.key, self.projects, self.env))
        self.empty_hint.refresh()

    def changeEvent(self, event: QEvent) -> None:
        if event.type() == QEvent.Type.LanguageChange:
            self.retranslate()
        super().changeEvent(event)

    # -- key and data

    def set_projects(self, projects: Sequence[Any]) -> None:
        self.projects = [ProjectEntry.of(p) for p in projects]
        self.reload()

    def _key_chosen(self, _index: int) -> None:
        """A key picked from the list or typed and confirmed; the same key again (Enter, or
        the completer confirming on Tab) keeps the editor and the value chosen in it."""
        if self.key_combo.currentText().strip() != self.key:
            self.set_key(self.key_combo.currentText())

    def set_key(self, key: str) -> None:
        key = key.strip()
        self.key = key
        if self.key_combo.currentText() != key:
            self.key_combo.setCurrentText(key)
        spec = config_schema.get(key)
        self.description.setText(key_description(key) if spec else (
            self.tr("Not a setting MSD knows: pick one from the list.") if key else ""))
        self._make_editor(key)
        self.reload()

    def _make_editor(self, key: str) -> None:
        """The value editor for ``key`` (none for a key MSD does not know), nothing chosen."""
        spec = config_schema.get(key)
        if self.editor is not None:
            self.editor.hide()
            self.editor.setParent(None)  # out of the window at once (deleted later)
            self.editor.deleteLater()
            self.editor = None
        self.pending = MISSING
        if spec is not None:
            self.editor = create_editor(field_spec(key))
            self.editor.set_value(MISSING)
            self.editor.edited.connect(self._edited)
            self._name_editor(self.editor, key, only_unnamed=True)
            self.editor_slot.addWidget(self.editor)
            # the editor's own focusable parts, in their order, between table and buttons
            parts = [w for w in (self.editor, *self.editor.findChildren(QWidget))
                     if w.focusPolicy() & Qt.FocusPolicy.TabFocus
                     and w.window() is self.editor.window()]  # not a combo's popup
            self.value_label.setBuddy(parts[0] if parts else self.editor)
            chain = [self.table, *parts, self.select_drift_button]
            for first, second in itertools.pairwise(chain):
                self.setTabOrder(first, second)

    def _name_editor(self, editor: ValueEditor, key: str, only_unnamed: bool = False) -> None:
        """The value editor and the parts the focus lands on say which key they set."""
        name = self.tr("New value of %1").replace("%1", key)
        editor.setAccessibleName(name)
        for part in editor.findChildren(QWidget):
            if isinstance(part, QComboBox | QLineEdit | QAbstractSpinBox) and (
                    not only_unnamed or not part.accessibleName()):
                part.setAccessibleName(name)

    def reload(self) -> None:
        matrix = key_matrix(self.key, self.projects, self.env)
        self.model.set_matrix(matrix)
        self._say_reference(matrix)
        self._update_buttons()
        self.loaded.emit()

    def _say_reference(self, matrix: Any) -> None:
        src = ("~/.msd/defaults.json" if matrix.reference_source == "global"
               else self.tr("schema default"))
        self.reference_label.setText(
            _fill(self.tr("Default: %1 (%2) · %n of %3 differ(s)", "", len(matrix.drifting)),
                  value_text(matrix.reference_display), src, len(matrix.cells)))

    def _edited(self, value: Any) -> None:
        self.pending = value
        self._update_buttons()

    def selected_entries(self) -> list[ProjectEntry]:
        rows = sorted({self.proxy.mapToSource(i).row()
                       for i in self.table.selectionModel().selectedRows()})
        return [self.model.cells[r].project for r in rows]

    def select_drifting(self) -> None:
        """Select every project whose value differs, as one selection (``selectRow`` in an
        extended-selection table clears the rows before, so only the last one would stay)."""
        selection = QItemSelection()
        last = self.proxy.columnCount() - 1
        for row in range(self.proxy.rowCount()):
            src = self.proxy.mapToSource(self.proxy.index(row, 0))
            if self.model.cells[src.row()].drift:
                selection.select(self.proxy.index(row, 0), self.proxy.index(row, last))
        flags = (QItemSelectionModel.SelectionFlag.ClearAndSelect
                 | QItemSelectionModel.SelectionFlag.Rows)
        self.table.selectionModel().select(selection, flags)

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
               on_finished=self._applied, on_failed=self._failed, owner=self, writes=True)

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
               on_finished=self._undone, on_failed=self._failed, owner=self, writes=True)

    def _undone(self, report: BatchReport) -> None:
        self.last_report = None
        self._show_report(report)
        self.undone.emit(report)
        show_batch_report(self, report)

    def _show_report(self, report: BatchReport) -> None:
        head = (self.tr("Undo: %1 — %2") if report.kind == "undo"
                else self.tr("Applied: %1 — %2"))
        self.summary_label.setText(_fill(head, report_summary(report),
                                         "; ".join(report_lines(report))))
        self._busy = False
        self.reload()

    def _failed(self, error: BaseException) -> None:
        self._set_busy(False, self.tr("The batch failed: %1").replace("%1", core_text(error)))

    def _empty_text(self) -> str:
        if not self.projects:
            return self.tr("No projects to compare yet. Add a workspace or open a project in "
                           "the main window, then open the matrix again.")
        return self.tr("No project to show for this setting.")

    def root_at(self, row: int) -> str:
        return str(self.proxy.index(row, 0).data(RootRole))
