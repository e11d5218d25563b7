"""The History page's batch restore: every file a config-matrix batch wrote, put back at once.

Why here and not a loop of single restores: a batch touched many projects, so the person sees
every project first — what each would get, or why it cannot — and confirms once (Cancel is the
default button: Enter alone never writes). The plans and the writes are the core's, the same
as ``msd history restore --batch`` (:func:`~msd_desktop.core.history.restore.restore_batch`:
each file through the normal save path against what it held when planned, one file's refusal
never stopping the others), on the worker pool. The account lists each file's outcome, and
**Undo batch restore** puts back what the restore replaced where nobody changed it since
(:func:`~msd_desktop.core.history.restore.undo_batch_restore`), as the matrix's Undo batch
does for an apply.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from pathlib import Path

from PySide6.QtCore import QObject, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QLabel,
    QListWidget,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.history.restore import BatchFile, BatchRestoreReport
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import plain_label, visible

# The two states a batch can be put back to (``before`` of the core's plan).
AS_LEFT, BEFORE = False, True
Plans = dict[bool, list[BatchFile]]


def project_name(path: Path) -> str:
    """The project a config file belongs to: the folder that holds its ``.planning``."""
    parts = Path(path).parts
    if ".planning" in parts:
        at = len(parts) - 1 - parts[::-1].index(".planning")
        if at > 0:
            return parts[at - 1]
    return Path(path).name


class BatchRestoreDialog(QDialog):
    """Which state to put back, every project with what it would get, then Restore or
    Cancel (the default)."""

    def __init__(self, batch: str, plans: Plans, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("BatchRestoreDialog")
        self.plans = plans
        self.setWindowTitle(self.tr("Restore batch %1?").replace("%1", batch))
        layout = QVBoxLayout(self)
        question = plain_label(QLabel(self.tr(
            "Put back every config file this batch wrote. Each file is written only if it has "
            "not changed since this list was read; nothing is written for the others.")))
        question.setWordWrap(True)
        layout.addWidget(question)
        self.choice = QComboBox()
        self.choice.setAccessibleName(self.tr("State to put back"))
        self.choice.addItem(self.tr("the state the batch left"), AS_LEFT)
        self.choice.addItem(self.tr("the state before the batch"), BEFORE)
        self.choice.currentIndexChanged.connect(lambda _i: self._fill())
        layout.addWidget(self.choice)
        self.files = QListWidget()
        self.files.setAccessibleName(self.tr("Projects of the batch"))
        self.files.setMinimumWidth(460)
        layout.addWidget(self.files, 1)
        self.buttons = QDialogButtonBox()
        self.restore_button = self.buttons.addButton(
            self.tr("Restore"), QDialogButtonBox.ButtonRole.AcceptRole)
        cancel = self.buttons.addButton(QDialogButtonBox.StandardButton.Cancel)
        self.restore_button.setAutoDefault(False)
        cancel.setDefault(True)
        self.buttons.accepted.connect(self.accept)
        self.buttons.rejected.connect(self.reject)
        layout.addWidget(self.buttons)
        self._fill()
        cancel.setFocus()  # Enter alone never writes

    def before(self) -> bool:
        return bool(self.choice.currentData())

    def _fill(self) -> None:
        self.files.clear()
        files = self.plans.get(self.before(), [])
        for f in files:
            name = visible(project_name(f.path))
            if f.plan is None:
                line = self.tr("%1: cannot be restored — %2").replace("%1", name).replace(
                    "%2", visible(core_text(f.problem)))
            elif not f.plan.changes:
                line = self.tr("%1: already so").replace("%1", name)
            else:
                line = self.tr("%1: %n key(s) change", "", len(f.plan.changes)).replace(
                    "%1", name)
            self.files.addItem(line)
            self.files.item(self.files.count() - 1).setToolTip(visible(str(f.path)))
        usable = sum(1 for f in files if f.plan is not None and f.plan.changes)
        self.restore_button.setText(self.tr("Restore %n file(s)", "", usable))
        self.restore_button.setEnabled(usable > 0)


def ask_batch_restore(parent: QWidget, batch: str, plans: Plans) -> bool | None:
    """Ask before restoring a batch: the state chosen (``True``: before the batch), or
    ``None`` when cancelled."""
    dialog = BatchRestoreDialog(batch, plans, parent)
    try:
        return dialog.before() if dialog.exec() == QDialog.DialogCode.Accepted else None
    finally:
        dialog.deleteLater()


def report_lines(report: BatchRestoreReport, undo: bool = False) -> list[str]:
    """Each file's outcome in the window's language."""
    from PySide6.QtCore import QCoreApplication

    translate = QCoreApplication.translate
    words = {"restored": translate("BatchRestore", "put back") if undo
             else translate("BatchRestore", "restored"),
             "unchanged": translate("BatchRestore", "already so"),
             "refused": translate("BatchRestore", "refused"),
             "error": translate("BatchRestore", "failed"),
             "skipped": translate("BatchRestore", "not touched")}
    lines = []
    for r in report.results:
        line = translate("BatchRestore", "%1: %2").replace(
            "%1", visible(project_name(r.path))).replace(
            "%2", words.get(r.status, visible(r.status)))
        if r.problem:
            line += " — " + visible(core_text(r.problem))
        lines.append(line)
    return lines


class BatchRestore(QObject):
    """Plans, asks, restores and undoes a batch restore for one History page."""

    # the files written (the page reloads, the form checks its file)
    written = Signal()

    def __init__(self, say: Callable[[str], None], undo_button: QPushButton,
                 env: Callable[[], Mapping[str, str] | None], parent: QWidget) -> None:
        super().__init__(parent)
        self._say = say
        self._parent = parent
        self._env = env
        self.undo_button = undo_button
        self.undo_button.hide()
        self.undo_button.clicked.connect(self.undo)
        self.report: BatchRestoreReport | None = None
        self.busy = False

    def start(self, batch: str) -> None:
        """Plan both states of ``batch`` on the worker pool, then ask."""
        from msd_desktop.core.history.restore import plan_batch_restore
        from msd_desktop.core.history.store import HistoryStore
        from msd_desktop.ui.widgets.workers import run_op

        def plan() -> Plans:
            store = HistoryStore.for_user(self._env())
            return {AS_LEFT: plan_batch_restore(store, batch, before=False),
                    BEFORE: plan_batch_restore(store, batch, before=True)}

        self.busy = True
        self._say(self.tr("Reading batch %1…").replace("%1", batch))
        run_op(plan, name="history-batch-plan", on_finished=lambda p: self._ask(batch, p),
               on_failed=self._failed, owner=self)

    def _ask(self, batch: str, plans: Plans) -> None:
        from msd_desktop.ui.settings import history_batch

        before = history_batch.ask_batch_restore(self._parent, batch, plans)
        if before is None:
            self.busy = False
            self._say(self.tr("Batch restore cancelled: nothing was written."))
            return
        self._run(lambda env: _restore(plans[before], batch, env), undo=False)

    def undo(self) -> None:
        """Put back what the last batch restore replaced."""
        from msd_desktop.core.history.restore import undo_batch_restore

        report = self.report
        if report is None or self.busy:
            return
        self.undo_button.hide()
        self._run(lambda env: undo_batch_restore(report, env), undo=True)

    def _run(self, work: Callable[[Mapping[str, str] | None], BatchRestoreReport],
             undo: bool) -> None:
        from msd_desktop.ui.widgets.workers import run_op

        self.busy = True
        env = self._env()
        self._say(self.tr("Writing…"))
        run_op(lambda: work(env), name="history-batch-restore",
               on_finished=lambda r: self._done(r, undo), on_failed=self._failed, owner=self,
               writes=True)

    def _done(self, report: BatchRestoreReport, undo: bool) -> None:
        self.busy = False
        self.report = None if undo else report
        restored = sum(1 for r in report.results if r.status == "restored")
        head = (self.tr("Batch restore undone: %n file(s) put back.", "", restored) if undo
                else self.tr("Batch restored: %n file(s) written.", "", restored))
        if report.failed:
            head += " " + self.tr("%n file(s) not written.", "", len(report.failed))
        self._say("\n".join([head, *report_lines(report, undo)]))
        self.undo_button.setVisible(not undo and report.can_undo)
        self.written.emit()

    def _failed(self, error: BaseException) -> None:
        self.busy = False
        self._say(self.tr("Batch restore failed: %1").replace("%1", visible(core_text(error))))


def _restore(files: list[BatchFile], batch: str,
             env: Mapping[str, str] | None) -> BatchRestoreReport:
    from msd_desktop.core.history.restore import restore_batch

    return restore_batch(files, batch, env)
