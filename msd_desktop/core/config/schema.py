"""The config schema as data: one :class:`KeySpec` per concrete key plus the dynamic key patterns.

Why: ``data/config-schema.json`` is the single source of truth for type, default, title,
description, choices, bounds, secret flag and settability (STYLE item 5). ``msd config-set``,
``msd schema``, the JSON Schema export and the window's generated form all read it through this
module, so they cannot disagree.

Each key's ``value_type`` is a :class:`ValueType` that owns the conversions of its values
(STYLE item 6). The forms a value takes:

* **raw** — the string typed on the command line (``"true"``, ``" 7 "``, ``'["a"]'``).
  ``ValueType.from_str`` turns it into a candidate value with the upstream coercion
  (:func:`msd_desktop.core.config.coercion.coerce_config_value`); string-only keys keep the raw
  string.
* **value** — the Python form of the JSON value stored in ``config.json`` (``bool``, ``int``,
  ``float``, ``str``, ``list``, ``dict``; ``None`` only in memory: a ``null`` from the CLI means
  "unset", it is never written). ``ValueType.accepts`` says whether a value is in the domain and
  ``ValueType.expectation`` words the refusal (``Must be a boolean (true or false).``).
* **display** — ``ValueType.to_str`` gives the text a person sees: JS spelling (``true``,
  ``200000``), JSON for lists and objects; secrets are masked by the caller.
* **JSON Schema** — ``ValueType.json_schema`` gives the draft 2020-12 fragment for editors.

Which keys ``config-set`` accepts (spec §2.3 + Appendix B): every upstream central key, every
capability key, the runtime-state key ``workflow._auto_chain_active``, the dynamic patterns, and
for MSD also the seed-only keys (D8), ``context_profile`` (D7) and any
``review.models.<cli>`` (D8). Keys the seeds document but ``config-set`` refuses (``gates.*``,
``safety.*``, ``parallelization.<sub-key>``, ``audit.enabled``) are known (the form may edit them
through the file) but not *settable*; legacy names (``depth``, top-level ``sub_repos``,
``multiRepo``) are neither.
"""

from __future__ import annotations

import json
import math
import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache
from pathlib import Path
from typing import Any, Final

from msd_desktop.core.common.js_json import json_stringify
from msd_desktop.core.common.js_number import MAX_SAFE_INTEGER
from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.common.key_paths import parent_keys
from msd_desktop.core.common.text import Text
from msd_desktop.core.config.coercion import coerce_config_value

__all__ = [
    "MISSING",
    "SCHEMA",
    "DynamicPattern",
    "KeySpec",
    "ValueType",
    "absent_means_enabled",
    "config_set_suggestion",
    "default_for",
    "distinct_titles",
    "dynamic_patterns",
    "get",
    "is_known",
    "is_secret",
    "is_settable",
    "json_schema",
    "keys_in_section",
    "legacy_names",
    "listed_keys",
    "match_dynamic",
    "schema_entry",
    "sections",
    "title_for",
    "unknown_keys",
    "value_type_for",
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


class _ReadOnly:
    """A read-only record: ``repr`` over the fields in ``__match_args__``; assigning or
    deleting a field raises ``AttributeError``, as a frozen dataclass does.

    Why not ``@dataclass(frozen=True)``: the Settings tab imports this module while the window
    opens, and each decorated class costs ~0.5-1 ms to generate (bench P3). A subclass lists
    its fields in ``__match_args__`` (constructor order) and sets them in ``__init__`` with
    ``object.__setattr__``.
    """

    __slots__ = ()
    __match_args__: tuple[str, ...] = ()

    def __repr__(self) -> str:
        body = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__match_args__)
        return f"{type(self).__name__}({body})"

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"cannot assign to field {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"cannot delete field {name!r}")


class _Frozen(_ReadOnly):
    """An immutable value: :class:`_ReadOnly` plus ``==`` and ``hash`` over its fields."""

    __slots__ = ()

    def _values(self) -> tuple[Any, ...]:
        return tuple(getattr(self, name) for name in self.__match_args__)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is not self.__class__:
            return NotImplemented
        assert isinstance(other, _Frozen)
        return self._values() == other._values()

    def __hash__(self) -> int:
        return hash(self._values())


# ── value types ─────────────────────────────────────────────────────────────────────────────


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


class IntegerType(_Frozen, ValueType):
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


def _make_type(key: str, type_name: str, enum: Sequence[Any] | None, *, literal: bool) -> ValueType:
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


# ── key specs ───────────────────────────────────────────────────────────────────────────────

