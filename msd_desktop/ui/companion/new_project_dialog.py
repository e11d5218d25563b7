"""New project: pick a folder, choose the usual settings on one page, create its config.

Why: starting a project should not require the CLI. The page is generated — each setting's
editor comes from the Settings form's registry (:func:`msd_desktop.ui.widgets.editors.create_editor`
fed by the schema's :class:`KeySpec`), so titles, help and choices match Settings exactly.
Only the keys listed in :data:`NEW_PROJECT_KEYS` appear (the usual settings); the rest come from
built-ins and ``~/.msd/defaults.json`` like ``msd new-project`` does, because creation *is*
:func:`msd_desktop.core.workspace.new_project.new_project`. API keys typed here go to the OS
keyring; ``config.json`` gets ``true``. The preview shows the exact file to be written
(computed without touching defaults.json).

What the person can rely on: a folder that does not exist yet is offered to be created (asked
once, on Create); a target that cannot hold a project (a file, a FIFO, a symlink loop …) is
named before Create is possible; the key fields are disabled, with the reason shown, while the
OS keyring is unknown or unusable (asked off the UI thread), so Create never fails late on a
key; messages have their space reserved, so nothing jumps. Create writes ``config.json`` and
the seed ``STATE.md`` (:mod:`msd_desktop.core.workspace.seed_state`) off the UI thread.

Every text is the window's language (context ``NewProjectDialog``; the settings' titles and help
are the Settings form's translated schema texts); paths, values and the core's own messages
(labelled as coming from the config check) stay as they are.
"""

from __future__ import annotations

