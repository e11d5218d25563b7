"""Compare two projects' ``config.json`` key by key, and copy keys from one to the other.

Why a window of its own: the config matrix answers "one setting across every project"; this
answers "how do these two projects differ, and make B like A here". Reading and writing are
the core's (:mod:`msd_desktop.core.config.compare`): the copy is the bulk path of the matrix —
planned, confirmed key by key (now → new, secrets masked, an API key never copied), written
against the confirmed file, and undone as a whole with "Undo copy". Values are file content,
shown as plain text. Esc, Ctrl+W and Close close it.

Each modal question sits behind one function (:func:`confirm_copy`, :func:`show_copy_report`)
so a test replaces exactly one call (STYLE item 15).
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtWidgets import (
    QAbstractItemView,
    QCheckBox,
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QHBoxLayout,
    QLabel,
    QMessageBox,
    QPushButton,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config.compare import (
    ConfigComparison,
    CopyPlan,
    CopyReport,
    Direction,
    apply_copy,
    compare_configs,
    plan_copy,
    undo_copy,
)
from msd_desktop.core.config.matrix import ProjectEntry
from msd_desktop.ui.companion.compare_model import (
    COL_KEY,
    ConfigCompareModel,
    CopyPlanModel,
    DifferencesProxy,
    KeyRole,
)
from msd_desktop.ui.companion.matrix_confirm import BatchReportText
from msd_desktop.ui.widgets.close_keys import close_button
from msd_desktop.ui.widgets.column_fit import ColumnFit
from msd_desktop.ui.widgets.config_words import fill, result_message, status_text
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.empty_hint import EmptyHint
from msd_desktop.ui.widgets.workers import run_op


def report_lines(report: CopyReport) -> list[str]:
    """``key: outcome — what happened`` per key, in the window's language."""
    return [fill(QCoreApplication.translate("ConfigWords", "%1: %2 — %3"), r.change.key,
                 status_text(r.status), result_message(r, report.kind))
            for batch in report.reports for r in batch.results]