# "upstream-1.11.0": central keys the reference release @opengsd/gsd-core@1.11.0 knows and the
# spec's schema (upstream commit 636ec92) lacks — added so msd agrees with the release (F1).
UPSTREAM_RELEASE_ORIGIN: Final = "upstream-1.11.0"
SETTABLE_ORIGINS: Final = frozenset(
    {"upstream-central", "upstream-capability", "upstream-runtime-state", "seed-only",
     UPSTREAM_RELEASE_ORIGIN}
)
_REVIEW_MODELS_RE: Final = re.compile(r"^review\.models\.[a-zA-Z0-9_-]+$")
# Free-text keys whose raw CLI string is stored verbatim (spec §2.4 step 6 for project_code;
# for the other plain-string keys MSD does the same so `git.base_branch 2024` stays "2024").
# Capability string keys keep upstream's check ("Must be a string.").
_UPSTREAM_ERROR_IGNORED: Final = frozenset({"context"})  # D7: `context` is free text


_TITLE_ACRONYMS: Final = {"md": "MD", "pr": "PR", "ui": "UI", "api": "API", "ci": "CI",
                          "id": "ID", "url": "URL", "mcp": "MCP", "llm": "LLM"}


def _humanise(segment: str) -> str:
    words = segment.replace("_", " ").replace("-", " ").split()
    words = [_TITLE_ACRONYMS.get(w.lower(), w) for w in words]
    text = " ".join(words)
    return text[:1].upper() + text[1:]


def title_for(key: str) -> str:
    """A readable title from a dotted key: the segments after the first, humanised."""
    segments = key.split(".")
    shown = segments[1:] if len(segments) > 1 else segments
    return " › ".join(w for w in (_humanise(s) for s in shown) if w)


def distinct_titles(keys: Sequence[tuple[str, str]]) -> dict[str, str]:
    """``title_for`` of each ``(key, section)``, made unique within a section.

    Why: the form lists a section's keys together, and two of them must not read the same
    (``mode`` and ``claude_md_assembly.mode`` were both "Mode"). A colliding dotted key takes
    its last two segments as one phrase ("Claude MD assembly mode"); if that still collides,
    every segment. A one-segment key keeps its plain title.
    """
    titles = {key: title_for(key) for key, _section in keys}
    by_title: dict[tuple[str, str], list[str]] = {}
    for key, section in keys:
        by_title.setdefault((section, titles[key]), []).append(key)
    taken = {(section, titles[key]) for key, section in keys}
    for (section, _title), group in by_title.items():
        if len(group) < 2:
            continue
        for key in group:
            segments = key.split(".")
            if len(segments) < 2:
                continue
            two = _humanise(" ".join(segments[-2:]))
            full = _humanise(" ".join(segments))
            titles[key] = two if (section, two) not in taken else full
            taken.add((section, titles[key]))
    return titles


