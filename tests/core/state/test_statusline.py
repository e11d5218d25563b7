"""The status-line parser and scenes (spec §7.5, §7.6), pinned string for string.

The last tests run the upstream hook itself (``hooks/gsd-statusline.js``) under node on the
same texts and compare; they skip when node or the upstream package is not available.
"""

from __future__ import annotations

import json
import os
import random
import re
import shutil
import subprocess
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.state.statusline import (
    NO_ACTIVE_WORKSTREAM_LABEL,
    parse_statusline_fields,
    read_statusline_fields,
    render_progress_bar,
    render_state_segment,
    short_status,
    statusline_frontmatter,
)
from tests.property_examples import examples

REPO = Path(__file__).resolve().parents[3]
FIXTURES = REPO / "tests" / "fixtures"


def fm(*lines: str, body: str = "") -> str:
    return "---\n" + "\n".join(lines) + "\n---\n" + body


def full(text: str) -> str:
    return render_state_segment(parse_statusline_fields(text), "full")


def compact(text: str) -> str:
    return render_state_segment(parse_statusline_fields(text), "compact")


# --- §7.6 examples, character for character ------------------------------------------------


def test_scene1_active_phase() -> None:
    text = fm("milestone: v2.0", "status: executing", "active_phase: 4.5",
              "progress:", "  percent: 20")
    assert full(text) == "v2.0 [██░░░░░░░░] 20% · Phase 4.5 executing"


def test_scene1_without_status() -> None:
    assert full(fm("milestone: v2.0", "active_phase: 3")) == "v2.0 · Phase 3"


def test_scene2_next_action() -> None:
    text = fm("milestone: v2.0", "next_action: execute-phase", 'next_phases: ["4.5"]',
              "progress:", "  percent: 20")
    assert full(text) == "v2.0 [██░░░░░░░░] 20% · next execute-phase 4.5"


def test_scene2_needs_phases() -> None:
    text = fm("milestone: v2.0", "status: planning", "next_action: plan-phase", "next_phases: []")
    assert full(text) == "v2.0 · planning"


def test_scene3_percent_100() -> None:
    text = fm("milestone: v2.0", "status: executing", "progress:", "  percent: 100")
    assert full(text) == "v2.0 [██████████] 100% · milestone complete"


def test_scene4_fallback_example() -> None:
    text = fm("milestone: v1.9", "milestone_name: Code Quality", "status: executing",
              body="\nPhase: 1 of 5\n")
    assert full(text) == "v1.9 Code Quality · executing · ph 1/5"


def test_scene4_with_phase_name() -> None:
    text = fm("milestone: v1.9", "milestone_name: Code Quality", "status: executing",
              body="\nPhase: 1 of 5 (fix-graphiti-deployment)\n")
    assert full(text) == "v1.9 Code Quality · executing · fix-graphiti-deployment (1/5)"


def test_percent_150_full_bar_but_not_complete() -> None:
    text = fm("milestone: v2.0", "status: executing", "progress:", "  percent: 150")
    assert full(text) == "v2.0 [██████████] 100% · executing"
    assert compact(text) == "v2.0 · executing"


def test_total_zero_is_complete() -> None:
    text = fm("milestone: v2.0", "status: executing", "progress:",
              "  total_phases: 0", "  completed_phases: 0")
    assert full(text) == "v2.0 · milestone complete"
    assert compact(text) == "v2.0 · complete"


def test_completed_equals_total_as_strings_only() -> None:
    text = fm("milestone: v2.0", "status: executing", "progress:",
              "  total_phases: 5", "  completed_phases: 05")
    assert full(text) == "v2.0 · executing"


def test_percent_0100_is_number_100() -> None:
    assert full(fm("milestone: v2", "progress:", "  percent: 0100")) == (
        "v2 [██████████] 100% · milestone complete")


def test_milestone_name_placeholder_dropped() -> None:
    assert full(fm("milestone: v1.0", "milestone_name: milestone", "status: planning")) == (
        "v1.0 · planning")


def test_name_only_milestone() -> None:
    assert full(fm("milestone_name: Launch", "status: planning")) == "Launch · planning"


def test_status_printed_raw_in_full() -> None:
    assert full(fm("status: Phase complete — ready for verification")) == (
        "Phase complete — ready for verification")


def test_progress_bar_rounding() -> None:
    assert render_progress_bar("0") == "[░░░░░░░░░░] 0%"
    assert render_progress_bar("19") == "[█░░░░░░░░░] 19%"
    assert render_progress_bar("99") == "[█████████░] 99%"
    assert render_progress_bar(None) == ""