class CopyConfirmDialog(QDialog):
    """Keys × (now → new value) in the target; "Copy N keys" or Cancel (the default)."""

    def __init__(self, plan: CopyPlan, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("CopyConfirmDialog")
        count = len(plan.to_write)
        self.setWindowTitle(self.tr("Copy %n key(s) to %1?", "", count).replace(
            "%1", plan.target.name))
        layout = QVBoxLayout(self)
        question = QLabel(self.tr(
            "Copy these keys from %1 to %2. %2's config.json is written only if it has not "
            "changed since this list was read.").replace("%1", plan.source.name).replace(
            "%2", plan.target.name))
        question.setTextFormat(Qt.TextFormat.PlainText)
        question.setWordWrap(True)
        layout.addWidget(question)
        self.model = CopyPlanModel(plan.rows(), self)
        self.table = QTableView()
        self.table.setObjectName("CopyConfirmTable")
        self.table.setAccessibleName(self.tr("Keys and the value each will get"))
        self.table.setModel(self.model)
        self.table.setTabKeyNavigation(False)
        self.table.setWordWrap(False)
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.column_fit = ColumnFit(self.table, shrink=(0, 1, 2), first=(3,), floor=96)
        layout.addWidget(self.table, 1)
        note = QLabel(self.tr("You can undo the whole copy afterwards with Undo copy."))
        note.setTextFormat(Qt.TextFormat.PlainText)
        note.setWordWrap(True)
        layout.addWidget(note)
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = buttons.addButton(self.tr("Copy %n key(s)", "", count),
                                              QDialogButtonBox.ButtonRole.AcceptRole)
        self.apply_button.setEnabled(count > 0)
        self.apply_button.setAutoDefault(False)
        cancel = buttons.button(QDialogButtonBox.StandardButton.Cancel)
        cancel.setDefault(True)  # Enter alone never writes
        buttons.accepted.connect(self.accept)
        buttons.rejected.connect(self.reject)
        layout.addWidget(buttons)
        self.setMinimumSize(520, 300)
        self.resize(760, 220 + 30 * min(len(plan.rows()), 12))


def confirm_copy(parent: QWidget, plan: CopyPlan) -> bool:
    """Ask before copying (one modal call a test replaces)."""
    dialog = CopyConfirmDialog(plan, parent)
    try:
        return dialog.exec() == QDialog.DialogCode.Accepted
    finally:
        dialog.deleteLater()


def show_copy_report(parent: QWidget, report: CopyReport) -> None:
    """Say what the copy (or its undo) did, per key (one modal call a test replaces)."""
    box = QMessageBox(parent)
    box.setObjectName("CopyReportBox")
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setWindowTitle(QCoreApplication.translate("ConfigCompareWindow", "Copy undone")
                       if report.kind == "undo" else
                       QCoreApplication.translate("ConfigCompareWindow", "Keys copied"))
    box.setText(BatchReportText().summary(report.counts))
    box.setInformativeText("\n".join(report_lines(report)))
    trouble = report.counts.get("refused", 0) + report.counts.get("error", 0)
    box.setIcon(QMessageBox.Icon.Warning if trouble else QMessageBox.Icon.Information)
    box.exec()


class ConfigCompareWindow(QWidget):
    """Two project pickers, the key table (differences marked), copy either way, undo."""

    loaded = Signal()
    copied = Signal(object)  # CopyReport of a copy
    undone = Signal(object)  # CopyReport of an undo
    cancelled = Signal()

    def __init__(self, projects: Sequence[Any] = (), env: Mapping[str, str] | None = None,
                 parent: QWidget | None = None, left: Any = None, right: Any = None) -> None:
        super().__init__(parent)
        self.setObjectName("ConfigCompareWindow")
        self.env = dict(os.environ if env is None else env)
        self.projects: list[ProjectEntry] = []
        self.model = ConfigCompareModel(self)
        self.proxy = DifferencesProxy(self)
        self.proxy.setSourceModel(self.model)
        self.comparison: ConfigComparison | None = None
        self.last_report: CopyReport | None = None
        self._busy = False
        self._build()
        self.set_projects(projects, left, right)

    # -- building

    def _picker(self, label: str, name: str, tip: str) -> tuple[QLabel, QComboBox]:
        caption = QLabel(label)
        combo = QComboBox()
        combo.setObjectName(name)
        combo.setAccessibleName(tip)
        combo.setToolTip(tip)
        combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToMinimumContentsLengthWithIcon)
        combo.setMinimumContentsLength(16)
        caption.setBuddy(combo)
        combo.activated.connect(lambda _i: self.reload())
        return caption, combo

    def _build(self) -> None:
        self.setMinimumSize(640, 360)
        layout = QVBoxLayout(self)
        bar = QHBoxLayout()
        left_label, self.left_combo = self._picker(
            self.tr("&Left:"), "CompareLeft", self.tr("The project on the left (Alt+L)"))
        right_label, self.right_combo = self._picker(
            self.tr("&Right:"), "CompareRight", self.tr("The project on the right (Alt+R)"))
        bar.addWidget(left_label)
        bar.addWidget(self.left_combo, 1)
        bar.addWidget(right_label)
        bar.addWidget(self.right_combo, 1)
        self.only_differences = QCheckBox(self.tr("Only &differences"))
        self.only_differences.setToolTip(self.tr("Hide the keys both projects set alike"))
        self.only_differences.toggled.connect(self._filter_changed)
        bar.addWidget(self.only_differences)
        layout.addLayout(bar)

        self.table = QTableView()
        self.table.setObjectName("CompareTable")
        self.table.setAccessibleName(self.tr("Keys of both projects' config.json"))
        self.table.setAccessibleDescription(self.tr(
            "Differing keys are highlighted; select keys to copy them"))
        self.table.setModel(self.proxy)
        self.table.setWordWrap(False)
        self.table.setTabKeyNavigation(False)  # arrows move in the table; Tab leaves it
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.ExtendedSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        self.table.verticalHeader().setVisible(False)
        self.column_fit = ColumnFit(self.table, shrink=(0, 1, 2))
        self.empty_hint = EmptyHint(self.table, self._empty_text)
        layout.addWidget(self.table, 1)

        buttons = QHBoxLayout()
        self.to_right_button = QPushButton(self.tr("Copy to right →"))
        self.to_right_button.setObjectName("CopyToRight")
        self.to_right_button.clicked.connect(lambda: self.copy_selected("to_right"))
        self.to_left_button = QPushButton(self.tr("← Copy to left"))
        self.to_left_button.setObjectName("CopyToLeft")
        self.to_left_button.clicked.connect(lambda: self.copy_selected("to_left"))
        self.undo_button = QPushButton(self.tr("Undo copy"))
        self.undo_button.setObjectName("UndoCopy")
        self.undo_button.setToolTip(self.tr(
            "Put back the values the last copy replaced (a file changed since is left alone)"))
        self.undo_button.clicked.connect(self.undo_last_copy)
        for button in (self.to_right_button, self.to_left_button, self.undo_button):
            button.setAutoDefault(False)
            buttons.addWidget(button)
        buttons.addStretch(1)
        layout.addLayout(buttons)
        bottom = QHBoxLayout()
        self.summary_label = QLabel()
        self.summary_label.setObjectName("CompareSummary")
        self.summary_label.setTextFormat(Qt.TextFormat.PlainText)
        self.summary_label.setWordWrap(True)
        self.summary_label.setTextInteractionFlags(Qt.TextInteractionFlag.TextSelectableByMouse)
        bottom.addWidget(self.summary_label, 1)
        self.close_button = close_button(self)  # with Esc and Ctrl+W
        bottom.addWidget(self.close_button, 0, Qt.AlignmentFlag.AlignBottom)
        layout.addLayout(bottom)
        self.setTabOrder(self.left_combo, self.right_combo)
        self.setTabOrder(self.right_combo, self.only_differences)
        self.setTabOrder(self.only_differences, self.table)
        self.setTabOrder(self.table, self.to_right_button)
        self.setTabOrder(self.to_right_button, self.to_left_button)
        self.setTabOrder(self.to_left_button, self.undo_button)
        self.setTabOrder(self.undo_button, self.close_button)
        self.table.selectionModel().selectionChanged.connect(self._update_buttons)
        self._update_buttons()

    # -- projects and data

    def set_projects(self, projects: Sequence[Any], left: Any = None, right: Any = None) -> None:
        """Fill both pickers; ``left``/``right`` (a project or its root) are chosen first."""
        self.projects = [ProjectEntry.of(p) for p in projects]
        for combo in (self.left_combo, self.right_combo):
            combo.clear()
            for entry in self.projects:
                combo.addItem(entry.name, str(entry.root))
                combo.setItemData(combo.count() - 1, str(entry.root), Qt.ItemDataRole.ToolTipRole)
        self.choose(left if left is not None else (self.projects[0] if self.projects else None),
                    right)

    def choose(self, left: Any = None, right: Any = None) -> None:
        """Pick the two projects (a second project is picked for the right when not given)."""
        def index_of(item: Any) -> int:
            if item is None:
                return -1
            return self.left_combo.findData(str(ProjectEntry.of(item).root))

        li = index_of(left)
        if li >= 0:
            self.left_combo.setCurrentIndex(li)
        ri = index_of(right)
        if ri < 0 and self.right_combo.count() > 1:
            ri = 1 if self.left_combo.currentIndex() == 0 else 0
        if ri >= 0:
            self.right_combo.setCurrentIndex(ri)
        self.reload()

    def _entry(self, combo: QComboBox) -> ProjectEntry | None:
        index = combo.currentIndex()
        return self.projects[index] if 0 <= index < len(self.projects) else None

    def reload(self) -> None:
        """Read both files again (on the worker pool); the table keeps its rows till then."""
        left, right = self._entry(self.left_combo), self._entry(self.right_combo)
        if left is None or right is None:
            self.comparison = None
            self.model.set_comparison(None)
            self._update_buttons()
            self.loaded.emit()
            return
        env = dict(self.env)
        run_op(lambda: compare_configs(left, right, env), name="compare-read",
               on_finished=self._loaded, on_failed=self._failed, owner=self)

    def _loaded(self, comparison: ConfigComparison) -> None:
        selected = set(self.selected_keys())
        self.comparison = comparison
        self.model.set_comparison(comparison)
        selection = self.table.selectionModel()
        for row in range(self.proxy.rowCount()):
            index = self.proxy.index(row, COL_KEY)
            if index.data(KeyRole) in selected:
                selection.select(index, selection.SelectionFlag.Select
                                 | selection.SelectionFlag.Rows)
        problems = [side for side in (comparison.left, comparison.right) if side.error]
        if problems:
            self.summary_label.setText("; ".join(
                self.tr("%1: %2").replace("%1", side.project.name).replace(
                    "%2", core_text(side.error)) for side in problems))
        elif not self._busy and self.last_report is None:
            self.summary_label.setText(self.tr("%n key(s) differ.", "",
                                               len(comparison.differing)))
        self._update_buttons()
        self.loaded.emit()

    def _filter_changed(self, only: bool) -> None:
        self.proxy.set_only_differences(only)
        self.empty_hint.refresh()

    def selected_keys(self) -> list[str]:
        rows = sorted(i.row() for i in self.table.selectionModel().selectedRows())
        return [str(self.proxy.index(r, COL_KEY).data(KeyRole)) for r in rows]

    def _same_project(self) -> bool:
        left, right = self._entry(self.left_combo), self._entry(self.right_combo)
        return left is not None and right is not None and left.root == right.root

    def _update_buttons(self, *_: Any) -> None:
        ok = (self.comparison is not None and bool(self.selected_keys()) and not self._busy
              and not self._same_project())
        left = self.left_combo.currentText()
        right = self.right_combo.currentText()
        self.to_right_button.setEnabled(ok)
        self.to_left_button.setEnabled(ok)
        self.to_right_button.setToolTip(self.tr(
            "Copy the selected keys from %1 to %2 (you confirm each key first)").replace(
            "%1", left).replace("%2", right))
        self.to_left_button.setToolTip(self.tr(
            "Copy the selected keys from %1 to %2 (you confirm each key first)").replace(
            "%1", right).replace("%2", left))
        self.undo_button.setEnabled(self.last_report is not None
                                    and self.last_report.can_undo and not self._busy)

    def _set_busy(self, busy: bool, text: str = "") -> None:
        self._busy = busy
        if text:
            self.summary_label.setText(text)
        self._update_buttons()

    # -- copying: plan (pool) → confirm → apply (pool) → report; undo the same way

    def copy_selected(self, direction: Direction) -> None:
        keys = self.selected_keys()
        comparison = self.comparison
        if self._busy or not keys or comparison is None or self._same_project():
            return
        env = dict(self.env)
        self._set_busy(True, self.tr("Reading the target's config.json…"))
        run_op(lambda: plan_copy(comparison, keys, direction, env), name="compare-plan",
               on_finished=self._planned, on_failed=self._failed, owner=self)

    def _planned(self, plan: CopyPlan) -> None:
        if not confirm_copy(self, plan):
            self._set_busy(False, self.tr("Nothing written: the copy was cancelled."))
            self.cancelled.emit()
            return
        env = dict(self.env)
        self._set_busy(True, self.tr("Writing %n key(s)…", "", len(plan.to_write)))
        run_op(lambda: apply_copy(plan, env), name="compare-apply",
               on_finished=self._copied, on_failed=self._failed, owner=self, writes=True)

    def _copied(self, report: CopyReport) -> None:
        self.last_report = report if report.can_undo else None
        self._show_report(report)
        self.copied.emit(report)
        show_copy_report(self, report)

    def undo_last_copy(self) -> None:
        report = self.last_report
        if self._busy or report is None or not report.can_undo:
            return
        env = dict(self.env)
        self._set_busy(True, self.tr("Undoing the copy…"))
        run_op(lambda: undo_copy(report, env), name="compare-undo",
               on_finished=self._undone, on_failed=self._failed, owner=self, writes=True)

    def _undone(self, report: CopyReport) -> None:
        self.last_report = None
        self._show_report(report)
        self.undone.emit(report)
        show_copy_report(self, report)

    def _show_report(self, report: CopyReport) -> None:
        head = (self.tr("Undo: %1 — %2") if report.kind == "undo"
                else self.tr("Copied: %1 — %2"))
        self.summary_label.setText(fill(head, BatchReportText().summary(report.counts),
                                        "; ".join(report_lines(report))))
        self._busy = False
        self.reload()

    def _failed(self, error: BaseException) -> None:
        self._set_busy(False, self.tr("The copy failed: %1").replace("%1", core_text(error)))

    def _empty_text(self) -> str:
        if len(self.projects) < 2:
            return self.tr("Comparing needs two projects: add a workspace or open a project "
                           "in the main window.")
        if self.only_differences.isChecked() and self.model.rowCount():
            return self.tr("The two projects set every key alike.")
        return self.tr("Neither project sets any key in its config.json.")


__all__ = ["ConfigCompareWindow", "CopyConfirmDialog", "confirm_copy", "report_lines",
           "show_copy_report"]
