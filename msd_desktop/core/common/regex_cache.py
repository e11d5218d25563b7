"""Compiled regular expressions kept between runs, so a start does not compile them again.

Why: Python compiles every ``re.compile`` pattern in pure Python (parse, then code
generation) each time a process starts. The window's start compiles ~140 patterns — ours,
the standard library's and three large verbose ones of PySide6's signature support, which
alone take ~25 ms and are rarely used: ~50 ms of CPU before the first project is shown
(bench P3), the same work every start.

:func:`install` puts a memo in front of ``re``'s compiler: a pattern compiled before (same
text, same flags, this very Python and regex engine) is rebuilt from its stored code by the
engine's own constructor, ``_sre.compile``, which checks the code it is given; anything
else is compiled as usual and remembered. :func:`save` writes what was new to
``<user cache dir>/msd-desktop/regex-<python>.json`` (atomically). The file is the app's own
cache, still read as untrusted: a regular file of bounded size, opened without blocking,
whose CRC must match (the engine accepts some wrong code without a word); anything wrong
with it (another format or Python, a changed byte, broken JSON, code the engine refuses)
and it is ignored and written again. The compiled pattern is the same object either way:
``Pattern`` equality compares the pattern, its flags and the engine code.
"""

from __future__ import annotations

import array
import json
import sys
import threading
from collections.abc import Callable
from typing import Any

from msd_desktop.core.common import memo_file

FORMAT = 2
MAX_ENTRIES = 4000
_WORD = "I"  # an array type of the engine's code word size (checked in install)

Key = tuple[str, str, int]  # ("s" | "b", pattern text (bytes as latin-1), flags)
# (flags with the pattern's own, engine code, groups, group names → index, index → name);
# the code is kept as machine words (4 bytes each, not a list of ints) and the file holds
# their hex (a tenth of the time to read)
Entry = tuple[int, "array.array[int]", int, dict[str, int], list[str | None]]


class _Memo:
    """The stored patterns of this run and the ones compiled anew."""

    def __init__(self, path: str | None, engine: str) -> None:
        self.path = path
        self.engine = engine
        self.table: dict[Key, Entry] = {}
        self.new: dict[Key, Entry] = {}
        self.hits = 0
        self.lock = threading.Lock()


_memo: _Memo | None = None
_original: Callable[..., Any] | None = None


def engine_key() -> str:
    """What compiled code depends on: the exact Python and its regex engine."""
    import _sre

    return (f"{sys.version}|{sys.implementation.name}|{_sre.MAGIC}|{_sre.CODESIZE}"
            f"|{sys.byteorder}")


def default_path() -> str:
    """``<user cache dir>/msd-desktop/regex-<python>.json``."""
    return memo_file.memo_path("regex.json")


def _parse(raw: bytes) -> dict[Key, Entry]:
    """The entries of an intact memo body (see :mod:`~msd_desktop.core.common.memo_file`)."""
    try:
        data = json.loads(raw)
    except (ValueError, RecursionError):
        return {}
    return _entries(data) if isinstance(data, list) else {}


def _entries(data: list[Any]) -> dict[Key, Entry]:
    """The well-formed entries of the patterns list."""
    table: dict[Key, Entry] = {}
    for item in data[:MAX_ENTRIES]:
        if not (isinstance(item, list) and len(item) == 8):
            continue
        kind, text, flags, final, words, groups, groupindex, indexgroup = item
        if not (kind in ("s", "b") and isinstance(text, str) and type(flags) is int
                and type(final) is int and isinstance(words, str) and type(groups) is int
                and isinstance(groupindex, dict)
                and all(isinstance(k, str) and type(v) is int for k, v in groupindex.items())
                and isinstance(indexgroup, list)
                and all(g is None or isinstance(g, str) for g in indexgroup)):
            continue
        try:  # the engine checks the code itself when the pattern is made from it
            code = array.array(_WORD, bytes.fromhex(words))
        except ValueError:
            continue
        table[(kind, text, flags)] = (final, code, groups, groupindex, indexgroup)
    return table