# --- compact ---------------------------------------------------------------------------------


def test_compact_examples() -> None:
    assert compact(fm("milestone: v1.12", "status: executing", body="Phase: 7 of 12\n")) == (
        "v1.12 · P7/12 · executing")
    assert compact(fm("milestone: v2.0", "active_phase: 4.5", "status: BLOCKED on api")) == (
        "v2.0 · P4.5 · BLOCKED")
    assert compact(fm("milestone: v2.0", "progress:", "  percent: 100")) == "v2.0 · complete"
    assert compact(fm("milestone: v2.0", "next_action: execute-phase",
                      "next_phases: [4.5, 5]")) == "v2.0 · next execute-phase 4.5/5"


def test_compact_drops_name_and_bar() -> None:
    text = fm("milestone: v1.9", "milestone_name: Code Quality", "status: executing",
              "progress:", "  percent: 40")
    assert compact(text) == "v1.9 · executing"


def test_compact_active_phase_beats_complete() -> None:
    text = fm("milestone: v2.0", "active_phase: 3", "status: verifying", "progress:",
              "  percent: 100")
    assert compact(text) == "v2.0 · P3 · verifying"
    # the legacy body phase still completes
    text2 = fm("milestone: v2.0", "progress:", "  percent: 100", body="Phase: 3 of 3\n")
    assert compact(text2) == "v2.0 · P3/3 · complete"


def test_compact_active_phase_with_body_total() -> None:
    assert compact(fm("active_phase: 4", body="Phase: 3 of 9\n")) == "P4/9"


def test_short_status_rules() -> None:
    assert short_status("Paused at checkpoint") == "PAUSED"
    assert short_status("stopped") == "PAUSED"
    assert short_status("Phase complete — ready for verification") == "verifying"
    assert short_status("Awaiting next milestone") == "Awaiting"
    assert short_status("Blocked—waiting") == "Blocked"
    assert short_status("Antidisestablishmentarianism now") == "Antidisestablish"
    assert short_status("— dash first") is None
    assert short_status("") is None
    assert short_status(None) is None


def test_compact_next_action_only_without_status_or_phase() -> None:
    assert compact(fm("next_action: plan-phase")) == "next plan-phase"
    assert compact(fm("status: planning", "next_action: plan-phase")) == "planning"


def test_no_active_workstream_label() -> None:
    fields = {"no_active_workstream": True, "status": "executing"}
    assert render_state_segment(fields, "full") == NO_ACTIVE_WORKSTREAM_LABEL
    assert render_state_segment(fields, "compact") == NO_ACTIVE_WORKSTREAM_LABEL


def test_empty_fields_render_empty() -> None:
    assert render_state_segment({}, "full") == ""
    assert render_state_segment({}, "compact") == ""


# --- §7.5 parser constraints ---------------------------------------------------------------


def test_comment_right_after_progress_kills_block() -> None:
    text = fm("progress:", "  # derived", "  percent: 40", "  total_phases: 5")
    fields = parse_statusline_fields(text)
    assert "percent" not in fields
    assert "total_phases" not in fields


def test_comment_later_ends_block() -> None:
    text = fm("progress:", "  percent: 40", "  # note", "  total_phases: 5")
    fields = parse_statusline_fields(text)
    assert fields["percent"] == "40"
    assert "total_phases" not in fields


def test_progress_values_are_strings_and_non_negative_ints() -> None:
    text = fm("progress:", "  completed_phases: 2", "  total_phases: -3", "  percent: 12.5")
    fields = parse_statusline_fields(text)
    assert fields["completed_phases"] == "2"
    assert "total_phases" not in fields
    assert fields["percent"] == "12"


def test_crlf_parses_like_lf() -> None:
    lf = fm("milestone: v2.0", "status: executing", "active_phase: 2", "next_phases:",
            "  - 3", "  - '4'", "progress:", "  percent: 30", "  total_phases: 4",
            body="\nPhase: 2 of 4 (Build)\nStatus: Executing\n")
    crlf = lf.replace("\n", "\r\n")
    assert parse_statusline_fields(crlf) == parse_statusline_fields(lf)
    assert full(crlf) == full(lf)


def test_decimal_phase_line_does_not_match() -> None:
    fields = parse_statusline_fields("# State\n\nPhase: 4.5 of 9\n")
    assert "phase_num" not in fields
    fields = parse_statusline_fields("Phase: 4 of 9 (Name)\n")
    assert (fields["phase_num"], fields["phase_total"], fields["phase_name"]) == (
        "4", "9", "Name")


