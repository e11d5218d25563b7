"""The value types of config keys: the domain of a key's values and their conversions.

Why a module of their own: a type object owns every conversion of its values (STYLE item 6), and
the schema, the setter's validation, the form's editors and the JSON Schema export all ask the
same object, so they cannot disagree. The forms a value takes:

* **raw** — the string typed on the command line (``"true"``, ``" 7 "``, ``'["a"]'``).
  ``ValueType.from_str`` turns it into a candidate value with the upstream coercion
  (:func:`msd_desktop.core.config.coercion.coerce_config_value`); string-only keys keep the raw
  string.
* **value** — the Python form of the JSON value stored in ``config.json`` (``bool``, ``int``,
  ``float``, ``str``, ``list``, ``dict``; ``None`` only in memory: a ``null`` from the CLI means
  "unset", it is never written). ``ValueType.accepts`` says whether a value is in the domain and
  ``ValueType.expectation`` words the refusal (``Must be a boolean (true or false).``).
* **display** — ``ValueType.to_str`` gives the text a person sees: JS spelling (``true``,
  ``200000``), compact JSON for lists and objects; secrets are masked by the caller.
* **JSON Schema** — ``ValueType.json_schema`` gives the draft 2020-12 fragment for editors.

``ValueType.widget`` names the editor kind the window's registry picks (check, combo, spin,
number, line, list, map, json).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Sequence
from typing import Any, Final

from msd_desktop.core.common.js_json import json_stringify
from msd_desktop.core.common.js_number import MAX_SAFE_INTEGER
from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.common.record import FrozenRecord
from msd_desktop.core.common.text import Text
from msd_desktop.core.config.coercion import coerce_config_value

__all__ = [
    "MISSING",
    "AnyType",
    "ArrayType",
    "BooleanType",
    "EnumType",
    "IntegerType",
    "NullType",
    "NumberType",
    "ObjectType",
    "StringType",
    "UnionType",
    "ValueType",
    "make_value_type",
]


class _Missing:
    """Marker for "no value" where ``None`` (JSON null) is a real value."""

    _instance: _Missing | None = None

    def __new__(cls) -> _Missing:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "MISSING"

    def __bool__(self) -> bool:
        return False


MISSING: Final = _Missing()


def _is_number(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool)


class ValueType:
    """The domain of a key's values and their conversions (see the module docstring)."""

    name: str = "any"
    # the form's editor kind: check, combo, spin, number, line, list, map, json
    widget: str = "json"
    json_types: tuple[str, ...] = ()

    def accepts(self, value: Any) -> bool:
        """Whether ``value`` (already coerced) is in this type's domain."""
        return True

    @property
    def phrase(self) -> str:
        """The noun phrase used in errors (``a boolean (true or false)``)."""
        return Text.of("a JSON value")

    def expectation(self) -> str:
        """The sentence after ``Invalid <key> '<raw>'.`` (upstream wording)."""
        return Text.of("Must be {phrase}.", phrase=self.phrase)

    def from_str(self, raw: str) -> Any:
        """The candidate value for a raw CLI string (upstream coercion, spec §2.4 step 4)."""
        return coerce_config_value(raw)

    def to_str(self, value: Any) -> str:
        """How a value is shown to a person (JS spelling; JSON for lists and objects)."""
        if isinstance(value, list | dict):
            return json_stringify(value, indent=0)
        if value is None:
            return "null"
        return js_string(value)

    def json_schema(self) -> dict[str, Any]:
        """The JSON Schema (draft 2020-12) fragment for values of this type."""
        if not self.json_types:
            return {}
        if len(self.json_types) == 1:
            return {"type": self.json_types[0]}
        return {"type": list(self.json_types)}

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.name}>"


class AnyType(ValueType):
    """Anything JSON (dynamic keys whose values upstream passes through)."""


class BooleanType(ValueType):
    name = "boolean"
    widget = "check"
    json_types = ("boolean",)

    def accepts(self, value: Any) -> bool:
        return isinstance(value, bool)

    @property
    def phrase(self) -> str:
        return Text.of("a boolean (true or false)")


class NullType(ValueType):
    """Only ever part of a union: ``null`` in the file (``config-set KEY null`` unsets instead)."""

    name = "null"
    json_types = ("null",)

    def accepts(self, value: Any) -> bool:
        return value is None

    @property
    def phrase(self) -> str:
        return "null"


