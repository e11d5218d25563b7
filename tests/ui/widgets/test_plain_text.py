"""``visible`` returns printable text as it is without searching it: that is only right while
every character it escapes is one Python calls unprintable. Checked over every code point, so
a Python whose Unicode tables change (or a new entry in the pattern) is caught here."""

from __future__ import annotations

import pytest

from msd_desktop.ui.widgets.plain_text import _UNSAFE, visible


def test_every_escaped_character_is_unprintable() -> None:
    printable_but_escaped = [hex(code) for code in range(0x110000)
                             if chr(code).isprintable() and _UNSAFE.match(chr(code))]
    assert printable_but_escaped == []


def test_printable_text_comes_back_unchanged_and_unsafe_text_escaped() -> None:
    name = "billing-service-00042 · Phase 3: API ✓ 日本語"
    assert visible(name) == name
    assert visible("evil\u202etxt.exe") == "evil\\u202etxt.exe"
    assert visible("two\nlines\x1b[31m") == "two\\nlines\\x1b[31m"
    assert visible("soft\xadhyphen") == "soft\\xadhyphen"
    assert visible("x" * 10, limit=4) == "xxxx…"
    assert visible("\u200b" * 10, limit=2) == "\\u200b\\u200b…"
    assert visible(None) == ""


@pytest.mark.parametrize("quote", [True, False])
def test_escape_html_is_html_escape(quote: bool) -> None:
    """The window's HTML escaping is the standard library's, without importing ``html``."""
    import html

    from msd_desktop.ui.widgets.plain_text import escape_html

    samples = ["", "plain", "<b>&amp;</b>", "a \"quoted\" 'word'", "&lt;", "<<>>&&''\"\"",
               "línea\nñ <script>alert('x')</script>", "\u202e<\u0000>"]
    samples += [chr(c) for c in range(0, 0x80)]
    for text in samples:
        assert escape_html(text, quote) == html.escape(text, quote)
