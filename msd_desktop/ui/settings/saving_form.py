"""The Settings form's Save: what it refuses, the worker it starts, and how its end is told.

Why a layer of its own: a save is a small protocol of its own — refused at once with the reason
(nothing to save, an invalid field, JSON text that does not parse), otherwise written by a
worker (:mod:`~msd_desktop.ui.settings.save_worker`) while the form stays usable, its progress
and a Cancel shown while another program holds the planning lock, and its end reported by
``save_finished`` whatever happened. Asked again while a save runs, it saves once more right
after it. A save made while the JSON page is shown is recorded in the config history as a
"JSON tab" save, any other as a "Settings save". The panel (``form.py``) builds the widgets
this layer talks to.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtWidgets import QPushButton, QTabWidget

from msd_desktop.core.common.errors import ConflictError, MsdError
from msd_desktop.core.config.draft import TEXT_KEY, ConfigDraft
from msd_desktop.core.history.recorder import JSON_TAB
from msd_desktop.ui.settings.disk_sync import DiskSyncedForm
from msd_desktop.ui.settings.form_widgets import short_error
from msd_desktop.ui.settings.save_worker import WAITING, WRITING, SaveJob, SaveOutcome
from msd_desktop.ui.settings.undo import EditSession, counts
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.plain_text import visible

if TYPE_CHECKING:
    from msd_desktop.ui.settings.json_page import JsonSettingsPage


class SavingForm(DiskSyncedForm):
    """The panel's layer that saves its draft (see the module docstring)."""

    saved = Signal(list)  # the keys written
    save_finished = Signal(bool, list)  # every save() ends so: saved?, the keys written

    # set up by the panel
    session: EditSession | None
    draft: ConfigDraft | None
    inner_tabs: QTabWidget
    cancel_save_button: QPushButton
    _save_again: bool
    _json_page: Any

    # ---- what this layer asks of the panel

    def _commit_open_cell(self) -> None:
        raise NotImplementedError

    def _scroll_to(self, key: str) -> None:
        raise NotImplementedError

    def _update_chrome_buttons(self) -> None:
        raise NotImplementedError

    @property
    def json_page(self) -> JsonSettingsPage:
        raise NotImplementedError

    # ---- saving

    def save(self) -> bool:
        """Start writing exactly what the fields show (in a worker: see save_worker); True
        when the save started. ``save_finished(ok, keys)`` reports its end — at once when it
        is refused before it starts (nothing to save, an invalid field: nothing written).

        A table cell still being edited is committed first (its value reaches the draft when
        its editor loses the focus). Asked again while a save runs, it saves once more right
        after it (the edits made meanwhile): that second save's end is reported too."""
        self._commit_open_cell()
        session, draft = self.session, self.draft
        if session is None or draft is None:
            return False
        if self.save_job() is not None:
            self._save_again = True
            self.status.setText(self.tr("Saving… the changes made meanwhile are saved right "
                                        "after."))
            return True
        if not draft.dirty:
            self.status.setText(self.tr("No unsaved changes."))
            self.save_finished.emit(False, [])
            return False
        if TEXT_KEY in draft.errors:
            self.status.setText(self.tr("Not saved: {0}").format(self._text_problem_words()))
            self.show_text_problem()
            self.save_finished.emit(False, [])
            return False
        if draft.errors:
            key = next(iter(draft.errors))
            self.status.setText(self.tr("Not saved: fix {0} first — {1}").format(
                key, short_error(core_text(draft.errors[key]))))
            self._scroll_to(key)
            self.save_finished.emit(False, [])
            return False
        try:
            planned = draft.plan_save()
        except MsdError as exc:
            self._say_not_saved(exc)
            self.save_finished.emit(False, [])
            return False
        if self.inner_tabs.currentWidget() is self._json_page:
            planned = planned._replace(source=JSON_TAB)  # the history says where it was made
        job = SaveJob(session, planned)
        self._follow_save(job)
        job.start()
        return True

    def _text_problem_words(self) -> str:
        """Why the JSON tab's text blocks Save, with its line and column."""
        draft = self.draft
        problem = draft.text_problem if draft is not None else None
        if problem is None or problem.line is None:
            return self.tr("the JSON tab's text is still being checked.")
        return self.tr("the JSON tab's text does not parse (line {0}, column {1}): fix it "
                       "there, or Revert.").format(problem.line, problem.column or 1)

    def show_text_problem(self) -> None:
        """Open the JSON tab with the cursor at the text's problem."""
        self.inner_tabs.setCurrentWidget(self._json_page)
        page = self.json_page
        if page.problem_list.count():
            page._jump(page.problem_list.item(0))
        else:
            page.editor.setFocus(Qt.FocusReason.OtherFocusReason)

    def save_job(self) -> SaveJob | None:
        """The save of the file shown that is still running, if any."""
        if self.session is None:
            return None
        return next((job for job in self.session.findChildren(SaveJob) if job.running), None)

    def cancel_save(self) -> None:
        """Stop a save that waits for the planning lock (nothing is written)."""
        job = self.save_job()
        if job is not None:
            job.cancel()
            self.cancel_save_button.setEnabled(False)

    def _follow_save(self, job: SaveJob) -> None:
        job.progressed.connect(self._save_progressed)
        job.finished.connect(self._save_done)
        self.status.setText(self.tr("Saving…"))
        self.cancel_save_button.setEnabled(True)
        self.cancel_save_button.show()
        self._update_chrome_buttons()

    def _save_progressed(self, state: str) -> None:
        if state == WAITING:
            self.status.setText(self.tr("Saving… another program holds the planning lock; "
                                        "waiting for it (Cancel stops the save)."))
        elif state == WRITING:
            self.status.setText(self.tr("Saving…"))
            self.cancel_save_button.setEnabled(False)

    def _save_done(self, outcome: SaveOutcome) -> None:
        job = self.sender()
        if isinstance(job, SaveJob) and job.session is not self.session:
            return  # the save of a file this form no longer shows: its session is done
        self.cancel_save_button.hide()
        draft = self.draft
        if outcome.ok and draft is not None:
            self._watch(draft.path)
            self._reload_everything()
            self.status.setText(counts().saved(str(draft.path), len(outcome.keys)))
            self.saved.emit(outcome.keys)
        elif outcome.cancelled:
            self.status.setText(self.tr("Save cancelled: nothing was written; your changes "
                                        "are kept, unsaved."))
        elif isinstance(outcome.error, ConflictError):
            self._show_disk_banner()
            self.status.setText(self.tr("Not saved: the file changed on disk. Reload or keep "
                                        "yours."))
        else:
            self._say_not_saved(outcome.error)
        self._update_chrome_buttons()
        self.save_finished.emit(outcome.ok, outcome.keys)
        if not outcome.ok:
            self.check_disk()  # a change on disk seen while the save ran
        if self._save_again:
            self._save_again = False
            if outcome.ok and draft is not None and draft.dirty:
                self.save()  # the edits made while the file was written
            else:  # nothing left to write, or the first save failed: its message stands
                self.save_finished.emit(outcome.ok, [])

    def _say_not_saved(self, error: BaseException | None) -> None:
        why = core_text(error) if isinstance(error, MsdError) else visible(
            f"{type(error).__name__}: {error}")
        self.status.setText(self.tr("Not saved. The file check says: {0}").format(why))
