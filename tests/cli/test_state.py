"""``msd state`` and ``msd statusline`` on projects written to disk, the CLI called in-process
(``tests/cli/inprocess.py``: what it prints and its exit code, without a Python start per call)."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

from tests.cli import inprocess

REPO = Path(__file__).resolve().parents[2]
FIXTURES = REPO / "tests" / "fixtures"


def run(*args: str, env: dict[str, str] | None = None) -> subprocess.CompletedProcess[str]:
    full_env = {k: v for k, v in os.environ.items() if not k.startswith(("MSD_", "GSD_"))}
    full_env.update(env or {})
    return inprocess.run(args, env=full_env)


@pytest.fixture
def proj(tmp_path: Path) -> Path:
    planning = tmp_path / "proj" / ".planning"
    (planning / "phases" / "01-parser").mkdir(parents=True)
    (planning / "phases" / "02-printable-output").mkdir()
    for f in ("01-01-PLAN.md", "01-01-SUMMARY.md", "01-02-PLAN.md", "01-02-SUMMARY.md"):
        (planning / "phases" / "01-parser" / f).write_text("x\n", encoding="utf-8")
    (planning / "phases" / "02-printable-output" / "02-01-PLAN.md").write_text("x\n")
    shutil.copy(FIXTURES / "roadmaps" / "three-phase.md", planning / "ROADMAP.md")
    (planning / "STATE.md").write_text(
        "---\ngsd_state_version: '1.0'\nstatus: executing\nactive_phase: '2'\n"
        "progress:\n  total_phases: 3\n  completed_phases: 1\n  total_plans: 3\n"
        "  completed_plans: 2\n  percent: 100\n---\n\n# Project State\n\n## Current Position\n\n"
        "Phase: 2 of 3 (Printable Output)\nStatus: Executing Phase 2\n", encoding="utf-8")
    return tmp_path / "proj"


def test_state_json(proj: Path) -> None:
    res = run("state", "--cwd", str(proj))
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert list(data)[:10] == ["path", "frontmatter", "status", "normalized_status",
                               "progress", "sections", "phases", "problems", "statusline",
                               "error"]
    assert data["path"] == str(proj / ".planning" / "STATE.md")
    assert data["status"] == "executing"
    assert data["normalized_status"] == "executing"
    assert data["progress"]["percent"] == 33
    assert data["progress"]["total_phases"] == 3
    assert [p["id"] for p in data["phases"]] == ["1", "2", "3"]
    assert data["statusline"]["full"] == "Phase 2 executing"
    assert data["statusline"]["compact"] == "P2/3 · executing"
    assert "STATE.md says 100% but 1 plan has no summary" in [
        p["message"] for p in data["problems"]]
    assert data["error"] is None


def test_state_from_subdirectory_and_verb_order(proj: Path) -> None:
    sub = proj / "src"
    sub.mkdir()
    res = run("--cwd", str(sub), "state")
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["path"] == str(proj / ".planning" / "STATE.md")


def test_state_broken_yaml_is_not_a_failure(proj: Path) -> None:
    (proj / ".planning" / "STATE.md").write_text("---\nstatus: executing\n  bad: [\n---\n")
    res = run("state", "--cwd", str(proj))
    assert res.returncode == 0, res.stderr
    data = json.loads(res.stdout)
    assert data["frontmatter"] is None
    assert data["error"]["line"] is not None
    assert data["error"]["file"] == ".planning/STATE.md"


@pytest.mark.parametrize("name", ["a/b", "a\\b", "..", "../x"])
@pytest.mark.parametrize("var", ["MSD_PROJECT", "MSD_WORKSTREAM"])
def test_state_bad_project_or_workstream_name_fails(proj: Path, var: str, name: str) -> None:
    # Reliability finding F4: `msd state` used to exit 0 and show the unscoped .planning/.
    # Spec §1: the name must not contain `/`, `\` or `..`; every verb exits 1 with the message.
    res = run("state", "--cwd", str(proj), env={var: name})
    assert res.returncode == 1, res.stdout
    assert res.stdout == ""
    assert res.stderr == f"Error: {var} contains invalid path characters: {name}\n"


def test_state_valid_msd_project_is_scoped(proj: Path) -> None:
    (proj / ".planning" / "app").mkdir()
    res = run("state", "--cwd", str(proj), env={"MSD_PROJECT": "app"})
    assert res.returncode == 0, res.stderr
    assert json.loads(res.stdout)["path"] == str(proj / ".planning" / "app" / "STATE.md")


def test_statusline_formats(proj: Path) -> None:
    res = run("statusline", "--cwd", str(proj))
    assert res.returncode == 0, res.stderr
    assert res.stdout == "Phase 2 executing\n"
    res = run("statusline", "--format", "compact", "--cwd", str(proj))
    assert res.stdout == "P2/3 · executing\n"


def test_statusline_format_from_config(proj: Path) -> None:
    (proj / ".planning" / "config.json").write_text('{"statusline": {"state_format": "compact"}}')
    assert run("statusline", "--cwd", str(proj)).stdout == "P2/3 · executing\n"
    assert run("statusline", "--format", "full", "--cwd", str(proj)).stdout == (
        "Phase 2 executing\n")


def test_statusline_scene_examples(tmp_path: Path) -> None:
    planning = tmp_path / ".planning"
    planning.mkdir()
    (planning / "STATE.md").write_text(
        "---\nmilestone: v2.0\nnext_action: execute-phase\nnext_phases: [\"4.5\"]\n"
        "progress:\n  percent: 20\n---\n", encoding="utf-8")
    assert run("statusline", "--cwd", str(tmp_path)).stdout == (
        "v2.0 [██░░░░░░░░] 20% · next execute-phase 4.5\n")
    assert run("statusline", "--format", "compact", "--cwd", str(tmp_path)).stdout == (
        "v2.0 · next execute-phase 4.5\n")


def test_statusline_no_active_workstream(tmp_path: Path) -> None:
    (tmp_path / ".planning" / "workstreams" / "api").mkdir(parents=True)
    res = run("statusline", "--cwd", str(tmp_path))
    assert res.stdout == "no active workstream\n"
    res = run("statusline", "--cwd", str(tmp_path), env={"MSD_WORKSTREAM": "api"})
    assert res.stdout == "\n"


def test_statusline_bad_cwd(tmp_path: Path) -> None:
    res = run("statusline", "--cwd", str(tmp_path / "missing"))
    assert res.returncode == 1
    assert res.stderr.startswith("Error: ")
