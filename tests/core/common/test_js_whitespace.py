"""JavaScript's white space set, checked against node over the whole BMP."""

from __future__ import annotations

import re

from msd_desktop.core.common.js_whitespace import JS_WHITESPACE, JS_WHITESPACE_CLASS, js_trim
from tests.node_js import run_node


def test_trim_strips_javascript_white_space_only() -> None:
    assert js_trim("\ufeff\u2028 x \u3000") == "x"
    assert js_trim("\x1cx\x85") == "\x1cx\x85"  # Python's strip() would take these too


def test_class_and_string_name_the_same_characters() -> None:
    matches = {c for c in map(chr, range(0x10000)) if re.fullmatch(f"[{JS_WHITESPACE_CLASS}]", c)}
    assert matches == set(JS_WHITESPACE)


def test_set_matches_node_trim() -> None:
    candidates = [c for c in range(0x10000) if not 0xD800 <= c <= 0xDFFF]
    trimmed = run_node("(c) => String.fromCharCode(c).trim() === ''", candidates)
    node_ws = {chr(c) for c, empty in zip(candidates, trimmed, strict=True) if empty}
    assert node_ws == set(JS_WHITESPACE)
