"""The value ``config-set`` stores for a raw command-line string (spec §2.4 step 4).

Upstream coerces before it validates: ``"true"``/``"false"``/``"null"`` become literals, a
string whose ``Number()`` is finite becomes that number, a ``[``/``{`` string that parses as
JSON becomes the parsed value, anything else stays the string. The schema's value types start
from this result, so ``msd config-set`` and the window store what upstream would.
"""

from __future__ import annotations

import math
from typing import Any

from msd_desktop.core.common.js_json import json_parse
from msd_desktop.core.common.js_number import normalize_number, to_number

__all__ = ["coerce_config_value"]


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
        n = to_number(raw)
        if n is not None and math.isfinite(n):
            return normalize_number(n)
    if raw.startswith(("[", "{")):
        try:
            return json_parse(raw)
        except (ValueError, RecursionError):
            return raw
    return raw
