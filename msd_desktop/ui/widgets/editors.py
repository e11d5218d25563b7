"""The Settings form's editors: a registry keyed by the schema's widget kind, plus a tiny hints map.

Why a registry: the form is generated, never hand-written per key (STYLE item 7). Each
:class:`ValueEditor` shows one key's value and reports what the person chose through
``edited(value)``. The value forms it emits:

* a JSON value (``bool``, ``int``/``float``, ``str``, ``list``, ``dict``) — to be validated by
  the core (``config_set.validate_value``) in the draft;
* ``None`` — remove the key from the file (back to the default / the next layer);
* :class:`InvalidInput` — text that cannot even become a value (bad JSON, a number that is not
  a number, a skill path leaving the project); the draft records its message as the field's
  error and refuses to save.

``set_value(MISSING)`` shows "not set" (the default appears as placeholder or hint). Editors
never validate against schema rules themselves — the only local checks are parse errors and the
``agent_skills`` path check (paths must stay inside the project), which is the core's
``skill_paths.validate_skill_path``.
"""

from __future__ import annotations

import json
import math
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING, Any, ClassVar

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QAbstractItemView,
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QFormLayout,
    QFrame,
    QGroupBox,
    QHBoxLayout,
    QHeaderView,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.common.key_paths import get_path, parent_keys, set_path, unset_path
from msd_desktop.core.config import schema
from msd_desktop.core.config.draft import (
    GROUP_KEYS,
    PATTERN_GROUPS,
    InvalidInput,
    pattern_members,
)
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.setter import KNOWN_REVIEWER_SLUGS
from msd_desktop.core.config.skill_paths import validate_skill_path
from msd_desktop.core.models.catalog import agents as catalog_agents
from msd_desktop.core.secrets.masking import mask
from msd_desktop.ui.widgets.editor_base import (
    FieldSpec as FieldSpec,
)
from msd_desktop.ui.widgets.editor_base import (
    ValueEditor as ValueEditor,
)
from msd_desktop.ui.widgets.editor_base import (
    display as display,
)
from msd_desktop.ui.widgets.editor_base import (
    field_spec as field_spec,
)
from msd_desktop.ui.widgets.editor_base import (
    key_help as key_help,
)
from msd_desktop.ui.widgets.editor_base import (
    muted_label as muted_label,
)
from msd_desktop.ui.widgets.editor_base import (
    not_set_text as not_set_text,
)
from msd_desktop.ui.widgets.editor_base import (
    option_tip as option_tip,
)
from msd_desktop.ui.widgets.editor_base import (
    runtime_tier_columns as runtime_tier_columns,
)
from msd_desktop.ui.widgets.editor_base import (
    schema_text as schema_text,
)
from msd_desktop.ui.widgets.empty_hint import EmptyHint

if TYPE_CHECKING:
    # Only the table / list editors use these; their Python types are created on first use
    # (PySide builds a type when it is first looked up: ~0.3 ms for these; bench P3).
    from PySide6.QtWidgets import QTableWidget, QTableWidgetItem


class CheckEditor(ValueEditor):
    """bool → check box; a missing key shows its default (or "absent = enabled")."""

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.check = QCheckBox()
        self.check.setToolTip(key_help(spec))
        self.check.toggled.connect(self._toggled)
        self._layout.addWidget(self.check)
        self._layout.addStretch(1)

    def _toggled(self, on: bool) -> None:
        if not self._updating:
            self.check.setText("")  # a value of its own now, no longer "(default)"
        self._emit(bool(on))

    def _show(self, value: Any) -> None:
        if value is MISSING or not isinstance(value, bool):
            default = self.spec.absent_means_enabled or self.spec.default is True
            self.check.setChecked(bool(default))
            self.check.setText(default_note() if value is MISSING else f"({display(value)})")
        else:
            self.check.setChecked(value)
            self.check.setText("")


class ComboEditor(ValueEditor):
    """enum → combo; the first entry means "not set"; each option's tooltip is its help."""

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.combo = QComboBox()
        self.combo.setSizeAdjustPolicy(QComboBox.SizeAdjustPolicy.AdjustToContents)
        self.combo.addItem(
            not_set_text() if spec.default is None else QCoreApplication.translate(
                "SettingsEditors", "(not set — default {0})").format(display(spec.default)),
            MISSING)
        for option in spec.options or ():
            self.combo.addItem(display(option), option)
            self.combo.setItemData(
                self.combo.count() - 1, option_tip(spec, option), Qt.ItemDataRole.ToolTipRole,
            )
        self.combo.currentIndexChanged.connect(self._changed)
        self._layout.addWidget(self.combo)
        self._layout.addStretch(1)

    def _changed(self, index: int) -> None:
        value = self.combo.itemData(index)
        self._emit(None if value is MISSING else value)

    def _show(self, value: Any) -> None:
        for i in range(self.combo.count()):
            item = self.combo.itemData(i)
            if (item is MISSING and value is MISSING) or (
                item is not MISSING and type(item) is type(value) and item == value
            ):
                self.combo.setCurrentIndex(i)
                return
        # A value outside the enum (reading is tolerant): show it, marked.
        self.combo.addItem(QCoreApplication.translate(
            "SettingsEditors", "{0} (not a valid option)").format(display(value)), value)
        self.combo.setCurrentIndex(self.combo.count() - 1)


