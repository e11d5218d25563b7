"""Before the window goes away: unsaved Settings edits are saved, discarded or kept — asked.

One question (Save / Discard / Cancel) lists every file with unsaved edits. Save writes each
draft (what its fields show); a file that cannot be saved (an invalid field, a conflict on
disk) stops the close and says which, so nothing is lost by a failed save either. The question
is one function (:func:`ask_unsaved`) so a test replaces one call.
"""

from __future__ import annotations

from collections.abc import Callable
from enum import Enum
from typing import TYPE_CHECKING

from PySide6.QtCore import QCoreApplication, QEvent, QObject, Qt
from PySide6.QtWidgets import QLabel, QWidget

from msd_desktop.core.common.errors import MsdError
from msd_desktop.ui.settings.sessions import EditSessions
from msd_desktop.ui.settings.undo import EditSession, counts, unsaved_keys
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import visible_lines

if TYPE_CHECKING:
    from PySide6.QtWidgets import QMessageBox

    from msd_desktop.ui.settings.save_worker import SaveJob


class Answer(Enum):
    SAVE = "save"
    DISCARD = "discard"
    CANCEL = "cancel"


def describe(sessions: list[EditSession]) -> str:
    lines = []
    for session in sessions:
        n = session.draft.unsaved_count
        lines.append(counts().unsaved_in(str(session.draft.path), n))
    return "\n".join(lines)


def plain_message_box(box: QMessageBox, informative: str) -> None:
    """The box's texts as plain text: its informative text lists paths, which Qt would
    otherwise guess to be rich text (a folder named like HTML renders, an ``<img>`` loads)."""
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setInformativeText(visible_lines(informative))
    for label in box.findChildren(QLabel):
        label.setTextFormat(Qt.TextFormat.PlainText)


def unsaved_box(parent: QWidget | None, sessions: list[EditSession], what: str) -> QMessageBox:
    """The Save / Discard / Cancel question, built (not shown)."""
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(parent)
    box.setObjectName("UnsavedSettingsDialog")
    box.setIcon(QMessageBox.Icon.Warning)
    box.setWindowTitle(QCoreApplication.translate("UnsavedSettings", "Unsaved settings"))
    box.setText(QCoreApplication.translate(
        "UnsavedSettings", "{0}: save your changes to the settings first?").format(what))
    plain_message_box(box, describe(sessions))
    buttons = QMessageBox.StandardButton
    box.setStandardButtons(buttons.Save | buttons.Discard | buttons.Cancel)
    box.setDefaultButton(buttons.Save)
    box.setEscapeButton(buttons.Cancel)
    return box


def ask_unsaved(parent: QWidget | None, sessions: list[EditSession], what: str) -> Answer:
    """Save / Discard / Cancel for ``sessions`` (``what``: "Quitting", "Logging out" …)."""
    from PySide6.QtWidgets import QMessageBox

    buttons = QMessageBox.StandardButton
    answer = unsaved_box(parent, sessions, what).exec()
    if answer == buttons.Save:
        return Answer.SAVE
    if answer == buttons.Discard:
        return Answer.DISCARD
    return Answer.CANCEL


def save_all(sessions: list[EditSession], parent: QWidget | None = None) -> list[str]:
    """Save every session; the messages of those that could not be saved (nothing written
    for them; their edits stay).

    Each file is saved by a worker (see save_worker): the window's thread runs its event
    loop meanwhile, never waiting for a planning lock itself; after a moment a progress
    box says so and its Cancel stops the saves still waiting for a lock."""
    from PySide6.QtCore import QEventLoop, QTimer

    from msd_desktop.ui.settings.save_worker import SaveJob, SaveOutcome

    problems: list[str] = []
    jobs: list[SaveJob] = []
    running: list[SaveJob] = []  # saves already under way: waited for, never doubled
    for session in sessions:
        draft = session.draft
        job = next((j for j in session.findChildren(SaveJob) if j.running), None)
        if job is not None:
            running.append(job)
            continue
        if not draft.dirty:
            continue
        try:
            jobs.append(SaveJob(session, draft.plan_save()))
        except MsdError as exc:
            problems.append(f"{draft.path}: {core_text(exc)}")
    if running:
        _wait_for(running)
        # what was typed while those saves ran is saved now, like every other edit
        problems += save_all([job.session for job in running], parent)
    if not jobs:
        return problems
    outcomes: dict[int, SaveOutcome] = {}
    loop = QEventLoop()

    def ended(index: int, outcome: SaveOutcome) -> None:
        outcomes[index] = outcome
        if len(outcomes) == len(jobs):
            loop.quit()

    for index, job in enumerate(jobs):
        job.finished.connect(lambda outcome, i=index: ended(i, outcome))
        job.start()
    boxes: list[QWidget] = []  # the progress box, made only when the saves take a while

    def show_box() -> None:
        box = _saving_box(parent, [job.cancel for job in jobs])
        boxes.append(box)
        box.show()

    shown = QTimer()
    shown.setSingleShot(True)
    shown.timeout.connect(show_box)
    shown.start(SAVING_BOX_AFTER_MS)
    if len(outcomes) < len(jobs):
        loop.exec()
    shown.stop()
    for box in boxes:
        box.close()
        box.deleteLater()
    for index, job in enumerate(jobs):
        outcome = outcomes[index]
        if outcome.ok:
            job.session.applied.emit(outcome.keys, None)
        else:
            why = (QCoreApplication.translate("UnsavedSettings", "the save was cancelled")
                   if outcome.cancelled else core_text(outcome.error)
                   if isinstance(outcome.error, MsdError) else str(outcome.error))
            problems.append(f"{job.planned.path}: {why}")
    return problems


