"""Two projects' configs key by key, and copying keys through the bulk path (plan, apply, undo)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from msd_desktop.core.config.batch import NOT_SET
from msd_desktop.core.config.compare import (
    apply_copy,
    compare_configs,
    plan_copy,
    undo_copy,
)

SECRET = "sk-live-0123456789abcdef"


def make_project(base: Path, name: str, config: dict[str, object] | str | None) -> Path:
    root = base / name
    (root / ".planning").mkdir(parents=True)
    if config is not None:
        text = config if isinstance(config, str) else json.dumps(config, indent=2)
        (root / ".planning" / "config.json").write_text(text, encoding="utf-8")
    return root


def cfg(root: Path) -> Path:
    return root / ".planning" / "config.json"


@pytest.fixture
def env(isolated_home: Path) -> dict[str, str]:
    return {"HOME": str(isolated_home)}


@pytest.fixture
def pair(tmp_path: Path) -> tuple[Path, Path]:
    left = make_project(tmp_path, "left", {
        "model_profile": "quality",
        "workflow": {"research": False, "plan_check": True},
        "model_overrides": {"msd-planner": "opus"},
        "brave_search": SECRET,
        "zz_custom": {"deep": {"x": 1}},
    })
    right = make_project(tmp_path, "right", {
        "model_profile": "balanced",
        "workflow": {"research": False},
        "mode": "yolo",
    })
    return left, right


def test_rows_pair_keys_in_file_order_and_mark_differences(env: dict[str, str],
                                                           pair: tuple[Path, Path]) -> None:
    comparison = compare_configs(*pair, env)
    assert [r.key for r in comparison.rows] == [
        "model_profile", "workflow.research", "workflow.plan_check",
        "model_overrides.msd-planner", "brave_search", "zz_custom.deep.x", "mode"]
    by_key = {r.key: r for r in comparison.rows}
    assert by_key["model_profile"].differs
    assert (by_key["model_profile"].left_display, by_key["model_profile"].right_display) == (
        "quality", "balanced")
    assert not by_key["workflow.research"].differs
    assert by_key["workflow.plan_check"].right_display == NOT_SET
    assert by_key["mode"].left_display == NOT_SET
    assert {r.key for r in comparison.differing} == set(by_key) - {"workflow.research"}


def test_secrets_are_masked_everywhere(env: dict[str, str], pair: tuple[Path, Path]) -> None:
    comparison = compare_configs(*pair, env)
    row = comparison.row("brave_search")
    assert row is not None
    assert row.secret
    assert SECRET not in row.left_display
    assert SECRET not in repr(row)


def test_copy_plans_then_writes_then_undoes(env: dict[str, str], pair: tuple[Path, Path]) -> None:
    left, right = pair
    before = cfg(right).read_bytes()
    comparison = compare_configs(left, right, env)
    plan = plan_copy(comparison, ["model_profile", "workflow.plan_check",
                                  "model_overrides.msd-planner", "workflow.research"],
                     "to_right", env)
    assert cfg(right).read_bytes() == before  # planning writes nothing
    rows = {r[0]: r for r in plan.rows()}
    assert rows["model_profile"][1:3] == ("balanced", "quality")
    assert rows["workflow.plan_check"][1:3] == (NOT_SET, "true")
    assert rows["workflow.research"][3] == "already set"
    assert len(plan.to_write) == 3
    report = apply_copy(plan, env)
    assert report.counts == {"written": 3, "unchanged": 1}
    data = json.loads(cfg(right).read_text())
    assert data["model_profile"] == "quality"
    assert data["workflow"] == {"research": False, "plan_check": True}
    assert data["model_overrides"] == {"msd-planner": "opus"}
    assert data["mode"] == "yolo"  # a key not copied stays
    assert json.loads(cfg(left).read_text())["model_profile"] == "quality"  # source untouched
    assert report.can_undo
    undone = undo_copy(report, env)
    assert undone.counts == {"restored": 3}
    restored = json.loads(cfg(right).read_text())
    assert restored == json.loads(before)
    assert list(restored) == list(json.loads(before))  # and in its order


def test_copying_an_absent_key_unsets_it(env: dict[str, str], pair: tuple[Path, Path]) -> None:
    left, right = pair
    comparison = compare_configs(left, right, env)
    report = apply_copy(plan_copy(comparison, ["workflow.plan_check"], "to_left", env), env)
    assert report.counts == {"written": 1}
    assert json.loads(cfg(left).read_text())["workflow"] == {"research": False}


def test_a_secret_is_never_copied(env: dict[str, str], pair: tuple[Path, Path]) -> None:
    left, right = pair
    before = cfg(right).read_bytes()
    comparison = compare_configs(left, right, env)
    plan = plan_copy(comparison, ["brave_search"], "to_right", env)
    assert plan.to_write == []
    (row,) = plan.rows()
    assert SECRET not in " ".join(row)
    assert "API keys" in row[3]
    report = apply_copy(plan, env)
    assert report.counts == {"error": 1}
    assert not report.can_undo
    assert cfg(right).read_bytes() == before


def test_a_file_changed_after_confirming_is_refused(env: dict[str, str],
                                                    pair: tuple[Path, Path]) -> None:
    left, right = pair
    plan = plan_copy(compare_configs(left, right, env), ["model_profile"], "to_right", env)
    cfg(right).write_text('{"model_profile": "budget"}', encoding="utf-8")
    report = apply_copy(plan, env)
    assert report.counts == {"refused": 1}
    assert json.loads(cfg(right).read_text()) == {"model_profile": "budget"}


def test_undo_leaves_a_later_edit_alone(env: dict[str, str], pair: tuple[Path, Path]) -> None:
    left, right = pair
    report = apply_copy(plan_copy(compare_configs(left, right, env), ["model_profile"],
                                  "to_right", env), env)
    cfg(right).write_text('{"model_profile": "adaptive"}', encoding="utf-8")
    undone = undo_copy(report, env)
    assert undone.counts == {"refused": 1}
    assert json.loads(cfg(right).read_text()) == {"model_profile": "adaptive"}


def test_an_unusable_side_is_reported_not_raised(env: dict[str, str], tmp_path: Path) -> None:
    good = make_project(tmp_path, "good", {"mode": "yolo"})
    bad = make_project(tmp_path, "bad", "{broken")
    comparison = compare_configs(good, bad, env)
    assert comparison.right.error
    assert [r.key for r in comparison.rows] == ["mode"]
    plan = plan_copy(comparison, ["mode"], "to_right", env)
    assert plan.to_write == []  # the batch path refuses the broken file
    assert cfg(bad).read_text() == "{broken"
