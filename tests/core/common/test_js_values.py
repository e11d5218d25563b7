"""``String(value)`` and truthiness of JSON values, on vectors and against node.

The core had two copies of ``String(value)`` (in masking and in model resolution) and three of
truthiness; node judges the one left.
"""

from __future__ import annotations

import math
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.common.js_values import js_string, js_truthy
from tests.node_js import run_node
from tests.property_examples import examples


@pytest.mark.parametrize(
    ("value", "expected"),
    [
        (True, "true"),
        (False, "false"),
        (None, "null"),
        ("x", "x"),
        (1.5, "1.5"),
        (100.0, "100"),
        (-0.0, "0"),
        (1e-7, "1e-7"),
        (1.5e-7, "1.5e-7"),
        (1e-6, "0.000001"),
        (1e21, "1e+21"),
        (123456789012345678901234, "1.2345678901234569e+23"),
        (5e-324, "5e-324"),
        (-math.inf, "-Infinity"),
        (12345678901234567890, "12345678901234567000"),
        (math.nan, "NaN"),
        (math.inf, "Infinity"),
        ([1, [2, None], "x"], "1,2,,x"),
        (["Quality", None, 1, [2, 3]], "Quality,,1,2,3"),
        ([], ""),
        ({"a": 1}, "[object Object]"),
        ([{"a": 1}], "[object Object]"),
    ],
)
def test_js_string(value: Any, expected: str) -> None:
    assert js_string(value) == expected


@pytest.mark.parametrize(
    ("value", "expected"),
    [(None, False), (False, False), (0, False), (0.0, False), (-0.0, False), (math.nan, False),
     ("", False), (True, True), (1, True), (-1.5, True), ("0", True), ("false", True),
     ([], True), ({}, True)],
)
def test_js_truthy(value: Any, expected: bool) -> None:
    assert js_truthy(value) is expected


VALUES = st.recursive(
    st.none() | st.booleans() | st.integers(-(2**70), 2**70)
    | st.floats(allow_nan=False, allow_infinity=False) | st.text(max_size=5),
    lambda children: st.lists(children, max_size=3)
    | st.dictionaries(st.text(max_size=3), children, max_size=2),
    max_leaves=8,
)


@settings(max_examples=examples(10), deadline=None)
@given(st.lists(VALUES, min_size=30, max_size=60))
def test_string_and_truthiness_match_node(values: list[Any]) -> None:
    expected = run_node("(v) => [String(v), !!v]", values)
    assert [[js_string(v), js_truthy(v)] for v in values] == expected