def _wait_for(jobs: list[SaveJob]) -> None:
    """Run the event loop until every one of ``jobs`` (saves already running) has ended."""
    from PySide6.QtCore import QEventLoop

    loop = QEventLoop()
    left = [job for job in jobs if job.running]

    def ended(_outcome: object, job: SaveJob) -> None:
        if job in left:
            left.remove(job)
        if not left:
            loop.quit()

    for job in list(left):
        job.finished.connect(lambda outcome, j=job: ended(outcome, j))
    if left:
        loop.exec()


#: A quit's saves that take longer than this show a box with Cancel (ms).
SAVING_BOX_AFTER_MS = 400


def _saving_box(parent: QWidget | None, cancels: list[Callable[[], None]]) -> QWidget:
    """"Saving…" with Cancel (stops the saves still waiting for a planning lock)."""
    from PySide6.QtWidgets import QProgressDialog

    box = QProgressDialog(QCoreApplication.translate(
        "UnsavedSettings", "Saving… another program may hold the planning lock."),
        QCoreApplication.translate("UnsavedSettings", "Cancel"), 0, 0, parent)
    box.setObjectName("SavingSettingsDialog")
    box.setWindowTitle(QCoreApplication.translate("UnsavedSettings", "Saving settings"))
    box.setMinimumDuration(0)
    box.setAutoClose(False)
    box.setAutoReset(False)
    box.canceled.connect(lambda: [cancel() for cancel in cancels])
    return box


def discard_all(sessions: list[EditSession]) -> None:
    """Drop every pending edit (the person said so)."""
    for session in sessions:
        keys = unsaved_keys(session.draft)
        session.draft.revert()
        session.applied.emit(keys, None)


def settle_unsaved(parent: QWidget | None, store: EditSessions | None, what: str) -> bool:
    """Ask about unsaved edits, act on the answer; True when the window may go away."""
    return settle_sessions(parent, store.dirty() if store is not None else [], what)


def settle_sessions(parent: QWidget | None, sessions: list[EditSession], what: str) -> bool:
    """:func:`settle_unsaved` for sessions of several stores (the window's and those of its
    other windows, e.g. Global defaults)."""
    dirty = [s for s in sessions if s.draft.dirty]
    if not dirty:
        return True
    answer = ask_unsaved(parent, dirty, what)
    if answer is Answer.CANCEL:
        return False
    if answer is Answer.DISCARD:
        discard_all(dirty)
        return True
    problems = save_all(dirty, parent)
    if problems:
        show_not_saved(parent, problems)
        return False
    return True


class CloseGuard(QObject):
    """Event filter for a window holding a Settings form of its own (Global defaults):
    closing it with unsaved edits asks first, like the main window."""

    def __init__(self, store: Callable[[], EditSessions | None], what: str,
                 parent: QObject | None = None) -> None:
        super().__init__(parent)
        self._store = store
        self._what = what

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        if event.type() != QEvent.Type.Close:
            return False
        window = watched if isinstance(watched, QWidget) else None
        if settle_unsaved(window, self._store(), self._what):
            return False
        event.ignore()
        return True


def show_not_saved(parent: QWidget | None, problems: list[str]) -> None:
    from PySide6.QtWidgets import QMessageBox

    box = QMessageBox(parent)
    box.setIcon(QMessageBox.Icon.Critical)
    box.setWindowTitle(QCoreApplication.translate("UnsavedSettings", "Not saved"))
    box.setText(QCoreApplication.translate(
        "UnsavedSettings", "These settings could not be saved; nothing was lost, the window "
        "stays open:"))
    plain_message_box(box, "\n".join(problems))
    box.exec()


__all__ = [
    "Answer",
    "CloseGuard",
    "ask_unsaved",
    "discard_all",
    "save_all",
    "settle_sessions",
    "settle_unsaved",
    "unsaved_box",
]