def test_quotes_stripped_once_each_side() -> None:
    fields = parse_statusline_fields(fm("status: \"executing\"", "milestone: 'v2.0'",
                                        "milestone_name: \"\"Two\"\""))
    assert fields["status"] == "executing"
    assert fields["milestone"] == "v2.0"
    assert fields["milestone_name"] == "\"Two\""


def test_mismatched_quotes_both_removed() -> None:
    assert parse_statusline_fields(fm("status: 'executing\""))["status"] == "executing"


def test_null_literals() -> None:
    fields = parse_statusline_fields(fm("milestone: null", "milestone_name: 'null'",
                                        "active_phase: null", "next_action: ''"))
    assert fields["milestone"] is None
    assert fields["milestone_name"] is None
    assert fields["active_phase"] is None
    assert fields["next_action"] is None


def test_next_phases_flow_and_block() -> None:
    assert parse_statusline_fields(fm("next_phases: [\"4.5\", '5', , 6 ]"))["next_phases"] == [
        "4.5", "5", "6"]
    assert parse_statusline_fields(fm("next_phases: []"))["next_phases"] is None
    block = fm("next_phases:", "  - 4.5", "  - \"5\"", "status: x")
    assert parse_statusline_fields(block)["next_phases"] == ["4.5", "5"]
    assert parse_statusline_fields(fm("next_phases:", "status: x"))["next_phases"] is None
    assert "next_phases" not in parse_statusline_fields(fm("next_phases: 4.5"))


def test_indented_keys_never_match() -> None:
    fields = parse_statusline_fields(fm("meta:", "  status: executing", "  milestone: v9"))
    assert "status" not in fields
    assert "milestone" not in fields


def test_frontmatter_must_start_at_offset_zero() -> None:
    fields = parse_statusline_fields("\n---\nstatus: executing\n---\n")
    assert "status" not in fields
    fields = parse_statusline_fields("--- \nstatus: executing\n---\n")
    assert "status" not in fields


def test_block_ends_at_first_line_starting_with_dashes() -> None:
    fields = parse_statusline_fields("---\nstatus: a\n----\nmilestone: v1\n---\n")
    assert fields == {"status": "a"}


def test_body_status_fallback() -> None:
    assert parse_statusline_fields("Status: Ready to plan\n")["status"] == "planning"
    assert parse_statusline_fields("Status: Executing 01-02\n")["status"] == "executing"
    assert parse_statusline_fields("Status: Milestone archived\n")["status"] == "complete"
    assert "status" not in parse_statusline_fields("Status: Blocked\n")
    text = fm("status: ''", body="Status: In planning\n")
    assert parse_statusline_fields(text)["status"] == "planning"


def test_phase_line_anywhere_even_in_frontmatter() -> None:
    fields = parse_statusline_fields("---\nPhase: 2 of 3\n---\n")
    assert fields["phase_num"] == "2"


def test_fixture_mid_execute() -> None:
    text = (FIXTURES / "states" / "mid-execute.md").read_text(encoding="utf-8")
    assert full(text) == "In Progress"
    assert compact(text) == "executing"


# --- read_statusline_fields: the hook's lookup -----------------------------------------------


def test_walks_up_to_flat_state(tmp_path: Path) -> None:
    (tmp_path / ".planning").mkdir()
    (tmp_path / ".planning" / "STATE.md").write_text(fm("status: executing"), encoding="utf-8")
    sub = tmp_path / "src" / "deep"
    sub.mkdir(parents=True)
    assert read_statusline_fields(sub, {"HOME": "/nonexistent"}) == {"status": "executing"}


def test_workstream_mode_without_active(tmp_path: Path) -> None:
    (tmp_path / ".planning" / "workstreams" / "api").mkdir(parents=True)
    fields = read_statusline_fields(tmp_path, {"HOME": "/nonexistent"})
    assert fields == {"no_active_workstream": True}
    assert render_state_segment(fields or {}, "full") == "no active workstream"


def test_workstream_mode_with_env_and_pointer(tmp_path: Path) -> None:
    ws = tmp_path / ".planning" / "workstreams" / "api"
    ws.mkdir(parents=True)
    (ws / "STATE.md").write_text(fm("status: verifying"), encoding="utf-8")
    env = {"HOME": "/nonexistent", "MSD_WORKSTREAM": "api"}
    assert read_statusline_fields(tmp_path, env) == {"status": "verifying"}
    (tmp_path / ".planning" / "active-workstream").write_text("api\n", encoding="utf-8")
    assert read_statusline_fields(tmp_path, {"HOME": "/nonexistent"}) == {"status": "verifying"}


