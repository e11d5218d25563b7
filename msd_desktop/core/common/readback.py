"""What we write must pass our own reader: the reader's caps, checked before a file is written.

Why: the safe reader (:mod:`msd_desktop.core.common.safe_read`) refuses a JSON file larger than
the cap of its kind, one holding a run of more than ``MAX_DIGITS`` digits, one nested deeper
than ``MAX_DEPTH`` or one holding a lone surrogate (text that was not valid UTF-8). A writer
that does not know these caps answers "updated" and leaves a project that every later read
refuses until the file is mended by hand. So every config writer (``msd config-set``,
``new-project``, the window's Save, ``migrate-config``) checks the document here first and
refuses, naming the reason, with nothing written.

The caps are the reader's own constants, never copies: raising a cap there raises it here.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.jsonfile import dump_json
from msd_desktop.core.common.safe_read import (
    LIMITS,
    MAX_DEPTH,
    MAX_DIGITS,
    Kind,
    structure_problem,
)
from msd_desktop.core.common.text import Text

# The same pattern the reader's digit check uses: any Unicode digit, more than MAX_DIGITS of them.
_DIGIT_RUN_RE = lazy_re.compile(r"\d{" + str(MAX_DIGITS + 1) + "}")

__all__ = ["UnreadableWriteError", "check_document", "document_problem"]


class UnreadableWriteError(MsdError):
    """A write refused because our own reader would refuse the result."""


def _size_words(size: int) -> str:
    mib = 1024 * 1024
    if size % mib == 0:
        return f"{size // mib} MiB"
    return f"{size / mib:.1f} MiB" if size >= mib else f"{size} bytes"


def document_problem(data: Any, kind: Kind = "config") -> Text | None:
    """Why the reader would refuse ``data`` written as JSON by our writer, or ``None``.

    Checked in the reader's order of cost: nesting and lone surrogates on the value (a
    surrogate cannot even be encoded), then the text as written: its size against the cap of
    ``kind`` and its digit runs.
    """
    problem = structure_problem(data, max_depth=MAX_DEPTH)
    if problem is not None:
        return problem
    text = dump_json(data)
    size = len(text.encode("utf-8"))
    limit = LIMITS[kind]
    if size > limit:
        return Text.of("it would be {size}, more than {limit}, the largest file msd reads back",
                       size=_size_words(size), limit=_size_words(limit))
    if _DIGIT_RUN_RE.search(text) is not None:
        return Text.of("it holds a run of more than {digits} digits (in a number or a text)",
                       digits=MAX_DIGITS)
    return None


def check_document(data: Any, path: Path | str, kind: Kind = "config") -> None:
    """Raise :class:`UnreadableWriteError` naming ``path`` and the reason when the reader would
    refuse ``data`` once written; return quietly otherwise."""
    problem = document_problem(data, kind)
    if problem is not None:
        raise UnreadableWriteError(Text.of(
            "Refusing to write {path}: {problem}; msd could not read it back. Nothing was "
            "written.", path=path, problem=problem))
