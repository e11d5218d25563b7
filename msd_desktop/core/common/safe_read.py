"""The one reader of planning files: regular files only, bounded in size, depth and digits.

Why: every planning file may come from someone else's git clone. A ``STATE.md`` that is a
symlink to ``/dev/zero`` must not fill memory, a FIFO must not block forever, a 1 GB sparse
``ROADMAP.md`` must not take minutes, and a number of 5,000 digits or a JSON/YAML document
nested 2,000 deep must not end in a traceback. So every read of ``config.json``,
``defaults.json``, ``STATE.md``, ``ROADMAP.md``, phase files, ``active-workstream``, install
markers, the secret files and ``workspaces.json`` goes through :func:`read_bytes` /
:func:`read_text` here (a test greps the sources for reads that bypass it).

The rules, in the order they are checked:

1. ``stat`` (following symlinks, as a person expects a symlinked ``.planning`` to work): a
   FIFO, socket, device or directory is refused before it is ever opened (opening a device can
   have effects, opening a FIFO can block); a symlink loop is the usual ``OSError`` (ELOOP).
2. A size larger than the cap of its :class:`Kind` is refused before reading (sparse files).
3. ``open`` with ``O_NONBLOCK``, then ``fstat`` the descriptor: the file swapped for something
   else between 1 and 3 is refused the same way.
4. At most ``cap + 1`` bytes are read; more means the file grew past the cap: refused.
5. Text: a run of more than :data:`MAX_DIGITS` digits is refused with its line (``int()`` of
   such a run costs quadratic time and Python refuses past 4,300 digits).

Refusals raise :class:`UnsafeFileError`, which is both an :class:`MsdError` (the CLI prints
``Error: <message>``; the window shows the message) and an ``OSError`` (tolerant readers that
already turn "could not be read" into a problem keep doing so). Absence stays
``FileNotFoundError``. Parsed structures are checked by :func:`check_structure` (depth,
lone surrogates), which the JSON and YAML readers call.
"""

from __future__ import annotations

import errno
import os
import re
import stat
from pathlib import Path
from typing import Any, Literal

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.text import Text

Kind = Literal["config", "defaults", "state", "markdown", "pointer", "marker", "secret",
               "registry", "lock", "cache", "history"]

_KIB = 1024
_MIB = 1024 * _KIB

#: Size caps per kind, in bytes. Real files are far smaller (a config.json is a few KiB, the
#: largest ROADMAP.md seen is ~200 KiB); the caps only stop hostile or broken files.
LIMITS: dict[str, int] = {
    "config": 16 * _MIB,  # .planning/config.json (JSON parses in C: 16 MiB is ~0.1 s)
    "defaults": 16 * _MIB,  # ~/.msd/defaults.json
    "registry": 16 * _MIB,  # workspaces.json
    "state": 1 * _MIB,  # STATE.md (read by the status-line hook on every prompt)
    "markdown": 2 * _MIB,  # ROADMAP.md, phase files, agent files (~10x the largest seen)
    "pointer": 64 * _KIB,  # active-workstream, session pointer files
    "marker": 64 * _KIB,  # runtime install markers
    "secret": 64 * _KIB,  # ~/.msd/<prefix>_api_key
    "lock": 64 * _KIB,  # .planning/.lock
    "cache": 16 * _MIB,  # the window's own caches in the user cache dir (start-up memos)
    "history": 16 * _MIB,  # the config history's indexes and snapshots (kept files <= 1 MiB)
}

_KIND_NAMES: dict[str, Text] = {
    "config": Text.of("a config file"),
    "defaults": Text.of("defaults.json"),
    "registry": Text.of("the workspace registry"),
    "state": Text.of("STATE.md"),
    "markdown": Text.of("a planning Markdown file"),
    "pointer": Text.of("a workstream pointer"),
    "marker": Text.of("an install marker"),
    "secret": Text.of("a key file"),
    "lock": Text.of("a lock file"),
    "cache": Text.of("a cache file"),
    "history": Text.of("a config history file"),
}

#: The longest run of digits accepted in a planning file (a number, a phase heading …).
MAX_DIGITS = 1000
#: The deepest nesting accepted in JSON or YAML (real configs nest 3 levels).
MAX_DEPTH = 64
#: The largest YAML frontmatter block accepted (the YAML reader is pure Python).
MAX_FRONTMATTER_BYTES = 256 * _KIB

