"""The code Python generates from source text at every start, compiled once and kept.

Why: three standard-library helpers write source text and compile it each time a class is
made, i.e. at every import: ``@dataclass`` its ``__init__``, ``__repr__``, ``__eq__``…
(``exec`` of a string), ``typing.NamedTuple`` / ``collections.namedtuple`` their ``__new__``
(``eval``), and ``typing`` every string annotation of a NamedTuple (``compile``, with
``from __future__ import annotations`` all of them). A window start makes ~40 dataclasses and
~30 named tuples: ~350 small compiles, ~12 ms of CPU (bench P3).

:func:`install` gives each of those three modules its own ``exec``, ``eval`` or ``compile``
(a module global, which their code finds before the builtin): the same function, taking the
compiled code from a memo when that very source was compiled the same way before. :func:`save`
writes the memo to ``<user cache dir>/msd-desktop/generated-code-<python>.bin``: a header line
(format, the exact Python and its marshal and bytecode versions, length, CRC-32) and the code
objects in ``marshal`` form — the format of Python's own ``__pycache__`` files, in a folder
only this user writes, like those. A file with another header, a different CRC or anything
that does not load as a table of source text to code is ignored and written again.
"""

from __future__ import annotations
import __future__

import builtins
import contextlib
import marshal
import sys
import threading
from collections.abc import Iterator
from types import CodeType, ModuleType
from typing import Any

from msd_desktop.core.common import memo_file
from msd_desktop.core.common.digest import sha256_hex

FORMAT = 2
_REAL_COMPILE = builtins.compile  # (the builtin itself, whatever builtins.compile is later)
MAX_ENTRIES = 8000


Key = tuple[str, str]  # (compile mode, source text) or ("file", name, flags and digest)


class _Memo:
    def __init__(self, path: str | None) -> None:
        self.path = path
        self.table: dict[Key, CodeType] = {}
        self.new: dict[Key, CodeType] = {}
        self.hits = 0
        self.lock = threading.Lock()


_memo: _Memo | None = None
_hooked: list[tuple[ModuleType, str]] = []  # (module, name of the builtin it got)


def engine_key() -> str:
    """What the stored code depends on: this very Python, its marshal and bytecode."""
    from importlib._bootstrap_external import MAGIC_NUMBER  # (always loaded, unlike .util)

    return f"{sys.version}|{sys.implementation.name}|{marshal.version}|{MAGIC_NUMBER.hex()}"


def default_path() -> str:
    """``<user cache dir>/msd-desktop/generated-code-<python>.bin``."""
    return memo_file.memo_path("generated-code.bin")


def _parse(raw: bytes) -> dict[Key, CodeType]:
    """The entries of an intact memo body (see :mod:`~msd_desktop.core.common.memo_file`)."""
    try:
        table = marshal.loads(raw)
    except (ValueError, EOFError, TypeError):
        return {}
    if not isinstance(table, dict):
        return {}
    return {k: v for k, v in list(table.items())[:MAX_ENTRIES]
            if isinstance(k, tuple) and len(k) == 2 and k[0] in ("exec", "eval", "file")
            and isinstance(k[1], str) and isinstance(v, CodeType)}


def _code(source: str, mode: str) -> CodeType:
    """``compile(source, "<string>", mode)`` as the three helpers do it (none of their
    modules has a ``__future__`` flag to inherit), from the memo when compiled before."""
    memo = _memo
    if memo is None:
        return _REAL_COMPILE(source, "<string>", mode, dont_inherit=True)
    key = (mode, source)
    code = memo.table.get(key)
    if code is not None:
        memo.hits += 1
        return code
    code = memo.new.get(key)
    if code is None:
        code = _REAL_COMPILE(source, "<string>", mode, dont_inherit=True)
        with memo.lock:
            memo.new[key] = code
    return code


def _exec(source: Any, globals: Any = None, locals: Any = None, /) -> None:
    """``exec`` for ``dataclasses``."""
    if type(source) is str and _memo is not None:
        source = _code(source, "exec")
    builtins.exec(source, globals, locals)


def _eval(source: Any, globals: Any = None, locals: Any = None, /) -> Any:
    """``eval`` for ``collections`` (``namedtuple``'s ``__new__``)."""
    if type(source) is str and _memo is not None:
        source = _code(source, "eval")
    return builtins.eval(source, globals, locals)


