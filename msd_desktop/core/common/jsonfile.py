"""Reading and writing the JSON files MSD shares with upstream tools (config.json, defaults.json).

Why this exists: a config file is edited by people, by ``msd``, by upstream ``gsd-tools`` and by
this app, sometimes at once. So reading never raises for bad *content* — the caller gets a
:class:`JsonFile` carrying a :class:`JsonError` with the file, line and column — and writing is
atomic (temp file in the same folder, fsync, rename), keeps the file mode, and can refuse to
overwrite a file that changed since it was read (:class:`Fingerprint`).

Parsing follows Node's ``JSON.parse`` as upstream uses it: duplicate keys keep the first
position and the last value, ``NaN``/``Infinity`` are rejected, a UTF-8 BOM is an error (Node
does not strip it). One deliberate difference: invalid UTF-8 is reported as unparseable, where
Node would silently substitute U+FFFD — we must never write such a file back altered.

Output matches upstream's writer (``platformWriteSync(JSON.stringify(obj, null, 2))``): two-space
indent, non-ASCII kept, numbers spelled as JavaScript spells them, exactly one trailing newline.
"""

from __future__ import annotations

import errno
import json
import os
import re
import time
from collections.abc import Iterable
from pathlib import Path
from types import EllipsisType
from typing import Any, Literal, NamedTuple

from msd_desktop.core.common.digest import sha256_hex
from msd_desktop.core.common.errors import ConflictError, MsdError
from msd_desktop.core.common.record import Record
from msd_desktop.core.common.safe_read import (
    MAX_DEPTH,
    Kind,
    UnsafeFileError,
    check_digits,
    holds_surrogate,
    read_bytes_stat,
    structure_problem,
    surrogate_position,
)
from msd_desktop.core.common.text import Text

JsonReason = Literal["config_unparseable", "config_unreadable"]

_BOM = b"\xef\xbb\xbf"


class Fingerprint(NamedTuple):
    """What a file looked like when read; equal content means "unchanged" (:meth:`same_content`)."""

    mtime_ns: int
    size: int
    sha256: str

    def same_content(self, other: Fingerprint | None) -> bool:
        """True when ``other`` has the same bytes (mtime alone is not a change)."""
        return other is not None and other.size == self.size and other.sha256 == self.sha256


class JsonError(Record):
    """Why a present file could not be used; ``message`` names the file (and line/column)."""

    __slots__ = ("column", "line", "message", "reason")
    __match_args__ = ("message", "line", "column", "reason")

    def __init__(
        self, message: str, line: int | None, column: int | None, reason: JsonReason
    ) -> None:
        self.message = message
        self.line = line
        self.column = column
        self.reason = reason


class JsonFile(Record):
    """One read of one file. ``data`` is a dict only when ``ok``."""

    __slots__ = ("data", "error", "exists", "fingerprint", "path", "text")
    __match_args__ = ("path", "exists", "text", "data", "fingerprint", "error")

    def __init__(
        self,
        path: Path,
        exists: bool,
        text: str | None,
        data: Any,
        fingerprint: Fingerprint | None,
        error: JsonError | None,
    ) -> None:
        self.path = path
        self.exists = exists
        self.text = text
        self.data = data
        self.fingerprint = fingerprint
        self.error = error

    @property
    def ok(self) -> bool:
        """The file exists and parsed to a JSON object."""
        return self.exists and self.error is None


def _reject_constant(name: str) -> Any:
    raise ValueError(Text.of("Unexpected token {name}", name=name))


