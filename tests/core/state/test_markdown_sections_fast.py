"""The quick heading search (one pattern over a text without fences) finds what the
line-by-line tokenizer finds, and a section cut by offsets is the one cut by lines."""

from __future__ import annotations

from collections.abc import Callable

from hypothesis import example, given, settings
from hypothesis import strategies as st

from msd_desktop.core.state import markdown_sections as ms
from tests.property_examples import examples

_PIECES = st.sampled_from([" ", "  ", "   ", "    ", "\t", "#", "##", "###### ", "####### ",
                           "# ", "## Current Position", "### Blockers", " ##", "a", "Phase 1",
                           "\r", "\n", "\n", "\r\n", "`", "``", "~", "\u00a0", "\u2028", "- x",
                           "# x #", "#\t", "|"])
_TEXTS = st.lists(_PIECES, max_size=40).map("".join)


def lines_section(content: str, predicate: Callable[[ms.Heading], bool],
                  level_bounded: bool = True) -> ms.Section | None:
    """The section as cut from the ``\\n``-split lines (the reference)."""
    if not content:
        return None
    lines = content.split("\n")
    headings = ms._tokenize_lines(content)
    idx = next((i for i, h in enumerate(headings) if predicate(h)), -1)
    if idx < 0:
        return None
    target = headings[idx]
    end_line = len(lines) + 1
    for nxt in headings[idx + 1:]:
        if (nxt.level <= target.level) if level_bounded else True:
            end_line = nxt.line
            break
    return ms.Section(target, "\n".join(lines[target.line:end_line - 1]).rstrip(),
                      target.line + 1)


@settings(max_examples=examples(800), deadline=None)
@given(_TEXTS)
@example("# a\r\n## b\r\ntext\r\n# c")
@example("   # three spaces\n    # four\n#\n#######\n# end")
@example("## x\n")
@example("## x")
def test_the_quick_search_finds_what_the_lines_give(text: str) -> None:
    assert ms._tokenize_headings(text) == ms._tokenize_lines(text)


@settings(max_examples=examples(800), deadline=None)
@given(_TEXTS, st.integers(1, 6), st.booleans())
@example("## a\n## b\nx\n", 2, True)
@example("# top\ntext\n## sub\nmore\n# next\n", 1, False)
def test_a_section_cut_by_offsets_is_the_one_cut_by_lines(text: str, level: int,
                                                          bounded: bool) -> None:
    def wanted(h: ms.Heading) -> bool:
        return h.level == level

    assert ms.collect_section(text, wanted, level_bounded=bounded) == lines_section(
        text, wanted, bounded)


def test_a_fence_still_hides_a_heading() -> None:
    text = "# one\n```\n# hidden\n```\n## two\n"
    assert [h.text for h in ms.tokenize_headings(text)] == ["one", "two"]
    section = ms.collect_section(text, lambda h: h.text == "one")
    assert section is not None
    assert section.body == "```\n# hidden\n```\n## two"


def test_a_tilde_fence_alone_still_hides_a_heading() -> None:
    text = "# one\n~~~\n# hidden\n~~~\n## two\n"
    assert [h.text for h in ms.tokenize_headings(text)] == ["one", "two"]
    assert ms.iter_fence_state(text.split("\n")) == [False, True, True, True, False, False]


_FENCE_PIECES = st.sampled_from([" ", "   ", "    ", "`", "```", "~~~", "~~", "````", "\r",
                                 "\t", "a", "# h", "\u00a0"])


@settings(max_examples=examples(800), deadline=None)
@given(st.lists(st.lists(_FENCE_PIECES, max_size=5).map("".join), max_size=12))
@example(["   ```", "# in", "```"])
@example(["    ```", "x"])
def test_fence_state_skips_no_fence(lines: list[str]) -> None:
    assert ms.iter_fence_state(lines) == ms._fence_state_by_line(lines)
