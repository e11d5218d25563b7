"""config-set's coercion of a raw string (spec §2.4 step 4), on vectors and against node."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.common.js_json import json_stringify
from msd_desktop.core.config.coercion import coerce_config_value
from tests.node_js import run_node
from tests.property_examples import examples

# Upstream config-set's coercion (config.cts), as node runs it.
UPSTREAM_COERCE = r"""(val) => {
  let v = val;
  if (val === 'true') v = true; else if (val === 'false') v = false;
  else if (val === 'null') v = null;
  else if (Number.isFinite(Number(val)) && val !== '') v = Number(val);
  else if (val.startsWith('[') || val.startsWith('{')) { try { v = JSON.parse(val); } catch {} }
  return JSON.stringify(v, null, 2);
}"""


@pytest.mark.parametrize(
    ("raw", "expected"),
    [
        (" 7 ", 7),
        ("0x10", 16),
        ("0X1f", 31),
        ("0b101", 5),
        ("0o17", 15),
        ("1e6", 1000000),
        ("-0", 0),
        ("5.", 5),
        (".5", 0.5),
        ("+.5", 0.5),
        ("   ", 0),
        ("\u00a012\ufeff", 12),
        ("\u2028 3 \u2029", 3),
        ("1e21", 1e21),
        ("123456789012345678901", 123456789012345680000),
        ("Infinity", "Infinity"),
        ("-Infinity", "-Infinity"),
        ("NaN", "NaN"),
        ("", ""),
        ("TRUE", "TRUE"),
        ("True", "True"),
        ("true", True),
        ("false", False),
        ("null", None),
        ("1_000", "1_000"),
        ("-0x10", "-0x10"),
        ("+0x10", "+0x10"),
        ("0x", "0x"),
        ("0b2", "0b2"),
        ("1e", "1e"),
        ("infinity", "infinity"),
        ("1e400", "1e400"),
        ("007", 7),
        ("[1, 2]", [1, 2]),
        ('{"a": 1.0}', {"a": 1}),
        ("[1, 2", "[1, 2"),
        ("{bad", "{bad"),
        ("[NaN]", "[NaN]"),
        (" [1]", " [1]"),
        ('{"b": 1, "2": 0, "1": 0}', {"1": 0, "2": 0, "b": 1}),
    ],
)
def test_coerce_vectors(raw: str, expected: Any) -> None:
    got = coerce_config_value(raw)
    assert got == expected
    assert type(got) is type(expected)
    if isinstance(expected, dict):
        assert list(got) == list(expected)


def test_negative_zero_is_stored_as_zero() -> None:
    assert json_stringify(coerce_config_value("-0")) == "0"


NUMBERISH = st.text(
    alphabet=st.sampled_from(
        [*"0123456789.eE+-xXoObB_abcdfInityN ",
         "\t", "\n", "\u00a0", "\ufeff", "\u2028", "\u3000", "\u180e", "\x1c", "\u0085"]
    ),
    max_size=12,
)

JSONISH_TEXT = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=4) | st.integers(0, 20).map(str), children, max_size=4),
    max_leaves=10,
).map(lambda v: json.dumps(v, indent=None))


@settings(max_examples=examples(15), deadline=None)
@given(st.lists(NUMBERISH | JSONISH_TEXT, min_size=40, max_size=80))
def test_coerce_matches_node(strings: list[str]) -> None:
    got = [json_stringify(coerce_config_value(s)) for s in strings]
    assert got == run_node(UPSTREAM_COERCE, strings)