def _key(pattern: object, flags: int) -> Key | None:
    if type(pattern) is str:
        return ("s", pattern, flags)
    if type(pattern) is bytes:
        return ("b", pattern.decode("latin-1"), flags)
    return None  # a parsed pattern (re's Scanner) or a subclass: compiled as usual


def _compile(pattern: Any, flags: int = 0) -> Any:
    """``re._compiler.compile`` with the memo in front (the same steps on a miss)."""
    import _sre
    from re import _compiler, _parser  # type: ignore[attr-defined]

    memo, original = _memo, _original
    assert original is not None
    key = _key(pattern, flags) if memo is not None else None
    if key is None or memo is None or flags & _compiler.SRE_FLAG_DEBUG:
        return original(pattern, flags)
    entry = memo.table.get(key) or memo.new.get(key)
    if entry is not None:
        stored_flags, stored_code, groups, stored_index, stored_names = entry
        try:
            return_value = _sre.compile(pattern, stored_flags, stored_code.tolist(), groups,
                                        dict(stored_index), tuple(stored_names))
        except (RuntimeError, TypeError, ValueError, OverflowError):  # code the engine refuses
            memo.table.pop(key, None)
            memo.new.pop(key, None)
        else:
            memo.hits += 1
            return return_value
    parsed = _parser.parse(pattern, flags)  # re.error for a bad pattern, as re says it
    code = _compiler._code(parsed, flags)
    groupindex = parsed.state.groupdict
    indexgroup: list[str | None] = [None] * parsed.state.groups
    for name, index in groupindex.items():
        indexgroup[index] = name
    final = flags | parsed.state.flags
    compiled = _sre.compile(pattern, final, code, parsed.state.groups - 1, groupindex,
                            tuple(indexgroup))
    with memo.lock:
        memo.new[key] = (final, array.array(_WORD, code), parsed.state.groups - 1, dict(groupindex),
                         indexgroup)
    return compiled


def install(path: str | None = None) -> bool:
    """Put the memo in front of ``re``'s compiler and load the stored patterns (once);
    False when this Python's ``re`` does not have the compiler it expects."""
    global _memo, _original
    if _memo is not None:
        return True
    try:
        from re import _compiler  # type: ignore[attr-defined]
    except ImportError:
        return False
    import _sre

    if (sys.implementation.name != "cpython" or not callable(getattr(_compiler, "compile", None))
            or array.array(_WORD).itemsize != _sre.CODESIZE):
        return False
    engine = engine_key()
    memo = _Memo(path if path is not None else default_path(), engine)
    _original = _compiler.compile
    _memo = memo
    _compiler.compile = _compile  # first: the reader's own modules compile patterns too
    if memo.path is not None:
        raw = memo_file.read_body(memo.path, FORMAT, engine)
        if raw is not None:
            table = _parse(raw)
            with memo.lock:
                memo.table = table
                memo.new = {k: v for k, v in memo.new.items() if k not in table}
    return True


def uninstall() -> None:
    """``re``'s own compiler back; nothing written."""
    global _memo, _original
    if _original is not None:
        from re import _compiler  # type: ignore[attr-defined]

        _compiler.compile = _original
    _memo, _original = None, None


def stats() -> dict[str, int]:
    """Stored, reused and new patterns of this run (benchmarks, tests)."""
    memo = _memo
    if memo is None:
        return {"stored": 0, "hits": 0, "new": 0}
    return {"stored": len(memo.table), "hits": memo.hits, "new": len(memo.new)}


def save() -> bool:
    """Write the stored patterns plus this run's new ones (only when there are new ones),
    atomically; True when written."""
    memo = _memo
    if memo is None or memo.path is None or not memo.new:
        return False
    with memo.lock:
        new = dict(memo.new)
    merged = {**memo.table, **new}
    if len(merged) > MAX_ENTRIES:  # patterns of old versions pile up: keep this run's
        merged = new
    patterns = [[kind, text, flags, final, code.tobytes().hex(), groups,
                 groupindex, indexgroup]
                for (kind, text, flags), (final, code, groups, groupindex, indexgroup)
                in merged.items()]
    body = json.dumps(patterns, separators=(",", ":")).encode("ascii")
    if not memo_file.write(memo.path, FORMAT, memo.engine, body):
        return False
    memo.table, memo.new = merged, {}
    return True
