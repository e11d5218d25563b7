"""JS ``Number()``, ``JSON.parse`` and ``JSON.stringify`` emulation, checked against node.

The spec vectors run everywhere; the hypothesis tests send batches of generated strings to one
``node`` process per example (skipped when node is absent).
"""

from __future__ import annotations

import json
import math
import shutil
import subprocess
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.common.jsnum import (
    coerce_config_value,
    js_json_dumps,
    js_json_loads,
    js_number,
    js_number_to_string,
    normalize_number,
)

NODE = shutil.which("node")
needs_node = pytest.mark.skipif(NODE is None, reason="node is not installed")

# Upstream config-set's coercion (config.cts), run in node for the differential tests.
NODE_SCRIPT = r"""
const inp = JSON.parse(require('fs').readFileSync(0, 'utf8'));
function coerce(val) {
  let v = val;
  if (val === 'true') v = true; else if (val === 'false') v = false;
  else if (val === 'null') v = null;
  else if (Number.isFinite(Number(val)) && val !== '') v = Number(val);
  else if (val.startsWith('[') || val.startsWith('{')) { try { v = JSON.parse(val); } catch {} }
  return v;
}
const out = inp.map(([mode, s]) => {
  if (mode === 'number') { const n = Number(s); return Number.isNaN(n) ? 'NaN' : String(n); }
  if (mode === 'coerce') return JSON.stringify(coerce(s), null, 2);
  if (mode === 'tostring') return String(Number(s));
  if (mode === 'parse') {
    try { return JSON.stringify(JSON.parse(s), null, 2); } catch { return '!error'; }
  }
  throw new Error(mode);
});
process.stdout.write(JSON.stringify(out));
"""


def run_node(items: list[tuple[str, str]]) -> list[str]:
    assert NODE is not None
    proc = subprocess.run(
        [NODE, "-e", NODE_SCRIPT],
        input=json.dumps(items),
        capture_output=True,
        text=True,
        check=True,
        timeout=30,
    )
    result: list[str] = json.loads(proc.stdout)
    return result


def py_number_str(s: str) -> str:
    n = js_number(s)
    return "NaN" if n is None else js_number_to_string(n)


def py_parse(s: str) -> str:
    try:
        return js_json_dumps(js_json_loads(s))
    except (ValueError, RecursionError):
        return "!error"


# ── spec vectors (§2.4 step 4) ────────────────────────────────────────────────────────────


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


def test_negative_zero_is_zero_int() -> None:
    assert coerce_config_value("-0") == 0
    assert js_json_dumps(coerce_config_value("-0")) == "0"
    n = js_number("-0")
    assert n is not None
    assert math.copysign(1.0, n) == -1.0


@pytest.mark.parametrize(
    ("x", "text"),
    [
        (1e21, "1e+21"),
        (1e-7, "1e-7"),
        (1.5e-7, "1.5e-7"),
        (0.000001, "0.000001"),
        (0.1, "0.1"),
        (123.456, "123.456"),
        (1.2345678901234568e20, "123456789012345680000"),
        (-2.5e30, "-2.5e+30"),
        (5e-324, "5e-324"),
        (0.0, "0"),
        (-0.0, "0"),
        (2**53, "9007199254740992"),
        (10**22, "1e+22"),
        (math.inf, "Infinity"),
        (math.nan, "NaN"),
    ],
)
def test_number_to_string(x: float, text: str) -> None:
    assert js_number_to_string(x) == text


def test_dumps_matches_json_shape() -> None:
    value = {"a": [1, {"b": None, "c": "é\n\"x\""}], "e": {}, "f": [], "g": 1e-7, "h": True}
    assert js_json_dumps(value) == (
        '{\n  "a": [\n    1,\n    {\n      "b": null,\n      "c": "é\\n\\"x\\""\n    }\n  ],\n'
        '  "e": {},\n  "f": [],\n  "g": 1e-7,\n  "h": true\n}'
    )
    plain = {"a": [1, 2, {"x": "y"}], "b": "ü", "c": None}
    assert js_json_dumps(plain) == json.dumps(plain, indent=2, ensure_ascii=False)


def test_normalize_number() -> None:
    assert normalize_number(3.0) == 3
    assert isinstance(normalize_number(3.0), int)
    assert isinstance(normalize_number(0.5), float)
    assert normalize_number(2**60) == 1152921504606847000  # JS spells 2**60 this way
    assert isinstance(normalize_number(1e21), float)


def test_json_loads_rejects_js_invalid() -> None:
    for bad in ("[NaN]", "[Infinity]", "[-Infinity]", "{'a': 1}", "[1,]"):
        with pytest.raises(ValueError, match=r"."):
            js_json_loads(bad)


# ── differential against node ─────────────────────────────────────────────────────────────

NUMBERISH = st.text(
    alphabet=st.sampled_from(
        [*"0123456789.eE+-xXoObB_abcdfInityN ",
         "\t", "\n", "\u00a0", "\ufeff", "\u2028", "\u3000", "\u180e", "\x1c", "\u0085"]
    ),
    max_size=12,
)

JSONISH = st.recursive(
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**70), max_value=2**70)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=6),
    lambda children: st.lists(children, max_size=4)
    | st.dictionaries(st.text(max_size=4) | st.integers(0, 20).map(str), children, max_size=4),
    max_leaves=10,
)


@needs_node
@settings(max_examples=15, deadline=None)
@given(st.lists(NUMBERISH, min_size=40, max_size=80))
def test_number_and_coerce_match_node(strings: list[str]) -> None:
    items = [("number", s) for s in strings] + [("coerce", s) for s in strings]
    expected = run_node(items)
    got = [py_number_str(s) for s in strings] + [
        js_json_dumps(coerce_config_value(s)) for s in strings
    ]
    assert got == expected


@needs_node
@settings(max_examples=10, deadline=None)
@given(st.lists(st.floats(allow_nan=False, allow_infinity=False), min_size=40, max_size=80))
def test_number_to_string_matches_node(values: list[float]) -> None:
    items = [("tostring", repr(v)) for v in values]
    expected = run_node(items)
    assert [js_number_to_string(v) for v in values] == expected


@needs_node
@settings(max_examples=10, deadline=None)
@given(
    st.lists(
        JSONISH.map(lambda v: json.dumps(v, indent=None))
        | st.text(alphabet=st.sampled_from(list('[]{}",:0123456789.eE- nulltrfa')), max_size=10),
        min_size=20,
        max_size=40,
    )
)
def test_json_parse_matches_node(texts: list[str]) -> None:
    items = [("parse", t) for t in texts] + [("coerce", t) for t in texts]
    expected = run_node(items)
    got = [py_parse(t) for t in texts] + [js_json_dumps(coerce_config_value(t)) for t in texts]
    assert got == expected


@needs_node
def test_whitespace_set_matches_node() -> None:
    script = (
        "const ws=[];for(let c=0;c<0x10000;c++){const ch=String.fromCharCode(c);"
        "if(Number(ch+'5'+ch)===5&&!(c>=0x30&&c<=0x39))ws.push(c)};"
        "process.stdout.write(JSON.stringify(ws))"
    )
    assert NODE is not None
    node_ws = json.loads(subprocess.run([NODE, "-e", script], capture_output=True, text=True,
                                        check=True, timeout=30).stdout)
    ours = [c for c in range(0x10000)
            if c < 0xD800 or c > 0xDFFF
            if js_number(chr(c) + "5" + chr(c)) == 5 and not 0x30 <= c <= 0x39]
    assert ours == node_ws
