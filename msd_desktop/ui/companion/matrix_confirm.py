"""The question the config matrix asks before a bulk edit, and the account it gives after.

Why a dialog of its own: "Apply to selected" may write a dozen files, so before anything is
written the person sees every project with its value now and the value it will get (the
core's :meth:`~msd_desktop.core.config.batch.BatchPlan.rows`, secrets already masked), and
which projects will be skipped and why. Cancel is the default button: Enter alone never
writes. The texts are file content, so every cell and label is plain text.
"""

from __future__ import annotations

from PySide6.QtCore import Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QHeaderView,
    QLabel,
    QMessageBox,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config.batch import BatchPlan, BatchReport
from msd_desktop.ui.companion.matrix_model import BatchPlanModel


class BatchConfirmDialog(QDialog):
    """Projects × (now → new value); "Apply to N projects" or Cancel (the default)."""

    def __init__(self, plan: BatchPlan, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("BatchConfirmDialog")
        self.plan = plan
        count = len(plan.to_write)
        self.setWindowTitle(self.tr("Apply %1 to %n project(s)?", "", count).replace(
            "%1", plan.key))
        layout = QVBoxLayout(self)
        self.question = QLabel(self.tr(
            "Set %1 in the projects below. Each project's config.json is written only if it "
            "has not changed since this list was read.").replace("%1", plan.key))
        self.question.setTextFormat(Qt.TextFormat.PlainText)
        self.question.setWordWrap(True)
        layout.addWidget(self.question)
        self.model = BatchPlanModel(plan.rows(), self)
        self.table = QTableView()
        self.table.setObjectName("BatchConfirmTable")
        self.table.setAccessibleName(self.tr("Projects and the value each will get"))
        self.table.setModel(self.model)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        header = self.table.horizontalHeader()
        header.setSectionResizeMode(QHeaderView.ResizeMode.ResizeToContents)
        header.setStretchLastSection(True)
        layout.addWidget(self.table, 1)
        skipped = len(plan.changes) - count
        notes = []
        if skipped:
            notes.append(self.tr("%n project(s) will not be written (see Note).", "", skipped))
        notes.append(self.tr("You can undo the whole batch afterwards with Undo batch.")
                     if plan.undoable else
                     self.tr("A secret goes to the OS keyring: this batch cannot be undone."))
        self.note = QLabel(" ".join(notes))
        self.note.setTextFormat(Qt.TextFormat.PlainText)
        self.note.setWordWrap(True)
        layout.addWidget(self.note)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.apply_button = self.buttons.addButton(
            self.tr("Apply to %n project(s)", "", count), QDialogButtonBox.ButtonRole.AcceptRole)
        self.apply_button.setEnabled(count > 0)
        self.apply_button.setAutoDefault(False)
        self.cancel_button = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self.resize(760, 200 + 28 * min(len(plan.changes), 12))


def confirm_batch(parent: QWidget, plan: BatchPlan) -> bool:
    """Ask before a bulk edit (one modal call a test replaces)."""
    dialog = BatchConfirmDialog(plan, parent)
    try:
        return dialog.exec() == QDialog.DialogCode.Accepted
    finally:
        dialog.deleteLater()


def report_summary(widget: QWidget, report: BatchReport) -> str:
    """The report's counts as one translated sentence-list ("3 written, 1 refused …")."""
    c = report.counts.get
    parts = [text for n, text in (
        (c("written", 0), widget.tr("%n written", "", c("written", 0))),
        (c("restored", 0), widget.tr("%n restored", "", c("restored", 0))),
        (c("unchanged", 0), widget.tr("%n already set", "", c("unchanged", 0))),
        (c("refused", 0), widget.tr("%n refused: changed on disk", "", c("refused", 0))),
        (c("error", 0), widget.tr("%n failed", "", c("error", 0))),
    ) if n]
    return ", ".join(parts) or widget.tr("nothing to do")


def show_batch_report(parent: QWidget, report: BatchReport) -> None:
    """Say what the apply (or the undo) did, per project (one modal call a test replaces)."""
    box = QMessageBox(parent)
    box.setTextFormat(Qt.TextFormat.PlainText)
    title = (parent.tr("Batch undone") if report.kind == "undo" else parent.tr("Batch applied"))
    box.setWindowTitle(title)
    box.setText(report_summary(parent, report))
    box.setDetailedText("\n".join(report.lines()))
    trouble = report.counts.get("refused", 0) + report.counts.get("error", 0)
    box.setIcon(QMessageBox.Icon.Warning if trouble else QMessageBox.Icon.Information)
    box.exec()
