"""JavaScript's multiline ``^`` before a literal, written so that ``re`` searches fast.

Upstream finds fields with patterns like ``/^Status:/m``: there ``^`` matches at the text's
start and after any line terminator (``\\n``, ``\\r``, U+2028, U+2029), while Python's
``(?m)^`` knows only ``\\n``. The plain translation opens the pattern with a look-behind,
``(?<![^\\n\\r\\u2028\\u2029])Status:``, and ``re`` then tries that look-behind at every
position of the text. :func:`at_line_start` writes the same condition after the literal
instead (the literal, then a look back over it and the character before it), so ``re``
finds the candidates by the literal first. Both forms match exactly the same places.
"""

from __future__ import annotations

import re

__all__ = ["at_line_start"]

_NOT_TERMINATOR = "[^\n\r\u2028\u2029]"


def at_line_start(literal: str) -> str:
    """A pattern for ``literal`` where JS's ``^`` with the m flag would match just before it
    (whatever flags the caller compiles it with)."""
    escaped = re.escape(literal)
    return rf"{escaped}(?<!{_NOT_TERMINATOR}{escaped})"