class NumberType(ValueType):
    name = "number"
    widget = "number"
    json_types = ("number",)

    def accepts(self, value: Any) -> bool:
        return _is_number(value) and math.isfinite(value)

    @property
    def phrase(self) -> str:
        return Text.of("a number")


class IntegerType(FrozenRecord, ValueType):
    """An integer (JS ``Number.isInteger``, so ``2.0`` counts) with optional bounds.

    ``safe`` additionally requires ``|v| <= 2**53 - 1`` (``Number.isSafeInteger``).
    ``wording`` overrides the generated sentence (upstream's exact text for a key).
    """

    __match_args__ = ("minimum", "maximum", "safe", "wording", "name", "widget", "json_types")
    minimum: int | None
    maximum: int | None
    safe: bool
    wording: str | None

    def __init__(self, minimum: int | None = None, maximum: int | None = None,
                 safe: bool = False, wording: str | None = None, name: str = "integer",
                 widget: str = "spin", json_types: tuple[str, ...] = ("integer",)) -> None:
        init = object.__setattr__
        init(self, "minimum", minimum)
        init(self, "maximum", maximum)
        init(self, "safe", safe)
        init(self, "wording", wording)
        init(self, "name", name)
        init(self, "widget", widget)
        init(self, "json_types", json_types)

    __repr__ = ValueType.__repr__

    def accepts(self, value: Any) -> bool:
        if not (_is_number(value) and math.isfinite(value) and float(value).is_integer()):
            return False
        if self.safe and abs(value) > MAX_SAFE_INTEGER:
            return False
        if self.minimum is not None and value < self.minimum:
            return False
        return not (self.maximum is not None and value > self.maximum)

    @property
    def phrase(self) -> str:
        lo, hi = self.minimum, self.maximum
        if lo is not None and hi is not None and 0 < hi - lo < 10:
            values = [str(i) for i in range(lo, hi + 1)]
            return Text.of("an integer {values}, or {last}", values=", ".join(values[:-1]),
                           last=values[-1])
        if lo == 1 and hi is None:
            return Text.of("a positive integer")
        if lo == 0 and hi is None:
            return Text.of("a non-negative integer")
        if lo is not None and hi is not None:
            return Text.of("an integer from {lo} to {hi}", lo=lo, hi=hi)
        if lo is not None:
            return Text.of("an integer >= {lo}", lo=lo)
        if hi is not None:
            return Text.of("an integer <= {hi}", hi=hi)
        return Text.of("an integer")

    def expectation(self) -> str:
        return self.wording or Text.of("Must be {phrase}.", phrase=self.phrase)

    def json_schema(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "integer"}
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        elif self.safe:
            out["maximum"] = MAX_SAFE_INTEGER
        return out


class StringType(ValueType):
    """A string. ``literal=True`` (free-text keys): the raw CLI string is stored uncoerced."""

    name = "string"
    widget = "line"
    json_types = ("string",)

    def __init__(self, *, literal: bool = False) -> None:
        self.literal = literal

    def accepts(self, value: Any) -> bool:
        return isinstance(value, str)

    @property
    def phrase(self) -> str:
        return Text.of("a string")

    def from_str(self, raw: str) -> Any:
        if self.literal:
            coerced = coerce_config_value(raw)
            # true/false/null keep their meaning (null = unset); numbers and JSON stay text.
            return coerced if coerced is None or isinstance(coerced, bool) else raw
        return coerce_config_value(raw)


class ArrayType(ValueType):
    name = "array"
    widget = "list"
    json_types = ("array",)

    def accepts(self, value: Any) -> bool:
        return isinstance(value, list)

    @property
    def phrase(self) -> str:
        return Text.of("a JSON array")


class ObjectType(ValueType):
    name = "object"
    widget = "map"
    json_types = ("object",)

    def accepts(self, value: Any) -> bool:
        return isinstance(value, dict)

    @property
    def phrase(self) -> str:
        return Text.of("a JSON object")


