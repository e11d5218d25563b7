"""The summary parse of STATE.md agrees with the full parse on everything a summary reads.

``parse_state_text(summary=True)`` searches the body only for the current position, the
blockers and the session's stopped and paused times. These tests compare it with the full
parse on generated STATE.md texts built from the pieces those lookups are sensitive to
(headings of every level and case, the sections' aliases, fields in each §7.1 form, bullets,
fences that hide a heading, CRLF, broken frontmatter), and on every STATE.md bundled with the
demo and the test fixtures.
"""

from __future__ import annotations

import re
from pathlib import Path

from hypothesis import example, given, settings
from hypothesis import strategies as st

from msd_desktop.core.state import state_md
from msd_desktop.core.state.state_md import StateDoc, parse_state_text
from tests.property_examples import examples

ROOT = Path(__file__).resolve().parents[3]

_HEADINGS = [
    "## Current Position", "### current position", "# Current Position", "## Project Reference",
    "## Accumulated Context", "## accumulated context", "### Blockers/Concerns", "### Blockers",
    "#### Concerns", "## Blockers", "## Concerns", "### Decisions", "## Pending Todos",
    "## Session", "## Session Continuity", "### Session", "## Performance Metrics",
    "## Other", "###### deep", "#", "## Session ##",
]
_LINES = [
    "Phase: 3 of 5 (Sync)", "Phase: 2", "**Phase:** 10 of 12", "Plan: 1 of 4", "Plan: two",
    "Status: Executing", "**Status:** paused", "status: done", "Last Activity: 2026-01-02",
    "Last Activity: 2026-01-02 -- did things", "Last activity: yesterday", "Progress: 40%",
    "Progress: [####] 75%", "Current Phase: 4", "Current Phase Name: Tax",
    "Current Plan: 04-02", "Stopped At: 2026-01-03", "**Stopped At:** after 2",
    "Paused At: noon", "Paused at:", "Resume file: none", "Last session: today",
    "| Status | Blocked |", "| Paused At | 5 pm |", "|---|---|", "| Phase | 1 of 2 |",
    "- Waiting on credentials", "* None yet", "- None yet.", "1. first blocker", "+ plus",
    "- Stopped At: inside a bullet", "```", "~~~", "````md", "    indented", "",
    "plain words", "\u0130stanbul", "K Kelvin",
]
_FRONTMATTER = [
    "", "---\nstatus: executing\nmilestone: v1\n---\n",
    "---\r\nstatus: paused\r\npaused_at: 2026-01-01\r\n---\r\n",
    "---\nstatus: [unclosed\n---\n", "---\nstatus: a\nstatus: b\n---\n", "---\nno end\n",
    "\ufeff---\nprogress:\n  percent: 50\n---\n", "text\n---\nstatus: x\n---\n",
]


@st.composite
def state_texts(draw: st.DrawFn) -> str:
    """A STATE.md: a frontmatter variant, then a body of headings and field lines."""
    body = draw(st.lists(st.one_of(st.sampled_from(_HEADINGS), st.sampled_from(_LINES),
                                   st.text(st.sampled_from(list("#-*|: \tab`~\r")),
                                           max_size=12)),
                         max_size=30))
    newline = draw(st.sampled_from(["\n", "\r\n"]))
    return draw(st.sampled_from(_FRONTMATTER)) + newline.join(body)


def assert_agree(text: str) -> None:
    """What a summary reads from the summary parse is what the full parse says."""
    full = parse_state_text(text, Path("STATE.md"))
    part = parse_state_text(text, Path("STATE.md"), summary=True)
    assert (part.path, part.text, part.frontmatter, part.error, part.body,
            part.body_start_line, part.warnings) == (
        full.path, full.text, full.frontmatter, full.error, full.body, full.body_start_line,
        full.warnings)
    assert part.current_position == full.current_position
    assert part.accumulated_context == {"blockers": full.accumulated_context["blockers"]}
    assert part.session == {"stopped_at": full.session["stopped_at"],
                            "paused_at": full.session["paused_at"]}
    # and what the summary derives from them
    assert (part.status, part.paused_at, part.normalized_status, part.progress,
            part.version, part.state_head) == (
        full.status, full.paused_at, full.normalized_status, full.progress, full.version,
        full.state_head)
    # the sections the summary never shows are left empty
    assert part.project_reference == {}
    assert part.performance_metrics == {}


@settings(max_examples=examples(500), deadline=None)
@given(state_texts())
@example("## Accumulated Context\n### Blockers\n- one\n## Blockers\n- two\n")
@example("## Blockers\n```\n## Accumulated Context\n```\n- hidden? no\n")
@example("## Session Continuity\nStopped At: x\n## Session\nPaused At: y\n")
@example("Stopped At: body-wide\n## Session\nnothing here\n")
def test_the_summary_parse_agrees_with_the_full_parse(text: str) -> None:
    assert_agree(text)


def test_every_bundled_state_md_agrees() -> None:
    files = sorted((ROOT / "msd_desktop" / "resources" / "demo").rglob("STATE.md"))
    files += sorted((ROOT / "tests" / "fixtures").rglob("STATE.md"))
    assert len(files) >= 5
    for path in files:
        assert_agree(path.read_text("utf-8", errors="replace"))


def test_a_body_with_every_section_fills_only_the_summary_fields() -> None:
    text = ("---\nstatus: executing\n---\n## Current Position\nPhase: 2 of 3 (Sync)\n"
            "## Project Reference\nCore value: speed\n"
            "## Accumulated Context\n### Decisions\n- keep it\n### Blockers\n- creds\n"
            "## Session Continuity\nStopped At: 04-02\nResume file: a.md\n")
    part: StateDoc = parse_state_text(text, summary=True)
    assert part.current_position["phase_total"] == 3
    assert part.accumulated_context == {"blockers": ["creds"]}
    assert part.session == {"stopped_at": "04-02", "paused_at": None}
    full = parse_state_text(text)
    assert full.accumulated_context["decisions"] == ["keep it"]
    assert full.session["resume_file"] == "a.md"
    assert full.project_reference["core_value"] == "speed"


def table_field_by_lines(content: str, name: str) -> str | None:
    """A table row's value looked up line by line (the reference for the kept rows)."""
    for line in re.split(r"\r\n|\r|\n", content):
        if not line.startswith("|") or line.count("|") != 3:
            continue
        if not line.rstrip(" \t").endswith("|"):
            continue
        second = line.index("|", 1)
        raw_cell = line[1:second]
        if re.fullmatch(r"[\s\-:]+", raw_cell.strip()):
            continue
        third = line.index("|", second + 1)
        if state_md._field_matches_cell(name, raw_cell):
            return line[second + 1:third].strip(" \t").strip()
    return None


_ROW_PIECES = st.sampled_from(["|", "| ", " |", "Status", "status ", "\u0130", "Phase", ":",
                               "-", "---", " ", "\t", "\n", "\r\n", "\r", "x", "| Status | a |"])


@settings(max_examples=examples(600), deadline=None)
@given(st.lists(_ROW_PIECES, max_size=30).map("".join),
       st.sampled_from(["Status", "Phase", "Paused At", "x", "I"]))
@example("| Status | a |\n|---|---|\n| status | b |", "Status")
def test_kept_table_rows_answer_as_the_lines_do(content: str, name: str) -> None:
    assert state_md._table_field(content, name) == table_field_by_lines(content, name)
    # asked again (the rows are kept): the same answer
    assert state_md._table_field(content, name) == table_field_by_lines(content, name)
