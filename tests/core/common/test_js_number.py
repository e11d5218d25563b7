"""``Number(string)`` and ``Number.prototype.toString()``, on spec vectors and against node.

The vectors run everywhere; the property tests send a batch of generated inputs to one node
process per example (skipped when node is absent). Four copies of ``toString`` used to live in
the core (two spelled with ``repr``, two with ``Decimal``); the vectors gather theirs.
"""

from __future__ import annotations

import math

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.common.js_number import normalize_number, number_to_string, to_number
from tests.node_js import run_node
from tests.property_examples import examples


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (" 7 ", 7.0),
        ("0x10", 16.0),
        ("0X1f", 31.0),
        ("0b101", 5.0),
        ("0o17", 15.0),
        ("1e6", 1e6),
        ("5.", 5.0),
        (".5", 0.5),
        ("+.5", 0.5),
        ("   ", 0.0),
        ("", 0.0),
        ("\u00a012\ufeff", 12.0),
        ("\u2028 3 \u2029", 3.0),
        ("Infinity", math.inf),
        ("-Infinity", -math.inf),
        ("1e400", math.inf),
        ("007", 7.0),
        ("NaN", None),
        ("1_000", None),
        ("-0x10", None),
        ("0x", None),
        ("0b2", None),
        ("1e", None),
        ("infinity", None),
        ("\x1c5", None),  # Python's float() strips \x1c; Number() does not
    ],
)
def test_to_number(raw: str, expected: float | None) -> None:
    assert to_number(raw) == expected


def test_minus_zero_keeps_its_sign() -> None:
    n = to_number("-0")
    assert n == 0
    assert n is not None
    assert math.copysign(1.0, n) == -1.0


@pytest.mark.parametrize(
    ("x", "text"),
    [
        (1.0, "1"),
        (100.0, "100"),
        (0.5, "0.5"),
        (-0.5, "-0.5"),
        (1e21, "1e+21"),
        (1e20, "100000000000000000000"),
        (1e-7, "1e-7"),
        (1.5e-7, "1.5e-7"),
        (1.234e-7, "1.234e-7"),
        (-1.5e-9, "-1.5e-9"),
        (-2.5e-10, "-2.5e-10"),
        (0.000001, "0.000001"),
        (0.00001, "0.00001"),
        (0.1, "0.1"),
        (0.1 + 0.2, "0.30000000000000004"),
        (123.456, "123.456"),
        (1.5e300, "1.5e+300"),
        (1.2345678901234568e20, "123456789012345680000"),
        (1.2345678901234569e23, "1.2345678901234569e+23"),
        (-2.5e30, "-2.5e+30"),
        (5e-324, "5e-324"),
        (0.0, "0"),
        (-0.0, "0"),
        (2**53, "9007199254740992"),
        (10**22, "1e+22"),
        (12345678901234567890, "12345678901234567000"),
        (123456789012345678901234, "1.2345678901234569e+23"),
        (10**400, "Infinity"),
        (-(10**400), "-Infinity"),
        (math.inf, "Infinity"),
        (-math.inf, "-Infinity"),
        (math.nan, "NaN"),
    ],
)
def test_number_to_string(x: float, text: str) -> None:
    assert number_to_string(x) == text


def test_normalize_number() -> None:
    assert normalize_number(3.0) == 3
    assert isinstance(normalize_number(3.0), int)
    assert isinstance(normalize_number(0.5), float)
    assert normalize_number(2**60) == 1152921504606847000  # JS spells 2**60 this way
    assert isinstance(normalize_number(1e21), float)
    assert normalize_number(-0.0) == 0
    assert isinstance(normalize_number(-0.0), int)


NUMBERISH = st.text(
    alphabet=st.sampled_from(
        [*"0123456789.eE+-xXoObB_abcdfInityN ",
         "\t", "\n", "\u00a0", "\ufeff", "\u2028", "\u3000", "\u180e", "\x1c", "\u0085"]
    ),
    max_size=12,
)


def _spelled(s: str) -> str:
    n = to_number(s)
    return "NaN" if n is None else number_to_string(n)


@settings(max_examples=examples(15), deadline=None)
@given(st.lists(NUMBERISH, min_size=40, max_size=80))
def test_to_number_matches_node(strings: list[str]) -> None:
    assert [_spelled(s) for s in strings] == run_node("(s) => String(Number(s))", strings)


@settings(max_examples=examples(10), deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=40, max_size=80))
def test_number_to_string_of_floats_matches_node(values: list[float]) -> None:
    assert [number_to_string(v) for v in values] == run_node("(n) => String(n)", values)


@settings(max_examples=examples(10), deadline=None)
@given(st.lists(st.integers(-(2**64), 2**64) | st.integers(-(10**330), 10**330),
                min_size=40, max_size=80))
def test_number_to_string_of_integers_matches_node(values: list[int]) -> None:
    # An integer reaches node through JSON.parse, which makes it the double JS would hold.
    assert [number_to_string(v) for v in values] == run_node("(n) => String(n)", values)
