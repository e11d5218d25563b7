"""Text that came from the operating system: command-line arguments, paths and standard input.

Why: on Linux an argument or a file name is bytes. Python decodes ``sys.argv`` and file names
with ``surrogateescape``, so a byte that is not UTF-8 (``\\xff`` in a Latin-1 folder name)
becomes a lone surrogate (``\\udcff``). That is right for a *path* — handed back to the OS it
is the same bytes again, so the folder opens — and wrong for a *value*: stored in a JSON file
it becomes ``"\\udcff"``, which our own reader refuses, so every later read of the project
fails. So values are refused here by name before anything is written, paths are kept as they
are, and a path is shown with :func:`shown_path` (the odd byte as ``\\xff``, never a traceback).

Shared by ``msd`` and the window's argument handling.
"""

from __future__ import annotations

import re

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.text import Text

_SURROGATE_RE = lazy_re.compile("[\ud800-\udfff]")
# what surrogateescape makes of the bytes 0x80–0xff
_ESCAPED_BYTE_RE = lazy_re.compile("[\udc80-\udcff]")


def is_utf8_text(text: str) -> bool:
    """True when ``text`` holds no lone surrogate, i.e. it came from valid UTF-8."""
    return _SURROGATE_RE.search(text) is None


def require_utf8(text: str, what: str) -> str:
    """``text`` unchanged, or :class:`MsdError` naming ``what`` when it is not valid UTF-8.

    ``what`` says which argument it is ("the value of model_profile", "argument 3").
    """
    if is_utf8_text(text):
        return text
    raise MsdError(Text.of(
        "{what} is not valid UTF-8 text; nothing was written (give it as UTF-8)", what=what))


def decode_utf8(raw: bytes, what: str) -> str:
    """``raw`` decoded as UTF-8, or :class:`MsdError` naming ``what`` and the first bad byte."""
    try:
        return raw.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise MsdError(Text.of(
            "{what} is not valid UTF-8 (byte 0x{byte:02x} at offset {offset}); nothing was "
            "written (give it as UTF-8)", what=what, byte=raw[exc.start], offset=exc.start,
        )) from None


def shown_path(path: object) -> str:
    """A path as text that can always be printed: each undecodable byte as ``\\xNN``.

    Other characters are left alone (:mod:`terminal_text` deals with control characters).
    """
    return _SURROGATE_RE.sub(_show_surrogate, str(path))


def _show_surrogate(match: re.Match[str]) -> str:
    code = ord(match.group())
    if _ESCAPED_BYTE_RE.match(match.group()):
        return f"\\x{code - 0xDC00:02x}"
    return f"\\u{code:04x}"


__all__ = ["decode_utf8", "is_utf8_text", "require_utf8", "shown_path"]
