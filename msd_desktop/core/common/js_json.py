"""``JSON.parse`` and ``JSON.stringify(value, null, indent)`` as upstream's JavaScript runs them.

Everything we print for a script or write into a planning file must be byte-identical to what
upstream would print or write: numbers spelled by ``Number.prototype.toString()`` (``1e-7``,
``1`` for ``1.0``, integers beyond 2**53 as the double JS holds), non-finite numbers as
``null``, non-ASCII characters kept, and lone surrogates escaped as ``\\udxxx`` (well-formed
``JSON.stringify``, node 12 and later), where Python's ``json.dumps`` would write them raw.
``json_parse`` reads numbers as doubles and orders an object's array-index keys first, as
``JSON.parse`` builds it. The tests compare both with node.
"""

from __future__ import annotations

import json
import re
from typing import Any

from msd_desktop.core.common.js_number import normalize_number, number_to_string

__all__ = ["json_parse", "json_stringify", "same_json_value"]

_surrogate_re: re.Pattern[str] | None = None


def _quote(text: str) -> str:
    """A JSON string literal as ``JSON.stringify`` writes it."""
    out = json.dumps(text, ensure_ascii=False)
    if text.isascii():
        return out
    global _surrogate_re
    if _surrogate_re is None:
        _surrogate_re = re.compile("[\ud800-\udfff]")
    # Python keeps a lone surrogate raw (unwritable as UTF-8); JavaScript escapes it.
    return _surrogate_re.sub(lambda m: f"\\u{ord(m.group()):04x}", out)


def _dump(value: Any, indent: str, level: int, out: list[str]) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int | float):
        text = number_to_string(value)
        out.append(text if text not in ("NaN", "Infinity", "-Infinity") else "null")
    elif isinstance(value, str):
        out.append(_quote(value))
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = "\n" + indent * (level + 1) if indent else ""
        colon = ": " if indent else ":"
        out.append("{")
        first = True
        for k, v in value.items():
            out.append(("" if first else ",") + inner + _quote(str(k)) + colon)
            _dump(v, indent, level + 1, out)
            first = False
        out.append(("\n" + indent * level if indent else "") + "}")
    elif isinstance(value, list | tuple):
        if not value:
            out.append("[]")
            return
        inner = "\n" + indent * (level + 1) if indent else ""
        out.append("[")
        for i, v in enumerate(value):
            out.append(("" if i == 0 else ",") + inner)
            _dump(v, indent, level + 1, out)
        out.append(("\n" + indent * level if indent else "") + "]")
    else:
        raise TypeError(f"Object of type {type(value).__name__} is not JSON serializable")


def json_stringify(value: Any, indent: int = 2) -> str:
    """``JSON.stringify(value, null, indent)`` byte for byte (JSON values only, no newline).

    ``indent=0`` is JavaScript's compact form (``{"a":1}``), as an empty gap is there.
    """
    out: list[str] = []
    _dump(value, " " * indent, 0, out)
    return "".join(out)


def _parse_number(s: str) -> int | float:
    return normalize_number(float(s))


def _reject_constant(s: str) -> Any:
    raise ValueError(f"not JSON: {s}")


def _is_array_index(key: str) -> bool:
    """``0`` or a digit string without a leading zero, below 2**32 - 1 (ECMAScript's index)."""
    return key.isascii() and key.isdigit() and (key == "0" or key[0] != "0") \
        and int(key) < 2**32 - 1


def _js_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Build an object the way ``JSON.parse`` orders it: array-index keys first, ascending."""
    obj: dict[str, Any] = {}
    for k, v in pairs:
        obj[k] = v
    index_keys = [k for k in obj if _is_array_index(k)]
    if not index_keys:
        return obj
    ordered = {k: obj[k] for k in sorted(index_keys, key=int)}
    ordered.update((k, v) for k, v in obj.items() if k not in ordered)
    return ordered


def json_parse(text: str) -> Any:
    """``JSON.parse``: no ``NaN``/``Infinity``, numbers as doubles (normalised), JS key order.

    Raises ``ValueError`` (or ``RecursionError`` for absurd nesting) where JS throws.
    """
    return json.loads(
        text,
        parse_int=_parse_number,
        parse_float=_parse_number,
        parse_constant=_reject_constant,
        object_pairs_hook=_js_object,
    )


def same_json_value(a: Any, b: Any) -> bool:
    """Equal as JSON values, key order included, and of the same Python types (``1``, ``1.0``
    and ``True`` are told apart: a draft must not take a changed type for "no change")."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same_json_value(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(
            same_json_value(x, y) for x, y in zip(a, b, strict=True))
    return bool(a == b)
