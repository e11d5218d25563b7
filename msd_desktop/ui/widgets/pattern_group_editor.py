"""The editor of a pattern group (``dynamic_routing``, ``models``, ``granularities``…): one field
per enumerable member of the group's dynamic patterns, edited together as one object.

Why a module: the members come from :func:`msd_desktop.core.config.key_patterns.leaves_under`
through the draft; a member's set and unset walk the group's object with the core's key paths,
and removing the last member of a sub-object drops the object too.
"""

from __future__ import annotations

import json
from typing import Any

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import (
    QComboBox,
    QFormLayout,
    QPlainTextEdit,
    QVBoxLayout,
    QWidget,
)

from msd_desktop.core.common.key_paths import get_path, parent_keys, set_path, unset_path
from msd_desktop.core.config import schema
from msd_desktop.core.config.draft import (
    InvalidInput,
    pattern_members,
)
from msd_desktop.core.config.schema import MISSING
from msd_desktop.ui.widgets.editor_base import (
    FieldSpec,
    ValueEditor,
    display,
    muted_label,
    not_set_text,
    schema_text,
)
from msd_desktop.ui.widgets.scalar_editors import json_error


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
                return InvalidInput(json_error(exc), raw)
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