def _compile(source: Any, filename: Any, mode: str, flags: int = 0,
             dont_inherit: bool = False, optimize: int = -1, **kwargs: Any) -> Any:
    """``compile`` for ``typing`` (a string annotation's ``ForwardRef``)."""
    if (type(source) is str and filename == "<string>" and mode == "eval" and not flags
            and optimize == -1 and not kwargs and _memo is not None):
        return _code(source, "eval")
    return _REAL_COMPILE(source, filename, mode, flags, dont_inherit, optimize, **kwargs)


_FUTURE_FLAGS = 0
for _name in __future__.all_feature_names:
    _FUTURE_FLAGS |= getattr(__future__, _name).compiler_flag


def _file_compile(source: Any, filename: Any, mode: str, flags: int = 0,
                  dont_inherit: bool = False, optimize: int = -1, **kwargs: Any) -> Any:
    """``compile`` while :func:`compiling_from_memo` runs: a module's whole source, found by
    its name, digest and the exact flags it is compiled with (the caller's future imports
    too, as the builtin inherits them), comes from the memo."""
    memo = _memo
    if (memo is None or mode != "exec" or kwargs or flags & ~_FUTURE_FLAGS
            or type(source) not in (str, bytes) or not isinstance(filename, str)):
        return _REAL_COMPILE(source, filename, mode, flags, dont_inherit, optimize, **kwargs)
    if not dont_inherit:  # what the builtin would take from the calling code
        flags |= sys._getframe(1).f_code.co_flags & _FUTURE_FLAGS
    raw = source.encode("utf-8", "surrogatepass") if isinstance(source, str) else source
    key = ("file", f"{filename}\0{flags}\0{optimize}\0{type(source).__name__}\0"
                   f"{sha256_hex(raw)}")
    code = memo.table.get(key) or memo.new.get(key)
    if code is not None:
        memo.hits += 1
        return code
    code = _REAL_COMPILE(source, filename, mode, flags, True, optimize)
    with memo.lock:
        memo.new[key] = code
    return code


@contextlib.contextmanager
def compiling_from_memo() -> Iterator[None]:
    """While the block runs, ``builtins.compile`` of a whole module's source comes from the
    memo: for a library that compiles its own modules from text at every import (PySide6's
    signature support: ~15 modules, ~25 ms at every start, bench P3). Only around such an
    import, on one thread, before any other starts; nothing when the memo is not in place."""
    if _memo is None:
        yield
        return
    original = builtins.compile
    builtins.compile = _file_compile
    try:
        yield
    finally:
        builtins.compile = original


_HOOKS = (("dataclasses", "exec", _exec), ("collections", "eval", _eval),
          ("typing", "compile", _compile))


def install(path: str | None = None) -> bool:
    """Give ``dataclasses``, ``collections`` and ``typing`` the memo's ``exec``, ``eval``
    and ``compile`` and load the kept code (once); False on another Python than CPython
    3.11 (whose three modules this was checked against)."""
    global _memo
    if _memo is not None:
        return True
    if sys.implementation.name != "cpython" or sys.version_info[:2] != (3, 11):
        return False
    import importlib

    modules = [(importlib.import_module(name), attr, hook) for name, attr, hook in _HOOKS]
    if any(attr in vars(module) for module, attr, _ in modules):
        return False  # someone else's already
    memo = _Memo(path if path is not None else default_path())
    _memo = memo
    for module, attr, hook in modules:  # first: the reader's own modules make classes too
        setattr(module, attr, hook)
        _hooked.append((module, attr))
    if memo.path is not None:
        raw = memo_file.read_body(memo.path, FORMAT, engine_key())
        if raw is not None:
            table = _parse(raw)
            with memo.lock:
                memo.table = table
                memo.new = {k: v for k, v in memo.new.items() if k not in table}
    return True


def uninstall() -> None:
    """The three modules back to the builtins; nothing written."""
    global _memo
    while _hooked:
        module, attr = _hooked.pop()
        with contextlib.suppress(AttributeError):
            delattr(module, attr)
    _memo = None


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
    if not memo_file.write(memo.path, FORMAT, engine_key(), marshal.dumps(merged)):
        return False
    memo.table, memo.new = merged, {}
    return True
