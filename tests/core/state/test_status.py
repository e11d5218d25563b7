"""The one status of a project: frontmatter wins (as the status line reads it), a body that
disagrees is reported with both lines, and the status line itself is untouched."""

from __future__ import annotations

from pathlib import Path

import pytest

from msd_desktop.core.state.project import load_project_state
from msd_desktop.core.state.state_md import parse_state_text
from msd_desktop.core.state.status import derive_status
from msd_desktop.core.state.statusline import (
    frontmatter_status,
    parse_statusline_fields,
    render_state_segment,
)

DISAGREE = (
    "---\n"                                  # 1
    "milestone: v1.0\n"                      # 2
    "status: executing\n"                    # 3
    "---\n"                                  # 4
    "\n"                                     # 5
    "# Project State\n"                      # 6
    "\n"                                     # 7
    "## Current Position\n"                  # 8
    "\n"                                     # 9
    "Phase: 2 of 4 (Printable Output)\n"     # 10
    "Status: Paused — waiting for review\n"  # 11
    "\n"                                     # 12
    "## Session\n"                           # 13
    "\n"                                     # 14
    "Paused At: 2026-11-28 16:00\n"          # 15
)


def project(tmp_path: Path, state: str) -> Path:
    root = tmp_path / "p"
    (root / ".planning").mkdir(parents=True)
    (root / ".planning" / "STATE.md").write_text(state, encoding="utf-8")
    return root


def test_frontmatter_wins_and_the_body_is_reported() -> None:
    status = derive_status(parse_state_text(DISAGREE))
    assert (status.value, status.raw, status.source, status.line) == (
        "executing", "executing", "frontmatter", 3)
    (conflict,) = status.conflicts
    assert (conflict.other_label, conflict.other_line, conflict.other_normalized) == (
        "Status:", 11, "paused")
    assert conflict.other_value == "Paused — waiting for review"


def test_consistency_check_names_file_lines_and_both_values(tmp_path: Path) -> None:
    state = load_project_state(project(tmp_path, DISAGREE), {"HOME": str(tmp_path)})
    found = [p for p in state.problems if "disagrees with itself" in p.message]
    assert len(found) == 1
    problem = found[0]
    assert (problem.file, problem.line, problem.severity) == (".planning/STATE.md", 3, "warning")
    assert problem.message.startswith("STATE.md disagrees with itself")
    assert "status: executing (line 3)" in problem.message
    assert "Status: Paused — waiting for review (line 11, read as paused)" in problem.message
    assert "MSD shows executing everywhere" in problem.message
    assert state.status.value == "executing"
    assert state.to_dict()["normalized_status"] == "executing"


def test_status_line_is_unchanged_and_agrees(tmp_path: Path) -> None:
    fields = parse_statusline_fields(DISAGREE)
    assert render_state_segment(fields, "full") == "v1.0 · executing · Printable Output (2/4)"
    assert render_state_segment(fields, "compact") == "v1.0 · P2/4 · executing"
    state = load_project_state(project(tmp_path, DISAGREE), {"HOME": str(tmp_path)})
    assert state.statusline_full == "v1.0 · executing · Printable Output (2/4)"


def test_a_pause_only_in_session_is_reported_too() -> None:
    text = DISAGREE.replace("Status: Paused — waiting for review", "Status: Executing Phase 2")
    status = derive_status(parse_state_text(text))
    assert status.value == "executing"
    (conflict,) = status.conflicts
    assert (conflict.other_label, conflict.other_value, conflict.other_line) == (
        "Paused At:", "2026-11-28 16:00", 15)


def test_frontmatter_paused_at_against_its_own_status() -> None:
    text = "---\nstatus: planning\npaused_at: '2026-11-28'\n---\n"
    status = derive_status(parse_state_text(text))
    assert status.value == "planning"
    (conflict,) = status.conflicts
    assert (conflict.other_label, conflict.other_line, conflict.status_line) == (
        "paused_at:", 3, 2)
    assert "the frontmatter says paused_at:" in conflict.message("STATE.md", "planning")


@pytest.mark.parametrize(("fm", "body"), [
    ("executing", "Executing Phase 2"),
    ("verifying", "Phase complete — ready for verification"),
    ("paused", "Paused"),
    ("completed", "Complete ✓"),
    ("Awaiting next milestone", "Awaiting next milestone"),
])
def test_agreeing_files_raise_nothing(fm: str, body: str) -> None:
    text = f"---\nstatus: {fm}\n---\n\n## Current Position\n\nStatus: {body}\n"
    status = derive_status(parse_state_text(text))
    assert status.conflicts == ()
    assert status.source == "frontmatter"


def test_no_frontmatter_status_falls_back_to_the_body() -> None:
    # the status line reads the body's Status: line itself when the frontmatter has none …
    planning = derive_status(parse_state_text("---\nmilestone: v1\n---\nStatus: Ready to plan\n"))
    assert (planning.value, planning.source, planning.line) == ("planning", "body", 4)
    # … and says nothing for a pause; the document's own reading fills in then
    paused = derive_status(parse_state_text("# State\n\nStatus: Paused\n"))
    assert (paused.value, paused.source, paused.conflicts) == ("paused", "body", ())
    assert parse_statusline_fields("# State\n\nStatus: Paused\n").get("status") is None


def test_nothing_said() -> None:
    assert derive_status(None).value == ""
    assert derive_status(parse_state_text("# just a heading\n")).value == "unknown"


def test_frontmatter_status_reads_like_the_status_line() -> None:
    assert frontmatter_status("---\nstatus: 'executing'\n---\nStatus: Paused\n") == "executing"
    assert frontmatter_status("---\nstatus: null\n---\n") is None
    assert frontmatter_status("# no frontmatter\nstatus: x\n") is None