class KeySpec(_ReadOnly):
    """One concrete config key (fields as in ``data/config-schema.json``, plus derived ones).

    Read-only (assigning raises ``AttributeError``); compared by identity. A plain class, not
    a dataclass: see :class:`_ReadOnly` (one per key of the data file, built at import).
    """

    __slots__ = ("absent_means", "capability", "config_set_error", "config_set_validation",
                 "default", "description", "enum", "key", "msd_decision", "note", "origin",
                 "secret", "section", "settable", "storage", "title", "type",
                 "upstream_default", "value_type")
    __match_args__ = ("key", "type", "enum", "default", "section", "secret", "origin",
                      "description", "absent_means", "capability", "config_set_validation",
                      "config_set_error", "upstream_default", "note", "msd_decision", "storage",
                      "value_type", "title", "settable")

    key: str
    type: str
    enum: tuple[Any, ...] | None
    default: Any
    section: str
    secret: bool
    origin: str
    description: str
    absent_means: str | None
    capability: str | None
    config_set_validation: str | None
    config_set_error: str | None
    upstream_default: Any
    note: str | None
    msd_decision: str | None
    storage: str | None
    value_type: ValueType
    title: str
    settable: bool

    def __init__(
        self, key: str, type: str, enum: tuple[Any, ...] | None, default: Any, section: str,
        secret: bool, origin: str, description: str, absent_means: str | None = None,
        capability: str | None = None, config_set_validation: str | None = None,
        config_set_error: str | None = None, upstream_default: Any = MISSING,
        note: str | None = None, msd_decision: str | None = None, storage: str | None = None,
        value_type: ValueType | None = None, title: str = "", settable: bool = False,
    ) -> None:
        init = object.__setattr__
        init(self, "key", key)
        init(self, "type", type)
        init(self, "enum", enum)
        init(self, "default", default)
        init(self, "section", section)
        init(self, "secret", secret)
        init(self, "origin", origin)
        init(self, "description", description)
        init(self, "absent_means", absent_means)
        init(self, "capability", capability)
        init(self, "config_set_validation", config_set_validation)
        init(self, "config_set_error", config_set_error)
        init(self, "upstream_default", upstream_default)
        init(self, "note", note)
        init(self, "msd_decision", msd_decision)
        init(self, "storage", storage)
        init(self, "value_type", AnyType() if value_type is None else value_type)
        init(self, "title", title)
        init(self, "settable", settable)

    @property
    def options(self) -> tuple[Any, ...] | None:
        """The enum choices for a combo box, or ``None``."""
        vt = self.value_type
        return vt.options if isinstance(vt, EnumType) else None

    @property
    def minimum(self) -> int | None:
        vt = self.value_type
        return vt.minimum if isinstance(vt, IntegerType) else None

    @property
    def maximum(self) -> int | None:
        vt = self.value_type
        return vt.maximum if isinstance(vt, IntegerType) else None

    @property
    def widget(self) -> str:
        return self.value_type.widget

    def error(self, raw: str) -> str:
        """The refusal text for a raw input outside the domain (upstream wording, D2)."""
        generated = Text.of("Invalid {key} '{raw}'. {expectation}", key=self.key, raw=raw,
                            expectation=self.value_type.expectation())
        if not self.config_set_error or self.key in _UPSTREAM_ERROR_IGNORED:
            return generated
        text = self.config_set_error.replace("<raw>", raw)
        if text == generated:
            return generated
        # upstream lists some enum values in its own order: same words, other order
        head = f"Invalid {self.key} '<raw>'. Valid values: "
        if self.config_set_error.startswith(head):
            values = self.config_set_error[len(head):]
            return Text.of("Invalid {key} '{raw}'. {expectation}", key=self.key, raw=raw,
                           expectation=Text.of("Valid values: {values}", values=values))
        return text

    def as_dict(self) -> dict[str, Any]:
        """The JSON-able entry ``msd schema`` prints."""
        out: dict[str, Any] = {
            "key": self.key,
            "title": self.title,
            "type": self.type,
            "enum": list(self.enum) if self.enum is not None else None,
            "default": self.default,
            "section": self.section,
            "description": self.description,
            "secret": self.secret,
            "settable": self.settable,
            "origin": self.origin,
            "widget": self.widget,
        }
        if self.minimum is not None:
            out["minimum"] = self.minimum
        if self.maximum is not None:
            out["maximum"] = self.maximum
        for name in ("absent_means", "capability", "note", "msd_decision", "storage"):
            value = getattr(self, name)
            if value is not None:
                out[name] = value
        if self.upstream_default is not MISSING:
            out["upstream_default"] = self.upstream_default
        return out


# Beside this module, as the catalog finds its data (``importlib.resources`` cost ~2 ms more
# on the first read: its reader machinery, while the window opens; bench P3).
SCHEMA_FILE: Final = Path(__file__).resolve().parent / "data" / "config-schema.json"


@cache
def _raw_data() -> dict[str, Any]:
    text = SCHEMA_FILE.read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text)
    return data


def _build_spec(entry: Mapping[str, Any], title: str | None = None) -> KeySpec:
    key = str(entry["key"])
    type_name = str(entry["type"])
    enum = entry.get("enum")
    literal = (
        key == "project_code"
        or bool(entry.get("secret"))
        or (
            type_name in ("string", "string|null")
            and not entry.get("capability")
            and not _REVIEW_MODELS_RE.match(key)  # like their capability siblings
        )
    )
    value_type = _make_type(key, type_name, enum, literal=literal)
    settable = (
        entry["origin"] in SETTABLE_ORIGINS
        or key == "context_profile"  # D7
        or bool(_REVIEW_MODELS_RE.match(key))  # D8
    )
    return KeySpec(
        key=key,
        type=type_name,
        enum=tuple(enum) if enum is not None else None,
        default=entry.get("default"),
        section=str(entry["section"]),
        secret=bool(entry.get("secret")),
        origin=str(entry["origin"]),
        description=str(entry.get("description") or ""),
        absent_means=entry.get("absent_means"),
        capability=entry.get("capability"),
        config_set_validation=entry.get("config_set_validation"),
        config_set_error=entry.get("config_set_error"),
        upstream_default=entry.get("upstream_default", MISSING),
        note=entry.get("note"),
        msd_decision=entry.get("msd_decision"),
        storage=entry.get("storage"),
        value_type=value_type,
        title=title if title is not None else title_for(key),
        settable=settable,
    )


_TITLES: Final = distinct_titles(
    [(str(e["key"]), str(e["section"])) for e in _raw_data()["keys"]]
)

