"""A literal at JavaScript's multiline ``^`` matches where the look-behind-first form does."""

from __future__ import annotations

import re

from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.state.js_line_start import at_line_start
from tests.property_examples import examples

# JS ``^`` with the m flag, written the direct way: at the start or after a line terminator
_DIRECT = "(?<![^\n\r\u2028\u2029])"

_PIECES = st.sampled_from(
    ["Status:", "status:", "STATUS:", "Stat", "us:", "x", " ", "\t", "\n", "\r", "\r\n",
     "\u2028", "\u2029", "\x85", "**", "Phase: 1 of 2", "a.b:", "a-b:"])


def spans(pattern: str, flags: int, text: str, pos: int = 0) -> list[tuple[int, int]]:
    return [m.span() for m in re.compile(pattern, flags).finditer(text, pos)]


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(_PIECES, max_size=12).map("".join),
       st.sampled_from(["Status:", "Phase:", "a.b:"]),
       st.sampled_from([0, re.IGNORECASE]),
       st.integers(min_value=0, max_value=6))
def test_matches_where_the_direct_form_matches(text: str, literal: str, flags: int,
                                                pos: int) -> None:
    direct = _DIRECT + re.escape(literal) + "[ \t]*(.*)"
    written = at_line_start(literal) + "[ \t]*(.*)"
    assert spans(written, flags, text, pos) == spans(direct, flags, text, pos)


def test_examples() -> None:
    pattern = at_line_start("Status:")
    found = [m.start() for m in re.finditer(pattern, "Status:\nStatus:\rx Status:\u2028Status:")]
    assert found == [0, 8, 26]
    assert re.search(pattern, "xStatus:") is None
    assert re.search(pattern, "\x85Status:") is None  # NEL ends no line in JS
    assert re.search(at_line_start("a.b:"), "\naxb:") is None  # the literal is escaped
