"""JavaScript number and JSON semantics that ``config-set`` depends on (spec §2.4 step 4).

Upstream is JavaScript: it coerces the raw CLI string with ``Number(s)``, parses ``[``/``{``
values with ``JSON.parse`` and writes files and output with ``JSON.stringify(v, null, 2)``.
Python's ``float()``/``json`` differ in many small ways (``float("1_000")`` works,
``float("0x10")`` does not, ``json.dumps(1e-7)`` is ``1e-07``, ``1.0`` stays ``1.0``), so the
rules are written out here and tested against node.

The forms a value takes:

* **raw** — the string exactly as typed on the command line (``" 7 "``, ``"0x10"``, ``"007"``).
* **JS number** — a Python ``float`` holding the IEEE double ``Number(raw)`` produces
  (``js_number``); ``None`` stands for ``NaN``, and the infinities are possible here.
* **config value** — what is stored: ``True``/``False``/``None``, a finite number normalised
  so that Python's ``json.dumps`` prints what ``JSON.stringify`` prints (an ``int`` whose
  digits are JS's digits when the double is integral and below 1e21, else a ``float``; ``-0``
  becomes ``0``), a ``str``, or a list/dict from ``JSON.parse`` whose numbers are normalised
  the same way (``coerce_config_value``, ``js_json_loads``).
* **JSON text** — ``js_json_dumps(value)`` is byte-identical to ``JSON.stringify(value, null, 2)``
  (no trailing newline); ``js_number_to_string`` is ``Number.prototype.toString()``.
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

__all__ = [
    "JS_WHITESPACE",
    "MAX_SAFE_INTEGER",
    "coerce_config_value",
    "js_json_dumps",
    "js_json_loads",
    "js_number",
    "js_number_to_string",
    "js_trim",
    "normalize_number",
]

MAX_SAFE_INTEGER = 2**53 - 1

# StrWhiteSpaceChar: WhiteSpace (TAB VT FF SP NBSP ZWNBSP + Unicode Zs) and LineTerminator.
# Verified against node 20 by scanning the BMP (tests/core/common/test_jsnum.py repeats the scan).
JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)

_DECIMAL_RE = re.compile(r"[+-]?(?:Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)")
_NON_DECIMAL_RE = re.compile(r"0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)")
_BASES = {"x": 16, "o": 8, "b": 2}


def js_trim(s: str) -> str:
    """``String.prototype.trim()``: strips JS white space and line terminators only."""
    return s.strip(JS_WHITESPACE)


def js_number(s: str) -> float | None:
    """``Number(s)``: trimmed, ``""`` → 0, decimal/``0x``/``0o``/``0b``; ``None`` stands for NaN.

    ``"Infinity"``/``"-Infinity"`` give the infinities; a sign is allowed on decimals only.
    """
    t = s.strip(JS_WHITESPACE)
    if t == "":
        return 0.0
    if _NON_DECIMAL_RE.fullmatch(t):
        # int → float conversion rounds half to even, as ECMAScript's MV rounding does.
        return float(int(t[2:], _BASES[t[1].lower()]))
    if _DECIMAL_RE.fullmatch(t):
        if t.endswith("Infinity"):
            return -math.inf if t.startswith("-") else math.inf
        try:
            return float(t)
        except OverflowError:  # pragma: no cover - float() returns inf instead of raising
            return -math.inf if t.startswith("-") else math.inf
    return None


def _shortest_digits(x: float) -> tuple[str, int]:
    """Shortest round-trip digits ``d`` and exponent ``n`` with ``x = 0.d × 10**n`` (x > 0)."""
    mantissa, _, exp = repr(x).partition("e")
    whole, _, frac = mantissa.partition(".")
    digits = (whole + frac).lstrip("0")
    # position of the decimal point relative to the start of `whole + frac`
    point = len(whole) + (int(exp) if exp else 0)
    leading_zeros = len(whole + frac) - len((whole + frac).lstrip("0"))
    digits = digits.rstrip("0") or "0"
    return digits, point - leading_zeros


def js_number_to_string(x: float | int) -> str:
    """``Number.prototype.toString()`` (radix 10) for a double; ints are converted to doubles."""
    if isinstance(x, int) and not isinstance(x, bool):
        if abs(x) <= MAX_SAFE_INTEGER:
            return str(x)
        x = float(x)
    if math.isnan(x):
        return "NaN"
    if x == 0:
        return "0"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    sign = "-" if x < 0 else ""
    digits, n = _shortest_digits(abs(x))
    k = len(digits)
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * (-n) + digits
    e = n - 1
    exp = ("+" if e >= 0 else "-") + str(abs(e))
    if k == 1:
        return sign + digits + "e" + exp
    return sign + digits[0] + "." + digits[1:] + "e" + exp


def normalize_number(x: float | int) -> int | float:
    """A finite JS number in the form Python's ``json.dumps`` prints as ``JSON.stringify`` does.

    Integral values below 1e21 become the ``int`` spelled by JS's digits (``1.2345678901234568e20``
    → ``123456789012345680000``, ``-0.0`` → ``0``); anything else stays a ``float``.
    """
    if isinstance(x, int) and not isinstance(x, bool):
        if abs(x) <= MAX_SAFE_INTEGER:
            return x
        x = float(x)
    if math.isfinite(x) and x == math.floor(x) and abs(x) < 1e21:
        return int(js_number_to_string(x))
    return float(x)


def _js_parse_int(s: str) -> int | float:
    return normalize_number(float(s))


def _js_parse_float(s: str) -> int | float:
    return normalize_number(float(s))


def _reject_constant(s: str) -> Any:
    raise ValueError(f"not JSON: {s}")


_ARRAY_INDEX_RE = re.compile(r"0|[1-9][0-9]*")


def _js_object(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """Build an object the way ``JSON.parse`` orders it: array-index keys first, ascending."""
    obj: dict[str, Any] = {}
    for k, v in pairs:
        obj[k] = v
    index_keys = [k for k in obj if _ARRAY_INDEX_RE.fullmatch(k) and int(k) < 2**32 - 1]
    if not index_keys:
        return obj
    ordered = {k: obj[k] for k in sorted(index_keys, key=int)}
    ordered.update((k, v) for k, v in obj.items() if k not in ordered)
    return ordered


def js_json_loads(text: str) -> Any:
    """``JSON.parse``: no ``NaN``/``Infinity``, numbers as doubles (normalised), JS key order."""
    return json.loads(
        text,
        parse_int=_js_parse_int,
        parse_float=_js_parse_float,
        parse_constant=_reject_constant,
        object_pairs_hook=_js_object,
    )


def coerce_config_value(raw: str) -> Any:
    """Spec §2.4 step 4: the value ``config-set`` stores for a raw CLI string (before validation).

    ``"true"``/``"false"``/``"null"`` → bool/None (case-sensitive); else a non-empty string whose
    ``Number()`` is finite → that number; else a string starting with ``[``/``{`` that parses as
    JSON → the parsed value; else the raw string unchanged.
    """
    if raw == "true":
        return True
    if raw == "false":
        return False
    if raw == "null":
        return None
    if raw != "":
        n = js_number(raw)
        if n is not None and math.isfinite(n):
            return normalize_number(n)
    if raw.startswith(("[", "{")):
        try:
            return js_json_loads(raw)
        except (ValueError, RecursionError):
            return raw
    return raw


def _dump(value: Any, indent: str, level: int, out: list[str]) -> None:
    if value is None:
        out.append("null")
    elif value is True:
        out.append("true")
    elif value is False:
        out.append("false")
    elif isinstance(value, int | float):
        out.append(js_number_to_string(value) if math.isfinite(value) else "null")
    elif isinstance(value, str):
        out.append(json.dumps(value, ensure_ascii=False))
    elif isinstance(value, dict):
        if not value:
            out.append("{}")
            return
        inner = "\n" + indent * (level + 1)
        out.append("{")
        first = True
        for k, v in value.items():
            name = json.dumps(str(k), ensure_ascii=False)
            out.append(("" if first else ",") + inner + name + ": ")
            _dump(v, indent, level + 1, out)
            first = False
        out.append("\n" + indent * level + "}")
    elif isinstance(value, list | tuple):
        if not value:
            out.append("[]")
            return
        inner = "\n" + indent * (level + 1)
        out.append("[")
        for i, v in enumerate(value):
            out.append(("" if i == 0 else ",") + inner)
            _dump(v, indent, level + 1, out)
        out.append("\n" + indent * level + "]")
    else:
        raise TypeError(f"not JSON-serialisable: {type(value).__name__}")


def js_json_dumps(value: Any, indent: int = 2) -> str:
    """``JSON.stringify(value, null, indent)`` byte for byte (JSON values only, no newline)."""
    out: list[str] = []
    _dump(value, " " * indent, 0, out)
    return "".join(out)