SCHEMA: Final[dict[str, KeySpec]] = {
    str(e["key"]): _build_spec(e, _TITLES[str(e["key"])]) for e in _raw_data()["keys"]
}
"""Every concrete key, in the data file's order."""

_SECTION_ORDER: Final = (
    "core", "context_profile", "model", "workflow", "planning", "git", "parallelization",
    "gates", "safety", "security", "review", "ship", "integrations", "statusline", "hooks",
    "effort", "fast_mode", "features", "planner", "executor", "code_quality", "plan_review",
    "graphify", "manager", "agent_skills", "audit", "capabilities", "claude_orchestration",
    "external_job", "mempalace",
)


def get(key: str) -> KeySpec | None:
    """The spec of a concrete key (not a dynamic pattern), or ``None``."""
    return SCHEMA.get(key)


def sections() -> list[str]:
    """Section names: everyday ones first (core, model, workflow, …), then the rest."""
    present = list(dict.fromkeys(s.section for s in SCHEMA.values()))
    ordered = [s for s in _SECTION_ORDER if s in present]
    return ordered + [s for s in present if s not in ordered]


def keys_in_section(section: str) -> list[KeySpec]:
    """The specs of one section, in schema order."""
    return [s for s in SCHEMA.values() if s.section == section]


# ── dynamic patterns ────────────────────────────────────────────────────────────────────────

Segment = tuple[str, Any]  # ("lit", "models") | ("enum", ("a", "b")) | ("re", "[a-z]+")

_PHASE_TYPES: Final = ("planning", "discuss", "research", "execution", "verification", "completion")
_TIERS: Final = ("opus", "sonnet", "haiku")
_ROUTING_TIERS: Final = ("light", "standard", "heavy")
EFFORT_LEVELS: Final = ("minimal", "low", "medium", "high", "xhigh", "max")
TIER_ALIASES: Final = ("opus", "sonnet", "haiku", "inherit")
GRANULARITIES: Final = ("coarse", "standard", "fine")
_SLUG = "[a-zA-Z0-9_-]+"
_WORD = "[a-zA-Z0-9_]+"


def _segments_regex(segments: Sequence[Segment]) -> str:
    parts = []
    for kind, value in segments:
        if kind == "lit":
            parts.append(re.escape(value))
        elif kind == "enum":
            parts.append("(" + "|".join(value) + ")")
        else:
            parts.append(value)
    return "^" + r"\.".join(parts) + "$"


class PatternLeaf(_Frozen):
    """One shape inside a dynamic pattern, with the type of its values."""

    __slots__ = ("description", "segments", "value_type")
    __match_args__ = ("segments", "value_type", "description")
    segments: tuple[Segment, ...]
    value_type: ValueType
    description: str

    def __init__(self, segments: tuple[Segment, ...], value_type: ValueType,
                 description: str) -> None:
        init = object.__setattr__
        init(self, "segments", segments)
        init(self, "value_type", value_type)
        init(self, "description", description)

    @property
    def regex(self) -> re.Pattern[str]:
        return re.compile(_segments_regex(self.segments))


def _literal_prefix(regex: str) -> str:
    """The text every match of an anchored ``regex`` starts with (``""`` when unsure).

    Why: :func:`match_dynamic` runs for every key of a config file the form opens; testing a
    prefix first means only a pattern that can match is ever compiled (compiling all of them
    cost ~5 ms of opening the Settings tab, bench P3). A top-level ``|`` makes it unsure.
    """
    if not regex.startswith("^"):
        return ""
    depth, i = 0, 0
    while i < len(regex):
        char = regex[i]
        if char == "\\":
            i += 2
            continue
        if char == "[":  # a character class: its | and ( are literal
            i += 1
            if regex[i:i + 1] == "^":
                i += 1
            if regex[i:i + 1] == "]":
                i += 1
            while i < len(regex) and regex[i] != "]":
                i += 2 if regex[i] == "\\" else 1
        elif char == "(":
            depth += 1
        elif char == ")":
            depth -= 1
        elif char == "|" and depth == 0:
            return ""
        i += 1
    out: list[str] = []
    i = 1
    while i < len(regex):
        char = regex[i]
        if char == "\\" and regex[i + 1:i + 2] == ".":
            out.append(".")
            i += 2
        elif char.isalnum() or char in "_-":
            out.append(char)
            i += 1
        else:
            break
    else:
        return ""  # nothing but literals: no shortcut needed
    if regex[i] in "?*{" and out:
        out.pop()  # the last literal is optional or repeated
    return "".join(out)


