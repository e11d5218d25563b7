"""Editors for the review and ship settings whose values are structured lists:
``review.default_reviewers`` (known reviewer CLIs plus others) and ``ship.pr_body_sections``
(one small form per section).

Why a module: both are hand-shaped for one key each (the registry's hints) and share nothing
with the table editors.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtCore import QCoreApplication, Qt
from PySide6.QtWidgets import (
    QCheckBox,
    QFormLayout,
    QGroupBox,
    QHBoxLayout,
    QLabel,
    QLineEdit,
    QPushButton,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.config.setter import KNOWN_REVIEWER_SLUGS
from msd_desktop.ui.widgets.editor_base import (
    FieldSpec,
    ValueEditor,
)


class ReviewersEditor(ValueEditor):
    """``review.default_reviewers``: check the reviewers to use by default (plus custom slugs)."""

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        from PySide6.QtWidgets import QListWidget, QListWidgetItem  # loaded on first use

        self.list = QListWidget()
        self.list.setFlow(QListWidget.Flow.LeftToRight)
        self.list.setWrapping(True)
        self.list.setResizeMode(QListWidget.ResizeMode.Adjust)
        self.list.setFixedHeight(64)
        self.list.itemChanged.connect(lambda _i: self._emit(self.current()))
        self.other = QLineEdit()
        self.other.setPlaceholderText(QCoreApplication.translate(
            "SettingsEditors", "other slugs, comma-separated"))
        self.other.setAccessibleName(QCoreApplication.translate(
            "SettingsEditors", "Other reviewers"))
        self.other.textChanged.connect(lambda _t: self._emit(self.current()))
        box = QVBoxLayout()
        box.setContentsMargins(0, 0, 0, 0)
        box.addWidget(self.list)
        box.addWidget(self.other)
        self._layout.addLayout(box, 1)
        for slug in KNOWN_REVIEWER_SLUGS:
            item = QListWidgetItem(slug)
            item.setFlags(item.flags() | Qt.ItemFlag.ItemIsUserCheckable)
            item.setCheckState(Qt.CheckState.Unchecked)
            self.list.addItem(item)

    def current(self) -> Any:
        chosen = [
            self.list.item(i).text() for i in range(self.list.count())
            if self.list.item(i).checkState() == Qt.CheckState.Checked
        ]
        chosen += [s.strip() for s in self.other.text().split(",") if s.strip()]
        return chosen or None

    def _show(self, value: Any) -> None:
        items = [v for v in value if isinstance(v, str)] if isinstance(value, list) else []
        lowered = [v.lower() for v in items]
        for i in range(self.list.count()):
            item = self.list.item(i)
            item.setCheckState(
                Qt.CheckState.Checked if item.text() in lowered else Qt.CheckState.Unchecked
            )
        self.other.setText(", ".join(v for v in items if v.lower() not in KNOWN_REVIEWER_SLUGS))


_SECTION_FIELDS = ("heading", "source", "fallback", "template")


def _section_field_label(name: str) -> str:
    labels = {
        "heading": QCoreApplication.translate("SettingsEditors", "Heading"),
        "source": QCoreApplication.translate("SettingsEditors", "Source"),
        "fallback": QCoreApplication.translate("SettingsEditors", "Fallback"),
        "template": QCoreApplication.translate("SettingsEditors", "Template"),
    }
    return labels.get(name, name)


class _SectionForm(QGroupBox):
    """One ``ship.pr_body_sections`` entry."""

    def __init__(self, editor: PrSectionsEditor, entry: dict[str, Any]) -> None:
        super().__init__()
        self.editor = editor
        self.extra = {k: v for k, v in entry.items() if k not in (*_SECTION_FIELDS, "enabled")}
        form = QFormLayout(self)
        self.enabled = QCheckBox(QCoreApplication.translate("SettingsEditors", "enabled"))
        self.enabled.setChecked(entry.get("enabled") is not False)
        self.enabled.toggled.connect(lambda _on: editor.changed_from_form())
        self.lines: dict[str, QLineEdit] = {}
        for name in _SECTION_FIELDS:
            line = QLineEdit(entry.get(name, "") if isinstance(entry.get(name), str) else "")
            if name == "source":
                line.setPlaceholderText("PLAN.md ## Risks || SUMMARY.md ## Notes")
            if name == "template":
                line.setPlaceholderText(QCoreApplication.translate(
                    "SettingsEditors", "e.g. {0}").format("Phase {phase_number}: {phase_name}"))
            line.textChanged.connect(lambda _t: editor.changed_from_form())
            self.lines[name] = line
            label = _section_field_label(name)
            line.setAccessibleName(label)
            form.addRow(label, line)
        row = QHBoxLayout()
        row.addWidget(self.enabled)
        row.addStretch(1)
        for label, tip, step in (
                (QCoreApplication.translate("SettingsEditors", "Up"),
                 QCoreApplication.translate("SettingsEditors", "Move this section up"), -1),
                (QCoreApplication.translate("SettingsEditors", "Down"),
                 QCoreApplication.translate("SettingsEditors", "Move this section down"), 1)):
            button = QPushButton(label)
            button.setToolTip(tip)
            button.clicked.connect(lambda _=False, s=step: editor.move_form(self, s))
            row.addWidget(button)
        remove = QPushButton(QCoreApplication.translate("SettingsEditors", "Remove"))
        remove.clicked.connect(lambda: editor.remove(self))
        row.addWidget(remove)
        form.addRow(row)

    def value(self) -> dict[str, Any]:
        out: dict[str, Any] = {"heading": self.lines["heading"].text()}
        if not self.enabled.isChecked():
            out["enabled"] = False
        for name in _SECTION_FIELDS[1:]:
            text = self.lines[name].text()
            if text:
                out[name] = text
        out.update(self.extra)
        return out


class PrSectionsEditor(ValueEditor):
    """``ship.pr_body_sections``: a list of section forms (add, remove, reorder)."""

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        box = QVBoxLayout()
        box.setContentsMargins(0, 0, 0, 0)
        self.forms_box = QVBoxLayout()
        self.empty = QLabel(QCoreApplication.translate(
            "SettingsEditors", "No custom sections: the default PR body is used."))
        self.empty.setWordWrap(True)
        self.add_button = QPushButton(QCoreApplication.translate("SettingsEditors",
                                                                 "Add section"))
        self.add_button.clicked.connect(self._add)
        box.addWidget(self.empty)
        box.addLayout(self.forms_box)
        box.addWidget(self.add_button, 0, Qt.AlignmentFlag.AlignLeft)
        self._layout.addLayout(box, 1)
        self.forms: list[_SectionForm] = []

    def _rebuild(self, entries: list[Any]) -> None:
        for form in self.forms:
            form.setParent(None)
            form.deleteLater()
        self.forms = []
        for entry in entries:
            form = _SectionForm(self, entry if isinstance(entry, dict) else {})
            self.forms.append(form)
            self.forms_box.addWidget(form)
        self.empty.setVisible(not self.forms)

    def current(self) -> Any:
        return [form.value() for form in self.forms] if self.forms else None

    def changed_from_form(self) -> None:
        self._emit(self.current())

    def _add(self) -> None:
        entries = [f.value() for f in self.forms] + [{"heading": "", "source": ""}]
        self._rebuild(entries)
        self.forms[-1].lines["heading"].setFocus()

    def remove(self, form: _SectionForm) -> None:
        entries = [f.value() for f in self.forms if f is not form]
        self._rebuild(entries)
        self._emit(self.current())

    def move_form(self, form: _SectionForm, step: int) -> None:
        entries = [f.value() for f in self.forms]
        i = self.forms.index(form)
        j = i + step
        if 0 <= j < len(entries):
            entries[i], entries[j] = entries[j], entries[i]
            self._rebuild(entries)
            self._emit(self.current())

    def _show(self, value: Any) -> None:
        self._rebuild(value if isinstance(value, list) else [])