# Tried only where a run of digits starts: from inside a run, a try that reads up to
# MAX_DIGITS digits and fails would be repeated at every digit (a file of runs just under the
# limit took time proportional to the square of their length). The first match is the same.
_DIGIT_RUN_RE = lazy_re.compile(r"(?<!\d)\d{" + str(MAX_DIGITS + 1) + "}")
# Every run of MAX_DIGITS + 1 characters holds two neighbouring multiples of this step.
_DIGIT_SAMPLE_STEP = (MAX_DIGITS + 1) // 2
_DIGIT_PAIR_RE = lazy_re.compile(r"\d\d")
_SURROGATE_RE = lazy_re.compile("[\ud800-\udfff]")


class UnsafeFileError(MsdError, OSError):
    """A planning file refused by the safe reader; ``str()`` is the message to show.

    ``errno`` is set where one fits (``EISDIR`` for a directory, ``EFBIG`` when too large).
    """

    def __init__(self, message: Text, code: int | None = None) -> None:
        if code is None:
            OSError.__init__(self, message)
        else:
            OSError.__init__(self, code, message)
        self._text = message

    def __str__(self) -> str:
        return self._text

    @property
    def message(self) -> str:
        return self._text


def _human(limit: int) -> str:
    if limit % _MIB == 0:
        return f"{limit // _MIB} MiB"
    return f"{limit // _KIB} KiB"


def _file_type(mode: int) -> Text | None:
    """What a non-regular file is, in words; ``None`` for a regular file."""
    if stat.S_ISREG(mode):
        return None
    if stat.S_ISDIR(mode):
        return Text.of("a directory")
    if stat.S_ISFIFO(mode):
        return Text.of("a FIFO (named pipe)")
    if stat.S_ISSOCK(mode):
        return Text.of("a socket")
    if stat.S_ISCHR(mode) or stat.S_ISBLK(mode):
        return Text.of("a device")
    return Text.of("not a regular file")


def refusal_of(path: Path | str, mode: int) -> UnsafeFileError | None:
    """The refusal for a file of ``mode`` (from ``stat``), or ``None`` for a regular file."""
    what = _file_type(mode)
    if what is None:
        return None
    code = errno.EISDIR if stat.S_ISDIR(mode) else errno.ENODEV
    return UnsafeFileError(Text.of("{path} is {what}, not a regular file; refusing to read it",
                                   path=path, what=what), code)


def _too_large(path: Path | str, kind: str) -> UnsafeFileError:
    limit = LIMITS[kind]
    return UnsafeFileError(
        Text.of("{path} is larger than {limit}, the limit for {kind}; refusing to read it",
                path=path, limit=_human(limit), kind=_KIND_NAMES[kind]),
        errno.EFBIG,
    )


def read_bytes_stat(path: Path | str, kind: Kind) -> tuple[bytes, os.stat_result]:
    """The bytes of the regular file ``path`` (at most the cap of ``kind``) and its ``fstat``.

    Raises ``FileNotFoundError`` when it is absent, :class:`UnsafeFileError` when it is not a
    regular file or too large, another ``OSError`` when it cannot be opened (ELOOP, EACCES …).
    """
    limit = LIMITS[kind]
    st = os.stat(path)
    refusal = refusal_of(path, st.st_mode)
    if refusal is not None:
        raise refusal
    if st.st_size > limit:
        raise _too_large(path, kind)
    fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK | getattr(os, "O_CLOEXEC", 0))
    try:
        st = os.fstat(fd)
        refusal = refusal_of(path, st.st_mode)
        if refusal is not None:
            raise refusal
        if st.st_size > limit:
            raise _too_large(path, kind)
        chunks: list[bytes] = []
        left = limit + 1
        while left > 0:
            chunk = os.read(fd, min(left, 1 * _MIB))
            if not chunk:
                break
            chunks.append(chunk)
            left -= len(chunk)
    finally:
        os.close(fd)
    raw = b"".join(chunks)
    if len(raw) > limit:
        raise _too_large(path, kind)
    return raw, st


def read_bytes(path: Path | str, kind: Kind) -> bytes:
    """:func:`read_bytes_stat` without the ``stat`` result."""
    return read_bytes_stat(path, kind)[0]


def line_of(text: str, offset: int) -> int:
    """The 1-based line of character ``offset`` in ``text``."""
    return text.count("\n", 0, offset) + 1


def check_digits(text: str, path: Path | str) -> None:
    """Refuse ``text`` when it holds a run of more than :data:`MAX_DIGITS` digits.

    A run that long covers two neighbouring characters of every ``_DIGIT_SAMPLE_STEP``-th
    one, so a text whose sample holds no two digits in a row is let through without the
    full search (a regex search over a config of many megabytes is slow).
    """
    if len(text) <= MAX_DIGITS or _DIGIT_PAIR_RE.search(text[::_DIGIT_SAMPLE_STEP]) is None:
        return
    m = _DIGIT_RUN_RE.search(text)
    if m is not None:
        raise UnsafeFileError(Text.of(
            "{path}: line {line}: {problem}", path=path, line=line_of(text, m.start()),
            problem=Text.of("a number longer than {digits} digits; refusing to read it",
                            digits=MAX_DIGITS),
        ))