class DynamicPattern(_Frozen):
    """A family of keys (spec §2.3): the exact upstream regex, its shape and its leaves."""

    __slots__ = ("_prefix", "leaves", "msd_decision", "regex", "shape", "top_level")
    __match_args__ = ("regex", "shape", "top_level", "leaves", "msd_decision")
    regex: str
    shape: str
    top_level: str
    leaves: tuple[PatternLeaf, ...]
    msd_decision: str | None
    _prefix: str

    def __init__(self, regex: str, shape: str, top_level: str, leaves: tuple[PatternLeaf, ...],
                 msd_decision: str | None = None) -> None:
        init = object.__setattr__
        init(self, "regex", regex)
        init(self, "shape", shape)
        init(self, "top_level", top_level)
        init(self, "leaves", leaves)
        init(self, "msd_decision", msd_decision)
        init(self, "_prefix", _literal_prefix(regex))

    def matches(self, key: str) -> bool:
        # fullmatch: Python's `$` also matches before a final newline, JS's does not.
        return key.startswith(self._prefix) and re.fullmatch(self.regex, key) is not None

    def leaf_for(self, key: str) -> PatternLeaf | None:
        for leaf in self.leaves:
            if leaf.regex.fullmatch(key):
                return leaf
        return None

    def value_type_for(self, key: str) -> ValueType:
        leaf = self.leaf_for(key)
        return leaf.value_type if leaf else AnyType()

    @property
    def description(self) -> str:
        return self.leaves[0].description if self.leaves else ""

    def as_dict(self) -> dict[str, Any]:
        out: dict[str, Any] = {"pattern": self.regex, "shape": self.shape,
                               "top_level": self.top_level}
        out["leaves"] = [
            {"pattern": leaf.regex.pattern, "type": leaf.value_type.name,
             "description": leaf.description}
            | ({"enum": list(leaf.value_type.options)}
               if isinstance(leaf.value_type, EnumType) else {})
            for leaf in self.leaves
        ]
        if self.msd_decision:
            out["msd_decision"] = self.msd_decision
        return out


def _leaf(segments: Sequence[Segment], value_type: ValueType, description: str) -> PatternLeaf:
    return PatternLeaf(tuple(segments), value_type, description)


# Values of dynamic keys: typed where the spec fixes the domain (D2: tier aliases for models.*,
# effort levels, fast_mode booleans, …); passed through where upstream stores anything opaque.
_LEAVES: Final[dict[str, tuple[PatternLeaf, ...]]] = {
    r"^agent_skills\.[a-zA-Z0-9_-]+$": (
        _leaf([("lit", "agent_skills"), ("re", _SLUG)], AnyType(),
              "skills injected into the named agent's prompt"),
    ),
    r"^features\.[a-zA-Z0-9_]+$": (
        _leaf([("lit", "features"), ("re", _WORD)], AnyType(), "feature flag"),
    ),
    r"^claude_md_assembly\.blocks\.[a-zA-Z0-9_]+$": (
        _leaf([("lit", "claude_md_assembly"), ("lit", "blocks"), ("re", _WORD)], AnyType(),
              "per-section setting for the generated CLAUDE.md"),
    ),
    r"^model_profile_overrides\.[a-zA-Z0-9_-]+\.(opus|sonnet|haiku)$": (
        _leaf([("lit", "model_profile_overrides"), ("re", _SLUG), ("enum", _TIERS)],
              UnionType([StringType(), ObjectType()]),
              "model (or {model, reasoning_effort}) for a runtime's tier"),
    ),
    r"^models\.(planning|discuss|research|execution|verification|completion)$": (
        _leaf([("lit", "models"), ("enum", _PHASE_TYPES)], EnumType(TIER_ALIASES),
              "tier for every agent of this phase type"),
    ),
    r"^granularities\.(planning|discuss|research|execution|verification|completion)$": (
        _leaf([("lit", "granularities"), ("enum", _PHASE_TYPES)], EnumType(GRANULARITIES),
              "granularity for this phase type (upstream-only)"),
    ),
    r"^dynamic_routing\.(enabled|escalate_on_failure|max_escalations|provider_escalation|"
    r"tier_models\.(light|standard|heavy))$": (
        _leaf([("lit", "dynamic_routing"), ("lit", "enabled")], BooleanType(),
              "escalate the model tier on failed attempts"),
        _leaf([("lit", "dynamic_routing"), ("lit", "escalate_on_failure")], BooleanType(),
              "false keeps the base tier on every attempt"),
        _leaf([("lit", "dynamic_routing"), ("lit", "max_escalations")], IntegerType(minimum=0),
              "how many tier steps a failing agent may climb"),
        _leaf([("lit", "dynamic_routing"), ("lit", "provider_escalation")], ArrayType(),
              "models to switch to when the provider quota is exceeded"),
        _leaf([("lit", "dynamic_routing"), ("lit", "tier_models"), ("enum", _ROUTING_TIERS)],
              StringType(), "model alias for a routing tier"),
    ),
    r"^model_overrides\.[a-zA-Z0-9_-]+$": (
        _leaf([("lit", "model_overrides"), ("re", _SLUG)], AnyType(),
              "model for one agent (highest precedence)"),
    ),
    r"^effort\.routing_tier_defaults\.(light|standard|heavy)$": (
        _leaf([("lit", "effort"), ("lit", "routing_tier_defaults"), ("enum", _ROUTING_TIERS)],
              EnumType(EFFORT_LEVELS), "effort for every agent of a routing tier"),
    ),
    r"^effort\.agent_overrides\.[a-zA-Z0-9_-]+$": (
        _leaf([("lit", "effort"), ("lit", "agent_overrides"), ("re", _SLUG)],
              EnumType(EFFORT_LEVELS), "effort for one agent"),
    ),
    r"^fast_mode\.routing_tier_defaults\.(light|standard|heavy)$": (
        _leaf([("lit", "fast_mode"), ("lit", "routing_tier_defaults"), ("enum", _ROUTING_TIERS)],
              BooleanType(), "fast mode for every agent of a routing tier"),
    ),
    r"^fast_mode\.agent_overrides\.[a-zA-Z0-9_-]+$": (
        _leaf([("lit", "fast_mode"), ("lit", "agent_overrides"), ("re", _SLUG)], BooleanType(),
              "fast mode for one agent"),
    ),
    r"^review\.reviewer_instances\.[a-zA-Z0-9_-]+\.(cli|model|agent)$": (
        _leaf([("lit", "review"), ("lit", "reviewer_instances"), ("re", _SLUG),
               ("enum", ("cli", "model", "agent"))], StringType(),
              "a named reviewer instance: its adapter (cli), model and agent"),
    ),
    r"^model_policy\.runtime_tiers\.[a-zA-Z0-9_-]+\.(opus|sonnet|haiku)$": (
        _leaf([("lit", "model_policy"), ("lit", "runtime_tiers"), ("re", _SLUG), ("enum", _TIERS)],
              UnionType([StringType(), ObjectType()]),
              "model (or {model, reasoning_effort}) for a runtime's tier under model_policy"),
    ),
    # upstream-1.11.0 (#3587, F1): stored unvalidated like upstream; the reader honours booleans.
    r"^phase_commit_docs\.\d+[A-Z]?(?:\.\d+)*$": (
        _leaf([("lit", "phase_commit_docs"), ("re", r"\d+[A-Z]?(?:\.\d+)*")], AnyType(),
              "commit .planning/ docs for this phase (true/false; overrides "
              "planning.commit_docs)"),
    ),
}

