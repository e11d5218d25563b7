"""The file format the start-up memos share: one header line, then the body.

The header — format, engine (the exact Python a memo is valid for), the body's length and
CRC-32 — lets a reader drop a memo from another version or with a changed byte (a disk error, a
half-written copy) before decoding anything: compiled code the engine accepts can still be the
wrong code. The file lives in the user cache dir, is read through the safe reader (a regular
file within the cache cap, never blocking) and written atomically, 0600 in a 0700 folder.
"""

from __future__ import annotations

import json
import os
import sys
import zlib
from pathlib import Path

APP_NAME = "msd-desktop"


def memo_path(name: str) -> str:
    """``<user cache dir>/msd-desktop/<name>-<python>`` + its suffix in ``name`` (the folder
    as platformdirs names it: ``$XDG_CACHE_HOME`` or ``~/.cache`` on Linux)."""
    from msd_desktop.core.common.user_dirs import user_dir

    stem, dot, suffix = name.partition(".")
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    return os.fspath(user_dir("cache", APP_NAME) / f"{stem}-{version}{dot}{suffix}")


def read_body(path: str, fmt: int, engine: str) -> bytes | None:
    """The body of the memo at ``path`` when its header says this format and engine and its
    length and CRC match; None for anything else (absent, refused, foreign, damaged)."""
    from msd_desktop.core.common.safe_read import read_bytes

    try:
        raw = read_bytes(path, "cache")
    except OSError:  # absent, refused (UnsafeFileError is one), unreadable
        return None
    header, _, body = raw.partition(b"\n")
    try:
        head = json.loads(header)
    except (ValueError, RecursionError):
        return None
    if (not isinstance(head, dict) or head.get("format") != fmt
            or head.get("engine") != engine or head.get("bytes") != len(body)
            or head.get("crc32") != zlib.crc32(body)):
        return None
    return body


def write(path: str, fmt: int, engine: str, body: bytes) -> bool:
    """Replace the memo at ``path`` with ``body`` under its header, atomically; False when
    the folder or the file could not be written."""
    from msd_desktop.core.common.jsonfile import atomic_write_bytes

    header = json.dumps({"format": fmt, "engine": engine, "bytes": len(body),
                         "crc32": zlib.crc32(body)}).encode("ascii")
    try:
        os.makedirs(os.path.dirname(path), mode=0o700, exist_ok=True)
        atomic_write_bytes(Path(path), header + b"\n" + body, mode=0o600)
    except OSError:
        return False
    return True
