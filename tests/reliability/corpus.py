"""Broken inputs for R1: hand-made cases and hypothesis strategies.

Every hand-made case is ``(id, bytes)``. The strategies produce *mutations* of valid files
(a trailing comma, a cut, a stray byte, a BOM, a non-object top level, …) so that the broken
bytes sit at a known kind of place; a mutation that happens to stay valid is checked on the
tolerant path instead (see the tests).
"""

from __future__ import annotations

import functools
import json
from typing import Any

from hypothesis import strategies as st

BOM = b"\xef\xbb\xbf"
MB = 1024 * 1024


def _big_object_text(size: int) -> str:
    """A pretty-printed object of about ``size`` bytes (many lines) without the closing brace."""
    line = '  "k{0}": "' + "x" * 90 + '",\n'
    count = size // len(line.format(0)) + 1
    return "{\n" + "".join(line.format(i) for i in range(count))


@functools.cache
def config_cases() -> tuple[tuple[str, bytes], ...]:
    """Hand-made broken ``config.json`` files (all of them unusable as a config); built once
    (three are 10 MB) and shared by every test that asks."""
    big = _big_object_text(10 * MB)
    cases: list[tuple[str, bytes]] = [
        ("trailing-comma", b'{\n  "mode": "yolo",\n}\n'),
        ("trailing-comma-nested", b'{\n  "workflow": {\n    "research": true,\n  }\n}\n'),
        ("trailing-comma-array", b'{\n  "review": {"default_reviewers": ["codex",]}\n}\n'),
        ("missing-close", b'{\n  "mode": "yolo"\n'),
        ("missing-colon", b'{\n  "mode" "yolo"\n}\n'),
        ("missing-comma", b'{\n  "a": 1\n  "b": 2\n}\n'),
        ("empty", b""),
        ("whitespace-only", b"   \n\t\n"),
        ("non-object-zero", b"0"),
        ("non-object-string", b'"x"'),
        ("non-object-array", b"[]"),
        ("non-object-null", b"null"),
        ("non-object-true", b"true\n"),
        ("non-object-array-of-objects", b'[{"mode": "yolo"}]\n'),
        ("non-object-huge-number", b"1e400"),
        ("nan-value", b'{\n  "context_window": NaN\n}\n'),
        ("infinity-value", b'{\n  "a": 1,\n  "b": Infinity\n}\n'),
        ("minus-infinity-value", b'{"a": [1, 2, -Infinity]}'),
        ("top-level-nan", b"NaN"),
        ("bom", BOM + b'{\n  "mode": "yolo"\n}\n'),
        ("bom-only", BOM),
        ("utf16-with-bom", '{"mode": "yolo"}'.encode("utf-16")),
        ("invalid-utf8-in-string", b'{\n  "mode": "yo\xfflo"\n}\n'),
        ("invalid-utf8-truncated-seq", b'{\n  "a": "\xc3"\n}\n'),
        ("latin1-file", '{\n  "name": "café"\n}\n'.encode("latin-1")),
        ("overlong-utf8", b'{"a": "\xc0\xaf"}'),
        ("utf8-surrogate-bytes", b'{"a": "\xed\xa0\x80"}'),
        ("single-quotes", b"{'mode': 'yolo'}"),
        ("unquoted-keys", b"{mode: 'yolo'}"),
        ("line-comment", b'// settings\n{\n  "mode": "yolo"\n}\n'),
        ("block-comment", b'{\n  /* why */ "mode": "yolo"\n}\n'),
        ("raw-control-char-in-string", b'{"a": "x\ty"}'),
        ("raw-newline-in-string", b'{"a": "x\ny"}'),
        ("nul-byte-after", b'{"a": 1}\x00'),
        ("nul-byte-inside", b'{"a"\x00: 1}'),
        ("extra-data", b"{} {}"),
        ("extra-bracket", b'{"a": 1}]'),
        ("crlf-trailing-comma", b'{\r\n  "mode": "yolo",\r\n}\r\n'),
        ("bad-escape", b'{"a": "\\x41"}'),
        ("bad-unicode-escape", b'{"a": "\\u12"}'),
        ("hex-number", b'{"a": 0x10}'),
        ("leading-zero", b'{"a": 007}'),
        ("plus-number", b'{"a": +1}'),
        ("python-literals", b'{"a": True, "b": None}'),
        ("deep-array-nesting", b"[" * 100_000 + b"]" * 100_000),
        ("deep-object-nesting", b'{"a":' * 50_000 + b"1" + b"}" * 50_000),
        ("deep-unclosed", b"{" + b'"a":[' * 30_000),
        ("10MB-trailing-comma", (big + '  "last": 1,\n}\n').encode()),
        ("10MB-truncated", big.encode()),
        ("10MB-garbage-one-line", b"{" + b"\x01" * (10 * MB)),
        ("2MB-array", b"[" + b"1," * MB + b"1]"),
    ]
    return tuple(cases)


