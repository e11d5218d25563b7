"""JavaScript numbers: ``Number(string)`` and ``Number.prototype.toString()``.

Upstream is JavaScript. It reads a number typed on the command line with ``Number(s)`` and
spells numbers with ``String(n)`` / ``JSON.stringify``; Python's ``float()`` and ``repr`` differ
in small ways (``float("1_000")`` works, ``float("0x10")`` does not, ``repr(1e-7)`` is
``1e-07``, ``1.0`` stays ``1.0``). This is the one place those rules are written out; the tests
compare them with node.

The forms a number takes here:

* **raw** — a string as typed (``" 7 "``, ``"0x10"``, ``"007"``); ``to_number`` gives the IEEE
  double ``Number(raw)`` produces, ``None`` standing for ``NaN``.
* **JS number** — a Python ``float`` (or an ``int``, which JS would hold as a double: beyond
  2**53 it loses digits, beyond the double range it is an infinity).
* **text** — ``number_to_string(x)``: shortest round-trip digits, plain notation for
  1e-7 ≤ |x| < 1e21, else ``1.5e-7`` / ``1e+21``; ``NaN``, ``Infinity``; ``-0`` → ``0``.
* **normalised** — ``normalize_number(x)``: the value Python's ``json.dumps`` prints as JS does
  (an ``int`` when the double is integral and below 1e21, else a ``float``).
"""

from __future__ import annotations

import math
import re

from msd_desktop.core.common.js_whitespace import JS_WHITESPACE

__all__ = ["MAX_SAFE_INTEGER", "normalize_number", "number_to_string", "to_number"]

MAX_SAFE_INTEGER = 2**53 - 1

_BASES = {"x": 16, "o": 8, "b": 2}
_patterns: tuple[re.Pattern[str], re.Pattern[str]] | None = None


def _number_patterns() -> tuple[re.Pattern[str], re.Pattern[str]]:
    """The decimal and the ``0x``/``0o``/``0b`` literal forms, compiled on first use."""
    global _patterns
    if _patterns is None:
        _patterns = (
            re.compile(r"[+-]?(?:Infinity|(?:[0-9]+\.?[0-9]*|\.[0-9]+)(?:[eE][+-]?[0-9]+)?)"),
            re.compile(r"0(?:[xX][0-9a-fA-F]+|[oO][0-7]+|[bB][01]+)"),
        )
    return _patterns


def to_number(s: str) -> float | None:
    """``Number(s)``: trimmed, ``""`` → 0, decimal/``0x``/``0o``/``0b``; ``None`` stands for NaN.

    ``"Infinity"``/``"-Infinity"`` give the infinities; a sign is allowed on decimals only.
    """
    t = s.strip(JS_WHITESPACE)
    if t == "":
        return 0.0
    decimal, non_decimal = _number_patterns()
    if non_decimal.fullmatch(t):
        # int → float conversion rounds half to even, as ECMAScript's MV rounding does.
        return float(int(t[2:], _BASES[t[1].lower()]))
    if decimal.fullmatch(t):
        if t.endswith("Infinity"):
            return -math.inf if t.startswith("-") else math.inf
        return float(t)  # an overflowing literal gives inf, as in JS
    return None


def _shortest_digits(x: float) -> tuple[str, int]:
    """Shortest round-trip digits ``d`` and exponent ``n`` with ``x = 0.d × 10**n`` (x > 0).

    Python's ``repr`` picks the same shortest digits as ECMAScript's Number::toString.
    """
    mantissa, _, exp = repr(x).partition("e")
    whole, _, frac = mantissa.partition(".")
    all_digits = whole + frac
    point = len(whole) + (int(exp) if exp else 0)
    stripped = all_digits.lstrip("0")
    digits = stripped.rstrip("0") or "0"
    return digits, point - (len(all_digits) - len(stripped))


def number_to_string(x: float | int) -> str:
    """``Number.prototype.toString()`` (radix 10); an ``int`` is first made the double JS holds."""
    if isinstance(x, int) and not isinstance(x, bool):
        if abs(x) <= MAX_SAFE_INTEGER:
            return str(x)
        try:
            x = float(x)
        except OverflowError:
            return "Infinity" if x > 0 else "-Infinity"
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
        return int(number_to_string(x))
    return float(x)
