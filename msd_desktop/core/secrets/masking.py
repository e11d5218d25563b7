"""Masking of secret values (spec §3), the one function every output path goes through.

Forms: ``None``/``""`` → ``(unset)``; otherwise the JS string form of the value (``true``,
``12345678``); shorter than 8 UTF-16 code units → ``****``; else ``****`` + the last 4 code
units. Lengths count UTF-16 code units, so an emoji counts 2 and may be cut in half (as JS does);
a half emoji left at the start of the last 4 units shows as U+FFFD, because a lone surrogate
cannot be printed as UTF-8.

Numbers are spelled as JavaScript's ``Number.prototype.toString`` does (shortest round-trip
digits; plain notation for 1e-7 < |x| < 1e21, else ``1.5e-7`` / ``1e+21``; ``NaN``,
``Infinity``), since upstream masks ``String(value)``; integers beyond 2**53 become doubles.
"""

from __future__ import annotations

import json
import math
from typing import Any

UNSET = "(unset)"


def js_string(value: Any) -> str:
    """``String(value)`` as JavaScript spells it for JSON values."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, float):
        return _js_number(value)
    if isinstance(value, int):
        if abs(value) < 2**53:
            return str(value)
        try:
            return _js_number(float(value))
        except OverflowError:
            return "Infinity" if value > 0 else "-Infinity"
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ",".join("" if v is None else js_string(v) for v in value)
    if isinstance(value, dict):
        return "[object Object]"
    return json.dumps(value)


def _js_number(x: float) -> str:
    """ECMAScript Number::toString(10): Python's ``repr`` has the same shortest digits."""
    if math.isnan(x):
        return "NaN"
    if math.isinf(x):
        return "Infinity" if x > 0 else "-Infinity"
    if x == 0:
        return "0"
    from decimal import Decimal  # only for numbers; its import costs ~2 ms at start-up

    sign = "-" if x < 0 else ""
    dec = Decimal(repr(abs(x)))
    digits = "".join(map(str, dec.as_tuple().digits)).rstrip("0")
    k = len(digits)
    n = dec.adjusted() + 1  # the decimal point sits after n digits
    if k <= n <= 21:
        return sign + digits + "0" * (n - k)
    if 0 < n <= 21:
        return sign + digits[:n] + "." + digits[n:]
    if -6 < n <= 0:
        return sign + "0." + "0" * -n + digits
    e = n - 1
    exp = f"e{'+' if e >= 0 else '-'}{abs(e)}"
    return sign + (digits if k == 1 else digits[0] + "." + digits[1:]) + exp


def mask(value: Any) -> str:
    """Mask a secret for display: ``(unset)``, ``****`` or ``****`` + last 4 UTF-16 units."""
    if value is None or value == "":
        return UNSET
    units = js_string(value).encode("utf-16-le")
    n = len(units) // 2
    if n < 8:
        return "****"
    return "****" + units[-8:].decode("utf-16-le", errors="replace")


# ---- secrets inside a config document (the JSON views) --------------------------------------


def mask_document(data: Any, secret_keys: Any) -> tuple[Any, dict[str, str]]:
    """A copy of a config object with every plaintext secret masked, plus the originals.

    Why the originals: a view that shows the masked text and lets the person edit it maps the
    untouched mask back to the real value (:func:`unmask_document`), so the mask is never
    written in place of the key. Only top-level string values of ``secret_keys`` are secrets
    (the sentinels ``true``/``false`` are not). ``secret_keys`` is any container of key names.
    """
    if not isinstance(data, dict):
        return data, {}
    out = dict(data)
    originals: dict[str, str] = {}
    for key, value in data.items():
        if key in secret_keys and isinstance(value, str) and value != "":
            out[key] = mask(value)
            originals[key] = value
    return out, originals


def unmask_document(data: Any, originals: dict[str, str]) -> Any:
    """``data`` with each secret still showing its mask put back to the original value."""
    if not isinstance(data, dict) or not originals:
        return data
    out = dict(data)
    for key, value in originals.items():
        if out.get(key) == mask(value):
            out[key] = value
    return out


def mask_text(text: str, secrets: Any) -> str:
    """``text`` with every occurrence of each plaintext secret replaced by its mask.

    For text that leaves a view (clipboard, tooltip) whose secrets may have been typed in: a
    secret shows up either raw or JSON-escaped, so both spellings are replaced, longest first.
    """
    spellings: dict[str, str] = {}
    for value in secrets:
        if not isinstance(value, str) or not value:
            continue
        shown = mask(value)
        spellings[value] = shown
        escaped = json.dumps(value, ensure_ascii=False)[1:-1]
        spellings.setdefault(escaped, shown)
    for raw in sorted(spellings, key=len, reverse=True):
        text = text.replace(raw, spellings[raw])
    return text
