"""The fast frontmatter path gives ruamel's answer, type for type, or steps aside.

``frontmatter_fast.load_simple`` either returns exactly what state_md's ruamel loader
(safe, pure, YAML 1.2, timestamps as text) returns for the same text, or ``FALLBACK``. These
tests compare the two on generated frontmatter full of YAML's typing traps and on every
frontmatter in the bundled demo and the spec examples (copied into tests/fixtures).
"""

from __future__ import annotations

import math
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from msd_desktop.core.state import state_md
from msd_desktop.core.state.frontmatter_fast import FALLBACK, load_simple
from msd_desktop.core.state.state_md import parse_state_text, split_frontmatter
from tests.property_examples import examples

ROOT = Path(__file__).resolve().parents[3]
DEMO = ROOT / "msd_desktop" / "resources" / "demo"
FIXTURES = ROOT / "tests" / "fixtures"


def ruamel_load(text: str) -> Any:
    """state_md's own ruamel loader (raises on invalid YAML)."""
    return state_md._yaml_loader().load(text)


def same(a: Any, b: Any) -> bool:
    """Equal *and* of the same types all the way down (``True == 1`` does not count)."""
    if type(a) is not type(b):
        return False
    if isinstance(a, dict):
        return list(a) == list(b) and all(same(a[k], b[k]) for k in a)
    if isinstance(a, list):
        return len(a) == len(b) and all(same(x, y) for x, y in zip(a, b, strict=True))
    if isinstance(a, float) and math.isnan(a):
        return math.isnan(b)
    return bool(a == b)


def check(text: str) -> Any:
    """Assert the property for ``text``; return the fast answer."""
    fast = load_simple(text)
    if fast is FALLBACK:
        return fast
    try:
        slow = ruamel_load(text)
    except Exception as exc:  # ruamel rejects it: the fast path must not have accepted it
        pytest.fail(f"fast path accepted text ruamel rejects ({exc}): {text!r}")
    assert same(fast, slow), f"{text!r}: fast {fast!r} != ruamel {slow!r}"
    return fast


# --- generated frontmatter -----------------------------------------------------------------

TRAPS = [
    # YAML 1.1 vs 1.2 booleans and nulls
    "yes", "no", "Yes", "NO", "on", "off", "On", "OFF", "y", "n", "Y", "N",
    "true", "True", "TRUE", "tRUE", "false", "False", "FALSE", "fAlse",
    "~", "null", "Null", "NULL", "nULL", "none", "None", "nan", "NaN", ".nan", ".inf", "-.inf",
    # numbers of every shape
    "0", "00", "007", "010", "08", "1", "-1", "+1", "12", "1_000", "0x1F", "0o17", "0b101",
    "1.0", "1.", ".5", "01.5", "1.5e3", "1e5", "1E-2", "-1.5", "3.14159", "1.2.3", "1,000",
    "12:30", "1:20:30", "190:20:30", "٣", "²",
    # dates and timestamps (kept as text) and near misses
    "2026-01-15", "2026-1-5", "2026-01-15T10:00:00Z", "2026-01-15 10:00:00",
    "2026-01-15T10:00:00.123+02:00", "2026-01-15t10:00:00", "04-02", "2026/01/15",
    # strings with YAML meaning inside
    "a: b", "a:b", "a:", "a #b", "a#b", "#a", "- a", "-a", "? a", "?a", ":a", "a?", "[a]",
    "{a: 1}", "a, b", "a]", "&x a", "*x", "!tag a", "!!str 1", "%YAML", "@a", "`a`", "|", ">",
    "<<", "=", "it's", 'say "hi"', "'q'", '"q"', "'it''s'", '"a\\tb"', '"a\\"b"', "''", '""',
    "http://example.com/x", "Phase 4 of 9 (Tax)", "a  b", "ü", "Ünïcode — dash", "›", "a\u00a0b",
    "Executing Phase 3", "v1.0", "01-02", "plan-phase", "x" * 80,
]

KEYS = ["status", "milestone", "progress", "percent", "a", "b", "a-b", "_x", "key1",
        "true", "null", "yes", "on", "1", "-a", "a b", "ü", "<<", "~", "N"]


# The strategies are built once, not inside each draw: hypothesis validates every new
# strategy object, which cost more than the comparison each example is there for.
_KIND_SCALAR = st.integers(0, 5)
_TRAP = st.sampled_from(TRAPS)
_SCALAR_CHARS = st.text(st.sampled_from(list("abcXYZ019 -_.:#'\"[]{},?&*!|>%@`~\\/ü—")),
                        min_size=0, max_size=12)
