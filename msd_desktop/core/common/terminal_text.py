"""Text from planning files on its way to a terminal: no control sequences, no bidi tricks.

Why: a STATE.md from someone else's clone can hold raw ESC/BEL bytes (OSC 52 writes the
clipboard, OSC 0 retitles the window, CSI 2J clears the screen) or bidi overrides that make
``evil`` read as ``live``. ``msd statusline`` output is pasted straight into a runtime's status
bar, so these characters are dropped there (:func:`strip_controls`); error messages and
warnings keep them visible as escapes (:func:`terminal_safe`), a one-line answer such as
``msd root`` escapes newline and tab as well (:func:`terminal_safe_line`); JSON output spells
them as ``\\uXXXX`` escapes (:func:`escape_json_output`), which keeps the data exact.

The characters: C0 controls (U+0000–U+001F) and DEL, C1 controls (U+0080–U+009F), the bidi
embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), the marks U+200E/U+200F
and U+061C, the line/paragraph separators U+2028/U+2029, and lone surrogates (which cannot be
encoded for a terminal at all).
"""

from __future__ import annotations

import re

from msd_desktop.core.common import lazy_re

_BIDI = "\u202a-\u202e\u2066-\u2069\u200e\u200f\u061c\u2028\u2029"
_CONTROLS_RE = lazy_re.compile(f"[\x00-\x1f\x7f-\x9f{_BIDI}\ud800-\udfff]")
# in error messages a newline or tab is layout, not an attack
_UNSAFE_IN_MESSAGE_RE = lazy_re.compile(f"[\x00-\x08\x0b-\x1f\x7f-\x9f{_BIDI}\ud800-\udfff]")
# in JSON text: what json.dumps(ensure_ascii=False) leaves raw but a terminal would act on
_UNSAFE_IN_JSON_RE = lazy_re.compile(f"[\x7f-\x9f{_BIDI}\ud800-\udfff]")


def strip_controls(text: str) -> str:
    """``text`` without control, bidi and separator characters (for one-line terminal output)."""
    return _CONTROLS_RE.sub("", text)


def _visible(match: re.Match[str]) -> str:
    code = ord(match.group())
    return f"\\x{code:02x}" if code < 0x100 else f"\\u{code:04x}"


def terminal_safe(text: str) -> str:
    """``text`` with every unsafe character shown as an escape (``\\x1b``, ``\\u202e``)."""
    return _UNSAFE_IN_MESSAGE_RE.sub(_visible, text)


def terminal_safe_line(text: str) -> str:
    """:func:`terminal_safe` for output that must stay one line (``msd root``): newline and
    tab are shown as escapes too."""
    return _CONTROLS_RE.sub(_visible, text)


def escape_json_output(text: str) -> str:
    """JSON text with DEL, C1, bidi and surrogate characters as ``\\uXXXX`` escapes.

    Only valid inside JSON strings, which is the only place such characters can be in JSON.
    """
    return _UNSAFE_IN_JSON_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)