_REVIEW_MODELS_PATTERN: Final = DynamicPattern(
    regex=_REVIEW_MODELS_RE.pattern,
    shape="review.models.<cli>",
    top_level="review",
    leaves=(
        _leaf([("lit", "review"), ("lit", "models"), ("re", _SLUG)], StringType(),
              "model passed to a reviewer CLI"),
    ),
    msd_decision="D8: any review.models.<cli> slug is accepted",
)


@cache
def dynamic_patterns() -> tuple[DynamicPattern, ...]:
    """The key patterns ``config-set`` accepts: upstream's 14 + 1.11.0's ``phase_commit_docs``
    (data order), then D8's."""
    out = []
    for entry in _raw_data()["dynamic_key_patterns"]:
        regex = entry.get("regex")
        if not regex:
            continue  # the data file's "review.models.<cli> is NOT a pattern" note
        out.append(DynamicPattern(regex=regex, shape=str(entry["shape"]),
                                  top_level=str(entry["top_level"]), leaves=_LEAVES[regex]))
    out.append(_REVIEW_MODELS_PATTERN)
    return tuple(out)


def match_dynamic(key: str) -> DynamicPattern | None:
    """The dynamic pattern a key belongs to, or ``None``."""
    for pattern in dynamic_patterns():
        if pattern.matches(key):
            return pattern
    return None


def value_type_for(key: str) -> ValueType | None:
    """The value type of a concrete or dynamic key; ``None`` for an unknown key."""
    spec = SCHEMA.get(key)
    if spec is not None:
        return spec.value_type
    pattern = match_dynamic(key)
    return pattern.value_type_for(key) if pattern else None


# ── lookups ─────────────────────────────────────────────────────────────────────────────────

# Names that are read (aliases, §2.1/§2.5) or migrated but never set through config-set.
_READ_ALIASES: Final = (
    "depth", "branching_strategy", "sub_repos", "multiRepo", "search_gitignored", "commit_docs",
    "plan_checker", "research", "verifier", "nyquist_validation", "post_planning_gaps",
    "text_mode", "auto_advance", "mvp_mode", "subagent_timeout", "phase_branch_template",
    "milestone_branch_template", "quick_branch_template",
)


