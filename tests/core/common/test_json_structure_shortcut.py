"""JSON text that plainly cannot nest too deep or hold a lone surrogate skips the walk of
what it parsed to: the answer is the walk's own, for any text."""

from __future__ import annotations

import json
from typing import Any

from hypothesis import given
from hypothesis import strategies as st

from msd_desktop.core.common.jsonfile import parse_json_text
from msd_desktop.core.common.safe_read import structure_problem

_text = st.text(st.characters(min_codepoint=0, max_codepoint=0x10FFFF), max_size=6)
_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10**6, 10**6) | _text,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(_text, inner, max_size=3),
    max_leaves=12)


def _wrapped(value: Any, levels: int, as_list: bool) -> dict[str, Any]:
    for _ in range(levels):
        value = [value] if as_list else {"k": value}
    return {"top": value}


@given(_values, st.integers(0, 70), st.booleans(), st.booleans())
def test_the_answer_is_the_walks(value: Any, levels: int, as_list: bool, ascii_only: bool
                                 ) -> None:
    text = json.dumps(_wrapped(value, levels, as_list), ensure_ascii=ascii_only)
    data, error = parse_json_text(text, "x.json")
    walked = structure_problem(json.loads(text))
    assert (error is None) == (walked is None)
    if walked is not None:
        assert data is None
        assert str(walked) in str(error.message)


def test_a_deep_or_surrogate_text_is_still_refused() -> None:
    deep = "[" * 70 + "]" * 70
    assert parse_json_text('{"a": ' + deep + "}", "x.json")[1] is not None
    assert parse_json_text('{"a": "\\ud800"}', "x.json")[1] is not None
    assert parse_json_text('{"\\udc00": 1}', "x.json")[1] is not None
    assert parse_json_text('{"a": "\\ud83d\\ude00", "b": [[1]]}', "x.json")[1] is None
