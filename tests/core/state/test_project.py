"""One project's combined state: sources, derived progress, problems in words, last good."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from msd_desktop.core.state.project import (
    StateCache,
    get_config_value,
    load_project_state,
    read_state_format,
)
from msd_desktop.core.state.state_md import parse_state_text

FIXTURES = Path(__file__).resolve().parents[2] / "fixtures"
ENV = {"HOME": "/nonexistent-home"}


def project(tmp_path: Path, state: str | None = None, roadmap: str | None = None,
            phases: dict[str, list[str]] | None = None, config: object = None) -> Path:
    planning = tmp_path / ".planning"
    planning.mkdir(parents=True, exist_ok=True)
    if state is not None:
        (planning / "STATE.md").write_text(state, encoding="utf-8")
    if roadmap is not None:
        shutil.copy(FIXTURES / "roadmaps" / roadmap, planning / "ROADMAP.md")
    for folder, files in (phases or {}).items():
        (planning / "phases" / folder).mkdir(parents=True, exist_ok=True)
        for f in files:
            (planning / "phases" / folder / f).write_text("x\n", encoding="utf-8")
    if config is not None:
        (planning / "config.json").write_text(
            config if isinstance(config, str) else json.dumps(config), encoding="utf-8")
    return tmp_path


def messages(root: Path) -> list[str]:
    return [p.message for p in load_project_state(root, ENV).problems]


DONE_PHASES = {
    "01-parser": ["01-01-PLAN.md", "01-01-SUMMARY.md", "01-02-PLAN.md", "01-02-SUMMARY.md"],
    "02-printable-output": ["02-01-PLAN.md", "02-02-PLAN.md"],
    "03-cli-polish": ["03-01-PLAN.md"],
}


def test_full_project(tmp_path: Path) -> None:
    state = (FIXTURES / "states" / "full-state.md").read_text(encoding="utf-8")
    state = state.replace("milestone: v1.0\n", "")
    root = project(tmp_path, state, "three-phase.md", DONE_PHASES,
                   {"statusline": {"state_format": "compact"}})
    ps = load_project_state(root, ENV)
    assert ps.doc is not None
    assert ps.doc.error is None
    assert ps.progress.to_dict() == {
        "total_phases": 3, "completed_phases": 1, "total_plans": 5, "completed_plans": 2,
        "percent": 33, "source": "disk", "milestone_bounded": True}
    assert ps.state_format == "compact"
    assert ps.statusline_full == (
        "Checklist Converter [███░░░░░░░] 33% · executing · Printable Output (2/3)")
    assert ps.statusline_compact == "P2/3 · executing"
    assert ps.statusline == ps.statusline_compact
    data = ps.to_dict()
    json.dumps(data)  # JSON-able
    assert data["error"] is None
    assert [p["id"] for p in data["phases"]] == ["1", "2", "3"]
    assert data["phases"][0]["complete"] is True
    assert data["phases"][1]["plans"] == 2
    assert [p["message"] for p in data["problems"]] == [
        "STATE.md progress says 4 plans but the phases folder has 5"]


def test_hundred_percent_but_plans_without_summary(tmp_path: Path) -> None:
    state = "---\nstatus: completed\nprogress:\n  percent: 100\n---\n"
    root = project(tmp_path, state, "three-phase.md", DONE_PHASES)
    ps = load_project_state(root, ENV)
    problem = next(p for p in ps.problems if "100%" in p.message)
    assert problem.message == "STATE.md says 100% but 3 plans have no summary"
    assert problem.file == ".planning/STATE.md"
    assert problem.line == 4


def test_one_plan_without_summary_wording(tmp_path: Path) -> None:
    state = "---\nprogress:\n  percent: 100\n---\n"
    root = project(tmp_path, state, None, {"01-a": ["01-01-PLAN.md"]})
    assert "STATE.md says 100% but 1 plan has no summary" in messages(root)


def test_phase_count_disagreement(tmp_path: Path) -> None:
    state = "---\nstatus: executing\n---\n## Current Position\n\nPhase: 3 of 5 (Build)\n"
    root = project(tmp_path, state, "milestones.md")
    ps = load_project_state(root, ENV)
    problem = next(p for p in ps.problems if "phase 3 of 5" in p.message)
    assert problem.message == "STATE.md says phase 3 of 5 but ROADMAP.md lists 3 phases"
    assert problem.line == 6


def test_percent_disagreement_and_totals(tmp_path: Path) -> None:
    state = ("---\nprogress:\n  total_phases: 5\n  completed_phases: 1\n  total_plans: 5\n"
             "  completed_plans: 2\n  percent: 40\n---\n")
    root = project(tmp_path, state, "three-phase.md", DONE_PHASES)
    got = messages(root)
    assert "STATE.md says 40% but the phases folder gives 33% (2 of 5 plans have a summary)" in got
    assert "STATE.md progress says 5 phases but ROADMAP.md and the phases folder give 3" in got


def test_broken_frontmatter_reports_line(tmp_path: Path) -> None:
    state = "---\nstatus: executing\nprogress: [1,\nmilestone: v2\n---\nStatus: Planning\n"
    root = project(tmp_path, state)
    ps = load_project_state(root, ENV)
    assert ps.error is not None
    assert ps.error.line == 4
    assert ps.error.file == ".planning/STATE.md"
    data = ps.to_dict()
    assert data["error"]["line"] == 4
    assert data["frontmatter"] is None
    # the one status is what the status line reads, and its regex still reads the frontmatter
    assert data["normalized_status"] == "executing"
    assert ps.statusline_full == "v2 · executing"


def test_unknown_current_phase_and_stray_dir(tmp_path: Path) -> None:
    state = "---\ncurrent_phase: '7'\nactive_phase: 2.1\n---\n"
    root = project(tmp_path, state, "three-phase.md", {"09-extra": []})
    got = messages(root)
    assert "STATE.md's current phase 7 is not in .planning/ROADMAP.md" in got
    assert "STATE.md's active phase 2.1 is not in .planning/ROADMAP.md" in got
    assert "phases/09-extra has no Phase heading in .planning/ROADMAP.md" in got


def test_unbounded_milestone_problem(tmp_path: Path) -> None:
    root = project(tmp_path, "---\nmilestone: v7.0\n---\n", "milestones.md")
    ps = load_project_state(root, ENV)
    problem = next(p for p in ps.problems if "v7.0" in p.message)
    assert problem.line == 2
    assert problem.severity == "warning"
    assert ps.progress.percent is None


def test_missing_state(tmp_path: Path) -> None:
    root = project(tmp_path)
    ps = load_project_state(root, ENV)
    assert ps.doc is None
    assert ps.problems[0].severity == "info"
    assert ps.to_dict()["status"] is None
    assert ps.statusline_full == ""


def test_bad_state_head_and_roadmap_duplicates(tmp_path: Path) -> None:
    root = project(tmp_path, "---\nstate_head: abc\n---\n", "repeated-phase-ids.md")
    got = load_project_state(root, ENV).problems
    assert any(p.message.startswith("state_head") and p.line == 2 for p in got)
    dup = next(p for p in got if "again" in p.message)
    assert (dup.file, dup.line) == (".planning/ROADMAP.md", 13)


def test_config_state_format_flat_and_nested(tmp_path: Path) -> None:
    root = project(tmp_path, config={"statusline.state_format": "compact"})
    assert read_state_format(root) == "compact"
    root2 = project(tmp_path / "b", config={"statusline": {"state_format": "full"}})
    assert read_state_format(root2) == "full"
    assert get_config_value({"a": {"b": 1}}, "a.b") == 1
    assert get_config_value({"a": 1}, "a.b") is None


def test_invalid_config_json(tmp_path: Path) -> None:
    root = project(tmp_path, "---\nstatus: x\n---\n", config='{\n  "statusline": ,\n}')
    ps = load_project_state(root, ENV)
    problem = next(p for p in ps.problems if p.file == ".planning/config.json")
    assert problem.line == 2
    assert ps.state_format == "full"


def test_workstream_state(tmp_path: Path) -> None:
    root = project(tmp_path)
    ws = root / ".planning" / "workstreams" / "api"
    ws.mkdir(parents=True)
    (ws / "STATE.md").write_text("---\nstatus: verifying\nmilestone: v3\n---\n", encoding="utf-8")
    ps = load_project_state(root, {**ENV, "MSD_WORKSTREAM": "api"})
    assert ps.workstream == "api"
    assert ps.state_path == ws / "STATE.md"
    assert ps.statusline_full == "v3 · verifying"
    none = load_project_state(root, ENV)
    assert none.statusline_full == "no active workstream"
    assert any("no workstream is active" in p.message for p in none.problems)


def test_state_cache_keeps_last_good(tmp_path: Path) -> None:
    root = project(tmp_path, "---\nstatus: executing\nmilestone: v2\n---\n")
    cache = StateCache()
    first = load_project_state(root, ENV, cache=cache)
    assert first.doc is not None
    assert not first.stale
    (root / ".planning" / "STATE.md").write_text("---\nstatus: [broken\n---\n", encoding="utf-8")
    second = load_project_state(root, ENV, cache=cache)
    assert second.stale
    assert second.doc is not None
    assert second.doc.fm["milestone"] == "v2"
    assert second.error is not None
    assert second.error.line == 2
    assert second.to_dict()["frontmatter"] == {"status": "executing", "milestone": "v2"}
    (root / ".planning" / "STATE.md").write_text("---\nstatus: planning\n---\n", encoding="utf-8")
    third = load_project_state(root, ENV, cache=cache)
    assert not third.stale
    assert third.doc is not None
    assert third.doc.fm["status"] == "planning"


def test_state_cache_direct() -> None:
    cache = StateCache()
    bad = parse_state_text("---\na: [\n---\n", Path("/x/STATE.md"))
    shown, stale = cache.update(bad)
    assert shown is bad
    assert not stale
    good = parse_state_text("---\na: 1\n---\n", Path("/x/STATE.md"))
    assert cache.update(good) == (good, False)
    assert cache.update(bad) == (good, True)
    assert cache.last_good(Path("/x/STATE.md")) is good
    cache.forget(Path("/x/STATE.md"))
    assert cache.last_good(Path("/x/STATE.md")) is None


@pytest.mark.parametrize("torn", ["", "-", "---", "\n"])
def test_state_cache_a_torn_read_does_not_become_the_last_good(torn: str) -> None:
    """A read between an in-place save's truncate and write parses without error and without
    frontmatter; it is shown, but a later parse error still falls back to the real state."""
    cache = StateCache()
    path = Path("/x/STATE.md")
    good = parse_state_text("---\nstatus: verifying\n---\n", path)
    cache.update(good)
    empty = parse_state_text(torn, path)
    assert empty.error is None
    assert cache.update(empty) == (empty, False)
    bad = parse_state_text("---\nstatus: [oops\n---\n", path)
    assert cache.update(bad) == (good, True)
    # with no earlier frontmatter, a frontmatter-less file is the last good state
    fresh = StateCache()
    fresh.update(empty)
    assert fresh.update(bad) == (empty, True)


def test_phase_total_counted_across_milestones_is_not_a_problem(tmp_path: Path) -> None:
    """Phase "4 of 5" is consistent when the roadmap numbers phases 1-5 over two milestones."""
    demo = Path(__file__).resolve().parents[3] / "msd_desktop/resources/demo/billing-service"
    root = tmp_path / "billing"
    shutil.copytree(demo, root)
    state = load_project_state(root, env={"HOME": str(tmp_path)})
    assert not [p for p in state.problems if "ROADMAP.md lists" in p.message]
    # ...but a body total matching neither the scope nor the whole roadmap is flagged.
    state_md = root / ".planning" / "STATE.md"
    state_md.write_text(state_md.read_text().replace("Phase: 4 of 5", "Phase: 4 of 9"))
    state = load_project_state(root, env={"HOME": str(tmp_path)})
    assert [p for p in state.problems if "4 of 9" in p.message]