def legacy_names() -> tuple[str, ...]:
    """Top-level legacy/alias names a config may hold (kept, read or migrated; spec §2.1, §2.5)."""
    return _READ_ALIASES


def is_known(key: str) -> bool:
    """A concrete schema key or a key matching a dynamic pattern (settable or not)."""
    return key in SCHEMA or match_dynamic(key) is not None


def is_settable(key: str) -> bool:
    """Whether ``config-set`` accepts the key (spec §2.3, §2.4 step 3, Appendix B D7/D8)."""
    spec = SCHEMA.get(key)
    if spec is not None:
        return spec.settable
    return match_dynamic(key) is not None


def listed_keys() -> list[str]:
    """The keys named in the unknown-key error: central + seed-only + D7, sorted (JS order)."""
    names = [
        s.key for s in SCHEMA.values()
        if s.origin in ("upstream-central", UPSTREAM_RELEASE_ORIGIN, "seed-only")
        or s.key == "context_profile"
    ]
    return sorted(names, key=lambda k: k.encode("utf-16-be"))


def config_set_suggestion(key: str) -> str | None:
    """The "Did you mean" target for a known wrong key (spec §2.4 step 2), else ``None``."""
    table: dict[str, str] = _raw_data()["config_set_key_suggestions"]
    return table.get(key)


def is_secret(key: str) -> bool:
    """D3: all seven API-key fields are secrets."""
    spec = SCHEMA.get(key)
    return bool(spec and spec.secret)


def absent_means_enabled(key: str) -> bool:
    """Workflow toggles treated as ``true`` when missing (spec §2.2)."""
    spec = SCHEMA.get(key)
    return bool(spec and spec.absent_means == "enabled")


# Upstream config-get SCHEMA_DEFAULTS (spec §2.2 item 4), before capability defaults.
_CONFIG_GET_DEFAULTS: Final[dict[str, Any]] = {
    "context_window": 200000,
    "executor.stall_detect_interval_minutes": 5,
    "executor.stall_threshold_minutes": 10,
    "planner.stall_detect_interval_minutes": 5,
    "planner.stall_threshold_minutes": 10,
    "git.create_tag": True,
    "workflow.agent_hint_routing": True,  # upstream-1.11.0 (F1)
    "workflow.smart_zone_tokens": 100000,
}


def default_for(key: str) -> Any:
    """The "effective default" of §2.2 item 4 (what config-get falls back to), else ``None``.

    Only the fixed config-get defaults and capability keys have one (never ``null``, so ``None``
    unambiguously means "none"); every other key's ``KeySpec.default`` is what the form shows,
    not a config-get answer.
    """
    if key in _CONFIG_GET_DEFAULTS:
        return _CONFIG_GET_DEFAULTS[key]
    spec = SCHEMA.get(key)
    if spec is not None and spec.capability:
        return spec.default
    return None


def schema_entry(key: str) -> dict[str, Any] | None:
    """``msd schema KEY``: the concrete key's entry, or the pattern entry it matches."""
    spec = SCHEMA.get(key)
    if spec is not None:
        return spec.as_dict()
    pattern = match_dynamic(key)
    if pattern is None:
        return None
    leaf = pattern.leaf_for(key)
    vt = pattern.value_type_for(key)
    out: dict[str, Any] = {
        "key": key,
        "title": title_for(key),
        "type": vt.name,
        "enum": list(vt.options) if isinstance(vt, EnumType) else None,
        "description": leaf.description if leaf else pattern.description,
        "secret": False,
        "settable": True,
        "widget": vt.widget,
        "pattern": pattern.regex,
        "shape": pattern.shape,
    }
    if isinstance(vt, IntegerType) and vt.minimum is not None:
        out["minimum"] = vt.minimum
    return out


# ── unknown keys ────────────────────────────────────────────────────────────────────────────


@cache
def _parents() -> frozenset[str]:
    """Every proper dotted prefix of a concrete key or of a pattern's literal head."""
    out: set[str] = set()
    for key in SCHEMA:
        out.update(parent_keys(key))
    for pattern in dynamic_patterns():
        for leaf in pattern.leaves:
            lits: list[str] = []
            for kind, value in leaf.segments[:-1]:
                if kind != "lit":
                    break
                lits.append(value)
                out.add(".".join(lits))
    return frozenset(out)


