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

import html
import re
import unicodedata
from typing import Any

from PySide6.QtCore import Qt
from PySide6.QtWidgets import QLabel

# C0 and C1 controls, DEL; bidi embeddings/overrides/isolates and marks; zero-width and
# other invisible format characters; line/paragraph separators; lone surrogates
# (not U+200C/U+200D, the joiners some scripts and emoji sequences need)
_UNSAFE = re.compile(
    "[\x00-\x1f\x7f-\x9f\u061c\u180e\u200b\u200e\u200f\u2028-\u202e\u2060-\u206f"
    "\ufeff\ufff9-\ufffb\ud800-\udfff]")
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
    return f"\\x{code:02x}" if code <= 0xFF else f"\\u{code:04x}"


def visible(text: Any, limit: int = MAX_SHOWN) -> str:
    """``text`` with every control, bidi or invisible character shown as an escape, cut to
    ``limit`` characters.

    Other format characters (category ``Cf``, e.g. tag characters) are escaped too, except
    the joiners (U+200C, U+200D); letters, emoji and combining marks are kept.
    """
    s = "" if text is None else str(text)
    if len(s) > limit:
        s = s[:limit] + "…"
    s = _UNSAFE.sub(_escape_char, s)
    if not s.isascii():
        s = "".join(_escape_char_cf(c) for c in s)
    return s


def _escape_char_cf(ch: str) -> str:
    if ch.isascii() or ch in "\u200c\u200d" or unicodedata.category(ch) != "Cf":
        return ch
    code = ord(ch)
    return f"\\u{code:04x}" if code <= 0xFFFF else f"\\U{code:08x}"


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
    return "<qt>" + html.escape(s).replace("\n", "<br>") + "</qt>"


def notification_text(text: Any) -> str:
    """A notification's title or body: visible, and markup characters escaped when there are
    any — notification servers render a subset of HTML in the body, and Qt's own balloon
    guesses rich text. (Ordinary text passes unchanged.)"""
    s = visible(text)
    return html.escape(s, quote=False) if "<" in s or "&" in s else s


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