def _type_phrase(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return Text.of("a boolean")
    if isinstance(value, (int, float)):
        return Text.of("a number")
    if isinstance(value, str):
        return Text.of("a string")
    if isinstance(value, list):
        return Text.of("an array")
    return type(value).__name__


def _decoder_problem(msg: str) -> str:
    """Python's JSON decoder message as a :class:`Text` when it is one of the known few (so
    the window can say it in the person's language); any other message unchanged."""
    known = {
        "Expecting value": Text.of("Expecting value"),
        "Expecting ',' delimiter": Text.of("Expecting ',' delimiter"),
        "Expecting ':' delimiter": Text.of("Expecting ':' delimiter"),
        "Expecting property name enclosed in double quotes":
            Text.of("Expecting property name enclosed in double quotes"),
        "Extra data": Text.of("Extra data"),
        "Unterminated string starting at": Text.of("Unterminated string starting at"),
        "Invalid control character at": Text.of("Invalid control character at"),
        "Invalid \\escape": Text.of("Invalid \\escape"),
        "Invalid \\uXXXX escape": Text.of("Invalid \\uXXXX escape"),
        "Illegal trailing comma before end of object":
            Text.of("Illegal trailing comma before end of object"),
        "Illegal trailing comma before end of array":
            Text.of("Illegal trailing comma before end of array"),
    }
    return known.get(msg, msg)


def _line_col_of_byte(raw: bytes, offset: int) -> tuple[int, int]:
    line = raw.count(b"\n", 0, offset) + 1
    start = raw.rfind(b"\n", 0, offset) + 1
    column = len(raw[start:offset].decode("utf-8", errors="replace")) + 1
    return line, column


def _outside_strings(text: str) -> list[tuple[int, str]]:
    """(offset, char) of every character outside JSON string literals (for error positions)."""
    out: list[tuple[int, str]] = []
    in_string = escaped = False
    for i, ch in enumerate(text):
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        else:
            out.append((i, ch))
    return out


def _constant_offset(text: str) -> int:
    """Where the first ``NaN``/``Infinity``/``-Infinity`` token outside a string starts."""
    for i, ch in _outside_strings(text):
        if ch in "NI-" and text.startswith(("NaN", "Infinity", "-Infinity"), i):
            return i
    return 0


def _deepest_offset(text: str) -> int:
    """Where nesting first reaches its greatest depth (the place a reader gives up)."""
    depth = best = best_at = 0
    for i, ch in _outside_strings(text):
        if ch in "[{":
            depth += 1
            if depth > best:
                best, best_at = depth, i
        elif ch in "]}":
            depth -= 1
    return best_at


def _line_col_of_char(text: str, offset: int) -> tuple[int, int]:
    line = text.count("\n", 0, offset) + 1
    return line, offset - (text.rfind("\n", 0, offset) + 1) + 1


def _limit_error(text: str, path: Path | str) -> JsonError | None:
    """A number too long to read (before parsing: ``int()`` of it is slow or refused)."""
    try:
        check_digits(text, path)
    except UnsafeFileError as exc:
        m = re.search(r": line (\d+):", exc.message)
        line = int(m.group(1)) if m else 1
        return JsonError(exc.message, line, None, "config_unparseable")
    return None


def _cannot_hold_a_structure_problem(text: str) -> bool:
    """Whether JSON ``text`` is plainly free of what :func:`structure_problem` refuses,
    without walking what it parsed to: each level of nesting opens with a bracket of its own
    (no more brackets than the cap, no deeper nesting), and a parsed string holds a surrogate
    only from a ``\\u`` escape or from the text itself holding one."""
    return (text.count("{") + text.count("[") <= MAX_DEPTH and "\\u" not in text
            and not holds_surrogate(text))


def _structure_error(data: Any, text: str, path: Path | str) -> JsonError | None:
    """Nesting deeper than the cap or a lone surrogate, with the line where it is."""
    if _cannot_hold_a_structure_problem(text):
        return None
    problem = structure_problem(data)
    if problem is None:
        return None
    if "surrogate" in problem:
        line, column = surrogate_position(text)
    else:
        line, column = _line_col_of_char(text, _deepest_offset(text))
    msg = Text.of("{path}: line {line}, column {column}: {problem}", path=path, line=line,
                  column=column, problem=problem)
    return JsonError(msg, line, column, "config_unparseable")


def parse_json_text(text: str, path: Path | str) -> tuple[Any, JsonError | None]:
    """Parse ``text`` like ``JSON.parse``; on failure ``(None, JsonError)`` naming ``path``.

    Beyond ``JSON.parse``: numbers longer than
    :data:`~msd_desktop.core.common.safe_read.MAX_DIGITS` digits, nesting deeper than
    :data:`~msd_desktop.core.common.safe_read.MAX_DEPTH` and lone surrogates are refused.
    """
    too_long = _limit_error(text, path)
    if too_long is not None:
        return None, too_long
    try:
        data = json.loads(text, parse_constant=_reject_constant)
    except json.JSONDecodeError as exc:
        msg = Text.of("{path}: line {line}, column {column}: {problem}", path=path,
                      line=exc.lineno, column=exc.colno, problem=_decoder_problem(exc.msg))
        return None, JsonError(msg, exc.lineno, exc.colno, "config_unparseable")
    except ValueError as exc:  # NaN / Infinity
        line, column = _line_col_of_char(text, _constant_offset(text))
        problem = exc.args[0] if exc.args and isinstance(exc.args[0], str) else str(exc)
        msg = Text.of("{path}: line {line}, column {column}: {problem}", path=path, line=line,
                      column=column, problem=problem)
        return None, JsonError(msg, line, column, "config_unparseable")
    except RecursionError:
        line, column = _line_col_of_char(text, _deepest_offset(text))
        msg = Text.of("{path}: line {line}, column {column}: {problem}", path=path, line=line,
                      column=column, problem=Text.of("JSON nesting is too deep to read"))
        return None, JsonError(msg, line, column, "config_unparseable")
    if not isinstance(data, dict):
        msg = Text.of("{path}: {problem}", path=path, problem=Text.of(
            "expected a JSON object at the top level, found {found}", found=_type_phrase(data)))
        return None, JsonError(msg, 1, 1, "config_unparseable")
    bad = _structure_error(data, text, path)
    if bad is not None:
        return None, bad
    return data, None


def _fingerprint(raw: bytes, st: os.stat_result) -> Fingerprint:
    return Fingerprint(st.st_mtime_ns, len(raw), sha256_hex(raw))


def _errno_name(exc: OSError) -> str:
    return errno.errorcode.get(exc.errno or 0, "EUNKNOWN")


def _read_regular(path: Path, kind: Kind = "config") -> tuple[bytes, os.stat_result]:
    """Read a regular file through the safe reader (size cap of ``kind``; never blocks)."""
    return read_bytes_stat(path, kind)


def read_json_file(path: Path, kind: Kind = "config") -> JsonFile:
    """Read and parse ``path``; absence and bad content are described, never raised.

    ``kind`` picks the size cap (:data:`~msd_desktop.core.common.safe_read.LIMITS`).
    """
    path = path if isinstance(path, Path) else Path(path)  # a copy would parse it again
    try:
        raw, st = _read_regular(path, kind)
    except FileNotFoundError:
        return JsonFile(path, False, None, None, None, None)
    except UnsafeFileError as exc:
        message = (Text.of("{path} could not be read ({code})", path=path, code="EISDIR")
                   if exc.errno == errno.EISDIR
                   else Text.of("{error} ({code})", error=exc.message, code=_errno_name(exc)))
        err = JsonError(message, None, None, "config_unreadable")
        return JsonFile(path, True, None, None, None, err)
    except OSError as exc:
        code = _errno_name(exc)
        err = JsonError(Text.of("{path} could not be read ({code})", path=path, code=code),
                        None, None, "config_unreadable")
        return JsonFile(path, True, None, None, None, err)
    fp = _fingerprint(raw, st)
    if raw.startswith(_BOM):
        text = raw.decode("utf-8", errors="replace")
        msg = Text.of("{path}: line {line}, column {column}: {problem}", path=path, line=1,
                      column=1, problem=Text.of(
                          "the file starts with a UTF-8 byte order mark (BOM), which JSON "
                          "readers such as msd-tools reject; save it as UTF-8 without BOM"))
        return JsonFile(path, True, text, None, fp, JsonError(msg, 1, 1, "config_unparseable"))
    try:
        text = raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        line, column = _line_col_of_byte(raw, exc.start)
        msg = Text.of("{path}: line {line}, column {column}: {problem}", path=path, line=line,
                      column=column, problem=Text.of(
                          "invalid UTF-8 byte 0x{byte:02x}; the file must be saved as UTF-8",
                          byte=raw[exc.start]))
        err = JsonError(msg, line, column, "config_unparseable")
        return JsonFile(path, True, raw.decode("utf-8", errors="replace"), None, fp, err)
    data, err2 = parse_json_text(text, path)
    return JsonFile(path, True, text, data, fp, err2)


def fingerprint_of(path: Path) -> Fingerprint | None:
    """The current fingerprint of ``path``, or ``None`` when it is missing or unreadable."""
    try:
        raw, st = _read_regular(Path(path))
    except OSError:
        return None
    return _fingerprint(raw, st)


# --- writing -----------------------------------------------------------------------------


def dump_json(data: Any) -> str:
    """``JSON.stringify(data, null, 2)`` plus the single newline upstream's writer appends."""
    from msd_desktop.core.common.js_json import json_stringify  # writers only

    return json_stringify(data) + "\n"


def atomic_write_text(path: Path, text: str, *, mode: int | None = None,
                      own: bool = False) -> os.stat_result:
    """:func:`atomic_write_bytes` of ``text`` in UTF-8."""
    return atomic_write_bytes(path, text.encode("utf-8"), mode=mode, own=own)


def atomic_write_bytes(path: Path, data: bytes | Iterable[bytes], *,
                       mode: int | None = None, own: bool = False) -> os.stat_result:
    """Replace ``path`` with ``data`` (bytes, or chunks of them written one after the other:
    a large file need not be in memory at once) atomically: a reader sees the old file or the
    new one. Returns the new file's ``stat``.

    This is :func:`msd_desktop.core.common.safe_write.write_file`: the temp file lives beside
    the target, a symlinked, non-regular or read-only target is refused
    (:class:`~msd_desktop.core.common.safe_write.UnsafeWriteError`), a planning file stays in
    its project, ``own`` files are 0600 in folders of ours. The target keeps its mode; a new
    file gets ``mode`` or ``0o666 & ~umask``.
    """
    from msd_desktop.core.common.safe_write import write_file  # writers only

    return write_file(Path(path), data, mode=mode, own=own)


def _pid_alive(pid: int) -> bool:
    try:
        os.kill(pid, 0)
    except ProcessLookupError:
        return False
    except PermissionError:
        return True
    except OSError:
        return False
    return True


def cleanup_stale_temps(directory: Path, name: str, *, older_than: float = 60.0) -> list[Path]:
    """Remove temp files that killed writers left beside ``name``; return what was removed.

    Ours (``.<name>.tmp-<pid>-*``) go as soon as that pid is dead, and any of ours
    (``.<name>.tmp-*``, also the older pid-less form) once older than ``older_than`` seconds (a
    live writer finishes in milliseconds); upstream's (``<name>.tmp.<pid>``) go when that pid is
    dead.
    """
    import contextlib

    removed: list[Path] = []
    try:
        entries = list(os.scandir(directory))
    except OSError:
        return removed
    now = time.time()
    ours = f".{name}.tmp-"
    theirs = re.compile(re.escape(name) + r"\.tmp\.(\d+)$")
    ours_pid = re.compile(re.escape(ours) + r"(\d+)-")
    for entry in entries:
        stale = False
        if entry.name.startswith(ours):
            owner = ours_pid.match(entry.name)
            stale = owner is not None and not _pid_alive(int(owner.group(1)))
            with contextlib.suppress(OSError):
                stale = stale or now - entry.stat(follow_symlinks=False).st_mtime >= older_than
        else:
            m = theirs.match(entry.name)
            stale = bool(m) and m is not None and not _pid_alive(int(m.group(1)))
        if stale and entry.is_file(follow_symlinks=False):
            with contextlib.suppress(OSError):
                os.unlink(entry.path)
                removed.append(Path(entry.path))
    return removed


def _check_expected(path: Path, expected: Fingerprint | None) -> None:
    if expected is None:
        # "must not exist" means nothing at all: not a FIFO, a directory or a looping symlink
        unchanged = not os.path.lexists(path)
    else:
        unchanged = expected.same_content(fingerprint_of(path))
    if not unchanged:
        raise ConflictError(Text.of("{path} changed on disk since it was read; reload before "
                                    "saving", path=path))


def _write_json(path: Path, data: Any, expected: Fingerprint | EllipsisType | None) -> Fingerprint:
    if expected is not ...:
        _check_expected(path, expected)
    text = dump_json(data)
    cleanup_stale_temps(path.parent, path.name)
    try:
        return _fingerprint(text.encode("utf-8"), atomic_write_text(path, text))
    except OSError as exc:
        raise MsdError(Text.of("Could not write {path}: {error}", path=path,
                               error=exc.strerror or exc)) from exc


def atomic_write_json(
    path: Path,
    data: Any,
    *,
    expected: Fingerprint | EllipsisType | None = ...,
    lock_dir: Path | None = None,
) -> Fingerprint:
    """Write ``data`` as JSON atomically and return the new fingerprint.

    ``expected``: ``...`` writes unconditionally; ``None`` requires that the file does not exist;
    a :class:`Fingerprint` requires the file still has that content — otherwise
    :class:`ConflictError` and nothing is written. ``lock_dir`` holds that planning lock meanwhile.
    An I/O failure becomes an :class:`MsdError` naming the file (the old file stays intact).
    """
    path = Path(path)
    if lock_dir is None:
        return _write_json(path, data, expected)
    from msd_desktop.core.common.planning_lock import PlanningLock

    with PlanningLock(lock_dir):
        return _write_json(path, data, expected)
