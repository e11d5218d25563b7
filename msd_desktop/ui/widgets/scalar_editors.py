"""The editors of single values: check box, combo, spin box, line, number, JSON, a list of
strings, and an API key's sentinel.

Why a module: these are the registry's editors by widget kind (``ValueType.widget``); the
structured editors for the odd keys live beside them (:mod:`.table_editors`,
:mod:`.review_editors`, :mod:`.pattern_group_editor`). Parse errors become
:class:`~msd_desktop.core.config.draft.InvalidInput`; every other rule is the core's.
"""

from __future__ import annotations

import json
import math
from typing import Any

from PySide6.QtCore import QCoreApplication, Qt, Signal
from PySide6.QtGui import QValidator
from PySide6.QtWidgets import (
    QAbstractSpinBox,
    QCheckBox,
    QComboBox,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QPushButton,
    QSpinBox,
    QWidget,
)

from msd_desktop.core.config.draft import (
    InvalidInput,
)
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.secrets.masking import mask
from msd_desktop.ui.widgets.editor_base import (
    FieldSpec,
    ValueEditor,
    display,
    key_help,
    not_set_text,
    option_tip,
)


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


def json_error(exc: Exception) -> str:
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
            return InvalidInput(json_error(exc), text)

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
                self._emit(InvalidInput(json_error(exc), raw))
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
