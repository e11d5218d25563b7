"""The Settings tab's JSON page: the draft as editable JSON text, next to the form.

What it does (as an editor's settings JSON does beside its settings form):

* the text is the draft — what Save would write — in the writer's layout, so a form edit shows
  here and an edit here stages the same draft edits the form makes (unknown keys and key order
  of the file are kept: only what the person changed in the text is staged);
* every change is checked as it is typed: the core's JSON reader gives a syntax error with its
  line and column, the core's validators check each staged value (shown at the key's line);
* plaintext secrets show masked and stay masked: an untouched mask maps back to the value it
  stands for, a key typed in is refused (the API keys tab puts keys in the OS keyring), and a
  copy from the text masks any key in it. A plaintext key in the file gets "Move to keyring".

Text that does not parse is not dropped: it is the draft's **text edit**
(:data:`~msd_desktop.core.config.draft.TEXT_KEY`), an unsaved change like any other — marked,
asked about before the window goes, kept against a crash, blocking Save with its line and
column — until it parses again and becomes key edits. A file the core cannot use (a trailing
comma) is shown as it is, editable: the text typed over it is the text edit, and Save writes
it once it parses.

Every text change that stages something is one undoable command when an undo stack is given
(:meth:`JsonSettingsPage.set_undo`); consecutive changes of the same settings while typing
merge into one command, and so does typing in text that does not parse (so Ctrl+Z in the
text undoes that typing, not an older edit of the form).
Without a stack the edits are applied directly (``apply`` — the hook a caller wraps).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from PySide6.QtCore import Qt, QTimer, Signal
from PySide6.QtGui import (
    QColor,
    QTextCharFormat,
    QTextCursor,
    QUndoStack,
)
from PySide6.QtWidgets import (
    QCheckBox,
    QFrame,
    QHBoxLayout,
    QLabel,
    QListWidget,
    QListWidgetItem,
    QPushButton,
    QSplitter,
    QTextEdit,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.common.js_json import same_json_value
from msd_desktop.core.common.key_paths import get_path
from msd_desktop.core.config.draft import TEXT_KEY, UNSET, ConfigDraft
from msd_desktop.core.config.json_edit import (
    TextProblem,
    display_data,
    document_text,
    edits_between,
    key_position,
    parse_document,
    secret_key_names,
)
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.setter import unknown_key_message
from msd_desktop.core.config.suggest import close_keys
from msd_desktop.core.secrets.masking import mask, mask_text, secrets_in_text
from msd_desktop.ui.settings.conflict_view import read_only_text
from msd_desktop.ui.settings.json_text_edit import (
    Apply,
    JsonEditCommand,
    JsonTextEdit,
    typed_secrets,
)
from msd_desktop.ui.widgets.core_text import core_problem, valid_keys_tails
from msd_desktop.ui.widgets.empty_hint import EmptyHint
from msd_desktop.ui.widgets.theme import banner_style, semantic_color

# The key under which an unreadable JSON text blocks Save in the draft's errors.
TEXT_ERROR_KEY = TEXT_KEY
LARGE_TEXT = 200_000  # characters: above this the text is checked when typing pauses
LARGE_TEXT_PAUSE_MS = 300


_NO_TYPING: Any = object()


def _as_set(value: Any) -> Any:
    """A draft value as ``ConfigDraft.set`` takes it (absent → ``None``, i.e. remove)."""
    return None if value is MISSING or value is UNSET else value


class JsonSettingsPage(QWidget):
    """The JSON page for one draft (see the module docstring)."""

    edited = Signal(list)  # the keys one text change staged
    problems_changed = Signal(list)  # [TextProblem]
    move_to_keyring_requested = Signal()

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setObjectName("jsonPage")
        self.draft: ConfigDraft | None = None
        self._synced: dict[str, Any] = {}  # the document the text agreed with last
        self._originals: dict[str, str] = {}
        self._own = False  # staging from the text: the draft's echo must not rewrite it
        self._stale = False  # the draft changed elsewhere while the text could not be read
        self._burst = 0
        self._stack: QUndoStack | None = None
        self._apply: Apply | None = None
        self.problems: list[TextProblem] = []
        self.notes: list[TextProblem] = []  # an agent name close to a known one
        self.parse_problem: TextProblem | None = None
        self._check_timer = QTimer(self)
        self._check_timer.setSingleShot(True)
        self._check_timer.setInterval(LARGE_TEXT_PAUSE_MS)
        self._check_timer.timeout.connect(self.check_text)
        self._build()

    # ---- building ---------------------------------------------------------------------------

    def _build(self) -> None:
        layout = QVBoxLayout(self)
        layout.setContentsMargins(0, 0, 0, 0)
        self.secret_banner = QFrame()
        self.secret_banner.setObjectName("banner")
        row = QHBoxLayout(self.secret_banner)
        row.setContentsMargins(8, 4, 8, 4)
        self.secret_label = QLabel()
        self.secret_label.setObjectName("jsonSecretLabel")
        self.secret_label.setTextFormat(Qt.TextFormat.PlainText)
        self.secret_label.setWordWrap(True)
        row.addWidget(self.secret_label, 1)
        self.move_button = QPushButton(self.tr("Move to keyring"))
        self.move_button.setAccessibleDescription(self.tr(
            "Moves the plaintext API keys from config.json into the OS keyring and writes true "
            "in their place"))
        self.move_button.clicked.connect(self.move_to_keyring_requested.emit)
        row.addWidget(self.move_button)
        self.secret_banner.hide()
        layout.addWidget(self.secret_banner)
        self.stale_bar = QFrame()
        self.stale_bar.setObjectName("banner")
        self.stale_bar.setStyleSheet(banner_style("info"))
        stale_row = QHBoxLayout(self.stale_bar)
        stale_row.setContentsMargins(8, 4, 8, 4)
        stale_label = QLabel(self.tr(
            "The settings changed elsewhere while this text cannot be read; they show here once "
            "the text is fixed."))
        stale_label.setObjectName("jsonStaleLabel")
        stale_label.setWordWrap(True)
        stale_row.addWidget(stale_label, 1)
        self.show_draft_button = QPushButton(self.tr("Show the settings instead"))
        self.show_draft_button.setToolTip(self.tr("Replace this text with the current settings "
                                                  "(your unreadable text is dropped)"))
        self.show_draft_button.clicked.connect(self._drop_text)
        stale_row.addWidget(self.show_draft_button)
        self.stale_bar.hide()
        layout.addWidget(self.stale_bar)

        splitter = QSplitter(Qt.Orientation.Vertical)
        self._splitter = splitter
        self.editor = JsonTextEdit()
        self.editor.secret_values = lambda: list(self._originals.values())
        self.editor.setUndoRedoEnabled(False)
        self.editor.textChanged.connect(self._text_changed)
        self.editor.focused.connect(self._new_burst)
        splitter.addWidget(self.editor)
        self.problem_list = QListWidget()
        self.problem_list.setAccessibleName(self.tr("Problems in the JSON text"))
        self.problem_list.setAccessibleDescription(self.tr(
            "Activate a problem to put the cursor at its line"))
        self.problem_list.setWordWrap(True)
        self.problem_list.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        self.problem_hint = EmptyHint(self.problem_list, lambda: self.tr(
            "No problems: the text reads as JSON and every value is valid."))
        self.problem_list.itemActivated.connect(self._jump)
        self.problem_list.itemClicked.connect(self._jump)
        self.problem_list.hide()
        splitter.addWidget(self.problem_list)
        self.diff_box = read_only_text(diff=True)
        self.diff_box.setAccessibleName(self.tr("Unsaved changes as a diff"))
        self.diff_box.setPlaceholderText(self.tr("No unsaved changes."))
        self.diff_box.hide()
        splitter.addWidget(self.diff_box)
        splitter.setStretchFactor(0, 4)
        splitter.setStretchFactor(1, 1)
        splitter.setStretchFactor(2, 2)
        layout.addWidget(splitter, 1)
        bottom = QHBoxLayout()
        self.status = QLabel()
        self.status.setObjectName("jsonStatus")
        self.status.setTextFormat(Qt.TextFormat.PlainText)
        self.status.setWordWrap(True)
        bottom.addWidget(self.status, 1)
        self.diff_check = QCheckBox(self.tr("Show unsaved changes as a diff"))
        self.diff_check.setToolTip(self.tr(
            "Show, under the text, what Save would change in the file (API keys masked)"))
        self.diff_check.toggled.connect(self._diff_toggled)
        bottom.addWidget(self.diff_check)
        layout.addLayout(bottom)

    # ---- wiring -----------------------------------------------------------------------------

    def set_undo(self, stack: QUndoStack | None, apply: Apply | None) -> None:
        """Text edits become commands on ``stack`` whose redo/undo call ``apply(values)``."""
        self._stack, self._apply = stack, apply

    def set_draft(self, draft: ConfigDraft | None) -> None:
        """Show another draft (a scope or project switch, or the form rebuilt): its text edit,
        if it has one, comes back with it (it is the draft's unsaved change, not the page's)."""
        if self._check_timer.isActive() and self.draft is not None:
            self.check_text()  # a huge text typed into the draft shown so far goes there first
        self.draft = draft
        self._stale = False
        self._unusable = False
        self._render()

    def text(self) -> str:
        return self.editor.toPlainText()

    def set_move_enabled(self, enabled: bool, why: str = "") -> None:
        self.move_button.setEnabled(enabled)
        self.move_button.setToolTip(why)

    # ---- the draft → the text ---------------------------------------------------------------

    def refresh(self) -> None:
        """The draft changed (an edit in the form, undo, revert, reload, save)."""
        if self._own or self.draft is None:
            return
        if self._check_timer.isActive():
            self.check_text()  # what was typed first: then the draft's own change
        draft = self.draft
        if draft.load_error is not None or self._unusable:
            self._render()  # an unusable file, or one that became usable again
            return
        if draft.text_edit is not None:
            if draft.text_edit != self.text():  # undo, redo, a restored edit
                self._render()
                return
            doc = document_text(display_data(draft))
            if not same_json_value(doc.data, self._synced):
                self._stale = True  # never drop what is being typed: say so and wait
                self.stale_bar.show()
            self._update_chrome()
            return
        doc = document_text(display_data(draft))
        if doc.text != self.text() or self.parse_problem is not None:
            self._render(doc.text, doc.data, doc.originals)
        else:
            self._synced, self._originals = doc.data, doc.originals
            self._check()
            self._update_chrome()

    def _render(self, text: str | None = None, data: dict[str, Any] | None = None,
                originals: dict[str, str] | None = None) -> None:
        """Show the draft: its text edit if it has one, else the draft as text."""
        self._check_timer.stop()
        if self.draft is None:
            self._set_text("")
            self._synced, self._originals = {}, {}
            self.parse_problem = None
            self._update_chrome()
            return
        if self.draft.load_error is not None:
            self._show_unusable(self.draft)
            return
        self._unusable = False
        self.editor.setReadOnly(False)
        if text is None or data is None or originals is None:
            doc = document_text(display_data(self.draft))
            text, data, originals = doc.text, doc.data, doc.originals
        self._synced, self._originals = data, originals
        self._stale = False
        self.stale_bar.hide()
        self.parse_problem = None
        self.draft.recheck_text()  # no leftover "being checked" of another page
        edit = self.draft.text_edit
        if edit is not None:  # the text that does not parse is what shows
            self._set_text(edit)
            _doc, self.parse_problem = parse_document(edit, originals, self.tr("JSON"))
        else:
            self._set_text(text)
        self._new_burst()
        self._check()
        self._update_chrome()

    def _file_text(self, draft: ConfigDraft) -> str:
        """An unusable file's text as shown: every API key in it masked."""
        raw = draft.file.text or ""
        return mask_text(raw, typed_secrets(raw))

    def _show_unusable(self, draft: ConfigDraft) -> None:
        """A file the core cannot use is shown as it is (keys in it masked), editable when
        its text could be read, with the reader's error at its line and column; what is typed
        over it is the draft's text edit, and Save writes it once it parses."""
        self._unusable = True
        self.editor.setReadOnly(draft.file.text is None)
        self._synced, self._originals = {}, {}
        self._stale = False
        self.stale_bar.hide()
        shown = draft.text_edit if draft.text_edit is not None else self._file_text(draft)
        if shown != self.text():
            self._set_text(shown)
            self._new_burst()
        self._unusable_problem(draft)
        self._update_chrome()

    def _unusable_problem(self, draft: ConfigDraft) -> None:
        error = draft.text_problem if draft.text_edit is not None else draft.file.error
        if error is None:
            self.parse_problem = None
            self._show_problems([])
            return
        self.parse_problem = TextProblem(error.message, error.line or 1, error.column or 1)
        self._show_problems([self.parse_problem])

    def _set_text(self, text: str) -> None:
        """Replace the text keeping the cursor's line and column and the scroll position."""
        cursor = self.editor.textCursor()
        line, column = cursor.blockNumber(), cursor.positionInBlock()
        scroll = self.editor.verticalScrollBar().value()
        self._own = True
        try:
            self.editor.setPlainText(text)
        finally:
            self._own = False
        block = self.editor.document().findBlockByNumber(
            min(line, self.editor.document().blockCount() - 1))
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.MoveAnchor,
                            min(column, max(0, block.length() - 1)))
        self.editor.setTextCursor(cursor)
        self.editor.verticalScrollBar().setValue(scroll)

    def _drop_text(self) -> None:
        """"Show the settings instead": the unreadable text is dropped (one undoable step)."""
        if self.draft is not None and self.draft.text_edit is not None:
            self._stage([(TEXT_KEY, None)])
        self._render()

    # ---- the text → the draft ---------------------------------------------------------------

    def _text_changed(self) -> None:
        if self._own or self.draft is None:
            return
        if len(self.text()) > LARGE_TEXT:
            # A huge file: check once typing pauses, not on every key (the UI stays quick);
            # Save waits meanwhile, as for any text not checked yet.
            self.draft.errors[TEXT_ERROR_KEY] = self.tr("The JSON text is being checked.")
            self._check_timer.start()
            return
        self.check_text()

    def check_text(self) -> None:
        """Check the typed text now and stage what it changed (also after a pause in typing
        a huge text; tests call it to skip the wait)."""
        self._check_timer.stop()
        draft = self.draft
        if draft is None:
            return
        text = self.text()
        draft.recheck_text()  # (a huge text's "being checked" goes)
        if self._unusable:
            typed = None if text == self._file_text(draft) else text
            if typed != draft.text_edit:
                self._stage([(TEXT_KEY, typed)])
            self._unusable_problem(draft)
            self._update_chrome()
            return
        doc, problem = parse_document(text, self._originals, self.tr("JSON"))
        if problem is not None or doc is None:
            self.parse_problem = problem
            if draft.text_edit != text:
                self._stage([(TEXT_KEY, text)])  # an unsaved change of its own
            self._show_problems([problem] if problem is not None else [])
            self._update_chrome()
            return
        self.parse_problem = None
        edits = edits_between(self._synced, doc)
        if draft.text_edit is not None:
            edits = [(TEXT_KEY, None), *edits]  # the text reads again: it is key edits now
        self._synced = doc
        if edits:
            self._stage(edits)
        if self._stale:  # the draft moved on meanwhile: show all of it now
            self._render()
            return
        self._check()
        self._update_chrome()

    def _stage(self, edits: list[tuple[str, Any]]) -> None:
        draft = self.draft
        assert draft is not None
        keys = [k for k, _ in edits]
        self._own = True
        try:
            if self._stack is not None and self._apply is not None:
                changes = [(k, _as_set(draft.value(k)), _as_set(v)) for k, v in edits]
                named = [k for k in keys if k != TEXT_KEY]
                text = self.tr("edit %1 in the JSON text").replace("%1", ", ".join(
                    named[:3]) + ("…" if len(named) > 3 else "")) if named else self.tr(
                    "type in the JSON text")
                self._stack.push(JsonEditCommand(self._apply, changes, self._burst, text))
            elif self._apply is not None:
                self._apply(edits)
            else:
                for key, value in edits:
                    draft.set(key, _as_set(value))
        finally:
            self._own = False
        self.edited.emit(keys)

    def _new_burst(self) -> None:
        """The next text change starts a new undo command (focus came back, text replaced)."""
        self._burst += 1

    # ---- the text's own undo ----------------------------------------------------------------

    def _typing_before(self) -> Any:
        """The text edit before the typing that made the current one (``None``: the text was
        the draft), or ``_NO_TYPING`` when no command on the stack made it."""
        stack, draft = self._stack, self.draft
        if stack is None or draft is None or draft.text_edit is None:
            return _NO_TYPING
        for index in range(stack.index() - 1, -1, -1):
            command = stack.command(index)
            if isinstance(command, JsonEditCommand):
                for key, before, after in command.changes:
                    if key == TEXT_KEY and after == draft.text_edit:
                        return before
        return _NO_TYPING

    def own_undo_applies(self) -> bool:
        """Whether Ctrl+Z in the text undoes its typing rather than the last command: the
        text does not parse and a form edit came after the typing."""
        stack = self._stack
        if stack is None or stack.index() == 0:
            return False
        if isinstance(stack.command(stack.index() - 1), JsonEditCommand):
            return False  # the typing is the last step: the stack's own Undo undoes it
        return self._typing_before() is not _NO_TYPING

    def undo_typing(self) -> None:
        """Put the text back as it was before its typing (one undoable step of its own; the
        form's later edits stay)."""
        before = self._typing_before()
        if before is _NO_TYPING:
            return
        self._new_burst()
        self._stage([(TEXT_KEY, before)])
        self._new_burst()
        self._render()

    # ---- problems ---------------------------------------------------------------------------

    def _check(self) -> None:
        """The draft's errors, placed at their keys in the text."""
        if self.parse_problem is not None:
            self._show_problems([self.parse_problem])
            return
        problems = []
        text = self.text()
        for key, message in (self.draft.errors.items() if self.draft is not None else ()):
            if key == TEXT_ERROR_KEY:
                continue
            line, column = key_position(text, key)
            problems.append(TextProblem(message, line, column, key))
        problems.sort(key=lambda p: (p.line, p.column))
        self._show_problems(problems, self._agent_notes(text))

    def _agent_notes(self, text: str) -> list[TextProblem]:
        """Entries of the agent maps naming no known agent but close to one: taken (an agent
        can be added later, as upstream takes it), with the nearest names said."""
        from msd_desktop.core.config.suggest import AGENT_MAPS, agent_note

        notes = []
        for group in AGENT_MAPS:
            found, entries = get_path(self._synced, group)
            if not found or not isinstance(entries, dict):
                continue
            for agent in entries:
                key = f"{group}.{agent}"
                note = agent_note(key)
                if note is not None:
                    line, column = key_position(text, key)
                    notes.append(TextProblem(note, line, column, key))
        return notes

    def _show_problems(self, problems: list[TextProblem],
                       notes: Sequence[TextProblem] = ()) -> None:
        changed = problems != self.problems
        self.problems = problems
        self.notes = list(notes)
        self.problem_list.clear()
        for problem in problems:
            message = core_problem(problem.message)  # the item says the line and column
            shown = message
            for tail in valid_keys_tails():  # the list of ~200 valid keys: not shown here
                head, sep, _rest = message.partition(tail)
                if sep:
                    shown = head + "."
                    break
            shown = self._with_suggestion(shown, problem)
            item = QListWidgetItem(self.tr("Line %1, column %2 — file check: %3").replace(
                "%1", str(problem.line)).replace("%2", str(problem.column)).replace(
                "%3", shown))
            item.setToolTip(shown)
            item.setData(Qt.ItemDataRole.UserRole, (problem.line, problem.column))
            item.setForeground(semantic_color("error"))
            self.problem_list.addItem(item)
        for note in notes:  # not a problem: Save takes the entry as it is
            said = core_problem(note.message)
            item = QListWidgetItem(self.tr("Line %1, column %2 — note: %3").replace(
                "%1", str(note.line)).replace("%2", str(note.column)).replace("%3", said))
            item.setToolTip(said)
            item.setData(Qt.ItemDataRole.UserRole, (note.line, note.column))
            item.setForeground(semantic_color("warning"))
            self.problem_list.addItem(item)
        self._show_pane(self.problem_list, bool(problems) or bool(notes), 110)
        self._underline(problems)
        if changed:  # (a listener may refresh this page: only news are told)
            self.problems_changed.emit(problems)

    def _with_suggestion(self, shown: str, problem: TextProblem) -> str:
        """An unknown key's problem ends with the nearest known keys, as ``config-set`` says."""
        if not problem.key or problem.message != unknown_key_message(problem.key):
            return shown
        names = close_keys(problem.key)
        if not names:
            return shown
        return self.tr("%1 Did you mean %2?").replace("%1", shown).replace(
            "%2", ", ".join(names))

    def _underline(self, problems: list[TextProblem]) -> None:
        selections = []
        doc = self.editor.document()
        for problem in problems:
            block = doc.findBlockByNumber(problem.line - 1)
            if not block.isValid():
                continue
            selection = QTextEdit.ExtraSelection()
            fmt = QTextCharFormat()
            fmt.setUnderlineStyle(QTextCharFormat.UnderlineStyle.WaveUnderline)
            fmt.setUnderlineColor(semantic_color("error"))
            background = QColor(semantic_color("error_bg"))
            fmt.setBackground(background)
            selection.format = fmt
            cursor = QTextCursor(block)
            cursor.movePosition(QTextCursor.MoveOperation.EndOfBlock,
                                QTextCursor.MoveMode.KeepAnchor)
            selection.cursor = cursor
            selections.append(selection)
        self.editor.setExtraSelections(selections)

    def _jump(self, item: QListWidgetItem) -> None:
        line, column = item.data(Qt.ItemDataRole.UserRole)
        block = self.editor.document().findBlockByNumber(line - 1)
        if not block.isValid():
            return
        cursor = QTextCursor(block)
        cursor.movePosition(QTextCursor.MoveOperation.Right, QTextCursor.MoveMode.MoveAnchor,
                            min(column - 1, max(0, block.length() - 1)))
        self.editor.setTextCursor(cursor)
        self.editor.setFocus(Qt.FocusReason.OtherFocusReason)
        self.editor.centerCursor()
        # (again once the panes under the text have their height: the problem in sight)
        QTimer.singleShot(0, self.editor.centerCursor)

    # ---- chrome -----------------------------------------------------------------------------

    def _update_chrome(self) -> None:
        draft = self.draft
        plaintext = [] if draft is None else [
            k for k in sorted(secret_key_names())
            if isinstance(draft.data.get(k), str) and draft.data.get(k) != ""]
        if plaintext and draft is not None:
            self.secret_label.setText(self.tr(
                "config.json holds %n plaintext API key(s): %1. They are shown masked here; "
                "move them into the OS keyring so the file only says true.", "", len(plaintext)
            ).replace("%1", ", ".join(f"{k} ({mask(draft.data[k])})" for k in plaintext)))
            self.secret_banner.setStyleSheet(banner_style("warning"))
            self.secret_banner.show()
        else:
            self.secret_banner.hide()
        if draft is None:
            self.status.setText("")
        elif draft.load_error is not None and draft.file.text is None:
            self.status.setText(self.tr("This file cannot be read, so it is shown read-only: "
                                        "fix it in another program; it reloads when it "
                                        "changes."))
        elif draft.load_error is not None and self.parse_problem is not None:
            self.status.setText(self.tr("This file does not read as JSON: fix it here (the "
                                        "problem is listed with its line and column), then "
                                        "save. The form is read-only until then."))
        elif draft.load_error is not None:
            self.status.setText(self.tr("The text reads as JSON now: the form shows it and "
                                        "takes edits; save (Ctrl+S) to write it to the "
                                        "file."))
        elif self.parse_problem is not None:
            self.status.setText(self.tr("Unsaved: this text cannot be read. It is kept as "
                                        "typed; Save is blocked until it is fixed (Revert "
                                        "drops it)."))
        elif draft.dirty:
            self.status.setText(self.tr("Unsaved: this text is what Save writes."))
        else:
            self.status.setText(self.tr("No unsaved changes: this is the file."))
        if self.diff_check.isChecked():
            self._fill_diff()

    def _show_pane(self, pane: QWidget, on: bool, height: int) -> None:
        """Show or hide a pane under the text; shown, it gets ``height`` px (a splitter gives
        a pane that was hidden when it was laid out no room at all)."""
        pane.setVisible(on)
        if not on:
            return
        index = self._splitter.indexOf(pane)
        sizes = self._splitter.sizes()
        if sizes[index] < 40 and sizes[0] > height + 80:
            sizes[0] -= height - sizes[index]
            sizes[index] = height
            self._splitter.setSizes(sizes)

    def _diff_toggled(self, on: bool) -> None:
        self._show_pane(self.diff_box, on, 200)
        if on:
            self._fill_diff()

    def _fill_diff(self) -> None:
        import difflib

        draft = self.draft
        if draft is None:
            self.diff_box.setPlainText("")
            return
        if draft.load_error is not None:
            before = self._file_text(draft).splitlines()
        else:
            before = document_text(draft.data).text.splitlines()
        if draft.text_edit is not None:  # what was typed, as typed (keys in it masked)
            edit = draft.text_edit
            after = mask_text(edit, list(secrets_in_text(edit, secret_key_names()).values())
                              ).splitlines()
        elif draft.load_error is not None:
            after = before
        else:
            after = document_text(display_data(draft)).text.splitlines()
        name = draft.path.name
        lines = list(difflib.unified_diff(
            before, after, fromfile=self.tr("%1 (as read)").replace("%1", name),
            tofile=self.tr("%1 (unsaved)").replace("%1", name), lineterm="", n=3))
        self.diff_box.setPlainText("\n".join(lines) if lines else self.tr("No unsaved changes."))


__all__ = ["TEXT_ERROR_KEY", "JsonSettingsPage"]
