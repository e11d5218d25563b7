"""STATE.md reading: tolerant frontmatter, body sections, §7.1 field rules, §7.3 statuses."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.state.markdown_sections import collect_section, tokenize_headings
from msd_desktop.core.state.state_md import (
    extract_field,
    is_template_default_status,
    normalize_status,
    parse_state_file,
    parse_state_text,
    serialize_frontmatter,
)
from tests.property_examples import examples

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures" / "states"


# --- §7.3 table, in order, and its consequences ---------------------------------------------


@pytest.mark.parametrize(
    ("status", "paused_at", "expected"),
    [
        ("Paused at checkpoint", None, "paused"),
        ("Stopped by user", None, "paused"),
        ("executing", "2026-08-01", "paused"),
        ("anything", "x", "paused"),
        ("Executing Phase 2", None, "executing"),
        ("In progress", None, "executing"),
        ("Planning", None, "planning"),
        ("Ready to plan", None, "planning"),
        ("Discussing phase 3", None, "discussing"),
        ("Verifying", None, "verifying"),
        ("verification pending", None, "verifying"),
        ("Complete", None, "completed"),
        ("done", None, "completed"),
        ("Ready to execute", None, "executing"),
        # consequences of the order
        ("Phase complete — ready for verification", None, "verifying"),
        ("Planning complete", None, "planning"),
        ("ready to execute after planning", None, "planning"),
        ("Discussing — paused", None, "paused"),
        ("executing the plan (planning done)", None, "executing"),
        # pass-through and unknown
        ("Awaiting next milestone", None, "Awaiting next milestone"),
        ("BLOCKED", None, "BLOCKED"),
        ("", None, "unknown"),
        (None, None, "unknown"),
        (None, "2026-01-01", "paused"),
        ("x", 0, "x"),
        ("x", "", "x"),
        ("x", False, "x"),
    ],
)
def test_normalize_status_table(status: str | None, paused_at: object, expected: str) -> None:
    assert normalize_status(status, paused_at) == expected


def test_template_default_status() -> None:
    assert is_template_default_status("Ready to plan")
    assert is_template_default_status("executing phase 12")
    assert is_template_default_status("Complete ✅")
    assert not is_template_default_status("Blocked on the API key")


# --- frontmatter -----------------------------------------------------------------------------


def test_full_fixture() -> None:
    doc = parse_state_file(FIXTURES / "full-state.md")
    assert doc.error is None
    assert doc.warnings == []
    assert doc.version == "1.0"
    assert doc.version_key == "gsd_state_version"
    assert doc.state_head == "0123456789abcdef0123456789abcdef01234567"
    assert doc.fm["last_updated"] == "2026-08-01T10:00:00.000Z"  # timestamps stay text
    assert doc.fm["last_activity"] == "2026-08-01"
    assert doc.progress == {"total_phases": 3, "completed_phases": 1, "total_plans": 4,
                            "completed_plans": 2, "percent": 33}
    assert doc.status == "executing"
    cp = doc.current_position
    assert (cp["phase_number"], cp["phase_total"], cp["phase_name"]) == (
        "2", 3, "Printable Output")
    assert (cp["plan_number"], cp["plan_total"]) == (1, 1)
    assert cp["status"] == "Executing Phase 2"
    assert (cp["last_activity"], cp["last_activity_desc"]) == (
        "2026-08-01", "Completed 02-01-PLAN.md")
    assert cp["progress_percent"] == 33
    assert doc.project_reference["core_value"] == (
        "Turn a markdown checklist into a printable page")
    pm = doc.performance_metrics
    assert pm["total_plans_completed"] == "2"
    assert pm["trend"] == "Stable"
    assert pm["by_phase"] == [{"Phase": "01", "Plans": "2", "Total": "24 min",
                               "Avg/Plan": "12 min"}]
    acc = doc.accumulated_context
    assert acc["decisions"] == ["[Phase 1]: Use a hand-written tokenizer",
                                "[Phase 1]: Items keep their source line"]
    assert acc["pending_todos"] == []
    assert acc["blockers"] == ["[Phase 2]: The print CSS needs a real printer test"]
    assert doc.session == {"last_session": "2026-08-01 10:00",
                           "stopped_at": "Completed 02-01-PLAN.md", "paused_at": None,
                           "resume_file": None}


def test_msd_state_version_is_read() -> None:
    doc = parse_state_text("---\nmsd_state_version: 1.0\nstatus: planning\n---\n")
    assert doc.version == "1.0"
    assert doc.version_key == "msd_state_version"


def test_gsd_version_preferred_when_both() -> None:
    doc = parse_state_text("---\nmsd_state_version: '2'\ngsd_state_version: '1.0'\n---\n")
    assert doc.version_key == "gsd_state_version"


def test_broken_yaml_gives_file_line_not_exception() -> None:
    text = "---\nstatus: executing\nnext_phases: [4.5\nmilestone: v2\n---\n# body\nStatus: Paused\n"
    doc = parse_state_text(text)
    assert doc.frontmatter is None
    assert doc.error is not None
    assert doc.error.line == 4  # "milestone: v2" is where the flow list breaks
    assert doc.error.column is not None
    assert "not valid YAML" in doc.error.message
    assert doc.current_position["status"] == "Paused"  # the body is still read
    assert doc.normalized_status == "paused"


def test_bad_indentation_error_line() -> None:
    text = "---\nstatus: a\nprogress:\n  percent: 3\n   total: 4\n---\n"
    doc = parse_state_text(text)
    assert doc.error is not None
    assert doc.error.line == 5


def test_tab_error_line_with_bom_and_crlf() -> None:
    text = "\ufeff---\r\nstatus: a\r\nb:\t- x\r\n\tc: 1\r\n---\r\n"
    doc = parse_state_text(text)
    assert doc.error is not None
    assert doc.error.line in (3, 4)


def test_unterminated_frontmatter() -> None:
    doc = parse_state_text("---\nstatus: executing\nmilestone: v2\n")
    assert doc.frontmatter is None
    assert doc.error is not None
    assert doc.error.line == 1
    assert "closing" in doc.error.message


def test_text_before_fence_is_not_frontmatter() -> None:
    doc = parse_state_text("<!-- note -->\n---\nstatus: executing\n---\n")
    assert doc.frontmatter is None
    assert doc.error is None
    doc = parse_state_text("\n\n---\nstatus: executing\n---\n")
    assert doc.frontmatter is None
    assert doc.warnings
    assert doc.warnings[0].line == 3


def test_bom_is_tolerated() -> None:
    doc = parse_state_text("\ufeff---\nstatus: executing\n---\nbody\n")
    assert doc.fm == {"status": "executing"}
    assert doc.body == "body\n"
    assert doc.body_start_line == 4


def test_non_mapping_frontmatter() -> None:
    doc = parse_state_text("---\n- a\n- b\n---\n")
    assert doc.frontmatter is None
    assert doc.error is not None
    assert doc.error.line == 2


def test_empty_frontmatter() -> None:
    assert parse_state_text("---\n\n---\n").fm == {}
    assert parse_state_text("---\n---\nbody").frontmatter == {}


def test_duplicate_keys_warn() -> None:
    doc = parse_state_text("---\nstatus: a\nstatus: b\n---\n")
    assert doc.error is None
    assert doc.fm["status"] == "a"
    assert doc.warnings
    assert doc.warnings[0].line == 3


def test_custom_and_odd_values_survive() -> None:
    text = ("---\ncustom_key: {a: 1}\nstatus: 5\nmilestone: null\npaused_at: '2026-08-01'\n"
            "state_head: nothex\n---\n")
    doc = parse_state_text(text)
    assert doc.fm["custom_key"] == {"a": 1}
    assert doc.status == "5"
    assert doc.normalized_status == "paused"
    assert doc.state_head is None


def test_interrupted_fixture_has_no_frontmatter() -> None:
    doc = parse_state_file(FIXTURES / "interrupted-agent-id.md")
    assert doc.frontmatter is None
    assert doc.error is None
    assert doc.normalized_status == "unknown"


def test_mid_execute_fixture() -> None:
    doc = parse_state_file(FIXTURES / "mid-execute.md")
    assert doc.fm["current_phase"] == "01"
    assert doc.status == "In Progress"
    assert doc.normalized_status == "executing"
    assert doc.accumulated_context["decisions"] == []


def test_unreadable_file(tmp_path: Path) -> None:
    doc = parse_state_file(tmp_path / "missing.md")
    assert doc.error is not None
    assert "cannot read" in doc.error.message


def test_huge_body_keeps_every_decision() -> None:
    """How long it takes: bench/bench_core_limits.py (``state_md``)."""
    body = "\n".join(f"- [Phase {i}]: decision number {i} | with | pipes" for i in range(60000))
    text = "---\nstatus: executing\n---\n## Accumulated Context\n\n### Decisions\n\n" + body
    doc = parse_state_text(text)
    assert len(doc.accumulated_context["decisions"]) == 60000


def test_huge_unterminated_flow_is_an_error() -> None:
    text = "---\nx: [" + "a, " * 20000 + "\n---\n"
    doc = parse_state_text(text)
    assert doc.error is not None


# --- body field rules (§7.1) ----------------------------------------------------------------


def test_extract_field_order() -> None:
    text = "Status: plain\n**Status:** bold\n| Status | table |\n"
    assert extract_field(text, "Status") == "bold"
    assert extract_field("x\nstatus: plain one\n| Status | t |", "Status") == "plain one"
    assert extract_field("| Field | Value |\n|---|---|\n| Status | in table |\n",
                         "Status") == "in table"


def test_extract_field_bold_anywhere_case_insensitive() -> None:
    assert extract_field("- some **STATUS:**   go  \n", "Status") == "go"


def test_plain_field_must_start_line() -> None:
    assert extract_field("  Status: indented\n", "Status") is None
    assert extract_field("The Status: inline\n", "Status") is None


def test_table_rules() -> None:
    assert extract_field("| Status | a | b |\n", "Status") is None  # 3 columns
    assert extract_field("| --- | --- |\n", "---") is None  # separator row skipped
    assert extract_field("|  status\t| v |  \n", "Status") == "v"
    assert extract_field("| Status | v", "Status") is None  # not closed
    assert extract_field("| \u212a | v |", "k") is None  # Kelvin sign does not fold to k


def test_crlf_body_fields() -> None:
    doc = parse_state_text("---\r\nstatus: a\r\n---\r\n## Current Position\r\n\r\n"
                           "Phase: 3 of 5 (Build)\r\nStatus: Executing\r\n")
    assert doc.current_position["phase_number"] == "3"
    assert doc.current_position["status"] == "Executing"


def test_phase_scoped_to_current_position() -> None:
    text = ("## Archive\n\nPhase: 1 of 9 (Old)\n\n### Current Position\n\nPhase: 4 of 5 (New)\n"
            "\n## Session\n\nStopped at: here\nPaused At: 2026-08-01\n")
    doc = parse_state_text(text)
    assert doc.current_position["phase_number"] == "4"
    assert doc.session["stopped_at"] == "here"
    assert doc.normalized_status == "paused"


def test_session_prefers_session_over_continuity() -> None:
    text = ("## Session Continuity\n\nStopped at: old\n\n## Session\n\nStopped at: new\n")
    assert parse_state_text(text).session["stopped_at"] == "new"


def test_headings_in_fences_are_not_sections() -> None:
    text = "```\n## Current Position\nPhase: 9 of 9\n```\n## Current Position\nPhase: 1 of 2\n"
    assert [h.line for h in tokenize_headings(text)] == [5]
    sec = collect_section(text, lambda h: h.text == "Current Position")
    assert sec is not None
    assert sec.body == "Phase: 1 of 2"


def test_decimal_body_phase() -> None:
    doc = parse_state_text("## Current Position\n\nPhase: 4.5 of 9 (Hotfix)\n")
    assert doc.current_position["phase_number"] == "4.5"
    assert doc.current_position["phase_total"] == 9


# --- writer rules ---------------------------------------------------------------------------


def test_serialize_frontmatter_rules() -> None:
    out = serialize_frontmatter({
        "gsd_state_version": "1.0", "status": "executing", "paused_at": None,
        "stopped_at": "Completed: 02-01", "next_phases": ["4.5"], "note": "#tag",
        "long": ["a" * 30, "b" * 30], "progress": {"percent": 40, "total_phases": 5},
    }, "# Body\n")
    assert out == (
        "---\n"
        'gsd_state_version: "1.0"\n'
        "status: executing\n"
        'stopped_at: "Completed: 02-01"\n'
        'next_phases: ["4.5"]\n'
        'note: "#tag"\n'
        "long:\n"
        f"  - {'a' * 30}\n"
        f"  - {'b' * 30}\n"
        "progress:\n"
        "  percent: 40\n"
        "  total_phases: 5\n"
        "---\n\n# Body\n"
    )
    doc = parse_state_text(out)
    assert doc.fm["stopped_at"] == "Completed: 02-01"
    assert doc.fm["gsd_state_version"] == "1.0"
    assert "paused_at" not in doc.fm


# --- hypothesis -----------------------------------------------------------------------------

_FM_LINES = st.sampled_from([
    "status: executing", "status: 'Paused'", "milestone: v2.0", "progress:", "  percent: 20",
    "  total_phases: [", "next_phases: [4.5", "key: {a: 1", "- item", "\tbad: tab", "a: b: c",
    "'unclosed: x", "!!binary x", "*alias", "&anchor a: 1", "k: |", "  text", "", "# c",
    "---x", "key:  \"esc \\q\"", "dup: 1", "dup: 2",
])


@settings(max_examples=examples(250), deadline=None)
@given(st.lists(_FM_LINES, max_size=10), st.text(max_size=200), st.booleans())
def test_parse_never_raises_and_locates_errors(lines: list[str], body: str, crlf: bool) -> None:
    text = "---\n" + "\n".join(lines) + "\n---\n" + body
    if crlf:
        text = text.replace("\n", "\r\n")
    doc = parse_state_text(text)
    total_lines = text.count("\n") + 1
    if doc.error is not None:
        assert doc.frontmatter is None
        assert doc.error.line is None or 1 <= doc.error.line <= total_lines
    else:
        assert isinstance(doc.frontmatter, dict)
    assert isinstance(doc.normalized_status, str)


@settings(max_examples=examples(150), deadline=None)
@given(st.text(max_size=300))
def test_arbitrary_text_never_raises(text: str) -> None:
    doc = parse_state_text(text)
    doc.sections_dict()
    assert doc.normalized_status


def test_fixture_copy_round(tmp_path: Path) -> None:
    target = tmp_path / "STATE.md"
    shutil.copy(FIXTURES / "full-state.md", target)
    assert parse_state_file(target).fm["milestone"] == "v1.0"


def test_aliased_collections_are_refused() -> None:
    text = "---\na: &x [1, 2]\nb: *x\nc: &y [*x, *x]\n---\n"
    doc = parse_state_text(text)
    assert doc.frontmatter is None
    assert doc.error is not None
    assert doc.error.line == 3
    loop = parse_state_text("---\na: &x [*x]\n---\n")
    assert loop.error is not None
    assert parse_state_text("---\na: &s text\nb: *s\n---\n").fm == {"a": "text", "b": "text"}


# --- the label pre-check in front of extract_field's regexes ---------------------------------


def test_case_traps_are_every_non_ascii_ignorecase_match_of_a_letter() -> None:
    """``_lacks_label`` is exact only if CASE_TRAPS lists every such character."""
    from msd_desktop.core.state.state_md import CASE_TRAPS

    every = "".join(chr(c) for c in range(0x110000) if not 0xD800 <= c <= 0xDFFF)
    found = {m.group() for m in re.finditer("[a-z]", every, re.IGNORECASE)}
    assert {c for c in found if not c.isascii()} == set(CASE_TRAPS)


_FIELD_NAMES = ["Status", "Phase", "Current Phase", "Last Activity", "Progress", "Plan",
                "Total plans completed", "Resume file", "Stopped At"]
_FIELD_TOKENS = [*"StatusPhasePlan sTaTuS:*|-\n\r\t#İıſKk\u2028", "Status:", "**Status:**",
                 "| Status | v |", "- Plan: 2", "ſtatus:", "Phaſe:", "PHASE:"]
_FIELD_TEXT = st.lists(st.sampled_from(_FIELD_TOKENS), max_size=40).map("".join)


@settings(max_examples=examples(400), deadline=None)
@given(_FIELD_TEXT, st.sampled_from(_FIELD_NAMES))
def test_label_precheck_changes_no_answer(text: str, name: str) -> None:
    from msd_desktop.core.state import state_md

    fast = (extract_field(text, name), state_md._list_field(text, name))
    original = state_md._lacks_label
    state_md._lacks_label = lambda _content, _label: False  # always run the regexes
    try:
        slow = (extract_field(text, name), state_md._list_field(text, name))
    finally:
        state_md._lacks_label = original
    assert fast == slow


def test_label_precheck_sees_case_traps() -> None:
    # "ſ" matches "s" under re.IGNORECASE, but "ſ".lower() is not "s"
    assert extract_field("ſtatus: long s\n", "Status") == "long s"
    assert extract_field("**STATUS:** loud\n", "Status") == "loud"


@settings(max_examples=examples(500), deadline=None)
@given(st.lists(st.sampled_from(["#", "##", " ", "\t", "a", "b c", "\\#", "\r", "é"]),
                max_size=12).map("".join))
def test_heading_text_matches_the_regexes_it_replaces(rest: str) -> None:
    from msd_desktop.core.state.markdown_sections import heading_text

    text = re.sub(r"^[ \t]+", "", rest)
    text = re.sub(r"[ \t]+#+[ \t]*$", "", text)
    text = re.sub(r"^#+[ \t]*$", "", text)
    assert heading_text(rest) == text