_QUOTE = st.sampled_from(["'", '"'])


@st.composite
def scalar_text(draw: st.DrawFn) -> str:
    kind = draw(_KIND_SCALAR)
    if kind <= 2:
        return draw(_TRAP)
    text = draw(_SCALAR_CHARS)
    if kind == 3:
        return text
    quote = draw(_QUOTE)
    return quote + text + quote


_SCALAR = scalar_text()
_KIND_VALUE = st.integers(0, 6)
_FLOW_ITEMS = st.lists(_SCALAR, max_size=4)
_FLOW_SEP = st.sampled_from([", ", ",", " , "])
_FLOW_END = st.sampled_from(["", " ", ",]", " # c"])
_VALUE_END = st.sampled_from(["", "", " ", "  # comment", "\t", "\r"])


@st.composite
def value_text(draw: st.DrawFn) -> str:
    kind = draw(_KIND_VALUE)
    if kind == 0:
        items = draw(_FLOW_ITEMS)
        sep = draw(_FLOW_SEP)
        return "[" + sep.join(items) + "]" + draw(_FLOW_END)
    if kind == 1:
        return ""
    text = draw(_SCALAR)
    return text + draw(_VALUE_END)


_VALUE = value_text()
_INDENT = st.sampled_from([0, 0, 0, 1, 2, 4])
_LINE_COUNT = st.integers(1, 5)
_SHAPE = st.integers(0, 9)
_KEY = st.sampled_from(KEYS)
_ODD_LINE = st.sampled_from(["", "# comment", "  ", "\t", "...", "- item", "  - item",
                             "   continued", "---x"])


@st.composite
def frontmatter(draw: st.DrawFn, depth: int = 0) -> str:
    indent = " " * draw(_INDENT) if depth else ""
    lines: list[str] = []
    for _ in range(draw(_LINE_COUNT)):
        shape = draw(_SHAPE)
        key = draw(_KEY) if shape else draw(_SCALAR)
        if shape == 9 and depth < 2:
            lines.append(f"{indent}{key}:")
            child = draw(_FRONTMATTER[depth + 1])
            lines.extend(indent + "  " + line if line.strip() else line
                         for line in child.split("\n"))
        elif shape == 8:
            lines.append(draw(_ODD_LINE))
        else:
            value = draw(_VALUE)
            lines.append(f"{indent}{key}:{' ' if value else ''}{value}")
    return "\n".join(lines)


_FRONTMATTER = [frontmatter(depth=d) for d in range(3)]


@settings(max_examples=examples(600))
@given(frontmatter())
@example("status: yes\nok: on\nn: ~\nv: 1.0\nd: 2026-01-15\nplan: 04-02")
@example("progress:\n  percent: 010\n  total: 0x1F")
@example("a: 'x'\nb: \"y\"\nc: ['1', 2, three]\nd: []")
@example("a:\nb:\n  c: 1\n  d:\ne: [a b, c]")
def test_fast_path_matches_ruamel(text: str) -> None:
    check(text)


SAFE_KEYS = ["status", "milestone", "milestone_name", "progress", "percent", "a", "a-b",
             "_x", "key1", "yes", "on", "N", "Y", "off"]
PLAIN = st.text(st.sampled_from(list("abcXY019 -_.:/'\"?ü—#,[]")), min_size=1, max_size=10)


_SAFE_KEY_SETS = st.lists(st.sampled_from(SAFE_KEYS), min_size=1, max_size=6, unique=True)
_SIMPLE_SHAPE = st.integers(0, 7)
_PAD = st.sampled_from([1, 2, 4])
_SIMPLE_ITEMS = st.lists(st.one_of(st.sampled_from(TRAPS), PLAIN), max_size=4)
_SIMPLE_VALUE = st.one_of(st.sampled_from(TRAPS), PLAIN, PLAIN.map(lambda t: f"'{t}'"),
                          PLAIN.map(lambda t: f'"{t}"'))
_BLANK_ODDS = st.integers(0, 9)


@st.composite
def simple_frontmatter(draw: st.DrawFn, depth: int = 0) -> str:
    """Mostly what agents write (so most of it takes the fast path), traps included."""
    lines: list[str] = []
    keys = draw(_SAFE_KEY_SETS)
    for key in keys:
        shape = draw(_SIMPLE_SHAPE)
        if shape == 0 and depth < 2:
            lines.append(f"{key}:")
            child = draw(_SIMPLE_FRONTMATTER[depth + 1])
            pad = " " * draw(_PAD)
            lines.extend(pad + line for line in child.split("\n"))
        elif shape == 1:
            items = draw(_SIMPLE_ITEMS)
            lines.append(f"{key}: [{', '.join(items)}]")
        elif shape == 2:
            lines.append(f"{key}:")
        else:
            value = draw(_SIMPLE_VALUE)
            lines.append(f"{key}: {value}")
        if draw(_BLANK_ODDS) == 0:
            lines.append("")
    return "\n".join(lines)


