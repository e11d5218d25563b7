"""The State tab's rendered STATE.md: a text browser that loads nothing the Markdown names,
the file's own line breaks kept, headings a step smaller.

Why apart from the panel: these are rules about Markdown text and a text document, tested on
their own; the panel only puts the result on screen.
"""

from __future__ import annotations

from typing import Any

from PySide6.QtGui import QTextCharFormat, QTextCursor, QTextDocument, QTextFormat
from PySide6.QtWidgets import QTextBrowser

from msd_desktop.core.common import lazy_re

MAX_BODY_CHARS = 200_000  # STATE.md body rendered at most (laying out more stalls the UI thread)


class StateBody(QTextBrowser):
    """The rendered STATE.md: never loads a resource the Markdown names.

    ``![x](/dev/zero)`` in STATE.md would otherwise make Qt read that file on the UI thread
    (images are loaded through ``loadResource``)."""

    def loadResource(self, type: int, name: Any) -> Any:  # Qt's signature
        return None


_BLOCK_START = lazy_re.compile(r"^\s*(#|>|\||[-*+]\s|\d+[.)]\s|```|~~~)")
_FENCE = lazy_re.compile(r"^\s*(```|~~~)")


def hard_line_breaks(markdown: str) -> str:
    """Keep the line breaks STATE.md is written with.

    STATE.md is line-oriented (``Phase: 4 of 5`` / ``Plan: 2 of 2`` / ``Status: …`` under
    ``## Current Position``), but Markdown joins consecutive lines into one paragraph. A
    paragraph line followed by another plain text line gets a trailing backslash (a hard
    break); headings, lists, tables, quotes and fenced code are left as they are.
    """
    lines = markdown.split("\n")
    out: list[str] = []
    in_fence = False
    for i, line in enumerate(lines):
        if _FENCE.match(line):
            in_fence = not in_fence
        nxt = lines[i + 1] if i + 1 < len(lines) else ""
        if (not in_fence and line.strip() and nxt.strip() and not _BLOCK_START.match(line)
                and not _BLOCK_START.match(nxt) and not line.endswith(("\\", "  "))):
            line += "\\"
        out.append(line)
    return "\n".join(out)


def calm_headings(document: QTextDocument) -> None:
    """Shrink Markdown headings one step: STATE.md is a digest, not a poster. All in one
    edit block: the document is laid out once, not once per heading."""
    cursor = QTextCursor(document)
    cursor.beginEditBlock()
    try:
        block = document.begin()
        while block.isValid():
            level = block.blockFormat().headingLevel()
            if level > 0:
                cursor.setPosition(block.position())
                cursor.select(QTextCursor.SelectionType.BlockUnderCursor)
                fmt = QTextCharFormat()
                fmt.setProperty(QTextFormat.Property.FontSizeAdjustment, max(0, 3 - level))
                cursor.mergeCharFormat(fmt)
            block = block.next()
    finally:
        cursor.endEditBlock()
