"""The cheap first-character checks in front of the fence and heading patterns skip no line
either pattern matches, so the tokenizer finds exactly what the patterns alone find."""

from __future__ import annotations

from hypothesis import example, given, settings
from hypothesis import strategies as st

from msd_desktop.core.state import markdown_sections as ms
from tests.property_examples import examples

_PIECES = st.sampled_from([" ", "  ", "    ", "\t", "`", "```", "~~~", "~", "#", "##", "###### ",
                           "####### ", "a", "Phase 1", "\r", "\u00a0", "\u3000", "-", "> "])


@settings(max_examples=examples(800), deadline=None)
@given(st.lists(_PIECES, max_size=8).map("".join))
@example("   ```py")
@example("    ```")
@example("\t# not a heading")
@example("#")
def test_no_line_either_pattern_matches_is_skipped(line: str) -> None:
    first = line.lstrip(" ")[:1]
    if ms._FENCE_RE.match(line):
        assert first in ms._FENCE_FIRST
    if ms._ATX_RE.match(line):
        assert first == "#"


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(st.lists(_PIECES, max_size=6).map("".join), max_size=12).map("\n".join))
@example("  # indented\n   ```\n# inside\n   ```\n   ## after\r\n    # code")
@example(" ~~~\n# inside\n  ~~~\n#x\n# real")
def test_headings_and_fences_are_those_the_patterns_alone_find(text: str) -> None:
    lines = text.split("\n")
    fenced = ms.iter_fence_state(lines)
    expected = []
    for i, raw in enumerate(lines):
        line = raw[:-1] if raw.endswith("\r") else raw
        m = ms._ATX_RE.match(line)
        if not fenced[i] and m:
            expected.append((len(m.group(2)), i + 1))
    assert [(h.level, h.line) for h in ms.tokenize_headings(text)] == expected


def test_indented_fences_and_headings_still_count() -> None:
    text = " ~~~\n# inside\n  ~~~\n#x\n   # real\n    # code-indented\n   ```\n## inside too"
    assert ms.iter_fence_state(text.split("\n")) == [True, True, True, False, False, False,
                                                     True, True]
    assert [(h.level, h.text, h.line) for h in ms.tokenize_headings(text)] == [(1, "real", 5)]


@settings(max_examples=examples(800), deadline=None)
@given(st.lists(st.sampled_from([" ", "   ", "    ", "\t", "#", "##", "####", "Phase", " 1",
                                 ":", "**", "~~", "[x]", "(a)", "v1.2", "\r", "\u00a0", "a"]),
                max_size=10).map("".join))
@example("   ## Phase 1: go")
@example("    ## Phase 1: go")
def test_the_roadmap_tries_its_heading_patterns_on_every_line_they_match(line: str) -> None:
    from msd_desktop.core.state import roadmap

    matched = any(p.match(line) or p.match(line.rstrip("\r"))
                  for p in (roadmap._ATX_RE, roadmap._PHASE_HEADING_RE))
    if matched:
        assert roadmap._heading_rows([line]) == [0]
