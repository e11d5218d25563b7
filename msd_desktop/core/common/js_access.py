"""JavaScript's view of JSON values, for reading config the way upstream's Node code does.

Why: the resolver and the routing grid must give upstream's answer for *any* JSON config, so
they read values with JavaScript semantics: own-key lookups on objects, arrays and strings
(``"abc"`` owns ``"0"`` and ``"length"``), property keys converted with ``String()``,
``Object.keys`` order, ``Number.isInteger`` and ``JSON.stringify``'s view of a value.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from typing import Any

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.js_number import normalize_number, number_to_string
from msd_desktop.core.common.js_values import js_string

__all__ = [
    "JS_PROTO_STRINGS",
    "is_integer",
    "is_object",
    "js_get",
    "js_json",
    "js_key",
    "js_keys",
    "js_own_get",
    "utf16_units",
]

_INDEX_RE = lazy_re.compile(r"0|[1-9][0-9]*")
_MAX_ARRAY_INDEX = 2**32 - 2
# What an Object.prototype member looks like through String(): an unknown agent named like
# one of these still "finds" something in upstream's unguarded plain-object maps.
JS_PROTO_STRINGS: Mapping[str, str] = {
    "constructor": "function Object() { [native code] }",
    "__proto__": "[object Object]",
    **{
        name: f"function {name}() {{ [native code] }}"
        for name in (
            "__defineGetter__",
            "__defineSetter__",
            "hasOwnProperty",
            "__lookupGetter__",
            "__lookupSetter__",
            "isPrototypeOf",
            "propertyIsEnumerable",
            "toString",
            "valueOf",
            "toLocaleString",
        )
    },
}


def js_key(value: Any) -> str:
    """The property key a value becomes when used to index an object."""
    return value if isinstance(value, str) else js_string(value)


def utf16_units(text: str) -> list[str]:
    if all(ord(c) < 0x10000 for c in text):
        return list(text)
    raw = text.encode("utf-16-le", "surrogatepass")
    return [
        raw[i : i + 2].decode("utf-16-le", "surrogatepass") for i in range(0, len(raw), 2)
    ]


def js_own_get(container: Any, key: str) -> tuple[bool, Any]:
    """``Object.hasOwn(container, key)`` and the value, for dicts, arrays and strings."""
    if isinstance(container, dict):
        if key in container:
            return True, container[key]
        return False, None
    if isinstance(container, list | str):
        units: Sequence[Any] = container if isinstance(container, list) else utf16_units(container)
        if key == "length":
            return True, len(units)
        if _INDEX_RE.fullmatch(key) and int(key) < min(len(units), _MAX_ARRAY_INDEX + 1):
            return True, units[int(key)]
    return False, None


def js_get(container: Any, key: Any) -> Any:
    """``container[key]`` where only own members matter (inherited ones act as undefined)."""
    return js_own_get(container, js_key(key))[1]


def is_object(value: Any) -> bool:
    """``value && typeof value === 'object' && !Array.isArray(value)``."""
    return isinstance(value, dict)


def is_integer(value: Any) -> bool:
    """``Number.isInteger(value)``."""
    if isinstance(value, bool):
        return False
    if isinstance(value, int):
        return True
    return isinstance(value, float) and math.isfinite(value) and value.is_integer()


def _js_key_order(keys: Sequence[str]) -> list[str]:
    index_keys = [
        k for k in keys if _INDEX_RE.fullmatch(k) and int(k) <= _MAX_ARRAY_INDEX
    ]
    index_set = set(index_keys)
    return sorted(index_keys, key=int) + [k for k in keys if k not in index_set]


def js_keys(obj: Mapping[str, Any]) -> list[str]:
    """``Object.keys`` order: integer-like keys ascending, then insertion order."""
    return _js_key_order(list(obj))


def js_json(value: Any) -> Any:
    """A JSON value as ``JSON.stringify`` would write it (key order, JS numbers)."""
    if isinstance(value, bool) or value is None or isinstance(value, str):
        return value
    if isinstance(value, int | float):
        if number_to_string(value) in ("NaN", "Infinity", "-Infinity"):
            return None
        return normalize_number(value)
    if isinstance(value, list):
        return [js_json(v) for v in value]
    if isinstance(value, dict):
        return {k: js_json(value[k]) for k in js_keys(value)}
    return value