_SIMPLE_FRONTMATTER = [simple_frontmatter(depth=d) for d in range(3)]


@settings(max_examples=examples(600))
@given(simple_frontmatter())
def test_fast_path_matches_ruamel_on_agent_style_text(text: str) -> None:
    check(text)


@settings(max_examples=examples(300))
@given(st.text(st.sampled_from(list("ab: -#'\"[],\n\t\r~01.")), max_size=40))
def test_fast_path_matches_ruamel_on_noise(text: str) -> None:
    check(text)


# --- typing rules, spelled out -------------------------------------------------------------


@pytest.mark.parametrize(("text", "expected"), [
    ("a: yes", {"a": "yes"}),  # YAML 1.2: not a boolean
    ("a: on", {"a": "on"}),
    ("yes: 1", {"yes": 1}),
    ("a: True", {"a": True}),
    ("a: ~", {"a": None}),
    ("a:", {"a": None}),
    ("a: 010", {"a": 10}),  # 1.2: decimal, not octal
    ("a: 1.0", {"a": 1.0}),
    ("a: 2026-01-15", {"a": "2026-01-15"}),  # timestamps stay text
    ("a: '1.0'", {"a": "1.0"}),
    ("a: [1, '2', x]", {"a": [1, "2", "x"]}),
    ("p:\n  x: 1\n  y:\nz: 3", {"p": {"x": 1, "y": None}, "z": 3}),
    ("", None),
])
def test_fast_path_values(text: str, expected: Any) -> None:
    assert same(check(text), expected)


@pytest.mark.parametrize("text", [
    "a: 1 # comment", "# comment\na: 1", "a: 0x10", "a: 1e3", "a: -1", "a: .5", "a: |\n  x",
    "a: &x 1", "a: *x", "a: !!str 1", "a: \"x\\ty\"", "a: 'it''s'", "a:\n- 1", "a:\n  - 1",
    "a: b\n  c", "a: 1\na: 2", "a:\tb", "a: 1\r\nb: 2", "  a: 1", "a:\n  b: 1\n c: 2",
    "true: 1", "null: 1", "a: [x, [y]]", "a: [x,]", "a: {b: 1}", "%YAML 1.1\n---\na: yes",
])
def test_doubtful_text_falls_back(text: str) -> None:
    assert load_simple(text) is FALLBACK


# --- every real frontmatter we have --------------------------------------------------------


def _frontmatter_files() -> list[Path]:
    files = sorted(DEMO.rglob("*.md")) + sorted(FIXTURES.rglob("*.md"))
    return [f for f in files if split_frontmatter(f.read_text(encoding="utf-8"))[0] is not None]


FILES = _frontmatter_files()


@pytest.mark.parametrize("path", FILES, ids=lambda p: str(p.relative_to(ROOT)))
def test_real_frontmatter_matches_ruamel(path: Path) -> None:
    yaml_text = split_frontmatter(path.read_text(encoding="utf-8"))[0]
    assert yaml_text is not None
    check(yaml_text)


def test_every_demo_state_takes_the_fast_path() -> None:
    """The point of the fast path: the window never needs ruamel for the demo."""
    states = sorted(DEMO.rglob("STATE.md"))
    assert states
    for path in states:
        yaml_text = split_frontmatter(path.read_text(encoding="utf-8"))[0]
        assert yaml_text is not None
        assert load_simple(yaml_text) is not FALLBACK, path


@pytest.mark.parametrize("path", [f for f in FILES if f.name == "STATE.md" or "states" in f.parts],
                         ids=lambda p: str(p.relative_to(ROOT)))
def test_parsed_state_is_the_same_either_way(path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    text = path.read_text(encoding="utf-8")
    fast = parse_state_text(text, path)
    monkeypatch.setattr(state_md, "load_simple", lambda _text: FALLBACK)
    slow = parse_state_text(text, path)
    assert same(fast.frontmatter, slow.frontmatter)
    assert fast.error == slow.error
    assert fast.warnings == slow.warnings
    assert fast.sections_dict() == slow.sections_dict()
