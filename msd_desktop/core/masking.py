"""Masking of secret values (spec §3), the one function every output path goes through.

Forms: ``None``/``""`` → ``(unset)``; otherwise the JS string form of the value (``true``,
``12345678``); shorter than 8 UTF-16 code units → ``****``; else ``****`` + the last 4 code
units. Lengths count UTF-16 code units, so an emoji counts 2 and may be cut in half (as JS does).
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
        if math.isfinite(value) and value == int(value) and abs(value) < 1e21:
            return str(int(value))
        return repr(value)
    if isinstance(value, int):
        return str(value)
    if isinstance(value, str):
        return value
    if isinstance(value, list):
        return ",".join("" if v is None else js_string(v) for v in value)
    if isinstance(value, dict):
        return "[object Object]"
    return json.dumps(value)


def mask(value: Any) -> str:
    """Mask a secret for display: ``(unset)``, ``****`` or ``****`` + last 4 UTF-16 units."""
    if value is None or value == "":
        return UNSET
    units = js_string(value).encode("utf-16-le")
    n = len(units) // 2
    if n < 8:
        return "****"
    return "****" + units[-8:].decode("utf-16-le", errors="replace")