class NumberSpinBox(QAbstractSpinBox):
    """A spin box for any finite number (``number`` keys): arrows step by 1, typing takes
    ``7``, ``2.5`` or ``1e3``; letters are refused as they are typed. Integers stay integers
    (``7``, not ``7.0``). Bounds, when the schema has them, are the core's to check."""

    valueChanged = Signal(object)

    def __init__(self, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self._value: float | int = 0
        self.lineEdit().textEdited.connect(self._typed)

    def value(self) -> float | int:
        return self._value

    def setValue(self, value: float | int) -> None:
        self._value = value
        self.lineEdit().setText(_number_text(value))

    def validate(self, text: str, pos: int) -> tuple[QValidator.State, str, int]:
        state = QValidator.State
        stripped = text.strip()
        if _parse_number(stripped) is not None:
            return state.Acceptable, text, pos
        if all(c in "0123456789+-.eE" for c in stripped):
            return state.Intermediate, text, pos  # "", "-", "1e" on the way to a number
        return state.Invalid, text, pos

    def fixup(self, text: str) -> str:
        return _number_text(self._value)

    def _typed(self, text: str) -> None:
        number = _parse_number(text.strip())
        if number is not None:
            self._value = number
            self.valueChanged.emit(number)

    def stepBy(self, steps: int) -> None:
        self.setValue(self._value + steps)
        self.valueChanged.emit(self._value)

    def stepEnabled(self) -> QAbstractSpinBox.StepEnabledFlag:
        flag = QAbstractSpinBox.StepEnabledFlag
        return flag.StepUpEnabled | flag.StepDownEnabled


def _number_text(value: float | int) -> str:
    return display(value)


def default_note() -> str:
    """The note beside a field that shows the default because the file does not set it."""
    return QCoreApplication.translate("SettingsEditors", "(default)")


def _whole_number_error() -> str:
    return QCoreApplication.translate("SettingsEditors", "Must be a whole number.")


def _number_error() -> str:
    return QCoreApplication.translate("SettingsEditors", "Must be a number.")


def _json_error(exc: Exception) -> str:
    return QCoreApplication.translate("SettingsEditors", "Not valid JSON: {0}").format(exc)


class SpinEditor(ValueEditor):
    """integer → spin box with the schema's bounds; number → the same, for any number.

    Every keystroke reaches the draft: a whole number (even one out of bounds, so the core's
    message shows under the field while typing), or text that is not a number yet
    (:class:`InvalidInput`: Save is blocked). Leaving the field puts the box's value back in
    its text (a text change like any other), so the field and the draft never disagree."""

    merges_edits = True

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.whole = spec.widget != "number"
        self.spin: QSpinBox | NumberSpinBox
        if self.whole:
            self.spin = QSpinBox()
            lo = spec.minimum if spec.minimum is not None else -(2**31) + 1
            hi = spec.maximum if spec.maximum is not None else 2**31 - 1
            self.spin.setRange(lo, hi)
            self.spin.setKeyboardTracking(True)
            self.spin.setCorrectionMode(QAbstractSpinBox.CorrectionMode.CorrectToNearestValue)
        else:
            self.spin = NumberSpinBox()
        self.spin.setMinimumWidth(120)
        self.spin.valueChanged.connect(self._stepped)
        self.spin.lineEdit().textChanged.connect(self._typed)
        self.note = QLabel()
        self._layout.addWidget(self.spin)
        self._layout.addWidget(self.note)
        self._layout.addStretch(1)

    def _typed(self, text: str) -> None:
        self.note.setText("")
        self._emit(self._convert(text))

    def _stepped(self, value: Any) -> None:
        self.note.setText("")
        self._emit(int(value) if self.whole else value)

    def _convert(self, text: str) -> Any:
        raw = text.strip()
        number = _parse_number(raw)
        if number is None:
            return InvalidInput(_whole_number_error() if self.whole else _number_error(), text)
        if self.whole and not float(number).is_integer():
            return InvalidInput(_whole_number_error(), text)
        return int(number) if self.whole else number

    def _show(self, value: Any) -> None:
        shown = value if _parse_number(str(value)) is not None and not isinstance(
            value, bool) and isinstance(value, int | float) else None
        if shown is None and isinstance(self.spec.default, int | float) and not isinstance(
                self.spec.default, bool):
            shown = self.spec.default
        if isinstance(self.spin, QSpinBox):
            whole = int(shown) if shown is not None else max(self.spin.minimum(), 0)
            self.spin.setValue(whole)
            self.spin.lineEdit().setText(self.spin.textFromValue(whole))
        else:
            self.spin.setValue(shown if shown is not None else 0)
        self.note.setText(default_note() if value is MISSING else "")

    def _show_invalid(self, text: str) -> None:
        self.spin.lineEdit().setText(text)
        self.note.setText("")


def _parse_number(text: str) -> float | int | None:
    try:
        number = float(text)
    except ValueError:
        return None
    if not math.isfinite(number):
        return None
    return int(number) if number.is_integer() and "e" not in text.lower() and "." not in text \
        else number


def field_width(widget: QWidget, spec: FieldSpec) -> int:
    """The widest a one-line field gets, by what it holds: a number or a short word ~16
    characters, a path or free text ~72, JSON ~96 (a wide window does not stretch a field
    meant for three characters to a thousand pixels)."""
    default = "" if spec.default in (None, "") else display(spec.default)
    if spec.widget == "number" or isinstance(spec.default, int | float):
        chars = 16
    elif spec.widget in ("map", "json"):
        chars = 96
    elif default and len(default) <= 12 and "/" not in default:
        chars = 32
    else:
        chars = 72
    return widget.fontMetrics().averageCharWidth() * chars + 24


class LineEditor(ValueEditor):
    """string (and number) → line edit; empty text removes the key."""

    merges_edits = True

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.line = QLineEdit()
        self.line.setClearButtonEnabled(True)
        if spec.default not in (None, ""):
            self.line.setPlaceholderText(QCoreApplication.translate(
                "SettingsEditors", "default: {0}").format(display(spec.default)))
        self.line.textChanged.connect(self._changed)
        self.line.setMaximumWidth(field_width(self.line, spec))
        self._layout.addWidget(self.line, 1)
        self._layout.addStretch(0)

    def _changed(self, text: str) -> None:
        self._emit(self._convert(text) if text != "" else None)

    def _show_invalid(self, text: str) -> None:
        self.line.setText(text)

    def _convert(self, text: str) -> Any:
        return text

    def _show(self, value: Any) -> None:
        self.line.setText("" if value is MISSING or value is None else display(value))


class NumberEditor(LineEditor):
    """number → line edit that parses a finite number (the core checks the rest)."""

    def _convert(self, text: str) -> Any:
        number = _parse_number(text.strip())
        return InvalidInput(_number_error(), text) if number is None else number


class JsonEditor(LineEditor):
    """Anything else → one line of JSON (objects, unions)."""

    def _convert(self, text: str) -> Any:
        try:
            return json.loads(text)
        except ValueError as exc:
            return InvalidInput(_json_error(exc), text)

    def _show(self, value: Any) -> None:
        self.line.setText("" if value is MISSING else json.dumps(value, ensure_ascii=False))


class StringListEditor(ValueEditor):
    """list → one string per line (JSON when an item is not a string)."""

    merges_edits = True

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.text = QPlainTextEdit()
        self.text.setPlaceholderText(QCoreApplication.translate("SettingsEditors",
                                                                "one item per line"))
        self.text.setFixedHeight(68)
        self.text.setTabChangesFocus(True)
        self.text.setMaximumWidth(self.text.fontMetrics().averageCharWidth() * 80 + 24)
        self._json_mode = False
        self.text.textChanged.connect(self._changed)
        self._layout.addWidget(self.text, 1)

    def _changed(self) -> None:
        raw = self.text.toPlainText()
        if self._json_mode:
            try:
                self._emit(json.loads(raw) if raw.strip() else None)
            except ValueError as exc:
                self._emit(InvalidInput(_json_error(exc), raw))
            return
        items = [line.strip() for line in raw.splitlines() if line.strip()]
        self._emit(items if items or self.spec.default == [] else None)

    def _show_invalid(self, text: str) -> None:
        self._json_mode = True
        self.text.setPlainText(text)

    def _show(self, value: Any) -> None:
        self._json_mode = isinstance(value, list) and not all(isinstance(v, str) for v in value)
        if value is MISSING or value is None:
            self.text.setPlainText("")
        elif isinstance(value, list) and not self._json_mode:
            self.text.setPlainText("\n".join(value))
        else:
            self._json_mode = True
            self.text.setPlainText(json.dumps(value, ensure_ascii=False, indent=1))


class SecretSentinelEditor(ValueEditor):
    """A secret key in config.json: only the sentinel (true/false) is edited here.

    The key itself lives in the OS keyring and is managed in the API keys panel; a legacy
    plaintext value is shown masked and cannot be edited (migrate it instead).
    """

    manage_requested = Signal(str)

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.combo = QComboBox()
        self.combo.addItem(QCoreApplication.translate("SettingsEditors",
            "(not set — auto-detect)"), MISSING)
        self.combo.addItem(QCoreApplication.translate("SettingsEditors",
            "true — key stored in the keyring"), True)
        self.combo.addItem(QCoreApplication.translate("SettingsEditors",
            "false — integration switched off"), False)
        self.combo.currentIndexChanged.connect(self._changed)
        self.manage = QPushButton(QCoreApplication.translate("SettingsEditors", "Manage key…"))
        self.manage.setToolTip(QCoreApplication.translate("SettingsEditors",
            "Set, replace, reveal or remove the key in the API keys panel"))
        self.manage.clicked.connect(lambda: self.manage_requested.emit(spec.key))
        self._layout.addWidget(self.combo)
        self._layout.addWidget(self.manage)
        self._layout.addStretch(1)

    def _changed(self, index: int) -> None:
        value = self.combo.itemData(index)
        if isinstance(value, str):
            return  # the masked plaintext entry is display only
        self._emit(None if value is MISSING else value)

    def _show(self, value: Any) -> None:
        while self.combo.count() > 3:
            self.combo.removeItem(3)
        if isinstance(value, str):
            self.combo.addItem(QCoreApplication.translate(
                "SettingsEditors", "plaintext key {0} — migrate it").format(mask(value)),
                "plaintext")
            self.combo.setCurrentIndex(3)
            return
        index = {True: 1, False: 2}.get(value, 0) if isinstance(value, bool) else 0
        self.combo.setCurrentIndex(index)


# ---- structured editors (hints) -----------------------------------------------------------


def _table(headers: list[str]) -> QTableWidget:
    from PySide6.QtWidgets import QTableWidget  # the table editors' types load on first use

    table = QTableWidget(0, len(headers))
    table.setHorizontalHeaderLabels(headers)
    for col, text in enumerate(headers):  # a long title elides on a narrow form: whole here
        item = table.horizontalHeaderItem(col)
        if item is not None:
            item.setToolTip(text)
    table.horizontalHeader().setSectionResizeMode(QHeaderView.ResizeMode.Stretch)
    table.verticalHeader().setVisible(False)
    table.setSelectionBehavior(QAbstractItemView.SelectionBehavior.SelectRows)
    table.setTabKeyNavigation(False)  # in a long form Tab moves on; arrows move between cells
    table.setMinimumHeight(110)
    table.setMaximumHeight(180)
    return table


def _table_item(text: str) -> QTableWidgetItem:
    from PySide6.QtWidgets import QTableWidgetItem

    return QTableWidgetItem(text)


class _RowsEditor(ValueEditor):
    """A table with Add / Remove; subclasses turn rows into the value. An empty table says
    what its rows would be and how to add one (a hint over the table)."""

    headers: ClassVar[list[str]] = []

    def header_labels(self) -> list[str]:
        """The column titles as shown (``headers`` are the English names, one per column)."""
        return list(self.headers)

    def empty_text(self) -> str:
        return QCoreApplication.translate("SettingsEditors", "No entries: Add creates one.")

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        box = QVBoxLayout()
        box.setContentsMargins(0, 0, 0, 0)
        self.table = _table(self.header_labels())
        self.table.setObjectName(f"table:{spec.key}")
        # two columns of names and model ids: room for them, not the whole of a wide window
        self.table.setMaximumWidth(self.table.fontMetrics().averageCharWidth() * 120)
        self.table.setAccessibleName(QCoreApplication.translate(
            "SettingsEditors", "{0} table").format(spec.key))
        self.empty_hint = EmptyHint(self.table, self.empty_text)
        self.table.itemChanged.connect(lambda _item: self._emit(self.current()))
        buttons = QHBoxLayout()
        self.add_button = QPushButton(QCoreApplication.translate("SettingsEditors", "Add"))
        self.add_button.setToolTip(QCoreApplication.translate("SettingsEditors", "Add a row"))
        self.remove_button = QPushButton(QCoreApplication.translate("SettingsEditors",
                                                                    "Remove"))
        self.remove_button.setToolTip(QCoreApplication.translate("SettingsEditors",
                                                                 "Remove the selected rows"))
        # clicked passes ``checked``: never let it pass for the new row's cells
        self.add_button.clicked.connect(lambda: self.add_row())
        self.remove_button.clicked.connect(self.remove_selected)
        buttons.addWidget(self.add_button)
        buttons.addWidget(self.remove_button)
        buttons.addStretch(1)
        box.addWidget(self.table)
        box.addLayout(buttons)
        self._layout.addLayout(box, 1)

    def add_row(self, cells: list[str] | None = None) -> None:
        self._updating, was = True, self._updating
        row = self.table.rowCount()
        self.table.insertRow(row)
        for col in range(len(self.headers)):
            text = cells[col] if cells and col < len(cells) else ""
            self.table.setItem(row, col, _table_item(text))
        self._updating = was
        if cells is None:
            self.table.setCurrentCell(row, 0)
            first = self.table.item(row, 0)
            if first is not None:
                self.table.editItem(first)

    def remove_selected(self) -> None:
        rows = sorted({i.row() for i in self.table.selectedIndexes()}, reverse=True)
        for row in rows:
            self.table.removeRow(row)
        self._emit(self.current())

    def rows(self) -> list[list[str]]:
        out = []
        for row in range(self.table.rowCount()):
            cells = []
            for col in range(self.table.columnCount()):
                item = self.table.item(row, col)
                cells.append(item.text().strip() if item else "")
            out.append(cells)
        return out

    def cells(self) -> list[list[str]]:
        """Every cell's text exactly as shown (what undo puts back)."""
        return [[item.text() if (item := self.table.item(row, col)) else ""
                 for col in range(self.table.columnCount())]
                for row in range(self.table.rowCount())]

    def _restore_shown(self, shown: str) -> None:
        self.table.setRowCount(0)
        for row in json.loads(shown):
            self.add_row([str(cell) for cell in row])

    def current(self) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError


class ModelOverridesEditor(_RowsEditor):
    """``model_overrides``: an agent → model table (highest precedence per agent)."""

    headers: ClassVar[list[str]] = ["Agent", "Model"]

    def header_labels(self) -> list[str]:
        return [QCoreApplication.translate("SettingsEditors", "Agent"),
                QCoreApplication.translate("SettingsEditors", "Model")]

    def empty_text(self) -> str:
        return QCoreApplication.translate(
            "SettingsEditors", "No per-agent model overrides: every agent uses its profile's "
            "model. Add sets one.")

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.table.setToolTip(QCoreApplication.translate(
            "SettingsEditors", "Agent names: {0}. Model: an alias (opus, sonnet, haiku), a full "
            "model ID, or \"\" to omit.").format(", ".join(catalog_agents())))

    def current(self) -> Any:
        out: dict[str, Any] = {}
        for agent, model in self.rows():
            if agent:
                out[agent] = model
        return out or None

    def _show(self, value: Any) -> None:
        self.table.setRowCount(0)
        if isinstance(value, dict):
            for agent, model in value.items():
                self.add_row([str(agent), model if isinstance(model, str) else json.dumps(model)])


_NO_LINKS_ROOT = Path("/")


def check_skill_path(root: Path | None, raw: str) -> str | None:
    """Why a skill path is refused (``..``, absolute, a symlink out of the project), else None.

    The rule is the core's (:func:`msd_desktop.core.config.skill_paths.validate_skill_path`, which
    ``config-set`` uses too); the editor only trims what was typed. Without a project root only
    the textual rules apply (every path is inside the filesystem root, so no symlink escapes).
    """
    path = raw.strip()
    if not path:
        return QCoreApplication.translate("SettingsEditors", "A skill path is empty.")
    return validate_skill_path(Path(root) if root is not None else _NO_LINKS_ROOT, path)


class AgentSkillsEditor(_RowsEditor):
    """``agent_skills``: agent → skill paths (comma-separated), with the traversal check."""

    headers: ClassVar[list[str]] = [
        "Agent", "Skill paths (comma-separated, relative to the project)"
    ]

    def header_labels(self) -> list[str]:
        return [QCoreApplication.translate("SettingsEditors", "Agent"),
                QCoreApplication.translate(
                    "SettingsEditors", "Skill paths (comma-separated, relative to the project)")]

    def empty_text(self) -> str:
        return QCoreApplication.translate(
            "SettingsEditors", "No agent skills: agents load only their built-in skills. Add "
            "gives an agent skill paths.")

    def __init__(
        self, spec: FieldSpec, parent: QWidget | None = None, root: Path | None = None
    ) -> None:
        super().__init__(spec, parent)
        self.root = root

    def current(self) -> Any:
        out: dict[str, Any] = {}
        for agent, paths in self.rows():
            if not agent:
                continue
            items = [p.strip() for p in paths.split(",") if p.strip()]
            for item in items:
                why = check_skill_path(self.root, item)
                if why:
                    return self._invalid(InvalidInput(why, item), self.cells())
            out[agent] = items
        return out

    def _show(self, value: Any) -> None:
        self.table.setRowCount(0)
        if isinstance(value, dict):
            for agent, paths in value.items():
                shown = ", ".join(paths) if isinstance(paths, list) else str(paths)
                self.add_row([str(agent), shown])


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


# ---- pattern groups (dynamic patterns with enumerable members) ------------------------------


def _member_options(vt: schema.ValueType) -> tuple[tuple[Any, ...], bool] | None:
    """A member's choices and whether other text may be typed; ``None`` = no sub-field."""
    if isinstance(vt, schema.EnumType):
        return tuple(vt.options), False
    if isinstance(vt, schema.BooleanType):
        return (True, False), False
    if isinstance(vt, schema.StringType):
        return tuple(schema.TIER_ALIASES), True  # a model alias or a full model ID
    if isinstance(vt, schema.IntegerType):
        return (0, 1, 2, 3), True
    return None  # arrays get a list field; objects are kept as they are (JSON view)


class ListMemberField(QPlainTextEdit):
    """An array member of a pattern group (``dynamic_routing.provider_escalation``): one item
    per line, in order. A value that is not a list of strings as read is shown (and edited) as
    JSON, so nothing is lost and ``config-set``'s own error appears for a non-array."""

    changed = Signal()

    def __init__(self, placeholder: str, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.setPlaceholderText(placeholder)
        self.setTabChangesFocus(True)
        lines = 4
        self.setFixedHeight(self.fontMetrics().lineSpacing() * lines
                            + 2 * (self.frameWidth() + int(self.document().documentMargin())))
        self.setMinimumWidth(320)  # model ids are long; the group's combos line up with it
        self._json_mode = False
        self.textChanged.connect(self.changed.emit)

    def value(self) -> Any:
        """The member's value (``MISSING`` = not set, ``InvalidInput`` = unparsable JSON)."""
        raw = self.toPlainText()
        if self._json_mode:
            if not raw.strip():
                self._json_mode = False  # cleared: back to one item per line
                return MISSING
            try:
                return json.loads(raw)
            except ValueError as exc:
                return InvalidInput(_json_error(exc), raw)
        items = [line.strip() for line in raw.splitlines() if line.strip()]
        return items if items else MISSING

    @property
    def json_mode(self) -> bool:
        """Whether the text is read as one JSON value rather than one item per line."""
        return self._json_mode

    def restore_text(self, text: str, json_mode: bool) -> None:
        """Show ``text`` as it was typed (undo back to text that is not a value)."""
        self._json_mode = json_mode
        self.setPlainText(text)

    def set_member_value(self, value: Any) -> None:
        self._json_mode = value is not MISSING and not (
            isinstance(value, list) and all(isinstance(v, str) and v.strip() == v and v
                                            for v in value)
        )
        if value is MISSING:
            self.setPlainText("")
        elif self._json_mode:
            self.setPlainText(json.dumps(value, ensure_ascii=False))
        else:
            self.setPlainText("\n".join(value))


def _members_described(group: str) -> list[tuple[str, schema.ValueType, str]]:
    """A pattern group's members with their value types and the pattern leaves' descriptions."""
    out = []
    for member, vt in pattern_members(group):
        pattern = schema.match_dynamic(f"{group}.{member}")
        leaf = pattern.leaf_for(f"{group}.{member}") if pattern is not None else None
        out.append((member, vt, _leaf_description(pattern, leaf)))
    return out


def _leaf_description(pattern: Any, leaf: Any) -> str:
    """A pattern leaf's description in the window's language (``pattern/<n>/<m>/description``,
    the pattern's and the leaf's places in the schema)."""
    if pattern is None or leaf is None:
        return ""
    patterns = list(schema.dynamic_patterns())
    try:
        n = patterns.index(pattern)
        m = list(patterns[n].leaves).index(leaf)
    except ValueError:
        return str(leaf.description)
    return schema_text(leaf.description, f"pattern/{n}/{m}/description")


def _get_path(data: dict[str, Any], dotted: str) -> Any:
    """A member's value, ``MISSING`` when absent (the core's own-key walk)."""
    found, value = get_path(data, dotted)
    return value if found else MISSING


def _set_path(data: dict[str, Any], dotted: str, value: Any) -> None:
    """Set a member; ``MISSING`` removes it and the parent objects it leaves empty."""
    if value is not MISSING:
        set_path(data, dotted, value)
        return
    unset_path(data, dotted)
    for parent in reversed(parent_keys(dotted)):
        found, node = get_path(data, parent)
        if not found or node != {}:
            break
        unset_path(data, parent)


def _same_value(a: Any, b: Any) -> bool:
    return (a is MISSING and b is MISSING) or (
        a is not MISSING and b is not MISSING and type(a) is type(b) and a == b
    )


class PatternGroupEditor(ValueEditor):
    """A dynamic-pattern family whose members the pattern enumerates (``models.<phase_type>``,
    ``dynamic_routing.tier_models.<tier>`` …): one combo per member, "(not set)" first.

    The value is the group's object; members without a sub-field and unknown children are kept
    as read. The draft validates every member through the core (``validate_value``).
    """

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self._value: dict[str, Any] = {}
        self.combos: dict[str, QComboBox] = {}
        self.lists: dict[str, ListMemberField] = {}
        self._types: dict[str, schema.ValueType] = {}
        self._fixed: dict[str, int] = {}  # "(not set)" + the member's options
        form = QFormLayout()
        form.setContentsMargins(0, 0, 0, 0)
        for member, vt, description in _members_described(spec.key):
            if isinstance(vt, schema.ArrayType):
                field = ListMemberField(QCoreApplication.translate(
                    "SettingsEditors", "one per line, in order"))
                field.setObjectName(f"member:{spec.key}.{member}")
                field.setToolTip(f"{spec.key}.{member}: {description}")
                field.setAccessibleName(member)
                field.changed.connect(lambda: self._emit(self.current()))
                self.lists[member] = field
                self._types[member] = vt
                box = QVBoxLayout()
                box.setContentsMargins(0, 0, 0, 0)
                box.setSpacing(2)
                box.addWidget(field)
                note = muted_label(QCoreApplication.translate(
                    "SettingsEditors", "{0}, tried in order").format(description))
                note.setWordWrap(True)  # a long note must not set the form's minimum width
                box.addWidget(note)
                form.addRow(member, box)
                continue
            choices = _member_options(vt)
            if choices is None:
                continue
            options, editable = choices
            combo = QComboBox()
            combo.setObjectName(f"member:{spec.key}.{member}")
            combo.setEditable(editable)
            combo.addItem(not_set_text(), MISSING)
            combo.setAccessibleName(member)
            if description:
                combo.setToolTip(f"{spec.key}.{member}: {description}")
            for option in options:
                combo.addItem(display(option), option)
            combo.currentIndexChanged.connect(lambda _i: self._emit(self.current()))
            line = combo.lineEdit() if editable else None
            if line is not None:  # every keystroke, like every other field
                line.textEdited.connect(lambda _t: self._emit(self.current()))
            self.combos[member] = combo
            self._types[member] = vt
            self._fixed[member] = combo.count()
            form.addRow(member, combo)
        self._layout.addLayout(form)
        self._layout.addStretch(1)

    def member_value(self, member: str) -> Any:
        """What one sub-field holds (``MISSING`` = not set, ``InvalidInput`` = unparsable)."""
        if member in self.lists:
            return self.lists[member].value()
        combo = self.combos[member]
        index = combo.currentIndex()
        if not combo.isEditable() or combo.currentText() == combo.itemText(index):
            return combo.itemData(index) if index >= 0 else MISSING
        text = combo.currentText().strip()
        if not text or text == not_set_text():
            return MISSING
        if isinstance(self._types[member], schema.IntegerType):
            try:
                return int(text)
            except ValueError:
                return InvalidInput(QCoreApplication.translate(
                    "SettingsEditors", "{0}: '{1}' is not a whole number.").format(
                        f"{self.spec.key}.{member}", text), text)
        return text

    def set_member(self, member: str, value: Any) -> None:
        """Choose ``value`` in one sub-field (as a person would; emits ``edited``)."""
        if member in self.lists:
            self.lists[member].set_member_value(value)
            return
        combo = self.combos[member]
        for i in range(combo.count()):
            if _same_value(combo.itemData(i), value):
                combo.setCurrentIndex(i)
                return
        combo.addItem(display(value), value)
        combo.setCurrentIndex(combo.count() - 1)

    def current(self) -> Any:
        out = json.loads(json.dumps(self._value))
        for member in [*self.combos, *self.lists]:
            value = self.member_value(member)
            if isinstance(value, InvalidInput):
                return self._invalid(value, self._shown_state())
            _set_path(out, member, value)
        return out or None

    def _shown_state(self) -> dict[str, Any]:
        """Every sub-field as shown: the group as read, each combo's choice and typed text,
        each list's text (and whether it is edited as JSON)."""
        return {
            "value": self._value,
            "combos": {m: [c.currentIndex(), c.currentText()] for m, c in self.combos.items()},
            "lists": {m: [f.toPlainText(), f.json_mode] for m, f in self.lists.items()},
        }

    def _restore_shown(self, shown: str) -> None:
        state = json.loads(shown)
        self._show(state["value"])
        for member, (index, text) in state["combos"].items():
            combo = self.combos.get(member)
            if combo is None:
                continue
            if 0 <= index < combo.count():
                combo.setCurrentIndex(index)
            if combo.isEditable() and combo.currentText() != text:
                combo.setEditText(text)
        for member, (text, json_mode) in state["lists"].items():
            field = self.lists.get(member)
            if field is not None:
                field.restore_text(text, json_mode)

    def _show(self, value: Any) -> None:
        self._value = dict(value) if isinstance(value, dict) else {}
        for member, field in self.lists.items():
            field.set_member_value(_get_path(self._value, member))
        for member, combo in self.combos.items():
            shown = _get_path(self._value, member)
            while combo.count() > self._fixed[member]:
                combo.removeItem(combo.count() - 1)
            for i in range(combo.count()):
                if _same_value(combo.itemData(i), shown):
                    combo.setCurrentIndex(i)
                    break
            else:
                combo.addItem(QCoreApplication.translate(
                    "SettingsEditors", "{0} (as read)").format(display(shown)), shown)
                combo.setCurrentIndex(combo.count() - 1)


class AgentValuesEditor(ModelOverridesEditor):
    """``effort.agent_overrides`` / ``fast_mode.agent_overrides``: the model_overrides table with
    the family's values (JSON spelling: ``true``/``false`` become booleans)."""

    def __init__(self, spec: FieldSpec, value_label: str, choices: tuple[Any, ...],
                 parent: QWidget | None = None) -> None:
        super().__init__(spec, parent)
        self.table.setHorizontalHeaderLabels(
            [QCoreApplication.translate("SettingsEditors", "Agent"), value_label])
        self.table.setToolTip(QCoreApplication.translate(
            "SettingsEditors", "Agent names: {0}. Values: {1}.").format(
                ", ".join(catalog_agents()), ", ".join(display(c) for c in choices)))

    def empty_text(self) -> str:
        return QCoreApplication.translate(
            "SettingsEditors", "No per-agent values: every agent uses the setting above. Add "
            "sets one.")

    def current(self) -> Any:
        out: dict[str, Any] = {}
        for agent, text in self.rows():
            if agent:
                try:
                    parsed = json.loads(text)
                except ValueError:
                    parsed = text
                out[agent] = parsed if isinstance(parsed, bool) else text
        return out or None

    def _show(self, value: Any) -> None:
        self.table.setRowCount(0)
        if isinstance(value, dict):
            for agent, item in value.items():
                self.add_row([str(agent), item if isinstance(item, str) else json.dumps(item)])


# ---- the registry --------------------------------------------------------------------------

EditorFactory = Callable[[FieldSpec, Path | None], ValueEditor]

EDITORS: dict[str, EditorFactory] = {
    "check": lambda s, _r: CheckEditor(s),
    "combo": lambda s, _r: ComboEditor(s),
    "spin": lambda s, _r: SpinEditor(s),
    "number": lambda s, _r: SpinEditor(s),
    "line": lambda s, _r: LineEditor(s),
    "list": lambda s, _r: StringListEditor(s),
    "map": lambda s, _r: JsonEditor(s),
    "json": lambda s, _r: JsonEditor(s),
}
"""Widget kind (``ValueType.widget``) → editor."""


def _runtime_tiers_editor(spec: FieldSpec, _root: Path | None) -> ValueEditor:
    from msd_desktop.ui.widgets.editors_runtime import RuntimeTiersEditor  # on first use (start-up)

    return RuntimeTiersEditor(spec)


RUNTIME_TIER_GROUPS: tuple[str, ...] = tuple(
    group for group in GROUP_KEYS if runtime_tier_columns(group) is not None
)
"""Group keys shaped ``<group>.<runtime>.<tier>`` (model_profile_overrides, the policy's copy)."""

HINTS: dict[str, EditorFactory] = {
    "model_overrides": lambda s, _r: ModelOverridesEditor(s),
    "agent_skills": lambda s, r: AgentSkillsEditor(s, root=r),
    "ship.pr_body_sections": lambda s, _r: PrSectionsEditor(s),
    "review.default_reviewers": lambda s, _r: ReviewersEditor(s),
    "effort.agent_overrides": lambda s, _r: AgentValuesEditor(
        s, QCoreApplication.translate("SettingsEditors", "Effort"), schema.EFFORT_LEVELS),
    "fast_mode.agent_overrides": lambda s, _r: AgentValuesEditor(
        s, QCoreApplication.translate("SettingsEditors", "Fast mode"), (True, False)),
    **{group: (lambda s, _r: PatternGroupEditor(s)) for group in PATTERN_GROUPS},
    **dict.fromkeys(RUNTIME_TIER_GROUPS, _runtime_tiers_editor),
}
"""The odd keys whose value is structured enough to deserve its own editor."""


def create_editor(spec: FieldSpec, root: Path | None = None) -> ValueEditor:
    """The editor for one key: a hint, the secret editor, or the widget kind's editor."""
    if spec.key in HINTS:
        return HINTS[spec.key](spec, root)
    if spec.secret:
        return SecretSentinelEditor(spec)
    return EDITORS.get(spec.widget, EDITORS["json"])(spec, root)


def separator() -> QFrame:
    line = QFrame()
    line.setFrameShape(QFrame.Shape.HLine)
    line.setFrameShadow(QFrame.Shadow.Sunken)
    return line