def test_stale_pointer_is_not_deleted(tmp_path: Path) -> None:
    (tmp_path / ".planning" / "workstreams" / "api").mkdir(parents=True)
    pointer = tmp_path / ".planning" / "active-workstream"
    pointer.write_text("gone\n", encoding="utf-8")
    assert read_statusline_fields(tmp_path, {"HOME": "/nonexistent"}) == {
        "no_active_workstream": True}
    assert pointer.read_text(encoding="utf-8") == "gone\n"


def test_flat_state_wins_over_workstreams(tmp_path: Path) -> None:
    (tmp_path / ".planning" / "workstreams" / "api").mkdir(parents=True)
    (tmp_path / ".planning" / "STATE.md").write_text(fm("status: planning"), encoding="utf-8")
    assert read_statusline_fields(tmp_path, {"HOME": "/nonexistent"}) == {"status": "planning"}


def test_nothing_found(tmp_path: Path) -> None:
    assert read_statusline_fields(tmp_path, {"HOME": str(tmp_path)}) is None


# --- hypothesis: the parser never raises and is line-ending blind ----------------------------

_LINES = [
    "status: executing", "status: 'Paused at X'", "status:", "status: null",
    "milestone: v2.0", "milestone: \"v1.9\"", "milestone_name: Code Quality",
    "milestone_name: milestone", "active_phase: 4.5", "active_phase: null", "active_phase: ''",
    "next_action: execute-phase", "next_action: null", "next_phases: [\"4.5\", 5]",
    "next_phases: []", "next_phases:", "  - 4.5", "  - '6'", "progress:", "  percent: 20",
    "  percent: 100", "  percent: 150", "  total_phases: 3", "  completed_phases: 3",
    "  total_phases: 0", "  completed_phases: 0", "  # comment", "# top comment", "",
    "junk line", "  nested: x", "Phase: 2 of 5", "Phase: 4.5 of 9", "Status: Ready to plan",
    "Status: Complete", "Phase: 3 of 7 (Polish)", "---",
]
_LINE = st.sampled_from(_LINES)


@st.composite
def state_texts(draw: st.DrawFn) -> str:
    front = draw(st.lists(_LINE, max_size=12))
    body = draw(st.lists(_LINE, max_size=6))
    with_fm = draw(st.booleans())
    text = ("---\n" + "\n".join(front) + "\n---\n" if with_fm else "") + "\n".join(body)
    return text + draw(st.sampled_from(["", "\n", "\n\n"]))


@settings(max_examples=examples(300), deadline=None)
@given(state_texts(), st.text(max_size=40))
def test_parser_total_and_crlf_blind(text: str, noise: str) -> None:
    fields = parse_statusline_fields(text)
    assert parse_statusline_fields(text.replace("\n", "\r\n")) == fields
    for fmt in ("full", "compact"):
        out = render_state_segment(fields, fmt)
        assert "\n" not in out
    parse_statusline_fields(noise + text)  # never raises
    for value in fields.values():
        assert value is None or isinstance(value, str | list | bool)


# --- differential: the real upstream hook under node ----------------------------------------


_DRIVER = """
const hook = require(process.argv[1]);
let input = '';
process.stdin.setEncoding('utf8');
process.stdin.on('data', c => input += c);
process.stdin.on('end', () => {
  const out = JSON.parse(input).map(t => {
    const s = hook.parseStateMd(t);
    return {full: hook.formatGsdState(s), compact: hook.formatGsdStateCompact(s)};
  });
  process.stdout.write(JSON.stringify(out));
});
"""


def _run_upstream(texts: list[str], tmp_path: Path, upstream_pkg: Path) -> list[dict[str, str]]:
    hook = upstream_pkg.parent / "hooks" / "gsd-statusline.js"
    node = shutil.which("node")
    assert node is not None  # the fixture skips without node/npm
    assert hook.is_file(), hook
    proc = subprocess.run(
        [node, "-e", _DRIVER, str(hook)], input=json.dumps(texts), capture_output=True,
        text=True, encoding="utf-8", errors="surrogateescape", timeout=50, check=False,
        cwd=tmp_path, env={"PATH": os.environ.get("PATH", ""), "HOME": str(tmp_path)},
    )
    if proc.returncode != 0:
        pytest.fail(f"node driver failed: {proc.stderr[-2000:]}")
    result: list[dict[str, str]] = json.loads(proc.stdout)
    return result