class EnumType(ValueType):
    """One of a fixed list. Members are compared with their JSON type: ``'["a"]'`` is not ``a``."""

    name = "enum"
    widget = "combo"

    def __init__(self, options: Sequence[Any]) -> None:
        self.options: tuple[Any, ...] = tuple(options)

    def accepts(self, value: Any) -> bool:
        return any(type(value) is type(o) and value == o for o in self.options)

    @property
    def phrase(self) -> str:
        return Text.of("one of {values}", values=", ".join(self.to_str(o) for o in self.options))

    def expectation(self) -> str:
        # Upstream assertEnumValue: no trailing period.
        return Text.of("Valid values: {values}",
                       values=", ".join(self.to_str(o) for o in self.options))

    def json_schema(self) -> dict[str, Any]:
        return {"enum": list(self.options)}


class UnionType(ValueType):
    """``a|b|…`` from the schema (e.g. ``string|boolean|null``): any member's domain."""

    def __init__(self, members: Sequence[ValueType]) -> None:
        self.members = tuple(members)
        self.name = "|".join(m.name for m in self.members)
        kinds = [m for m in self.members if not isinstance(m, NullType)]
        self.widget = kinds[0].widget if len(kinds) == 1 else "json"
        self.json_types = tuple(t for m in self.members for t in m.json_types)

    def accepts(self, value: Any) -> bool:
        return any(m.accepts(value) for m in self.members)

    @property
    def phrase(self) -> str:
        phrases = [m.phrase for m in self.members if not isinstance(m, NullType)]
        if not phrases:
            return ""
        out = phrases[0]
        for more in phrases[1:]:
            out = Text.of("{first} or {second}", first=out, second=more)
        return out

    def from_str(self, raw: str) -> Any:
        literal = [m for m in self.members if isinstance(m, StringType) and m.literal]
        return literal[0].from_str(raw) if literal else coerce_config_value(raw)


_SIMPLE: dict[str, Callable[[], ValueType]] = {
    "boolean": BooleanType,
    "number": NumberType,
    "integer": IntegerType,
    "string": StringType,
    "array": ArrayType,
    "object": ObjectType,
    "null": NullType,
}

# The tiny hints map for the odd key (STYLE item 7): bounds and upstream wording that the data
# file only states in prose (`config_set_validation`).
_INTEGER_HINTS: dict[str, IntegerType] = {
    "context_window": IntegerType(
        minimum=1, wording=Text.of("Must be a positive integer (token count).")
    ),
    "workflow.drift_threshold": IntegerType(minimum=1),
    "workflow.smart_zone_tokens": IntegerType(
        minimum=1, safe=True, wording=Text.of("Must be a positive integer (token count).")
    ),
    "workflow.security_asvs_level": IntegerType(minimum=1, maximum=3),
}

# Secrets (D3/D4): a string (stored in the keyring) or true/false/null; the raw CLI string of an
# API key is never number- or JSON-coerced.
_SECRET_TYPE_NAME = "string|boolean|null"


def make_value_type(
    key: str, type_name: str, enum: Sequence[Any] | None, *, literal: bool
) -> ValueType:
    """The value type of a key from its schema entry (``type``, ``enum``); ``literal`` keeps
    the raw CLI string of a free-text key uncoerced."""
    if key in _INTEGER_HINTS:
        return _INTEGER_HINTS[key]
    if enum is not None:
        options = [o for o in enum if o is not None]
        return EnumType(options)
    parts = type_name.split("|")
    members: list[ValueType] = []
    for part in parts:
        if part == "string":
            members.append(StringType(literal=literal))
        else:
            members.append(_SIMPLE.get(part, AnyType)())
    if len(members) == 1:
        return members[0]
    non_null = [m for m in members if not isinstance(m, NullType)]
    if len(non_null) == 1:
        # `x|null`: null means "unset" on every write path, so the domain is `x`;
        # the JSON Schema still allows null in the file.
        only = non_null[0]
        return _NullableType(only)
    return UnionType(members)


class _NullableType(UnionType):
    """``x|null``: validates, converts and edits as ``x``; the file may also hold ``null``."""

    def __init__(self, inner: ValueType) -> None:
        super().__init__([inner, NullType()])
        self.inner = inner
        self.widget = inner.widget

    def from_str(self, raw: str) -> Any:
        return self.inner.from_str(raw)

    def expectation(self) -> str:
        return self.inner.expectation()
