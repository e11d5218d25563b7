"""SHA-1 and SHA-256 hex digests from CPython's built-in modules, ``hashlib`` as the fallback.

Why: ``import hashlib`` loads OpenSSL, paid by every ``msd resolve-model`` (reading a
config fingerprints it) and by every window start (the summary cache keys its entries, the
unsaved-edits records are named by a digest); the built-in ``_sha1`` and ``_sha256`` (``_sha2``
from 3.12) give the same digests.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any


def _builtin(names: tuple[str, ...], attr: str) -> Callable[[bytes], Any]:
    import importlib

    for name in names:
        try:
            return getattr(importlib.import_module(name), attr)  # type: ignore[no-any-return]
        except (ImportError, AttributeError):
            continue
    import hashlib

    return getattr(hashlib, attr)  # type: ignore[no-any-return]


_SHA1: Callable[[bytes], Any] | None = None
_SHA256: Callable[[bytes], Any] | None = None


def sha1_hex(data: bytes) -> str:
    """SHA-1 of ``data`` in hex (names and cache keys, not security)."""
    global _SHA1
    if _SHA1 is None:
        _SHA1 = _builtin(("_sha1",), "sha1")
    return str(_SHA1(data).hexdigest())


def sha256_hex(data: bytes) -> str:
    """SHA-256 of ``data`` in hex."""
    global _SHA256
    if _SHA256 is None:
        _SHA256 = _builtin(("_sha256", "_sha2"), "sha256")
    return str(_SHA256(data).hexdigest())
