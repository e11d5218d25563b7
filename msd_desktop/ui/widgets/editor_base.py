"""What every value editor shares: the key's :class:`FieldSpec`, the base :class:`ValueEditor`
and the small display helpers.

Kept apart from :mod:`msd_desktop.ui.widgets.editors` (the registry of concrete editors) so the
structured editors that live in their own modules (the runtime × tier table) build on the base
without importing the registry that creates them.
"""

from __future__ import annotations

import json
from typing import Any, NamedTuple

from PySide6.QtCore import QCoreApplication, Signal
from PySide6.QtWidgets import QHBoxLayout, QLabel, QWidget

from msd_desktop.core.config import schema
from msd_desktop.core.config.schema import MISSING
from msd_desktop.core.config.schema_texts import CONTEXT as SCHEMA_CONTEXT
from msd_desktop.core.config.schema_texts import option_help, option_ident
from msd_desktop.core.secrets.masking import mask
from msd_desktop.ui.widgets.theme import semantic_color


class FieldSpec(NamedTuple):
    """What an editor needs to know about its key (from a ``KeySpec`` or a group key)."""

    key: str
    widget: str
    default: Any = None
    options: tuple[Any, ...] | None = None
    minimum: int | None = None
    maximum: int | None = None
    description: str = ""
    secret: bool = False
    absent_means_enabled: bool = False


def field_spec(key: str) -> FieldSpec:
    """The :class:`FieldSpec` of a concrete schema key."""
    spec = schema.SCHEMA[key]
    return FieldSpec(
        key=key, widget=spec.widget, default=spec.default, options=spec.options,
        minimum=spec.minimum, maximum=spec.maximum, description=spec.description,
        secret=spec.secret, absent_means_enabled=spec.absent_means == "enabled",
    )


def schema_text(english: str, ident: str) -> str:
    """A schema text in the window's language (the ``schema`` context, keyed by ``ident`` as
    :mod:`msd_desktop.core.config.schema_texts` names it); English when not translated."""
    return QCoreApplication.translate(SCHEMA_CONTEXT, english, ident) if english else english


def key_help(spec: FieldSpec) -> str:
    """A key's description as shown (translated); ``spec.description`` stays the schema's
    English, which the option tooltips are cut from."""
    return schema_text(spec.description, f"{spec.key}/description")


def option_tip(spec: FieldSpec, option: Any) -> str:
    """One enum option's tooltip: its part of the description, translated."""
    fragment = option_help(spec.description, option)
    if fragment == spec.description:
        return key_help(spec)
    return schema_text(fragment, option_ident(spec.key, option))


def not_set_text() -> str:
    return QCoreApplication.translate("SettingsEditors", "(not set)")


def display(value: Any, key: str | None = None) -> str:
    """A value as a person reads it (JS spelling; JSON for lists/objects; secrets masked)."""
    if value is MISSING:
        return not_set_text()
    if key is not None and schema.is_secret(key) and isinstance(value, str):
        return mask(value)
    vt = schema.value_type_for(key) if key else None
    return (vt or schema.AnyType()).to_str(value)


def muted_label(text: str) -> QLabel:
    """A secondary note under a sub-field (the theme's muted colour, set as a palette)."""
    label = QLabel(text)
    palette = label.palette()
    palette.setColor(label.foregroundRole(), semantic_color("muted"))
    label.setPalette(palette)
    return label


class ValueEditor(QWidget):
    """Base: one key's editor. ``edited(value)`` reports every change as it happens (each
    keystroke, toggle or choice: the draft always holds what the field shows)."""

    edited = Signal(object)
    # Typed editors: consecutive edits merge into one undo step until the focus moves.
    merges_edits = False

    def __init__(self, spec: FieldSpec, parent: QWidget | None = None) -> None:
        super().__init__(parent)
        self.spec = spec
        self.setObjectName(f"editor:{spec.key}")
        self._layout = QHBoxLayout(self)
        self._layout.setContentsMargins(0, 0, 0, 0)
        self._updating = False
        self.setToolTip(key_help(spec))

    def set_value(self, value: Any) -> None:
        """Show ``value`` (a JSON value, ``MISSING``, or an ``InvalidInput`` whose text is
        shown as typed) without reporting it back as an edit."""
        from msd_desktop.core.config.draft import InvalidInput

        self._updating = True
        try:
            if isinstance(value, InvalidInput) and value.shown:
                self._restore_shown(value.shown)
            elif isinstance(value, InvalidInput):
                self._show_invalid(value.text)
            else:
                self._show(value)
        finally:
            self._updating = False

    def _show(self, value: Any) -> None:  # pragma: no cover - abstract
        raise NotImplementedError

    def _show_invalid(self, text: str) -> None:
        """Show text that is not a value yet (what undo puts back). Editors that take typed
        text override this; the others never produce such text."""

    def _restore_shown(self, shown: str) -> None:
        """Put back the whole display an ``InvalidInput.shown`` recorded (editors made of
        several fields write it; see :meth:`_invalid`)."""
        self._show_invalid(shown)

    def _invalid(self, problem: Any, state: Any) -> Any:
        """``problem`` (one sub-field's ``InvalidInput``) for the whole editor: the message
        and typed text, with ``state`` (JSON: every sub-field as shown) to undo back to."""
        from msd_desktop.core.config.draft import InvalidInput

        return InvalidInput(problem.message, problem.text,
                            json.dumps(state, ensure_ascii=False, separators=(",", ":")))

    def _emit(self, value: Any) -> None:
        if not self._updating:
            self.edited.emit(value)


def runtime_tier_columns(group: str) -> tuple[str, ...] | None:
    """The tiers of a ``<group>.<runtime>.<tier>`` family, read from its dynamic pattern
    (``None`` when ``group`` has no pattern of that shape)."""
    for _leaf, tail in schema.leaves_under(group):
        if len(tail) != 2:
            continue
        (rkind, _), (tkind, tiers) = tail
        if rkind == "re" and tkind == "enum":
            return tuple(str(t) for t in tiers)
    return None
