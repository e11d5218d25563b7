"""The code of the methods ``dataclasses`` generates, compiled once and kept between runs.

Why: ``@dataclass`` writes each class's ``__init__``, ``__repr__``, ``__eq__``… as source text
and compiles it (``exec`` of a string) every time the class is made, i.e. at every import: for
the ~40 dataclasses a window start defines, ~165 small compiles, ~8 of the ~17 ms that
creating them costs (bench P3).

:func:`install` gives the ``dataclasses`` module its own ``exec`` (a module global, which its
code finds before the builtin one): the same ``exec``, with the source's compiled code taken
from a memo when that very source was compiled before. :func:`save` writes the memo to
``<user cache dir>/msd-desktop/dataclass-code-<python>.bin``: a header line (format, the
exact Python and its marshal and bytecode versions, length, CRC-32) and the code objects in
``marshal`` form — the format of Python's own ``__pycache__`` files, in a folder only this
user writes, like those. A file with another header, a different CRC or anything that does
not load as a dict of source text to code is ignored and written again.
"""

from __future__ import annotations

import builtins
import contextlib
import json
import marshal
import os
import sys
import threading
import zlib
from collections.abc import Mapping
from types import CodeType, ModuleType
from typing import Any

FORMAT = 1
MAX_BYTES = 16 * 1024 * 1024
MAX_ENTRIES = 8000
APP_NAME = "msd-desktop"


class _Memo:
    def __init__(self, path: str | None) -> None:
        self.path = path
        self.table: dict[str, CodeType] = {}
        self.new: dict[str, CodeType] = {}
        self.hits = 0
        self.lock = threading.Lock()


_memo: _Memo | None = None
_module: ModuleType | None = None


def engine_key() -> str:
    """What the stored code depends on: this very Python, its marshal and bytecode."""
    from importlib._bootstrap_external import MAGIC_NUMBER  # (always loaded, unlike .util)

    return f"{sys.version}|{sys.implementation.name}|{marshal.version}|{MAGIC_NUMBER.hex()}"


def default_path(env: Mapping[str, str] | None = None) -> str | None:
    """``$XDG_CACHE_HOME`` (or ``$HOME/.cache``) ``/msd-desktop/dataclass-code-<py>.bin`` on
    Linux; elsewhere none (nothing is kept)."""
    env = os.environ if env is None else env
    if not sys.platform.startswith("linux"):
        return None
    base = env.get("XDG_CACHE_HOME") or (
        os.path.join(env["HOME"], ".cache") if env.get("HOME") else "")
    if not base or not os.path.isabs(base):
        return None
    version = f"{sys.version_info[0]}.{sys.version_info[1]}"
    return os.path.join(base, APP_NAME, f"dataclass-code-{version}.bin")


def _read_bounded(path: str) -> bytes | None:
    """The bytes of a regular file of at most :data:`MAX_BYTES`; never blocks on a FIFO."""
    import stat

    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    except OSError:
        return None
    try:
        st = os.fstat(fd)
        if not stat.S_ISREG(st.st_mode) or st.st_size > MAX_BYTES:
            return None
        raw = os.read(fd, MAX_BYTES + 1)
        return raw if len(raw) <= MAX_BYTES else None
    except OSError:
        return None
    finally:
        os.close(fd)


def _parse(raw: bytes) -> dict[str, CodeType]:
    header, _, body = raw.partition(b"\n")
    try:
        head = json.loads(header)
    except (ValueError, RecursionError):
        return {}
    if (not isinstance(head, dict) or head.get("format") != FORMAT
            or head.get("engine") != engine_key() or head.get("bytes") != len(body)
            or head.get("crc32") != zlib.crc32(body)):
        return {}
    try:
        table = marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {k: v for k, v in list(table.items())[:MAX_ENTRIES]
            if isinstance(k, str) and isinstance(v, CodeType)}


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` for the ``dataclasses`` module: a source text compiled before runs its kept
    code (the same compile: ``"<string>"``, no inherited future flags — that module has none)."""
    memo = _memo
    if memo is None or type(source) is not str:
        builtins.exec(source, globals, locals)
        return
    code = memo.table.get(source)
    if code is None:
        code = memo.new.get(source)
        if code is None:
            code = compile(source, "<string>", "exec", dont_inherit=True)
            with memo.lock:
                memo.new[source] = code
    else:
        memo.hits += 1
    builtins.exec(code, globals, locals)


def install(path: str | None = None) -> bool:
    """Give ``dataclasses`` the memo's ``exec`` and load the kept code (once); False on
    another Python than CPython 3.11 (whose ``dataclasses`` this was checked against)."""
    global _memo, _module
    if _memo is not None:
        return True
    if sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11):
        return False
    import dataclasses

    if "exec" in vars(dataclasses):  # someone else's already
        return False
    memo = _Memo(path if path is not None else default_path())
    if memo.path is not None:
        raw = _read_bounded(memo.path)
        if raw is not None:
            memo.table = _parse(raw)
    _memo, _module = memo, dataclasses
    dataclasses.exec = _exec  # type: ignore[attr-defined]
    return True


def uninstall() -> None:
    """``dataclasses`` back to the builtin ``exec``; nothing written."""
    global _memo, _module
    if _module is not None:
        with contextlib.suppress(AttributeError):
            del _module.exec
    _memo, _module = None, None


def stats() -> dict[str, int]:
    memo = _memo
    if memo is None:
        return {"stored": 0, "hits": 0, "new": 0}
    return {"stored": len(memo.table), "hits": memo.hits, "new": len(memo.new)}


def save() -> bool:
    """Write the kept code plus this run's new sources (only when there are new ones),
    atomically; True when written."""
    memo = _memo
    if memo is None or memo.path is None or not memo.new:
        return False
    with memo.lock:
        new = dict(memo.new)
    merged = {**memo.table, **new}
    if len(merged) > MAX_ENTRIES:  # sources of older versions pile up: keep this run's
        merged = new
    body = marshal.dumps(merged)
    header = json.dumps({"format": FORMAT, "engine": engine_key(), "bytes": len(body),
                         "crc32": zlib.crc32(body)}).encode("ascii")
    tmp = f"{memo.path}.{os.getpid()}.tmp"
    try:
        os.makedirs(os.path.dirname(memo.path), mode=0o700, exist_ok=True)
        with open(tmp, "wb") as fh:
            fh.write(header + b"\n" + body)
        os.replace(tmp, memo.path)
    except OSError:
        with contextlib.suppress(OSError):
            os.unlink(tmp)
        return False
    memo.table, memo.new = merged, {}
    return True
