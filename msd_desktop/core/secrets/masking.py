"""Masking of secret values (spec §3), the one function every output path goes through.

Forms: ``None``/``""`` → ``(unset)``; otherwise the JS string form of the value (``true``,
``12345678``); shorter than 8 UTF-16 code units → ``****``; else ``****`` + the last 4 code
units. Lengths count UTF-16 code units, so an emoji counts 2 and may be cut in half (as JS does);
a half emoji left at the start of the last 4 units shows as U+FFFD, because a lone surrogate
cannot be printed as UTF-8.

Upstream masks ``String(value)``, so the value is spelled by
:func:`msd_desktop.core.common.js_values.js_string` (numbers as ``Number.prototype.toString``
spells them: ``1.5e-7``, ``1e+21``; integers beyond 2**53 become doubles).
"""

from __future__ import annotations

import json
import re
from collections.abc import Iterable
from typing import Any

from msd_desktop.core.common.js_values import js_string

UNSET = "(unset)"


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


def secrets_in_text(text: str, names: Iterable[str]) -> dict[str, str]:
    """Each of the secret keys ``names`` whose string value follows its name in ``text``,
    with that value (its first one) — found in text that may not parse as JSON at all (a
    broken file is shown masked too). Masks and empty strings are not secrets."""
    keys = "|".join(re.escape(k) for k in sorted(names))
    if not keys:
        return {}
    out: dict[str, str] = {}
    for match in re.finditer(rf'"({keys})"\s*:\s*"((?:[^"\\]|\\.)*)"', text):
        key, raw = match.group(1), match.group(2)
        try:
            value = json.loads(f'"{raw}"')
        except ValueError:
            value = raw
        if isinstance(value, str) and value and not value.startswith("****"):
            out.setdefault(key, value)
    return out
