"""One key across projects: values, provenance, drift, reach, and the bulk apply."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from msd_desktop.core.common.planning_lock import PlanningLock
from msd_desktop.core.config.batch import apply_batch, plan_batch, summary_text
from msd_desktop.core.config.matrix import defaults_keys, describe_reach, key_matrix
from msd_desktop.core.workspace.paths import defaults_path


def make_project(base: Path, name: str, config: dict[str, object] | str | None) -> Path:
    root = base / name
    (root / ".planning").mkdir(parents=True)
    if config is not None:
        text = config if isinstance(config, str) else json.dumps(config)
        (root / ".planning" / "config.json").write_text(text, encoding="utf-8")
    return root


@pytest.fixture
def env(isolated_home: Path) -> dict[str, str]:
    return {"HOME": str(isolated_home)}


@pytest.fixture
def projects(tmp_path: Path) -> list[Path]:
    return [
        make_project(tmp_path, "a", {"model_profile": "quality"}),
        make_project(tmp_path, "b", {"model_profile": "balanced"}),
        make_project(tmp_path, "c", {}),
        make_project(tmp_path, "d", "{broken"),
    ]


def test_matrix_values_provenance_and_drift(env: dict[str, str], projects: list[Path]) -> None:
    m = key_matrix("model_profile", projects, env)
    assert m.reference == "balanced"
    assert m.reference_source == "schema"
    cells = {c.project.name: c for c in m.cells}
    assert (cells["a"].value, cells["a"].layer, cells["a"].drift) == ("quality", "project", True)
    assert cells["a"].path == str(projects[0] / ".planning" / "config.json")
    assert (cells["b"].value, cells["b"].drift) == ("balanced", False)
    assert (cells["c"].value, cells["c"].present, cells["c"].layer) == ("balanced", False,
                                                                         "builtin")
    assert cells["d"].degraded
    assert cells["d"].problem
    assert [c.project.name for c in m.drifting] == ["a"]


def test_global_reach(env: dict[str, str], projects: list[Path], tmp_path: Path) -> None:
    path = defaults_path(env)
    path.parent.mkdir(parents=True)
    path.write_text(json.dumps({"model_profile": "budget", "git": {"base_branch": "dev"}}),
                    encoding="utf-8")
    bare = tmp_path / "no-planning"
    bare.mkdir()
    m = key_matrix("model_profile", [*projects[:3], bare], env)
    assert m.reference == "budget"
    assert m.reference_source == "global"
    reach = {c.project.name: c.reach for c in m.cells}
    assert reach == {"a": "shadowed", "b": "shadowed", "c": "not_read",
                     "no-planning": "reaches"}
    assert {c.project.name for c in m.drifting} == {"a", "b", "c"}
    assert defaults_keys(env) == ["model_profile", "git.base_branch"]
    assert describe_reach("not_read").startswith("has .planning/")


def test_apply_writes_each_project_and_summarizes(
    env: dict[str, str], projects: list[Path]
) -> None:
    report = apply_batch(plan_batch(projects, "model_profile", "balanced", env), env)
    status = {r.project.name: r.status for r in report.results}
    assert status == {"a": "written", "b": "unchanged", "c": "written", "d": "error"}
    assert report.results[0].message == "quality → balanced"
    for root in projects[:3]:
        data = json.loads((root / ".planning" / "config.json").read_text(encoding="utf-8"))
        assert data["model_profile"] == "balanced"
    assert (projects[3] / ".planning" / "config.json").read_text(encoding="utf-8") == "{broken"
    assert (report.counts["written"], report.counts["unchanged"], report.counts["error"]) == (
        2, 1, 1)
    assert summary_text(report) == "2 written, 1 already set, 1 failed"
    assert len(report.lines()) == 4


def test_apply_invalid_value_refused_everywhere(env: dict[str, str],
                                                projects: list[Path]) -> None:
    before = [(p / ".planning" / "config.json").read_bytes() for p in projects]
    report = apply_batch(plan_batch(projects, "model_profile", "turbo", env), env)
    assert {r.status for r in report.results} == {"error"}
    assert "Invalid model_profile 'turbo'" in report.results[0].message
    assert [(p / ".planning" / "config.json").read_bytes() for p in projects] == before


def test_apply_respects_each_projects_lock(env: dict[str, str], projects: list[Path]) -> None:
    """A project whose planning lock is held fails (after the lock timeout); others go."""
    locked = projects[0]
    plan = plan_batch(projects[:2], "mode", "yolo", env)
    with PlanningLock(locked / ".planning"):
        report = apply_batch(plan, env, lock_timeout=0.3)
    assert [r.status for r in report.results] == ["error", "written"]
    assert "lock" in report.results[0].message.lower(), report.results[0].message
    data = json.loads((locked / ".planning" / "config.json").read_text(encoding="utf-8"))
    assert "mode" not in data
