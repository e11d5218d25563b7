"""``JSON.stringify`` and ``JSON.parse``, on vectors and against node.

Two copies of ``JSON.stringify`` used to live in the core and differed on lone surrogates (one
escaped them, one wrote them raw) and on integers beyond 2**53 (one kept every digit, one
spelled the double JS holds); node is the judge of both, through the property tests below.
"""

from __future__ import annotations

import json
import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.common.js_json import json_parse, json_stringify, same_json_value
from tests.node_js import run_node
from tests.property_examples import examples


def test_stringify_shape() -> None:
    value = {"a": [1, {"b": None, "c": "é\n\"x\""}], "e": {}, "f": [], "g": 1e-7, "h": True}
    assert json_stringify(value) == (
        '{\n  "a": [\n    1,\n    {\n      "b": null,\n      "c": "é\\n\\"x\\""\n    }\n  ],\n'
        '  "e": {},\n  "f": [],\n  "g": 1e-7,\n  "h": true\n}'
    )
    plain = {"a": [1, 2, {"x": "y"}], "b": "ü", "c": None}
    assert json_stringify(plain) == json.dumps(plain, indent=2, ensure_ascii=False)
    assert json_stringify({"a": [1, {"b": []}]}, indent=0) == '{"a":[1,{"b":[]}]}'


@pytest.mark.parametrize(
    ("value", "text"),
    [
        (1.0, "1"),
        (-0.0, "0"),
        (1e21, "1e+21"),
        (1e-7, "1e-7"),
        (2**60, "1152921504606847000"),
        (10**400, "null"),
        (math.nan, "null"),
        (math.inf, "null"),
        ("\ud800", '"\\ud800"'),
        ("a\udfffb", '"a\\udfffb"'),
        ("🎉", '"🎉"'),
        ("\x01\x7f\u2028", '"\\u0001\x7f\u2028"'),
        ({"\udc00": 1}, '{\n  "\\udc00": 1\n}'),
    ],
)
def test_stringify_vectors(value: Any, text: str) -> None:
    assert json_stringify(value) == text


def test_stringify_refuses_what_is_not_json() -> None:
    with pytest.raises(TypeError, match="set"):
        json_stringify({1, 2})


def test_parse_numbers_and_key_order() -> None:
    assert json_parse('{"a": 1.0}') == {"a": 1}
    assert isinstance(json_parse("1.0"), int)
    parsed = json_parse('{"b": 1, "2": 0, "1": 0, "01": 0}')
    assert list(parsed) == ["1", "2", "b", "01"]


def test_parse_rejects_what_javascript_rejects() -> None:
    for bad in ("[NaN]", "[Infinity]", "[-Infinity]", "{'a': 1}", "[1,]"):
        with pytest.raises(ValueError, match=r"."):
            json_parse(bad)


# ── against node ───────────────────────────────────────────────────────────────────────

# Text with lone surrogates, astral characters, controls and the line separators.
JS_TEXT = st.text(
    alphabet=st.characters(codec=None, exclude_categories=())
    | st.sampled_from(["\ud800", "\udbff", "\udc00", "\udfff", "🎉", "\x00", "\u2028", '"', "\\"]),
    max_size=8,
)

JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | JS_TEXT,
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(JS_TEXT.filter(lambda k: not k.isdigit()), children, max_size=4),
    max_leaves=10,
)


@settings(max_examples=examples(15), deadline=None)
@given(st.lists(JSONISH, min_size=20, max_size=40), st.sampled_from([0, 2, 4]))
def test_stringify_matches_node(values: list[Any], indent: int) -> None:
    expected = run_node(f"(v) => JSON.stringify(v, null, {indent})", values)
    assert [json_stringify(v, indent=indent) for v in values] == expected


JSON_TEXTS = st.lists(
    JSONISH.map(lambda v: json.dumps(v, indent=None))
    | st.text(alphabet=st.sampled_from(list('[]{}",:0123456789.eE- nulltrfa')), max_size=10),
    min_size=20,
    max_size=40,
)


def _parsed(text: str) -> str:
    try:
        return json_stringify(json_parse(text))
    except (ValueError, RecursionError):
        return "!error"


@settings(max_examples=examples(10), deadline=None)
@given(JSON_TEXTS)
def test_parse_matches_node(texts: list[str]) -> None:
    expected = run_node(
        "(t) => { try { return JSON.stringify(JSON.parse(t), null, 2); }"
        " catch { return '!error'; } }",
        texts,
    )
    assert [_parsed(t) for t in texts] == expected


def test_same_json_value_tells_types_and_key_order_apart() -> None:
    assert same_json_value({"a": [1, None]}, {"a": [1, None]})
    assert not same_json_value(1, 1.0)
    assert not same_json_value(1, True)
    assert not same_json_value({"a": 1, "b": 2}, {"b": 2, "a": 1})
    assert not same_json_value([1], [1, 2])


@given(JSONISH)
def test_same_json_value_is_reflexive_and_follows_the_text(value: Any) -> None:
    copy = json.loads(json.dumps(value))
    assert same_json_value(value, value)
    if same_json_value(value, copy):
        assert json_stringify(value) == json_stringify(copy)