def _generated_cases(n: int, seed: int) -> list[str]:
    rng = random.Random(seed)
    extra = ["status: Awaiting next milestone", "status: Blocked — waiting on api",
             "status: ready to execute after planning", "status: Phase complete",
             "status: \u00e9t\u00e9 \U0001F680\U0001F680\U0001F680\U0001F680\U0001F680"
             "\U0001F680\U0001F680\U0001F680\U0001F680",
             "milestone:   'v3.1'  ", "status: \u2003spaced\u2003", "Phase:\n3 of 4",
             "status: stopped", "  percent: 0100", "  percent: 07", "next_phases: [ ]",
             "Status:\u00a0executing", "status: done", "status: discussing"]
    pool = _LINES + extra
    out = []
    for _ in range(n):
        front = [rng.choice(pool) for _ in range(rng.randint(0, 10))]
        body = [rng.choice(pool) for _ in range(rng.randint(0, 4))]
        text = ("---\n" + "\n".join(front) + "\n---\n" if rng.random() < 0.9 else "")
        text += "\n".join(body) + rng.choice(["", "\n"])
        if rng.random() < 0.2:
            text = text.replace("\n", "\r\n")
        out.append(text)
    return out


_CURATED = [
    fm("milestone: v2.0", "status: executing", "active_phase: 4.5", "progress:",
       "  percent: 20"),
    fm("milestone: v2.0", "next_action: execute-phase", 'next_phases: ["4.5"]', "progress:",
       "  percent: 20"),
    fm("milestone: v2.0", "progress:", "  percent: 100"),
    fm("milestone: v1.9", "milestone_name: Code Quality", "status: executing",
       body="Phase: 1 of 5\n"),
    fm("milestone: v2.0", "status: executing", "progress:", "  percent: 150"),
    fm("milestone: v2.0", "progress:", "  total_phases: 0", "  completed_phases: 0"),
    fm("progress:", "  # c", "  percent: 40"),
    "Phase: 4.5 of 9\nStatus: Executing\n",
    fm("status: 'executing\"", "milestone: \"v2\""),
    fm("status: Awaiting next milestone"),
    fm("status: Antidisestablishmentarianism"),
    fm("status: \U0001F680\U0001F680\U0001F680\U0001F680\U0001F680\U0001F680\U0001F680"
       "\U0001F680\U0001F680x"),
    "---\r\nstatus: executing\r\nprogress:\r\n  percent: 50\r\n---\r\nPhase: 2 of 3\r\n",
]


def test_matches_upstream_hook_on_curated_and_generated(tmp_path: Path,
                                                        upstream_pkg: Path) -> None:
    texts = _CURATED + _generated_cases(400, seed=7502)
    texts += [(FIXTURES / "states" / name).read_text(encoding="utf-8")
              for name in ("mid-execute.md", "interrupted-agent-id.md", "template-state.md")]
    expected = _run_upstream(texts, tmp_path, upstream_pkg)
    mismatches = []
    for text, exp in zip(texts, expected, strict=True):
        got = {"full": full(text), "compact": compact(text)}
        if got != exp:
            mismatches.append((text, exp, got))
    assert not mismatches, mismatches[:5]


# upstream parseStateMd's frontmatter pattern, as the status line's reference
_UPSTREAM_FM_RE = re.compile(r"\A---\r?\n([\s\S]*?)\r?\n---")


@settings(max_examples=examples(400), deadline=None)
@given(st.lists(st.sampled_from(["---", "-", "\r", "\n", "\r\n", "\r\n---", "x", "status: a"]),
                max_size=14).map("".join))
def test_frontmatter_block_is_what_upstream_captures(text: str) -> None:
    m = _UPSTREAM_FM_RE.match(text)
    assert statusline_frontmatter(text) == (m.group(1) if m else None)


def test_frontmatter_block_examples() -> None:
    assert statusline_frontmatter("---\nstatus: a\n---\nbody") == "status: a"
    assert statusline_frontmatter("---\r\nstatus: a\r\n---\r\n") == "status: a"
    assert statusline_frontmatter("---\n\n---") == ""
    assert statusline_frontmatter("---\r\n\r\n---") == ""
    assert statusline_frontmatter("---\n---") is None  # the block needs its own line break
    assert statusline_frontmatter("---\nstatus: a\n") is None
    assert statusline_frontmatter(" ---\n\n---") is None
