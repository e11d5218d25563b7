"""Secrets never enter the history: their values are replaced by a marker before storing.

The secret keys are the schema's (``secret: true``, the API keys); as everywhere in the core,
only a top-level non-empty string is a secret — the sentinels ``true``/``false`` say where a
key lives and are kept. A document that does not parse cannot be redacted: its bytes are kept
only when no secret key's name appears in them at all, otherwise the entry says "withheld".
"""

from __future__ import annotations

from functools import cache
from typing import Any, NamedTuple

#: What a secret's value becomes in a stored snapshot.
MARKER = "<secret value not kept in history>"


class Redacted(NamedTuple):
    """Bytes safe to store (``None``: withheld) and the keys whose values were replaced."""

    content: bytes | None
    keys: tuple[str, ...]


@cache
def secret_keys() -> frozenset[str]:
    """The schema's secret keys (read from the packaged schema data)."""
    from msd_desktop.core.config.schema_data import raw_schema_data

    return frozenset(k["key"] for k in raw_schema_data()["keys"] if k.get("secret") is True)


def is_plaintext_secret(key: str, value: Any) -> bool:
    """A top-level value that is a secret's text (not a sentinel, not empty)."""
    return key in secret_keys() and isinstance(value, str) and value != "" and value != MARKER


def redact(raw: bytes) -> Redacted:
    """``raw`` with every secret value replaced by :data:`MARKER` (bytes kept as they are when
    there is nothing to replace)."""
    from msd_desktop.core.common.jsonfile import dump_json, parse_json_text

    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError:
        text = None
    data = None
    if text is not None and text.strip():
        data, error = parse_json_text(text, "snapshot")
        if error is not None:
            data = None
    mentions = sum(raw.count(f'"{key}"'.encode()) for key in secret_keys())
    escaped = b"\\u" in raw  # a key name may be spelled with escapes
    if not isinstance(data, dict):
        return Redacted(None, ()) if mentions or escaped else Redacted(raw, ())
    found = tuple(k for k, v in data.items() if is_plaintext_secret(k, v))
    # a duplicate key may hide a plaintext value the parser dropped: re-serialize then too
    present = sum(1 for k in data if k in secret_keys())
    if not found and not escaped and mentions <= present:
        return Redacted(raw, ())
    clean = {k: (MARKER if k in found else v) for k, v in data.items()}
    return Redacted(dump_json(clean).encode("utf-8"), found)
