"""The question the config matrix asks before a bulk edit, and the account it gives after.

Why a dialog of its own: "Apply to selected" may write a dozen files, so before anything is
written the person sees every project with its value now and the value it will get (the
core's :meth:`~msd_desktop.core.config.batch.BatchPlan.rows`, secrets already masked), and
which projects will be skipped and why. Cancel is the default button: Enter alone never
writes. The texts are file content, so every cell and label is plain text.
"""

from __future__ import annotations

from collections.abc import Mapping

from PySide6.QtCore import QCoreApplication, QObject, Qt
from PySide6.QtWidgets import (
    QAbstractItemView,
    QDialog,
    QDialogButtonBox,
    QGridLayout,
    QLabel,
    QMessageBox,
    QSizePolicy,
    QSpacerItem,
    QTableView,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config.batch import BatchPlan, BatchReport
from msd_desktop.ui.companion.matrix_model import BatchPlanModel
from msd_desktop.ui.widgets.column_fit import ColumnFit
from msd_desktop.ui.widgets.config_words import result_line
from msd_desktop.ui.widgets.empty_hint import EmptyHint


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
        self.table.setTabKeyNavigation(False)  # Tab goes on to the buttons
        self.table.setWordWrap(False)  # one line a project; the full note in its tooltip
        self.table.setTextElideMode(Qt.TextElideMode.ElideMiddle)
        self.table.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.table.verticalHeader().setVisible(False)
        self.table.setSelectionMode(QAbstractItemView.SelectionMode.NoSelection)
        self.table.setEditTriggers(QAbstractItemView.EditTrigger.NoEditTriggers)
        # the note gives up width first (its full text is in its tooltip), then the names
        # and values
        self.column_fit = ColumnFit(self.table, shrink=(0, 1, 2), first=(3,), floor=96)
        self.empty_hint = EmptyHint(self.table, lambda: self.tr(
            "No project is selected: close this and select projects in the matrix."))
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
        self.setMinimumSize(520, 300)
        self.resize(760, 220 + 30 * min(len(plan.changes), 12))


def confirm_batch(parent: QWidget, plan: BatchPlan) -> bool:
    """Ask before a bulk edit (one modal call a test replaces)."""
    dialog = BatchConfirmDialog(plan, parent)
    try:
        return dialog.exec() == QDialog.DialogCode.Accepted
    finally:
        dialog.deleteLater()


class BatchReportText(QObject):
    """The report's plural phrases ("1 written" / "3 written"). A QObject of its own because
    ``self.tr`` is the form the translation extractor reads plurals from."""

    def summary(self, counts: Mapping[str, int]) -> str:
        written, restored = counts.get("written", 0), counts.get("restored", 0)
        unchanged, refused = counts.get("unchanged", 0), counts.get("refused", 0)
        failed = counts.get("error", 0)
        parts = []
        if written:
            parts.append(self.tr("%n written", "", written))
        if restored:
            parts.append(self.tr("%n restored", "", restored))
        if unchanged:
            parts.append(self.tr("%n already set", "", unchanged))
        if refused:
            parts.append(self.tr("%n refused: changed on disk", "", refused))
        if failed:
            parts.append(self.tr("%n failed", "", failed))
        return ", ".join(parts) or self.tr("nothing to do")

    def more(self, hidden: int) -> str:
        return self.tr("… and %n more (Show Details…)", "", hidden)


def report_summary(report: BatchReport) -> str:
    """The report's counts as one translated list ("3 written, 1 refused …")."""
    return BatchReportText().summary(report.counts)


def report_lines(report: BatchReport) -> list[str]:
    """One line per project: ``name: outcome — what happened``, in the window's language."""
    return [result_line(r, report.kind) for r in report.results]


REPORT_SHOWN_LINES = 12  # more go to "Show Details…"


def batch_report_box(parent: QWidget | None, report: BatchReport) -> QMessageBox:
    """The account of an apply (or an undo): the counts, each project's line, wide enough for
    its title and its lines (a message box sizes itself to its shortest text otherwise)."""
    box = QMessageBox(parent)
    box.setObjectName("BatchReportBox")
    box.setTextFormat(Qt.TextFormat.PlainText)
    title = (QCoreApplication.translate("BatchReport", "Batch undone") if report.kind == "undo"
             else QCoreApplication.translate("BatchReport", "Batch applied"))
    box.setWindowTitle(title)
    box.setText(report_summary(report))
    lines = report_lines(report)
    shown = lines[:REPORT_SHOWN_LINES]
    if len(lines) > len(shown):
        shown.append(BatchReportText().more(len(lines) - len(shown)))
        box.setDetailedText("\n".join(lines))
    box.setInformativeText("\n".join(shown))
    trouble = report.counts.get("refused", 0) + report.counts.get("error", 0)
    box.setIcon(QMessageBox.Icon.Warning if trouble else QMessageBox.Icon.Information)
    layout = box.layout()
    if isinstance(layout, QGridLayout):  # a floor for the width: the title is never cut
        metrics = box.fontMetrics()
        longest = max((metrics.horizontalAdvance(line) for line in shown), default=0)
        width = min(max(metrics.horizontalAdvance(title) + 160, longest + 120, 520), 960)
        layout.addItem(QSpacerItem(width, 0, QSizePolicy.Policy.Minimum,
                                   QSizePolicy.Policy.Expanding),
                       layout.rowCount(), 0, 1, layout.columnCount())
    return box


def show_batch_report(parent: QWidget, report: BatchReport) -> None:
    """Say what the apply (or the undo) did, per project (one modal call a test replaces)."""
    batch_report_box(parent, report).exec()