import itertools
import json
import os
from collections.abc import Callable, Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import QCoreApplication, QEvent, QObject, QSize, Qt, QTimer, Signal
from PySide6.QtGui import QFontDatabase, QResizeEvent
from PySide6.QtWidgets import (
    QApplication,
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QMessageBox,
    QPlainTextEdit,
    QPushButton,
    QScrollArea,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.key_paths import get_path
from msd_desktop.core.config import schema as config_schema
from msd_desktop.core.config import schema_texts
from msd_desktop.core.config.draft import InvalidInput
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.setter import apply_set, validate_value
from msd_desktop.core.secrets.store import KeyringStatus, keyring_status, secret_keys
from msd_desktop.core.workspace.new_project import (
    NewProjectResult,
    build_new_project_config,
    detect_keys,
    new_project,
)
from msd_desktop.core.workspace.project_folder import FolderCheck, check_project_folder
from msd_desktop.ui.widgets.config_words import fill
from msd_desktop.ui.widgets.core_text import core_text
from msd_desktop.ui.widgets.editors import ValueEditor, create_editor, field_spec
from msd_desktop.ui.widgets.plain_text import plain_label
from msd_desktop.ui.widgets.theme import semantic_color
from msd_desktop.ui.widgets.workers import run_op

NEW_PROJECT_KEYS: tuple[str, ...] = (
    "mode",
    "granularity",
    "model_profile",
    "runtime",
    "workflow.research",
    "workflow.plan_check",
    "workflow.verifier",
    "workflow.nyquist_validation",
    "workflow.code_review",
    "workflow.auto_advance",
    "git.branching_strategy",
    "commit_docs",
)
"""The settings the dialog offers (everything else: built-ins ← defaults.json)."""

GROUPS: tuple[tuple[str, tuple[str, ...]], ...] = (
    ("How you work", ("mode", "granularity", "model_profile", "runtime")),
    ("Workflow", tuple(k for k in NEW_PROJECT_KEYS if k.startswith("workflow."))),
    ("Git", ("git.branching_strategy", "commit_docs")),
)


def group_title(group: str) -> str:
    """A group's heading in the window's language (the English name is its id)."""
    titles = {
        "How you work": QCoreApplication.translate("NewProjectDialog", "How you work"),
        "Workflow": QCoreApplication.translate("NewProjectDialog", "Workflow"),
        "Git": QCoreApplication.translate("NewProjectDialog", "Git"),
    }
    return titles.get(group, group)


def key_title(key: str) -> str:
    """The Settings form's title of ``key``, translated (the key itself when it has none)."""
    spec = config_schema.get(key)
    if spec is None or not spec.title:
        return key
    return QCoreApplication.translate(schema_texts.CONTEXT, spec.title, f"{key}/title")


def key_description(key: str) -> str:
    """The Settings form's help for ``key``, translated (empty when it has none)."""
    spec = config_schema.get(key)
    if spec is None or not spec.description:
        return ""
    return QCoreApplication.translate(schema_texts.CONTEXT, spec.description,
                                      f"{key}/description")


def pick_folder(parent: QWidget, start: str) -> str | None:
    """Ask for a folder (one modal question a test replaces)."""
    title = QCoreApplication.translate("NewProjectDialog", "Project folder")
    path = QFileDialog.getExistingDirectory(parent, title, start)
    return path or None


def ask_create_folder(parent: QWidget, path: Path) -> bool:
    """Ask whether to create the missing ``path`` (one modal question)."""
    title = QCoreApplication.translate("NewProjectDialog", "Create the folder?")
    text = fill(QCoreApplication.translate(
        "NewProjectDialog", "%1 does not exist yet. Create it (and any missing parent "
        "folders) for the new project?"), path)
    box = QMessageBox(QMessageBox.Icon.Question, title, text,
                      QMessageBox.StandardButton.Yes | QMessageBox.StandardButton.No, parent)
    box.setObjectName("CreateFolderQuestion")
    box.setTextFormat(Qt.TextFormat.PlainText)
    box.setDefaultButton(QMessageBox.StandardButton.Yes)
    return box.exec() == QMessageBox.StandardButton.Yes


def _reserve_lines(label: QLabel, lines: int) -> QLabel:
    """Keep room for ``lines`` lines of text whether or not the label says anything, so a
    message appearing or going away never moves the rest of the dialog."""
    label.setWordWrap(True)
    label.setMinimumHeight(label.fontMetrics().lineSpacing() * lines + 4)
    label.setAlignment(Qt.AlignmentFlag.AlignLeft | Qt.AlignmentFlag.AlignTop)
    return label


def _form(box: QGroupBox) -> QFormLayout:
    """A form whose fields keep the width their content needs (a 3-letter choice is not
    stretched across a 1920-pixel screen) and whose long labels wrap instead of clipping."""
    form = QFormLayout(box)
    form.setFieldGrowthPolicy(QFormLayout.FieldGrowthPolicy.FieldsStayAtSizeHint)
    form.setRowWrapPolicy(QFormLayout.RowWrapPolicy.WrapLongRows)
    return form


def _focusable(editor: QWidget) -> list[QWidget]:
    """The widgets of ``editor`` that take the keyboard focus, in creation order (not the
    parts inside them, such as a spin box's line edit, nor popups)."""
    found: list[QWidget] = []
    for widget in editor.findChildren(QWidget):
        if widget.window() is not editor.window() or widget.focusProxy() is not None:
            continue
        if not widget.focusPolicy() & Qt.FocusPolicy.TabFocus:
            continue
        if any(part.isAncestorOf(widget) for part in found):
            continue
        found.append(widget)
    return found or [editor]


class NewProjectDialog(QDialog):
    """One page: folder, usual settings, API keys, preview, Create."""

    created = Signal(object)  # NewProjectResult
    keyring_checked = Signal(object)  # KeyringStatus, once the off-thread check answered

    def __init__(self, env: Mapping[str, str] | None = None, parent: QWidget | None = None,
                 folder: str = "") -> None:
        super().__init__(parent)
        self.setObjectName("NewProjectDialog")
        self.env = dict(os.environ if env is None else env)
        self.choices: dict[str, Any] = {}
        self.errors: dict[str, str] = {}
        self.editors: dict[str, ValueEditor] = {}
        self.error_labels: dict[str, QLabel] = {}
        self.key_edits: dict[str, QLineEdit] = {}
        self.result_info: NewProjectResult | None = None
        self.project_root: Path | None = None  # the folder of the project created
        self.keyring: KeyringStatus | None = None  # None until the check answered
        self.creating = False
        self.folder_check: FolderCheck | None = None
        # the keys available without asking the keyring; its answer comes from a worker
        # (_check_keyring): a locked or frozen keyring must not hold the window
        self.detected = detect_keys(self.env, keyring=False)
        self.base, self.notes = build_new_project_config({}, self.env, rewrite_defaults=False,
                                                         detected=self.detected)
        self._outer = QVBoxLayout(self)
        self._outer.setContentsMargins(0, 0, 0, 0)  # (the page inside has the margins)
        self._retranslate_queued = False
        self._build(folder)
        self.folder_edit.setFocus()  # the first thing to type
        self.resize(1100, 760)
        self._refresh()
        self._check_keyring()

    # -- the language, switched while the dialog is open

    def changeEvent(self, event: QEvent) -> None:
        """A language switch (one event per catalogue removed or installed): the page is
        said again once, on the next turn of the event loop."""
        if event.type() == QEvent.Type.LanguageChange and not self._retranslate_queued:
            self._retranslate_queued = True
            QTimer.singleShot(0, self, self.retranslate)
        super().changeEvent(event)

    def retranslate(self) -> None:
        """The page built again in the current language — the editors' titles, help and
        choices come from the translated schema — with everything chosen or typed kept: the
        folder, the settings, the keys, the splitter and the field that has the focus."""
        self._retranslate_queued = False
        if self.creating:  # the page is busy; it closes once the project exists
            return
        focus = QApplication.focusWidget()
        focused = focus.objectName() if focus is not None and self.isAncestorOf(focus) else ""
        focused_key = next((k for k, e in self.editors.items()
                            if focus is not None and (focus is e or e.isAncestorOf(focus))),
                           None)
        folder = self.folder_edit.text()
        keys = {k: e.text() for k, e in self.key_edits.items()}
        global_keys, sizes = self.global_keys.isChecked(), self.splitter.sizes()
        old = self.body
        old.hide()
        self._outer.removeWidget(old)
        old.deleteLater()
        self.editors, self.error_labels, self.key_edits = {}, {}, {}
        self.errors = {}  # (a value the editor could not read is not kept: its last good one)
        self._build(folder)
        for key, editor in self.editors.items():
            found, value = get_path(self.choices, key)
            if found:
                editor.set_value(value)
        for key, text in keys.items():
            self.key_edits[key].setText(text)
        self.global_keys.setChecked(global_keys)
        self.splitter.setSizes(sizes)
        self._refresh()
        target = (_focusable(self.editors[focused_key])[0] if focused_key is not None
                  else self.findChild(QWidget, focused) if focused else None)
        (target or self.folder_edit).setFocus()

    # -- building

    def _build(self, folder: str) -> None:
        self.setWindowTitle(self.tr("New project — MSD Desktop"))
        self.body = QWidget()
        self.body.setObjectName("NewProjectPage")
        outer = QVBoxLayout(self.body)
        row = QHBoxLayout()
        folder_caption = QLabel(self.tr("&Folder:"))
        row.addWidget(folder_caption)
        self.folder_edit = QLineEdit(folder)
        self.folder_edit.setObjectName("FolderEdit")
        self.folder_edit.setAccessibleName(self.tr("Project folder"))
        self.folder_edit.setAccessibleDescription(self.tr(
            "The whole path of the new project's folder; a missing one can be created"))
        self.folder_edit.setToolTip(self.tr("The new project's folder (Alt+F)"))
        self.folder_edit.setPlaceholderText(
            self.tr("A folder without .planning/ (a missing one can be created)"))
        self.folder_edit.textChanged.connect(lambda _t: self._refresh())
        folder_caption.setBuddy(self.folder_edit)
        row.addWidget(self.folder_edit, 1)
        self.browse_button = QPushButton(self.tr("&Browse…"))
        self.browse_button.setObjectName("BrowseButton")
        self.browse_button.setAccessibleName(self.tr("Browse for the project folder"))
        self.browse_button.setToolTip(self.tr("Choose the folder in a file dialog (Alt+B)"))
        # Return in the folder field means Create, never Browse
        self.browse_button.setAutoDefault(False)
        self.browse_button.clicked.connect(self._browse)
        row.addWidget(self.browse_button)
        outer.addLayout(row)
        self.folder_label = _reserve_lines(plain_label(QLabel()), 2)
        self.folder_label.setObjectName("FolderProblem")
        self.folder_label.installEventFilter(self)
        outer.addWidget(self.folder_label)

        form_side = QWidget()
        fl = QVBoxLayout(form_side)
        fl.setContentsMargins(0, 0, 0, 0)
        for title, keys in GROUPS:
            box = QGroupBox(group_title(title))
            form = _form(box)
            for key in keys:
                cell = self._editor_cell(key)
                label = self._label_for(key)
                label.setBuddy(self.editors[key])
                form.addRow(label, cell)
            fl.addWidget(box)
        fl.addWidget(self._keys_box())
        fl.addStretch(1)

        self.preview = QPlainTextEdit()
        self.preview.setObjectName("ConfigPreview")
        self.preview.setAccessibleName(self.tr("config.json preview"))
        self.preview.setAccessibleDescription(self.tr(
            "The exact file Create project writes, read-only"))
        # its empty state: shown while the choices cannot make a file
        self.preview.setPlaceholderText(self.tr(
            "The config.json to be written appears here once every choice is valid."))
        self.preview.setReadOnly(True)
        self.preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        preview_side = QWidget()
        pl = QVBoxLayout(preview_side)
        pl.setContentsMargins(0, 0, 0, 0)
        self.preview_title = plain_label(QLabel())  # notes name files: plain text
        self.preview_title.setObjectName("PreviewTitle")
        self.preview_title.setWordWrap(True)
        pl.addWidget(self.preview_title)
        pl.addWidget(self.preview, 1)
        self.state_note = plain_label(QLabel(self.tr(
            "Also written: .planning/STATE.md (status planning, milestone v1.0, no progress "
            "yet; next step /msd-new-project).")))
        self.state_note.setObjectName("StateNote")
        self.state_note.setWordWrap(True)
        pl.addWidget(self.state_note)

        # the form scrolls, so the dialog fits a 1024×700 screen whatever the font
        form_scroll = QScrollArea()
        form_scroll.setObjectName("NewProjectForm")
        form_scroll.setWidgetResizable(True)
        form_scroll.setFrameShape(QFrame.Shape.NoFrame)
        # Tab goes from field to field (the area follows the focus), never to the area itself
        form_scroll.setFocusPolicy(Qt.FocusPolicy.NoFocus)
        # never sideways: the form's rows fit any width the splitter gives it
        form_scroll.setHorizontalScrollBarPolicy(Qt.ScrollBarPolicy.ScrollBarAlwaysOff)
        form_scroll.setWidget(form_side)
        self.form_scroll = form_scroll
        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(form_scroll)
        splitter.addWidget(preview_side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        splitter.setChildrenCollapsible(False)
        # the form's editors are short; give the preview room for its longest lines
        splitter.setSizes([560, 500])
        self.splitter = splitter
        outer.addWidget(splitter, 1)

        self.error_label = _reserve_lines(plain_label(QLabel()), 2)
        self.error_label.setObjectName("CreateError")
        self.error_label.setStyleSheet(f"color: {semantic_color('error').name()}")
        outer.addWidget(self.error_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button = self.buttons.button(QDialogButtonBox.StandardButton.Cancel)
        self.cancel_button.setObjectName("CancelButton")
        self.cancel_button.setAccessibleName(self.tr("Cancel"))
        self.cancel_button.setText(self.tr("Cancel"))
        self.cancel_button.setToolTip(self.tr("Close without creating anything (Escape)"))
        self.create_button = self.buttons.addButton(self.tr("Create project"),
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.setObjectName("CreateButton")
        self.create_button.setAccessibleName(self.tr("Create project"))
        self.create_button.setToolTip(self.tr(
            "Write .planning/config.json and .planning/STATE.md in the folder (Return)"))
        self.create_button.clicked.connect(self.create_project)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        # Return anywhere in the form means Create (set once the box is in the dialog: a
        # default set before is lost, and Cancel would take Return)
        self._outer.addWidget(self.body)
        self.create_button.setDefault(True)
        self._set_tab_order()
        self._show_keyring()

    def _set_tab_order(self) -> None:
        """Down the form: folder, Browse, each setting, the keys, the preview, then the
        buttons in the order they are seen (the box lays them out by platform)."""
        chain: list[QWidget] = [self.folder_edit, self.browse_button]
        for key in NEW_PROJECT_KEYS:
            chain.extend(_focusable(self.editors[key]))
        chain.extend(self.key_edits.values())
        chain.extend([self.global_keys, self.preview])
        box_layout = self.buttons.layout()
        items = [box_layout.itemAt(i) for i in range(box_layout.count())] if box_layout else []
        chain.extend(w for item in items if item is not None
                     and isinstance(w := item.widget(), QPushButton))
        for first, second in itertools.pairwise(chain):
            QWidget.setTabOrder(first, second)

    def sizeHint(self) -> QSize:
        """Room for the form beside the preview's longest lines (fitted to the screen by
        whoever places the dialog)."""
        return QSize(1100, 760)

    def _label_for(self, key: str) -> QLabel:
        label = QLabel(key_title(key))
        label.setToolTip(f"{key}\n\n{key_description(key)}".rstrip())
        return label

    def _editor_cell(self, key: str) -> QWidget:
        cell = QWidget()
        lay = QVBoxLayout(cell)
        lay.setContentsMargins(0, 0, 0, 0)
        editor = create_editor(field_spec(key))
        found, value = get_path(self.base, key)
        editor.set_value(value if found else MISSING)
        editor.edited.connect(lambda v, k=key: self.set_choice(k, v))
        title, help_text = key_title(key), key_description(key)
        editor.setToolTip(f"{key}\n\n{help_text}".rstrip())
        editor.setAccessibleName(title)
        for widget in _focusable(editor):
            widget.setAccessibleName(title)
            widget.setAccessibleDescription(help_text)
            widget.setToolTip(f"{key}\n\n{help_text}".rstrip())
        err = plain_label(QLabel())
        err.setObjectName(f"KeyError-{key}")
        err.setWordWrap(True)
        err.setStyleSheet(f"color: {semantic_color('error').name()}")
        err.hide()
        # the editor keeps the width its content needs; the error below may use the row
        lay.addWidget(editor, 0, Qt.AlignmentFlag.AlignLeft)
        lay.addWidget(err)
        self.editors[key] = editor
        self.error_labels[key] = err
        return cell

    def _keys_box(self) -> QGroupBox:
        box = QGroupBox(self.tr("API keys (stored in the OS keyring, never in config.json)"))
        form = _form(box)
        self.keyring_label = _reserve_lines(plain_label(QLabel()), 3)
        # a fixed height: the reason (long: it says how to install a keyring) is cut to its
        # first sentence here, whole in the tooltip, so the box never grows when it arrives
        self.keyring_label.setFixedHeight(self.keyring_label.minimumHeight())
        self.keyring_label.setObjectName("KeyringReason")
        form.addRow(self.keyring_label)
        for key in secret_keys():
            edit = QLineEdit()
            edit.setEchoMode(QLineEdit.EchoMode.Password)
            edit.setObjectName(f"KeyEdit-{key}")
            title = key_title(key)
            edit.setAccessibleName(title)
            edit.setAccessibleDescription(key_description(key))
            edit.setToolTip(f"{key}\n\n{key_description(key)}".rstrip())
            # room for a whole key (about 50 characters), not the whole row
            edit.setMinimumWidth(edit.fontMetrics().horizontalAdvance("x" * 40))
            edit.setMaximumWidth(edit.fontMetrics().horizontalAdvance("x" * 72))
            edit.textChanged.connect(lambda _t: self._refresh())
            self.key_edits[key] = edit
            label = QLabel(title)
            label.setToolTip(edit.toolTip())
            label.setBuddy(edit)
            form.addRow(label, edit)
        self.global_keys = QCheckBox(
            self.tr("Store the keys for all projects (global keyring entry)"))
        self.global_keys.setObjectName("GlobalKeys")
        self.global_keys.setAccessibleName(self.global_keys.text())
        form.addRow(self.global_keys)
        return box

    # -- the keyring, asked once off the UI thread (a locked Secret Service can take seconds)

    def _check_keyring(self) -> None:
        env = dict(self.env)

        def work() -> tuple[KeyringStatus, dict[str, str]]:
            status = keyring_status()
            return status, detect_keys(env, keyring=status.usable)

        # a timeout: a frozen keyring is never waited for at quit (see api_keys_panel)
        run_op(work, name="keyring status", timeout_s=30.0,
               on_finished=self._keyring_answered,
               on_failed=lambda exc: self._keyring_answered(
                   (KeyringStatus(False, "unknown", str(exc) or type(exc).__name__),
                    self.detected)),
               owner=self)

    def _keyring_answered(self, answer: tuple[KeyringStatus, dict[str, str]]) -> None:
        status, self.detected = answer
        self.keyring = status
        self._refresh()  # the preview and its notes with what the keyring holds
        self._show_keyring()
        self.keyring_checked.emit(status)

    def keys_usable(self) -> bool:
        return self.keyring is not None and self.keyring.usable

    def _show_keyring(self) -> None:
        usable = self.keys_usable()
        for key, edit in self.key_edits.items():
            edit.setEnabled(usable and not self.creating)
            where = self.notes.detected_keys.get(key)
            if where:
                edit.setPlaceholderText(fill(self.tr("already available (%1)"), where))
            elif usable:
                edit.setPlaceholderText(self.tr("not set"))
            else:
                edit.setPlaceholderText(self.tr("cannot be stored here"))
        self.global_keys.setEnabled(usable and not self.creating)
        if self.keyring is None:
            self.keyring_label.setText(self.tr("Checking the OS keyring…"))
            self.keyring_label.setStyleSheet("")
            self.keyring_label.setToolTip("")
        elif usable:
            backend = self.keyring.backend
            self.keyring_label.setText(fill(
                self.tr("Keys typed here go to the OS keyring (%1)."),
                backend.rsplit(".", 2)[-2] if "." in backend else backend))
            self.keyring_label.setStyleSheet(f"color: {semantic_color('muted').name()}")
            self.keyring_label.setToolTip(fill(self.tr("Keyring backend: %1"), backend))
        else:
            reason = core_text(self.keyring.reason)
            first = reason.split(". ", 1)[0].rstrip(".") + "." if reason else ""
            # the reason is the keyring check's own sentence, in the window's language
            self.keyring_label.setText(fill(self.tr(
                "No usable OS keyring, so API keys cannot be stored from here (the project "
                "is created without them). The keyring check says: %1"), first))
            said = fill(self.tr("The keyring check says: %1"), reason)
            self.keyring_label.setToolTip(said)
            self.keyring_label.setAccessibleDescription(said)
            self.keyring_label.setStyleSheet(f"color: {semantic_color('warning').name()}")

    # -- state

    def set_choice(self, key: str, value: Any) -> None:
        """An editor reported a value (or ``None`` = back to the default)."""
        if isinstance(value, InvalidInput):
            self.errors[key] = value.message
        else:
            error = validate_value(key, value) if value is not None else None
            if error:  # the config check's own words, in the window's language
                self.errors[key] = fill(self.tr("Not accepted (the config check says: %1)"),
                                        core_text(error))
            else:
                self.errors.pop(key, None)
                self.choices = apply_set(self.choices, key, value)
        self._refresh()

    def all_choices(self) -> dict[str, Any]:
        out = dict(self.choices)
        if not self.keys_usable():
            return out  # the fields are disabled: nothing typed can be lost here
        for key, edit in self.key_edits.items():
            if edit.text().strip():
                out[key] = edit.text()
        return out

    def _browse(self) -> None:
        path = pick_folder(self, self.folder_edit.text() or str(Path.home()))
        if path:
            self.folder_edit.setText(path)

    def folder_text(self, check: FolderCheck | None,
                    short: Callable[[str], str] | None = None) -> str:
        """The sentence under the folder field for ``check`` (``None``: nothing typed);
        ``short`` shortens each path in it (the label elides a long one in the middle)."""
        if check is None:
            return self.tr("Choose a folder.")
        cut = short or (lambda path: path)
        p, other = cut(str(check.path)), cut(str(check.other or check.path))
        kinds = {"a file": self.tr("a file"),
                 "a FIFO (named pipe)": self.tr("a FIFO (named pipe)"),
                 "a socket": self.tr("a socket"), "a device": self.tr("a device"),
                 "not a folder": self.tr("something that is not a folder")}
        what = kinds.get(check.what, check.what)
        if check.ok:
            return fill(self.tr("%1 does not exist yet: Create project will offer to create "
                                "it."), p) if check.missing else ""
        texts = {
            "relative": fill(self.tr("%1 is not an absolute path: give the whole path (for "
                                     "example ~/projects/my-app)."), p),
            "loop": fill(self.tr("%1 is a symlink loop, not a folder."), other),
            "through_file": fill(self.tr("%1 goes through a file: a part of it is not a "
                                         "folder."), other),
            "denied": fill(self.tr("%1 cannot be checked: permission denied."), other),
            "too_long": fill(self.tr("%1 is too long a name for this system."), p),
            "dangling": fill(self.tr("%1 is a symlink to something that does not exist; "
                                     "create the target or choose another folder."), p),
            "not_folder": fill(self.tr("%1 is %2, not a folder."), p, what),
            "has_planning": fill(self.tr("%1 already has .planning/ — open it instead of "
                                         "creating it."), p),
            "no_parent": fill(self.tr("%1 cannot be created (no existing parent)."), p),
            "parent_not_folder": fill(self.tr("%1 cannot be created: %2 is %3, not a "
                                              "folder."), p, other, what),
            "parent_not_writable": fill(self.tr("%1 cannot be created: %2 is not writable."),
                                        p, other),
        }
        return texts.get(check.code) or fill(
            self.tr("%1 cannot be used (the folder check says: %2)"), p, core_text(check.problem))

    def _show_folder_text(self) -> None:
        """The folder sentence with each path elided in the middle to half the label's
        width (an unbreakable path would otherwise widen the dialog past the screen); the
        whole sentence in the tooltip."""
        check = self.folder_check
        metrics = self.folder_label.fontMetrics()
        room = max(self.folder_label.width(), 400) // 2

        def short(path: str) -> str:
            return metrics.elidedText(path, Qt.TextElideMode.ElideMiddle, room)

        whole = self.folder_text(check)
        shown = self.folder_text(check, short)
        self.folder_label.setText(shown)
        self.folder_label.setToolTip(whole if shown != whole else "")
        self.folder_label.setAccessibleDescription(whole)

    def resizeEvent(self, event: QResizeEvent) -> None:
        super().resizeEvent(event)
        self._show_folder_text()  # the room for a long path follows the width

    def eventFilter(self, watched: QObject, event: QEvent) -> bool:
        """The folder sentence follows its label's own width too (the page inside the
        dialog is laid out after the dialog's resize)."""
        if watched is self.folder_label and event.type() == QEvent.Type.Resize:
            self._show_folder_text()
        return super().eventFilter(watched, event)

    def _check_folder(self) -> FolderCheck | None:
        text = self.folder_edit.text().strip()
        return check_project_folder(text) if text else None

    def _refresh(self) -> None:
        for key, label in self.error_labels.items():
            label.setText(self.errors.get(key, ""))
            label.setVisible(key in self.errors)
        check = self.folder_check = self._check_folder()
        problem = check is None or not check.ok
        self._show_folder_text()
        color = "warning" if problem else "muted"
        self.folder_label.setStyleSheet(f"color: {semantic_color(color).name()}")
        try:
            config, notes = build_new_project_config(self.all_choices(), self.env,
                                                     rewrite_defaults=False,
                                                     detected=self.detected)
            self.notes = notes
            self.preview.setPlainText(json.dumps(config, indent=2, ensure_ascii=False))
            src = self.tr("built-ins ← ~/.msd/defaults.json ← your choices") \
                if notes.defaults_used else \
                self.tr("built-ins ← your choices (no ~/.msd/defaults.json)")
            # the notes are the config check's own words, one a line
            said = [fill(self.tr("The config check says: %1"), core_text(m))
                    for m in notes.messages]
            self.preview_title.setText("\n".join([".planning/config.json", src, *said]))
            build_error = None
        except MsdError as exc:
            self.preview.clear()  # its placeholder says why it is empty
            build_error = fill(self.tr("No config.json can be made yet (the config check "
                                       "says: %1)"), core_text(exc))
        if not self.creating:
            self.error_label.setText(build_error or "")
        self.create_button.setEnabled(not problem and not self.errors and build_error is None
                                      and not self.creating)

    def create_project(self) -> None:
        """Create (off the UI thread) after asking about a missing folder."""
        self._refresh()
        check = self.folder_check
        if self.creating or check is None or not check.ok or self.errors:
            return
        if check.missing and not ask_create_folder(self, check.path):
            self.error_label.setText(fill(self.tr("Nothing was created: %1 does not exist."),
                                          check.path))
            return
        root, choices, env, missing = check.path, self.all_choices(), self.env, check.missing
        scope = "global" if self.global_keys.isChecked() else "project"
        self._set_creating(True)

        def work() -> NewProjectResult:
            return new_project(root, choices, env, secret_scope=scope, create_folder=missing,
                               seed_state=True)

        def done(result: NewProjectResult) -> None:
            self._set_creating(False)
            for edit in self.key_edits.values():
                edit.clear()
            self.result_info = result
            self.project_root = root
            self.created.emit(result)
            self.accept()

        def failed(error: BaseException) -> None:
            self._set_creating(False)
            self.error_label.setText(
                fill(self.tr("Could not create the project (the file check says: %1)"),
                     core_text(error))
                if isinstance(error, MsdError) else
                fill(self.tr("Could not create the project: %1"), error))
            self._refresh_keep_error()

        run_op(work, name="new project", on_finished=done, on_failed=failed, owner=self,
               writes=True)

    def _refresh_keep_error(self) -> None:
        text = self.error_label.text()
        self._refresh()
        if text:
            self.error_label.setText(text)

    def _set_creating(self, creating: bool) -> None:
        self.creating = creating
        self.folder_edit.setReadOnly(creating)
        self.error_label.setText(self.tr("Creating…") if creating else "")
        self._show_keyring()
        self._refresh()
