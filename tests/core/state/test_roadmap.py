"""ROADMAP.md phases (adversarial fixtures of upstream #3594), phase folders, §7.4 progress."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from msd_desktop.core.state.roadmap import (
    MAX_PHASES,
    compute_percent,
    derive_progress,
    dir_phase_key,
    is_sentinel_phase,
    js_round,
    parse_roadmap_file,
    parse_roadmap_text,
    phase_key,
    scan_phases_dir,
)
from tests.property_examples import examples

ROADMAPS = Path(__file__).resolve().parents[2] / "fixtures" / "roadmaps"


def ids(name: str) -> list[str]:
    rm = parse_roadmap_file(ROADMAPS / name)
    assert rm is not None
    return [p.id for p in rm.phases]


def counted(name: str, version: str | None = None) -> list[str]:
    rm = parse_roadmap_file(ROADMAPS / name)
    assert rm is not None
    return [p.id for p in rm.scoped_phases(version) if p.counted]


# --- adversarial fixtures (ADVERSARIAL-NOTES.md) ---------------------------------------------


def test_heading_inside_fenced_code_ignored() -> None:
    assert ids("phase-heading-inside-fenced-code.md") == ["1", "2"]


def test_nested_fences_ignored() -> None:
    assert ids("nested-fenced-code.md") == ["1"]
    rm = parse_roadmap_file(ROADMAPS / "nested-fenced-code.md")
    assert rm is not None
    assert rm.phases[0].line == 18
    assert rm.problems == []


def test_html_comments_ignored() -> None:
    assert ids("markdown-headings-inside-html-comment.md") == ["1"]


def test_unicode_titles_preserved() -> None:
    rm = parse_roadmap_file(ROADMAPS / "unicode-phase-titles.md")
    assert rm is not None
    assert [p.name for p in rm.phases] == [
        "日本語フェーズ — initial setup",
        "🚧 Émile's \"phase\" with smart quotes",
        "αβγ δεζ ηθι",
    ]


def test_repeated_ids_first_wins() -> None:
    rm = parse_roadmap_file(ROADMAPS / "repeated-phase-ids.md")
    assert rm is not None
    assert [p.id for p in rm.phases] == ["1", "2", "1"]
    first = rm.phase("1")
    assert first is not None
    assert first.name == "first declaration of phase 1"
    assert rm.phases[2].duplicate_of_line == 3
    assert counted("repeated-phase-ids.md") == ["1", "2"]
    assert len(rm.problems) == 1
    assert rm.problems[0].line == 13
    assert "Phase 1 again" in rm.problems[0].message


def test_decimal_ids_do_not_collide() -> None:
    rm = parse_roadmap_file(ROADMAPS / "decimal-phase-mixed.md")
    assert rm is not None
    for wanted, name in (("2", "integer phase two"), ("2.1", "decimal child of phase two"),
                         ("2.10", "decimal phase 2.10"), ("21", "phase twenty-one"),
                         ("02", "integer phase two"), ("02.1", "decimal child of phase two")):
        found = rm.phase(wanted)
        assert found is not None
        assert found.name == name
    assert rm.phase("2.2") is None
    assert counted("decimal-phase-mixed.md") == ["2", "2.1", "2.10", "21"]


def test_three_phase_and_rollover() -> None:
    assert counted("three-phase.md") == ["1", "2", "3"]
    assert counted("post-rollover-v2.md") == ["4"]
    rm = parse_roadmap_file(ROADMAPS / "three-phase.md")
    assert rm is not None
    assert rm.phases[0].goal == "Parse a markdown task list into structured items"


def test_template_is_all_fenced() -> None:
    assert ids("template-roadmap.md") == []


# --- milestones, retired, sentinel -----------------------------------------------------------


def test_milestone_sections() -> None:
    rm = parse_roadmap_file(ROADMAPS / "milestones.md")
    assert rm is not None
    assert [(m.version, m.line) for m in rm.milestones] == [("v1.1", 26), ("v2.0", 45)]
    assert rm.has_milestone_sectioning()
    by_id = {p.id: p for p in rm.phases}
    assert by_id["1"].shipped
    assert by_id["2"].shipped
    assert by_id["4"].retired
    assert not by_id["4"].counted
    assert by_id["999.1"].sentinel
    assert not by_id["999.1"].counted
    assert by_id["4.1"].name == "Audit log"
    assert by_id["6"].milestone == "v2.0"
    assert counted("milestones.md", "v1.1") == ["3", "4.1", "5"]
    assert counted("milestones.md", "v2.0") == ["6", "7"]
    # no milestone in STATE: the 🚧 marker names the current one
    assert counted("milestones.md", None) == ["3", "4.1", "5"]
    assert not rm.is_bounded("v1.0")
    assert rm.is_bounded("v1.1")


def test_struck_heading_and_phase_zero() -> None:
    text = "## Phase 0: Setup\n## ~~Phase 1: Dropped~~\n## Phase 2: Real\n### Phase Details:\n"
    rm = parse_roadmap_text(text)
    assert [(p.id, p.counted) for p in rm.phases] == [("0", False), ("1", False), ("2", True)]


def test_heading_levels_and_tags() -> None:
    text = ("# Phase 1: h1 is not a phase\n##### Phase 2: h5 neither\n"
            "## [P] Phase 3 (urgent): tagged\n####Phase 4: no space\n   ## Phase 5: indented\n"
            "    ## Phase 6: code indent\n")
    rm = parse_roadmap_text(text)
    assert [p.id for p in rm.phases] == ["3", "4", "5"]
    assert rm.phases[0].name == "tagged"


def test_crlf_roadmap() -> None:
    text = (ROADMAPS / "three-phase.md").read_text(encoding="utf-8").replace("\n", "\r\n")
    rm = parse_roadmap_text(text)
    assert [p.id for p in rm.phases] == ["1", "2", "3"]
    assert rm.phases[0].name == "Parser"


def test_unclosed_fence_is_a_problem() -> None:
    rm = parse_roadmap_text("## Phase 1: a\n```\n## Phase 2: hidden\n")
    assert [p.id for p in rm.phases] == ["1"]
    assert rm.problems
    assert rm.problems[0].line == 2


def test_missing_roadmap(tmp_path: Path) -> None:
    assert parse_roadmap_file(tmp_path / "ROADMAP.md") is None


@pytest.mark.parametrize(("token", "key"), [
    ("1", "01"), ("01", "01"), ("001", "01"), ("2.1", "02.1"), ("2.10", "02.10"),
    ("12A", "12A"), ("PROJ-05", "05"), ("1-2", "01-02"),
])
def test_phase_key(token: str, key: str) -> None:
    assert phase_key(token) == key


def test_sentinels() -> None:
    assert is_sentinel_phase("0")
    assert is_sentinel_phase("999.2")
    assert is_sentinel_phase("00")
    assert not is_sentinel_phase("998")
    assert not is_sentinel_phase("10")


# --- phases folder ---------------------------------------------------------------------------


def make_phases(base: Path, spec: dict[str, list[str]]) -> Path:
    phases = base / "phases"
    for folder, files in spec.items():
        (phases / folder).mkdir(parents=True, exist_ok=True)
        for f in files:
            (phases / folder / f).write_text("x\n", encoding="utf-8")
    return phases


def test_scan_phases_dir(tmp_path: Path) -> None:
    phases = make_phases(tmp_path, {
        "01-parser": ["01-01-PLAN.md", "01-01-SUMMARY.md", "01-02-PLAN.md", "01-02-SUMMARY.md",
                      "01-CONTEXT.md", "01-01-OUTLINE.md"],
        "CK-02-output": ["02-01-PLAN.md", "02-01-PLAN-REVIEW.md"],
        "03-cli": [],
        "notes": ["README.md"],
        "02.1-hotfix": ["02.1-01-fix-PLAN.md", "02.1-01-SUMMARY.md", "stray-SUMMARY.md"],
    })
    (phases / "loose-file.md").write_text("x", encoding="utf-8")
    dirs, problems = scan_phases_dir(phases)
    assert problems == []
    got = {d.name: (d.key, d.plan_count, d.summary_count, d.complete) for d in dirs}
    assert got == {
        "01-parser": ("01", 2, 2, True),
        "02.1-hotfix": ("02.1", 1, 1, True),
        "03-cli": ("03", 0, 0, False),
        "CK-02-output": ("02", 1, 0, False),
        "notes": (None, 0, 0, False),
    }
    assert next(d for d in dirs if d.name == "CK-02-output").plans_without_summary == [
        "02-01-PLAN.md"]


def test_dir_phase_key() -> None:
    assert dir_phase_key("05-schedule-8") == "05"
    assert dir_phase_key("PROJ-5-x") == "05"
    assert dir_phase_key("30.1-follow-up") == "30.1"
    assert dir_phase_key("misc") is None


# --- §7.4 progress ---------------------------------------------------------------------------


@pytest.mark.parametrize(("value", "expected"), [
    (66.5, 67), (0.5, 1), (1.5, 2), (2.5, 3), (-0.5, 0), (66.49, 66), (99.5, 100)])
def test_js_round_half_up(value: float, expected: int) -> None:
    assert js_round(value) == expected


def test_compute_percent_rules() -> None:
    assert compute_percent(2, 3, None, None) == 67
    assert compute_percent(1, 2, 1, 4) == 25  # min of the two fractions
    assert compute_percent(4, 2, None, None) == 100  # clamped
    assert compute_percent(0, 0, 0, 0) is None  # total 0 in both: no data
    assert compute_percent(None, 5, 1, 2) == 50  # plans known but completed unknown
    assert compute_percent(None, None, None, None) is None
    assert compute_percent(133, 200, None, None) == 67  # 66.5 rounds up


def test_derive_progress_milestone_project(tmp_path: Path) -> None:
    rm = parse_roadmap_file(ROADMAPS / "milestones.md")
    dirs, _ = scan_phases_dir(make_phases(tmp_path, {
        "01-foundation": ["01-01-PLAN.md", "01-01-SUMMARY.md"],  # shipped milestone
        "03-security": ["03-01-PLAN.md", "03-01-SUMMARY.md", "03-02-PLAN.md",
                        "03-02-SUMMARY.md"],
        "04-old-idea": ["04-01-PLAN.md"],  # retired: not counted
        "04.1-audit-log": ["04.1-01-PLAN.md"],
        "999.1-icebox": ["999.1-01-PLAN.md"],
    }))
    prog = derive_progress(rm, dirs, milestone="v1.1")
    assert (prog.total_phases, prog.completed_phases, prog.total_plans,
            prog.completed_plans, prog.percent) == (3, 1, 3, 2, 33)
    assert prog.counted_dirs == ["03-security", "04.1-audit-log"]
    # the caller's scoped phases (found once for progress and consistency) give the same
    given = derive_progress(rm, dirs, milestone="v1.1", scoped=rm.scoped_phases("v1.1"))
    assert given == prog
    # and they are what it scopes by: with none, the shipped milestone's folder counts too
    assert derive_progress(rm, dirs, milestone="v1.1", scoped=[]).counted_dirs == [
        "01-foundation", "03-security", "04.1-audit-log"]


def test_unbounded_milestone_withholds(tmp_path: Path) -> None:
    rm = parse_roadmap_file(ROADMAPS / "milestones.md")
    dirs, _ = scan_phases_dir(make_phases(tmp_path, {"03-security": ["03-01-PLAN.md"]}))
    prog = derive_progress(rm, dirs, milestone="v9.9", stored={"total_phases": 12},
                           body_progress_percent=40)
    assert not prog.milestone_bounded
    assert prog.total_phases == 12  # stored value kept
    assert prog.percent is None  # not even the body fallback


def test_flat_roadmap_uses_heading_count(tmp_path: Path) -> None:
    rm = parse_roadmap_file(ROADMAPS / "three-phase.md")
    dirs, _ = scan_phases_dir(make_phases(tmp_path, {
        "01-parser": ["01-01-PLAN.md", "01-01-SUMMARY.md", "01-02-PLAN.md", "01-02-SUMMARY.md"],
    }))
    prog = derive_progress(rm, dirs)
    assert (prog.total_phases, prog.completed_phases, prog.percent) == (3, 1, 33)
    # an asserted milestone with no heading: the flat count stays, the percent is withheld
    prog = derive_progress(rm, dirs, milestone="v1.0")
    assert (prog.total_phases, prog.completed_phases, prog.percent) == (3, 1, None)


def test_ratchet_keeps_completed_not_totals(tmp_path: Path) -> None:
    rm = parse_roadmap_file(ROADMAPS / "three-phase.md")
    dirs, _ = scan_phases_dir(make_phases(tmp_path, {"01-parser": ["01-01-PLAN.md"]}))
    stored = {"completed_phases": 2, "completed_plans": 5, "total_phases": 9, "total_plans": 9}
    prog = derive_progress(rm, dirs, stored=stored)
    assert prog.completed_phases == 2
    assert prog.completed_plans == 5
    assert prog.total_phases == 3
    assert prog.total_plans == 1
    assert prog.percent == 67  # min(5/1 → 1, 2/3)


def test_body_percent_fallback_only_without_counts(tmp_path: Path) -> None:
    rm = parse_roadmap_text("# Roadmap\n")
    prog = derive_progress(rm, None, body_progress_percent=40)
    assert prog.percent == 40
    assert prog.source == "body"
    dirs, _ = scan_phases_dir(make_phases(tmp_path, {"01-a": ["01-01-PLAN.md"]}))
    prog = derive_progress(rm, dirs, body_progress_percent=40)
    assert prog.percent == 0
    assert prog.source == "disk"


def test_no_roadmap_with_milestone_keeps_stored_total(tmp_path: Path) -> None:
    dirs, _ = scan_phases_dir(make_phases(tmp_path, {"01-a": ["01-01-PLAN.md"]}))
    prog = derive_progress(None, dirs, milestone="v1.0", stored={"total_phases": 6})
    assert prog.total_phases == 6
    prog = derive_progress(None, dirs)
    assert prog.total_phases == 1


def test_copy_fixtures_as_real_project(tmp_path: Path) -> None:
    shutil.copy(ROADMAPS / "decimal-phase-mixed.md", tmp_path / "ROADMAP.md")
    rm = parse_roadmap_file(tmp_path / "ROADMAP.md")
    dirs, _ = scan_phases_dir(make_phases(tmp_path, {
        "02-two": ["02-01-PLAN.md", "02-01-SUMMARY.md"],
        "02.1-child": ["02.1-01-PLAN.md"],
        "02.10-ten": [],
        "21-twenty-one": ["21-01-PLAN.md", "21-01-SUMMARY.md"],
    }))
    prog = derive_progress(rm, dirs)
    assert (prog.total_phases, prog.completed_phases, prog.total_plans,
            prog.completed_plans, prog.percent) == (4, 2, 3, 2, 50)


# --- hypothesis: never raises, fences hide everything inside ---------------------------------

_RM_LINES = st.sampled_from([
    "## Phase 1: a", "### Phase 2.1: b", "#### Phase 10: c", "## Phase 0: zero",
    "## Phase 999.9: ice", "```", "````", "~~~", "<!--", "-->", "<!-- ## Phase 7: x -->",
    "<details>", "</details>", "## v1.0 Shipped ✅", "### 🚧 v2.0 Now", "- [ ] ~~Phase 1~~",
    "", "text", "## Phase X: letters", "## Phase 3: dup", "## Phase 3: dup again",
])


@settings(max_examples=examples(300), deadline=None)
@given(st.lists(_RM_LINES, max_size=25), st.sampled_from([None, "v1.0", "v2.0", "v9"]))
def test_roadmap_parser_total(lines: list[str], version: str | None) -> None:
    text = "\n".join(lines)
    rm = parse_roadmap_text(text)
    scoped = rm.scoped_phases(version)
    assert all(p in rm.phases for p in scoped)
    for p in rm.phases:
        assert 1 <= p.line <= len(lines)
        assert lines[p.line - 1].lstrip().startswith("#")
    inside = parse_roadmap_text("`````\n" + text.replace("`````", "") + "\n`````\n")
    assert inside.phases == []


def test_a_roadmap_of_one_phase_heading_per_line_over_the_limit_is_not_read(tmp_path: Path
                                                                          ) -> None:
    path = tmp_path / "ROADMAP.md"
    lines = [f"## Phase {i}: p" for i in range(1, MAX_PHASES + 1)]
    path.write_text("\n".join(lines), encoding="utf-8")  # the limit: read
    roadmap = parse_roadmap_file(path)
    assert roadmap is not None
    assert len(roadmap.phases) == MAX_PHASES
    path.write_text("\n".join([*lines, f"## Phase {MAX_PHASES + 1}: p"]), encoding="utf-8")
    roadmap = parse_roadmap_file(path)
    assert roadmap is not None
    assert roadmap.phases == []
    assert "more than the" in str(roadmap.problems[0].message)
