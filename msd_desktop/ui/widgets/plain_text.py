"""File and folder text made safe to show: plain, visible, bounded.

Why: every name and value on screen may come from someone else's clone. Qt guesses rich text
(``Qt.AutoText``) for labels and tooltips that look like HTML, so ``<b>fake</b>`` in
``milestone_name`` would render as markup; a newline in a folder name breaks a one-line menu
entry; the right-to-left override (U+202E) turns ``…exe.txt`` into ``…txt.exe`` on screen.
So: labels get ``Qt.PlainText``, tooltips are HTML-escaped inside ``<qt>``, and control,
bidi-control and invisible formatting characters are shown as escapes (``\\n``, ``\\x1b``,
``\\u202e``) wherever a name or a one-line value is displayed. One helper, used everywhere.
"""

from __future__ import annotations

import re
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

from msd_desktop.core.common import lazy_re


def escape_html(s: str, quote: bool = True) -> str:
    """``html.escape`` — the same five replacements — without importing ``html``, whose
    ``html.entities`` table (two thousand names) nothing of ours needs."""
    s = s.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
    if quote:
        s = s.replace('"', "&quot;").replace("'", "&#x27;")
    return s

# C0 and C1 controls, DEL; every format character (Unicode category Cf: bidi embeddings,
# overrides, isolates and marks, zero-width spaces, the BOM, interlinear annotations, tag
# characters, the soft hyphen…) but the two joiners U+200C/U+200D that some scripts and
# emoji sequences need; the line/paragraph separators; lone surrogates. Spelled out (Unicode
# 14) rather than derived from ``unicodedata`` at import: that costs a pass over every code
# point at start-up, and ``visible`` runs for every cell the views paint.
_UNSAFE = lazy_re.compile(
    "[\x00-\x1f\x7f-\x9f\xad\u0600-\u0605\u061c\u06dd\u070f\u0890\u0891\u08e2"
    "\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u2064\u2066-\u206f\ufeff"
    "\ufff9-\ufffb\ud800-\udfff\U000110bd\U000110cd\U00013430-\U0001343f"
    "\U0001bca0-\U0001bca3\U0001d173-\U0001d17a\U000e0001\U000e0020-\U000e007f]")
_NAMED = {"\n": "\\n", "\r": "\\r", "\t": "\\t"}
# a name or one-line value longer than this is cut (with "…") before it reaches a widget:
# Qt lays out the whole string even when it paints only a few characters of it
MAX_SHOWN = 2000


def _escape_char(match: re.Match[str]) -> str:
    ch = match.group(0)
    named = _NAMED.get(ch)
    if named is not None:
        return named
    code = ord(ch)
    if code <= 0xFF:
        return f"\\x{code:02x}"
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


def visible(text: Any, limit: int = MAX_SHOWN) -> str:
    """``text`` with every control, format (bidi, zero-width…) or separator character shown
    as an escape, cut to ``limit`` characters; letters, emoji and combining marks are kept."""
    s = "" if text is None else str(text)
    if len(s) > limit:
        s = s[:limit] + "…"
    if s.isprintable():  # every character _UNSAFE matches is unprintable: nothing to escape
        return s  # (a tenth of the search's time; views ask for tens of thousands of cells)
    return _UNSAFE.sub(_escape_char, s)


def visible_lines(text: Any, limit: int = MAX_SHOWN * 4) -> str:
    """Like :func:`visible` but keeps line breaks (``\\n``) as real line breaks: for
    multi-line plain-text labels (banners, session notes)."""
    s = "" if text is None else str(text)
    if len(s) > limit:
        s = s[:limit] + "…"
    return "\n".join(visible(part, limit) for part in s.split("\n"))


def tooltip(text: Any) -> str:
    """A tooltip that Qt shows as plain text whatever it contains (line breaks kept).

    Qt renders a tooltip as rich text when it *looks* like HTML; wrapping the escaped text in
    ``<qt>`` makes it always rich text, so the escaped text shows literally."""
    s = visible_lines(text)
    if not s:
        return ""
    return "<qt>" + escape_html(s).replace("\n", "<br>") + "</qt>"


def notification_text(text: Any) -> str:
    """A notification's title or body: visible, and markup characters escaped when there are
    any — notification servers render a subset of HTML in the body, and Qt's own balloon
    guesses rich text. (Ordinary text passes unchanged.)"""
    s = visible(text)
    return escape_html(s, quote=False) if "<" in s or "&" in s else s


def title_text(text: Any, limit: int = 200) -> str:
    """A name inside a window title: visible, and Qt's "modified" placeholder ``[*]``
    doubled so a folder called ``x[*]`` cannot make the window look unsaved."""
    return visible(text, limit).replace("[*]", "[*][*]")


def menu_text(text: Any) -> str:
    """A menu or action label: visible, and ``&`` doubled so it never becomes a mnemonic."""
    return visible(text).replace("&", "&&")


def plain_label(label: QLabel) -> QLabel:
    """Make ``label`` plain text (never rich text, whatever its text looks like)."""
    label.setTextFormat(Qt.TextFormat.PlainText)
    return label