def state_cases() -> list[tuple[str, bytes]]:
    """Hand-made hostile ``STATE.md`` files."""
    good_fm = "---\nmsd_state_version: 1.0\nstatus: executing\nmilestone: v1.0\n---\n"
    return [
        ("no-closing-fence", b"---\nstatus: executing\nmilestone: v1.0\n\n# Project State\n"),
        ("unclosed-quote", b'---\nstatus: "executing\nmilestone: v1.0\n---\n# State\n'),
        ("tab-indent", b"---\nstatus: executing\nprogress:\n\tpercent: 40\n---\n"),
        ("bad-indent-mapping", b"---\nprogress:\n  percent: 40\n   total: 2\n---\n"),
        ("comment-first-in-progress",
         b"---\nstatus: executing\nprogress:\n  # counts\n  total_phases: 4\n"
         b"  completed_phases: 2\n  percent: 50\n---\n"),
        ("comment-inside-progress",
         b"---\nprogress:\n  total_phases: 4\n  # completed_phases: 9\n  percent: 50\n---\n"),
        ("text-before-fence", b"Notes first\n---\nstatus: executing\n---\n# State\n"),
        ("blank-line-before-fence", b"\n---\nstatus: executing\n---\n"),
        ("bom-before-fence", BOM + b"---\nstatus: executing\n---\n"),
        ("frontmatter-is-list", b"---\n- a\n- b\n---\n"),
        ("frontmatter-is-scalar", b"---\njust text\n---\n"),
        ("yaml-python-tag", b"---\nstatus: !!python/object/apply:os.system ['true']\n---\n"),
        ("yaml-alias-bomb",
         b"---\na: &a [x, x, x, x, x, x, x, x, x]\nb: &b [*a, *a, *a, *a, *a, *a, *a, *a]\n"
         b"c: &c [*b, *b, *b, *b, *b, *b, *b, *b]\nd: &d [*c, *c, *c, *c, *c, *c, *c, *c]\n"
         b"e: [*d, *d, *d, *d, *d, *d, *d, *d]\n---\n"),
        ("yaml-undefined-alias", b"---\nstatus: *nope\n---\n"),
        ("duplicate-keys", b"---\nstatus: planning\nstatus: executing\n---\n"),
        ("wrong-types", b"---\nprogress: [1, 2]\nstatus: {a: 1}\nmilestone: 3\n"
                        b"next_phases: 7\nactive_phase: [x]\n---\n"),
        ("numbers-out-of-range", b"---\nprogress:\n  percent: -5\n  total_phases: .inf\n"
                                 b"  completed_phases: 1e309\n---\n"),
        ("only-fence", b"---\n"),
        ("two-fences-only", b"---\n---\n"),
        ("empty", b""),
        ("invalid-utf8", b"---\nstatus: exec\xffuting\n---\nPhase: 2 of \xfe5\n"),
        ("nul-bytes", b"---\nstatus: exe\x00cuting\n---\n\x00\x00"),
        ("crlf-broken", b"---\r\nstatus: \"executing\r\n---\r\n"),
        ("huge-body-5MB", (good_fm + "# State\n" + ("Progress: 10%\n" + "y" * 200 + "\n")
                           * (5 * MB // 215)).encode()),
        ("huge-single-line", (good_fm + "z" * (2 * MB)).encode()),
        ("huge-frontmatter-value", ("---\nstatus: " + "e" * MB + "\n---\n").encode()),
        ("many-headings", (good_fm + "## Phase 1\n" * 5_000).encode()),
        ("deep-yaml-nesting", ("---\na: " + "[" * 1000 + "]" * 1000 + "\n---\n").encode()),
    ]


# --- strategies ---------------------------------------------------------------------------

_scalars = (
    st.none()
    | st.booleans()
    | st.integers(min_value=-(2**60), max_value=2**60)
    | st.floats(allow_nan=False, allow_infinity=False)
    | st.text(max_size=12)
)
json_values = st.recursive(
    _scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner,
                                                                 max_size=4),
    max_leaves=10,
)
json_objects = st.dictionaries(
    st.sampled_from(["mode", "model_profile", "workflow", "agent_skills", "brave_search"])
    | st.text(max_size=10),
    json_values,
    max_size=6,
)

CONFIG_MUTATIONS = (
    "trailing-comma", "truncate", "insert-byte", "non-object", "bom", "bad-utf8", "nan",
    "single-quotes", "comment", "crlf-trailing-comma", "delete-char", "duplicate-and-cut",
)
_STRAY = [b",", b"}", b"]", b"{", b"\xff", b"\xc3", b"\x00", b'"', b":", b"NaN", b"'", b"\\"]


# Strategies are built once, not inside each draw: hypothesis validates every new strategy
# object, which costs more than drawing from it.
_BOOL = st.booleans()
_MUTATION = st.sampled_from(CONFIG_MUTATIONS)
_STRAY_BYTES = st.sampled_from(_STRAY)
_BAD_UTF8 = st.sampled_from([b"\xff", b"\xfe", b"\xc3", b"\xe2\x82", b"\xed\xa0\x80",
                             b"\xf8\x88\x80"])
_NON_OBJECT = json_values.filter(lambda v: not isinstance(v, dict))
_NAN_TOKEN = st.sampled_from(["NaN", "Infinity", "-Infinity"])
_COMMENT = st.text(max_size=10)


@st.composite
def broken_config(draw: st.DrawFn) -> tuple[str, bytes]:
    """(mutation name, bytes) — a mutated, pretty-printed JSON object."""
    obj: dict[str, Any] = draw(json_objects)
    text = json.dumps(obj, indent=2, ensure_ascii=draw(_BOOL))
    raw = text.encode("utf-8")
    kind = draw(_MUTATION)
    if kind == "trailing-comma":
        cut = raw.rstrip().rfind(b"}")
        raw = raw[:cut].rstrip() + b",\n" + raw[cut:]
    elif kind == "truncate":
        raw = raw[: draw(st.integers(min_value=0, max_value=len(raw) - 1))]
    elif kind == "insert-byte":
        pos = draw(st.integers(min_value=0, max_value=len(raw)))
        raw = raw[:pos] + draw(_STRAY_BYTES) + raw[pos:]
    elif kind == "non-object":
        other = draw(_NON_OBJECT)
        raw = json.dumps(other, indent=2).encode()
    elif kind == "bom":
        raw = BOM + raw
    elif kind == "bad-utf8":
        pos = draw(st.integers(min_value=0, max_value=len(raw)))
        raw = raw[:pos] + draw(_BAD_UTF8) + raw[pos:]
    elif kind == "nan":
        token = draw(_NAN_TOKEN)
        raw = ("{\n" + f'  "x": {token},' + text[1:]).encode() if obj else (
            f'{{"x": {token}}}'.encode())
    elif kind == "single-quotes":
        raw = raw.replace(b'"', b"'") if b'"' in raw else b"{'a': 1}"
    elif kind == "comment":
        raw = b"// " + draw(_COMMENT).replace("\n", " ").encode() + b"\n" + raw
    elif kind == "crlf-trailing-comma":
        cut = raw.rstrip().rfind(b"}")
        raw = (raw[:cut].rstrip() + b",\n" + raw[cut:]).replace(b"\n", b"\r\n")
    elif kind == "delete-char":
        if len(raw) > 1:
            pos = draw(st.integers(min_value=0, max_value=len(raw) - 1))
            raw = raw[:pos] + raw[pos + 1 :]
    else:  # duplicate-and-cut: two objects glued, the second one cut
        raw = raw + b"\n" + raw[: max(1, len(raw) // 2)]
    return kind, raw


_STATE_HOSTILE_LINES = [
    "  # a comment", "# top comment", "\t- tabbed item", ": :", "key: [unclosed",
    "key: {unclosed", "*alias", "&anchor x", "---", "progress:", "  percent: 40",
    "  percent: abc", "status: 'half", 'status: "half', "- list item", "? complex key",
    "!!binary x", "status: !!python/name:os.system", "...", "%YAML 1.1", "  - nested: [",
    "milestone: v1.0", "next_phases: [1, 2", "next_phases:", "  - 3", "Phase: 2 of 5 (x)",
    "Status: Executing phase 2", "Progress: 150%", "\ufeff", "\x00", "é" * 3,
]


_STATUS = st.sampled_from(["executing", "planning", "Phase complete", ""])
_PHASES = st.integers(-3, 99)
_PERCENT = st.integers(-3, 300)
_INSERTS = st.integers(0, 4)
_STATE_LINE = st.sampled_from(_STATE_HOSTILE_LINES) | st.text(max_size=20)
_OPENING = st.sampled_from(["---\n", "---\r\n", " ---\n", "text\n---\n", "\ufeff---\n", "---\n"])
_CLOSING = st.sampled_from(["---\n", "---", "", "--- \n", "----\n", "---\n"])
_BODY = st.lists(st.sampled_from(_STATE_HOSTILE_LINES) | st.text(max_size=30), max_size=8)


@st.composite
def hostile_state(draw: st.DrawFn) -> str:
    """A STATE.md whose frontmatter lines are shuffled with hostile ones."""
    fm = [
        "msd_state_version: 1.0",
        f"status: {draw(_STATUS)}",
        "milestone: v1.0",
        "progress:",
        f"  total_phases: {draw(_PHASES)}",
        f"  completed_phases: {draw(_PHASES)}",
        f"  percent: {draw(_PERCENT)}",
    ]
    for _ in range(draw(_INSERTS)):
        pos = draw(st.integers(0, len(fm)))
        fm.insert(pos, draw(_STATE_LINE))
    if draw(_BOOL) and fm:
        del fm[draw(st.integers(0, len(fm) - 1))]
    opening = draw(_OPENING)
    closing = draw(_CLOSING)
    body_lines = draw(_BODY)
    newline = "\r\n" if "\r" in opening else "\n"
    text = opening + newline.join(fm) + newline + closing + "\n".join(body_lines)
    return text


_ROADMAP_HOSTILE_LINES = [
    "```", "````", "~~~", "<!--", "-->", "<!-- ## Phase 999: fake -->", "## Phase 999: fake",
    "## Phase 999.1: backlog", "## Phase 0: sentinel", "### ~~Phase 3: retired~~",
    "## Phase 2: duplicate", "## Phase 2.1: decimal", "## Phase A: letters", "## Phase : empty",
    "## Phase 1e9: exp", "# Milestone v2.0", "## v1.0 Shipped", "<details>", "</details>",
    "## Milestone v9 (current)", "#" * 7 + " Phase 4: too deep", "- [x] **Phase 1: done**",
    "| Phase | Status |", "|---|---|", "**Goal:** nothing", "Phase 5: no heading",
    "## Phase " + "9" * 400 + ": huge id", "## Phase 1: " + "n" * 5000, "\x00", "\ufeff",
]


_ROADMAP_INSERTS = st.integers(1, 8)
_ROADMAP_LINE = st.sampled_from(_ROADMAP_HOSTILE_LINES) | st.text(max_size=40)
_NEWLINE = st.sampled_from(["\n", "\r\n"])


@st.composite
def hostile_roadmap(draw: st.DrawFn, bases: list[str]) -> str:
    """Lines of a fixture roadmap with hostile lines spliced in (or cut at random)."""
    base = draw(st.sampled_from(bases)).splitlines()
    for _ in range(draw(_ROADMAP_INSERTS)):
        pos = draw(st.integers(0, len(base)))
        base.insert(pos, draw(_ROADMAP_LINE))
    if draw(_BOOL) and base:
        base = base[: draw(st.integers(0, len(base)))]
    return draw(_NEWLINE).join(base)