def unknown_keys(config: Mapping[str, Any]) -> list[str]:
    """Dotted leaf paths of a config that MSD does not know (they are listed and kept).

    Known: concrete keys, pattern matches, parents of either (whatever they hold) and legacy
    names at top level. Free-form objects (``type: object``) are not descended into.
    """
    parents = _parents()
    found: list[str] = []

    def walk(node: Mapping[str, Any], prefix: str) -> None:
        for name, value in node.items():
            path = f"{prefix}{name}"
            if not prefix and name in _READ_ALIASES:
                continue
            spec = SCHEMA.get(path)
            is_parent = path in parents
            matched = match_dynamic(path) is not None
            if isinstance(value, dict) and value:
                if matched or (spec is not None and (spec.type == "object" or not is_parent)):
                    continue  # a known key holding an object: its content is its own business
                walk(value, path + ".")
                continue
            if spec is not None or is_parent or matched:
                continue
            found.append(path)

    walk(config, "")
    return found


# ── JSON Schema export ──────────────────────────────────────────────────────────────────────


def _as_object(node: dict[str, Any]) -> dict[str, Any]:
    t = node.get("type")
    if t is None and "enum" not in node:
        node["type"] = "object"
    elif isinstance(t, str) and t != "object":
        node["type"] = [t, "object"]
    elif isinstance(t, list) and "object" not in t:
        t.append("object")
    return node


def _merge_leaf(node: dict[str, Any], leaf: Mapping[str, Any]) -> None:
    children: dict[str, Any] = {
        k: node.pop(k) for k in ("properties", "patternProperties") if k in node
    }
    node.update(leaf)
    if children:
        _as_object(node)
        node.update(children)


def _leaf_schema(vt: ValueType, title: str, description: str, **extra: Any) -> dict[str, Any]:
    out: dict[str, Any] = {"title": title}
    if description:
        out["description"] = description
    out.update(vt.json_schema())
    out.update(extra)
    return out


def _place(node: dict[str, Any], segments: Sequence[Segment], leaf: Mapping[str, Any]) -> None:
    kind, value = segments[0]
    if kind == "lit":
        targets = [node.setdefault("properties", {}).setdefault(value, {})]
    elif kind == "enum":
        props = node.setdefault("properties", {})
        targets = [props.setdefault(v, {}) for v in value]
    else:
        targets = [node.setdefault("patternProperties", {}).setdefault(f"^{value}$", {})]
    for target in targets:
        if len(segments) == 1:
            if not target.get("title"):
                _merge_leaf(target, leaf)
        else:
            _place(_as_object(target), segments[1:], leaf)


def _admit_null(leaf: dict[str, Any]) -> None:
    if "enum" in leaf:
        if None not in leaf["enum"]:
            leaf["enum"] = [*leaf["enum"], None]
    elif "type" in leaf:
        types = leaf["type"] if isinstance(leaf["type"], list) else [leaf["type"]]
        if "null" not in types:
            leaf["type"] = [*types, "null"]


def json_schema() -> dict[str, Any]:
    """A draft 2020-12 JSON Schema for ``.planning/config.json`` (editors, validation hints).

    Nested ``properties`` per section with type, enum, default, title and description;
    ``patternProperties`` for the dynamic keys; unknown keys allowed everywhere.
    """
    root: dict[str, Any] = {
        "$schema": "https://json-schema.org/draft/2020-12/schema",
        "$id": "https://msd.dev/schemas/planning-config.json",
        "title": "MSD project config (.planning/config.json)",
        "description": "Settings read by MSD workflows and agents. Unknown keys are kept.",
        "type": "object",
        "additionalProperties": True,
    }
    for spec in SCHEMA.values():
        extra: dict[str, Any] = {"default": spec.default}
        if spec.secret:
            extra["writeOnly"] = True
        leaf = _leaf_schema(spec.value_type, spec.title, spec.description, **extra)
        # null is a value MSD itself writes where the default is null (upstream's template has
        # ``"project_code": null``), so the schema admits it there and only there.
        nullable = (spec.type.endswith("|null") or spec.default is None
                    or (spec.enum is not None and None in spec.enum))
        if nullable:
            _admit_null(leaf)
        _place(root, [("lit", s) for s in spec.key.split(".")], leaf)
    # JSON Schema applies a matching pattern as well as the named property, so a pattern that
    # covers a named key whose default is null must admit null too.
    null_default = [spec.key for spec in SCHEMA.values() if spec.default is None]
    for pattern in dynamic_patterns():
        for pl in pattern.leaves:
            lits = [str(v) for kind, v in pl.segments if kind == "lit"]
            title = " › ".join(title_for(f"x.{lit}") for lit in lits)
            leaf = _leaf_schema(pl.value_type, title, pl.description)
            if any(pl is pattern.leaf_for(key) for key in null_default
                   if match_dynamic(key) is pattern):
                _admit_null(leaf)
            _place(root, pl.segments, leaf)
    return root
