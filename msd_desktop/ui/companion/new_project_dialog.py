"""New project: pick a folder, choose the usual settings on one page, create its config.

Why: starting a project should not require the CLI. The page is generated — each setting's
editor comes from the Settings form's registry (:func:`msd_desktop.ui.widgets.editors.create_editor`
fed by the schema's :class:`KeySpec`), so titles, help and choices match Settings exactly.
Only the keys listed in :data:`NEW_PROJECT_KEYS` appear (the "usual settings" of issue 6); the
rest come from built-ins and ``~/.msd/defaults.json`` like ``msd new-project`` does, because
creation *is* :func:`msd_desktop.core.workspace.new_project.new_project`. API keys typed here go to
the
OS keyring; ``config.json`` gets ``true`` (D4). The preview shows the exact file to be
written (computed without touching defaults.json).
"""

from __future__ import annotations

import json
import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from PySide6.QtCore import Qt, Signal
from PySide6.QtGui import QFontDatabase
from PySide6.QtWidgets import (
    QCheckBox,
    QDialog,
    QDialogButtonBox,
    QFileDialog,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSplitter,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.config import schema as config_schema
from msd_desktop.core.config.draft import InvalidInput
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.setter import apply_set, validate_value
from msd_desktop.core.config.store import lookup
from msd_desktop.core.secrets.store import secret_keys
from msd_desktop.core.workspace.new_project import (
    NewProjectResult,
    build_new_project_config,
    new_project,
)
from msd_desktop.ui.widgets.editors import ValueEditor, create_editor, field_spec
from msd_desktop.ui.widgets.theme import semantic_color

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


def pick_folder(parent: QWidget, start: str) -> str | None:
    """Ask for a folder (one modal question a test replaces)."""
    path = QFileDialog.getExistingDirectory(parent, "Project folder", start)
    return path or None


def folder_problem(text: str) -> str | None:
    """Why ``text`` cannot become a new project, or ``None``."""
    if not text.strip():
        return "Choose a folder."
    p = Path(text).expanduser()
    if not p.is_dir():
        return f"{p} is not a folder."
    if (p / ".planning").exists():
        return f"{p} already has .planning/ — open it instead of creating it."
    return None


class NewProjectDialog(QDialog):
    """One page: folder, usual settings, API keys, preview, Create."""

    created = Signal(object)  # NewProjectResult

    def __init__(self, env: Mapping[str, str] | None = None, parent: QWidget | None = None,
                 folder: str = "") -> None:
        super().__init__(parent)
        self.setWindowTitle("New project — MSD Desktop")
        self.setObjectName("NewProjectDialog")
        self.env = dict(os.environ if env is None else env)
        self.choices: dict[str, Any] = {}
        self.errors: dict[str, str] = {}
        self.editors: dict[str, ValueEditor] = {}
        self.error_labels: dict[str, QLabel] = {}
        self.key_edits: dict[str, QLineEdit] = {}
        self.result_info: NewProjectResult | None = None
        self.base, self.notes = build_new_project_config({}, self.env, rewrite_defaults=False)
        self._build(folder)
        self._refresh()

    # -- building

    def _build(self, folder: str) -> None:
        outer = QVBoxLayout(self)
        row = QHBoxLayout()
        row.addWidget(QLabel("Folder:"))
        self.folder_edit = QLineEdit(folder)
        self.folder_edit.setPlaceholderText("A folder without .planning/")
        self.folder_edit.textChanged.connect(lambda _t: self._refresh())
        row.addWidget(self.folder_edit, 1)
        browse = QPushButton("Browse…")
        browse.clicked.connect(self._browse)
        row.addWidget(browse)
        outer.addLayout(row)
        self.folder_label = QLabel()
        self.folder_label.setObjectName("FolderProblem")
        outer.addWidget(self.folder_label)

        form_side = QWidget()
        fl = QVBoxLayout(form_side)
        fl.setContentsMargins(0, 0, 0, 0)
        for title, keys in GROUPS:
            box = QGroupBox(title)
            form = QFormLayout(box)
            for key in keys:
                form.addRow(self._label_for(key), self._editor_cell(key))
            fl.addWidget(box)
        fl.addWidget(self._keys_box())
        fl.addStretch(1)

        self.preview = QPlainTextEdit()
        self.preview.setObjectName("ConfigPreview")
        self.preview.setReadOnly(True)
        self.preview.setLineWrapMode(QPlainTextEdit.LineWrapMode.NoWrap)
        self.preview.setFont(QFontDatabase.systemFont(QFontDatabase.SystemFont.FixedFont))
        preview_side = QWidget()
        pl = QVBoxLayout(preview_side)
        pl.setContentsMargins(0, 0, 0, 0)
        self.preview_title = QLabel()
        self.preview_title.setWordWrap(True)
        pl.addWidget(self.preview_title)
        pl.addWidget(self.preview, 1)

        splitter = QSplitter(Qt.Orientation.Horizontal)
        splitter.addWidget(form_side)
        splitter.addWidget(preview_side)
        splitter.setStretchFactor(0, 3)
        splitter.setStretchFactor(1, 2)
        # the form's editors are short; give the preview room for its longest lines
        splitter.setSizes([560, 500])
        self.splitter = splitter
        outer.addWidget(splitter, 1)

        self.error_label = QLabel()
        self.error_label.setObjectName("CreateError")
        self.error_label.setWordWrap(True)
        self.error_label.setStyleSheet(f"color: {semantic_color('error').name()}")
        outer.addWidget(self.error_label)
        self.buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Cancel)
        self.create_button = self.buttons.addButton("Create project",
                                                    QDialogButtonBox.ButtonRole.AcceptRole)
        self.create_button.clicked.connect(self.create_project)
        self.buttons.rejected.connect(self.reject)
        outer.addWidget(self.buttons)
        self.resize(1100, 760)

    def _label_for(self, key: str) -> QLabel:
        spec = config_schema.get(key)
        label = QLabel(spec.title if spec else key)
        label.setToolTip(f"{key}\n\n{spec.description if spec else ''}")
        return label

    def _editor_cell(self, key: str) -> QWidget:
        cell = QWidget()
        lay = QVBoxLayout(cell)
        lay.setContentsMargins(0, 0, 0, 0)
        editor = create_editor(field_spec(key))
        found, value = lookup(self.base, key)
        editor.set_value(value if found else MISSING)
        editor.edited.connect(lambda v, k=key: self.set_choice(k, v))
        err = QLabel()
        err.setStyleSheet(f"color: {semantic_color('error').name()}")
        err.hide()
        lay.addWidget(editor)
        lay.addWidget(err)
        self.editors[key] = editor
        self.error_labels[key] = err
        return cell

    def _keys_box(self) -> QGroupBox:
        box = QGroupBox("API keys (stored in the OS keyring, never in config.json)")
        form = QFormLayout(box)
        for key in secret_keys():
            edit = QLineEdit()
            edit.setEchoMode(QLineEdit.EchoMode.Password)
            where = self.notes.detected_keys.get(key)
            edit.setPlaceholderText(f"already available ({where})" if where else "not set")
            edit.textChanged.connect(lambda _t: self._refresh())
            self.key_edits[key] = edit
            spec = config_schema.get(key)
            form.addRow(spec.title if spec else key, edit)
        self.global_keys = QCheckBox("Store the keys for all projects (global keyring entry)")
        form.addRow(self.global_keys)
        return box

    # -- state

    def set_choice(self, key: str, value: Any) -> None:
        """An editor reported a value (or ``None`` = back to the default)."""
        if isinstance(value, InvalidInput):
            self.errors[key] = value.message
        else:
            error = validate_value(key, value) if value is not None else None
            if error:
                self.errors[key] = error
            else:
                self.errors.pop(key, None)
                self.choices = apply_set(self.choices, key, value)
        self._refresh()

    def all_choices(self) -> dict[str, Any]:
        out = dict(self.choices)
        for key, edit in self.key_edits.items():
            if edit.text().strip():
                out[key] = edit.text()
        return out

    def _browse(self) -> None:
        path = pick_folder(self, self.folder_edit.text() or str(Path.home()))
        if path:
            self.folder_edit.setText(path)

    def _refresh(self) -> None:
        for key, label in self.error_labels.items():
            label.setText(self.errors.get(key, ""))
            label.setVisible(key in self.errors)
        problem = folder_problem(self.folder_edit.text())
        self.folder_label.setText(problem or "")
        self.folder_label.setStyleSheet(
            f"color: {semantic_color('warning').name()}" if problem else "")
        try:
            config, notes = build_new_project_config(self.all_choices(), self.env,
                                                     rewrite_defaults=False)
            self.preview.setPlainText(json.dumps(config, indent=2, ensure_ascii=False))
            src = "built-ins ← ~/.msd/defaults.json ← your choices" if notes.defaults_used else \
                "built-ins ← your choices (no ~/.msd/defaults.json)"
            extra = "" if not notes.messages else "<br>" + "<br>".join(notes.messages)
            self.preview_title.setText(f"<b>.planning/config.json</b><br>"
                                       f"<span style='white-space:nowrap'>{src}</span>{extra}")
            build_error = None
        except MsdError as exc:
            build_error = str(exc)
        self.error_label.setText(build_error or "")
        self.create_button.setEnabled(problem is None and not self.errors and build_error is None)

    def create_project(self) -> None:
        problem = folder_problem(self.folder_edit.text())
        if problem or self.errors:
            return
        scope = "global" if self.global_keys.isChecked() else "project"
        try:
            result = new_project(Path(self.folder_edit.text()).expanduser(), self.all_choices(),
                                 self.env, secret_scope=scope)
        except MsdError as exc:
            self.error_label.setText(str(exc))
            return
        for edit in self.key_edits.values():
            edit.clear()
        self.result_info = result
        self.created.emit(result)
        self.accept()