def decode(raw: bytes, path: Path | str, *, encoding: str = "utf-8",
           errors: str = "replace") -> str:
    """``raw`` as text (BOM-stripped for ``utf-8-sig``), refused when a digit run is too long."""
    text = raw.decode(encoding, errors=errors)
    check_digits(text, path)
    return text


def read_text(path: Path | str, kind: Kind, *, encoding: str = "utf-8",
              errors: str = "replace") -> str:
    """The text of the regular file ``path``; the rules of :func:`read_bytes_stat` and
    :func:`check_digits` apply. ``errors="replace"`` by default: a stray byte is not a refusal.
    """
    return decode(read_bytes(path, kind), path, encoding=encoding, errors=errors)


def holds_surrogate(text: str) -> bool:
    """Whether ``text`` holds a surrogate code point (\\ud800–\\udfff) itself."""
    return _SURROGATE_RE.search(text) is not None


def structure_problem(data: Any, *, max_depth: int = MAX_DEPTH) -> Text | None:
    """Why a parsed JSON/YAML value cannot be used (too deep, a lone surrogate), or ``None``.

    Iterative on purpose: a recursive walk would itself hit Python's recursion limit.
    """
    stack: list[tuple[Any, int]] = [(data, 1)]
    while stack:
        item, depth = stack.pop()
        if isinstance(item, dict):
            if depth > max_depth:
                return Text.of("nested deeper than {depth} levels", depth=max_depth)
            for key, value in item.items():
                if isinstance(key, str) and _SURROGATE_RE.search(key):
                    return Text.of("a key holds a lone UTF-16 surrogate (\\ud800–\\udfff)")
                stack.append((value, depth + 1))
        elif isinstance(item, list):
            if depth > max_depth:
                return Text.of("nested deeper than {depth} levels", depth=max_depth)
            stack.extend((value, depth + 1) for value in item)
        elif isinstance(item, str) and _SURROGATE_RE.search(item):
            return Text.of("a string holds a lone UTF-16 surrogate (\\ud800–\\udfff)")
    return None


_SURROGATE_ESCAPE_RE = lazy_re.compile(
    r"\\u[dD][89abAB][0-9a-fA-F]{2}(?!\\u[dD][c-fC-F][0-9a-fA-F]{2})"
    r"|(?<![0-9a-fA-F]{2})\\u[dD][c-fC-F][0-9a-fA-F]{2}"
)


def surrogate_line(text: str) -> int:
    """The line of the first escape that decodes to a lone surrogate (1 when not found)."""
    return surrogate_position(text)[0]


def surrogate_position(text: str) -> tuple[int, int]:
    """(line, column), both 1-based, of the first escape that decodes to a lone surrogate
    ((1, 1) when not found)."""
    m = _SURROGATE_ESCAPE_RE.search(text)
    if m is None:
        return 1, 1
    start = m.start()
    return line_of(text, start), start - (text.rfind("\n", 0, start) + 1) + 1


def max_flow_depth(text: str) -> tuple[int, int]:
    """(deepest bracket nesting outside quoted strings, offset where it is first reached).

    A cheap pre-check for YAML flow style and JSON; block-style YAML depth is checked on the
    parsed value by :func:`structure_problem`.
    """
    depth = best = best_at = 0
    quote: str | None = None
    escaped = False
    for m in re.finditer(r"[\[\]{}\"'\\]", text):
        ch = m.group()
        if quote is not None:
            if escaped:
                escaped = False
            elif ch == "\\" and quote == '"':
                escaped = True
            elif ch == quote:
                quote = None
            continue
        if ch in "\"'":
            quote = ch
        elif ch in "[{":
            depth += 1
            if depth > best:
                best, best_at = depth, m.start()
        elif ch in "]}":
            depth = max(0, depth - 1)
    return best, best_at


__all__ = [
    "LIMITS",
    "MAX_DEPTH",
    "MAX_DIGITS",
    "MAX_FRONTMATTER_BYTES",
    "Kind",
    "UnsafeFileError",
    "check_digits",
    "decode",
    "holds_surrogate",
    "line_of",
    "max_flow_depth",
    "read_bytes",
    "read_bytes_stat",
    "read_text",
    "refusal_of",
    "structure_problem",
    "surrogate_line",
    "surrogate_position",
]
