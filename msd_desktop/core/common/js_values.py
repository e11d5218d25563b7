"""How JavaScript turns a JSON value into text and into a condition.

Upstream masks ``String(value)``, keys its maps with ``String(key)`` and tests settings with
``if (value)``; the window and ``msd`` must agree with it on every value a JSON file can hold,
including arrays (``[1, [2, null]]`` → ``"1,2,"``) and the falsy ``0``, ``""`` and ``NaN``.
"""

from __future__ import annotations

from typing import Any

from msd_desktop.core.common.js_number import number_to_string

__all__ = ["js_string", "js_truthy"]


def js_string(value: Any) -> str:
    """``String(value)`` for a JSON value: arrays join with ``,`` (null as ``""``), objects
    ``[object Object]``, numbers as ``Number.prototype.toString()``."""
    if value is True:
        return "true"
    if value is False:
        return "false"
    if value is None:
        return "null"
    if isinstance(value, str):
        return value
    if isinstance(value, int | float):
        return number_to_string(value)
    if isinstance(value, list | tuple):
        return ",".join("" if v is None else js_string(v) for v in value)
    return "[object Object]"


def js_truthy(value: Any) -> bool:
    """JavaScript truthiness: ``[]`` and ``{}`` are truthy; ``0``, ``NaN``, ``""``, null are not."""
    if value is None or value is False:
        return False
    if isinstance(value, int | float) and not isinstance(value, bool):
        return value == value and value != 0  # NaN is the one value unequal to itself
    if isinstance(value, str):
        return value != ""
    return True
