"""JavaScript's white space, the one set ``trim()``, ``\\s`` and ``Number()`` strip.

Python's ``str.strip()`` also strips ``\\x1c``–``\\x1f`` and ``\\x85`` and misses nothing JS
strips, so a value trimmed the Python way can differ from what upstream saw. Every module that
imitates upstream's trimming uses this set.
"""

from __future__ import annotations

__all__ = ["JS_WHITESPACE", "JS_WHITESPACE_CLASS", "js_trim"]

# StrWhiteSpaceChar: WhiteSpace (TAB VT FF SP NBSP ZWNBSP + Unicode Zs) and LineTerminator.
# tests/core/common/test_js_number.py compares it with node over the whole BMP.
JS_WHITESPACE = (
    "\t\n\v\f\r \u00a0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006\u2007\u2008\u2009\u200a"
    "\u2028\u2029\u202f\u205f\u3000\ufeff"
)

# The same set as the body of a regular-expression class (what JS's ``\s`` matches).
JS_WHITESPACE_CLASS = "\t\n\x0b\x0c\r \u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000\ufeff"


def js_trim(s: str) -> str:
    """``String.prototype.trim()``: strips JS white space and line terminators only."""
    return s.strip(JS_WHITESPACE)
