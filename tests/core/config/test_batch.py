"""The bulk edit behind the config matrix: confirmation data, per-project refusal, undo."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.config.batch import (
    NOT_SET,
    apply_batch,
    plan_batch,
    summary_text,
    undo_batch,
)
from tests.prerequisites import require_keyring


def make_project(base: Path, name: str, config: dict[str, object] | str | None) -> Path:
    root = base / name
    (root / ".planning").mkdir(parents=True)
    if config is not None:
        text = config if isinstance(config, str) else json.dumps(config, indent=2)
        (root / ".planning" / "config.json").write_text(text, encoding="utf-8")
    return root


def cfg_path(root: Path) -> Path:
    return root / ".planning" / "config.json"


def read(root: Path) -> dict[str, object]:
    data = json.loads(cfg_path(root).read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    return data


@pytest.fixture
def env(isolated_home: Path) -> dict[str, str]:
    return {"HOME": str(isolated_home)}


@pytest.fixture
def projects(tmp_path: Path) -> list[Path]:
    return [
        make_project(tmp_path, "a", {"custom": 1, "model_profile": "quality", "zz": True}),
        make_project(tmp_path, "b", {"model_profile": "balanced"}),
        make_project(tmp_path, "c", {"other": "x"}),
        make_project(tmp_path, "d", "{broken"),
    ]


def test_plan_lists_old_and_new_without_writing(env: dict[str, str],
                                                projects: list[Path]) -> None:
    before = [cfg_path(p).read_bytes() for p in projects]
    plan = plan_batch(projects, "model_profile", "budget", env)
    rows = {r[0]: r for r in plan.rows()}
    assert rows["a"][1:3] == ("quality", "budget")
    assert rows["b"][1:3] == ("balanced", "budget")
    assert rows["c"][1:3] == (NOT_SET, "budget")
    assert rows["d"][1] == "(unreadable)"
    assert rows["d"][3].startswith("not written, .planning/config.json: line 1")
    assert str(projects[3]) not in rows["d"][3]
    assert [c.project.name for c in plan.to_write] == ["a", "b", "c"]
    assert [cfg_path(p).read_bytes() for p in projects] == before


def test_plan_marks_already_set_and_invalid_values(env: dict[str, str],
                                                   projects: list[Path]) -> None:
    same = plan_batch(projects[:2], "model_profile", "balanced", env)
    assert [c.unchanged for c in same.changes] == [False, True]
    assert same.rows()[1][3] == "already set"
    bad = plan_batch(projects[:2], "model_profile", "turbo", env)
    assert all("Invalid model_profile 'turbo'" in (c.problem or "") for c in bad.changes)
    assert bad.to_write == []


def test_plan_masks_secrets_everywhere(env: dict[str, str], projects: list[Path]) -> None:
    secret = "sk-live-1234567890abcdef"
    plan = plan_batch(projects[:1], "brave_search", secret, env)
    text = repr(plan) + repr(plan.changes) + json.dumps(plan.rows())
    assert secret not in text
    assert plan.rows()[0][2] != secret
    assert not plan.undoable


def test_apply_writes_reports_and_keeps_order(env: dict[str, str],
                                              projects: list[Path]) -> None:
    plan = plan_batch(projects, "model_profile", "budget", env)
    report = apply_batch(plan, env)
    status = {r.project.name: r.status for r in report.results}
    assert status == {"a": "written", "b": "written", "c": "written", "d": "error"}
    assert list(read(projects[0])) == ["custom", "model_profile", "zz"]
    assert read(projects[0])["model_profile"] == "budget"
    assert read(projects[2]) == {"other": "x", "model_profile": "budget"}
    assert cfg_path(projects[3]).read_text(encoding="utf-8") == "{broken"
    assert report.results[0].message == "quality → budget"
    assert report.can_undo
    assert summary_text(report) == "3 written, 1 failed"


def test_apply_refuses_a_project_changed_since_confirmation(env: dict[str, str],
                                                            projects: list[Path]) -> None:
    plan = plan_batch(projects[:3], "model_profile", "budget", env)
    outside = '{"model_profile": "inherit", "edited": "elsewhere"}'
    cfg_path(projects[1]).write_text(outside, encoding="utf-8")
    report = apply_batch(plan, env)
    assert [r.status for r in report.results] == ["written", "refused", "written"]
    assert "changed on disk" in report.results[1].message
    assert cfg_path(projects[1]).read_text(encoding="utf-8") == outside
    assert read(projects[2])["model_profile"] == "budget"


def test_apply_refuses_a_file_created_since_confirmation(env: dict[str, str],
                                                         tmp_path: Path) -> None:
    root = make_project(tmp_path, "fresh", None)
    plan = plan_batch([root], "mode", "yolo", env)
    cfg_path(root).write_text('{"mode": "interactive"}', encoding="utf-8")
    report = apply_batch(plan, env)
    assert report.results[0].status == "refused"
    assert read(root) == {"mode": "interactive"}


def test_undo_restores_every_previous_value(env: dict[str, str], projects: list[Path]) -> None:
    before = {p.name: read(p) for p in projects[:3]}
    report = apply_batch(plan_batch(projects, "workflow.research", False, env), env)
    assert read(projects[2])["workflow"] == {"research": False}
    undone = undo_batch(report, env)
    assert {r.project.name: r.status for r in undone.results} == {
        "a": "restored", "b": "restored", "c": "restored", "d": "skipped"}
    for p in projects[:3]:
        assert read(p) == before[p.name]  # the created "workflow" parent is gone again
        assert list(read(p)) == list(before[p.name])
    assert not undone.can_undo


def test_undo_refuses_where_changed_since_the_batch(env: dict[str, str],
                                                    projects: list[Path]) -> None:
    report = apply_batch(plan_batch(projects[:3], "model_profile", "budget", env), env)
    later = '{"model_profile": "inherit"}'
    cfg_path(projects[0]).write_text(later, encoding="utf-8")
    undone = undo_batch(report, env)
    assert [r.status for r in undone.results] == ["refused", "restored", "restored"]
    assert "changed on disk since the batch wrote it" in undone.results[0].message
    assert cfg_path(projects[0]).read_text(encoding="utf-8") == later
    assert read(projects[1])["model_profile"] == "balanced"
    assert "model_profile" not in read(projects[2])
    assert summary_text(undone) == "2 restored, 1 refused (changed on disk)"


def test_unset_batch_and_its_undo(env: dict[str, str], projects: list[Path]) -> None:
    report = apply_batch(plan_batch(projects[:3], "model_profile", None, env), env)
    assert [r.status for r in report.results] == ["written", "written", "unchanged"]
    assert "model_profile" not in read(projects[0])
    undo_batch(report, env)
    assert list(read(projects[0])) == ["custom", "model_profile", "zz"]  # back in its place
    assert read(projects[0])["model_profile"] == "quality"


def test_undo_only_of_an_applied_batch(env: dict[str, str], projects: list[Path]) -> None:
    report = apply_batch(plan_batch(projects[:1], "mode", "yolo", env), env)
    undone = undo_batch(report, env)
    with pytest.raises(MsdError):
        undo_batch(undone, env)


@pytest.mark.keyring
def test_secret_batch_goes_to_the_keyring_and_is_not_undoable(env: dict[str, str],
                                                              tmp_path: Path) -> None:
    from msd_desktop.core.secrets import store

    require_keyring()
    roots = [make_project(tmp_path, n, {"mode": "yolo"}) for n in ("s1", "s2")]
    secret = "sk-batch-0123456789abcdef"
    try:
        report = apply_batch(plan_batch(roots, "brave_search", secret, env), env)
        assert [r.status for r in report.results] == ["written", "written"]
        for root in roots:
            text = cfg_path(root).read_text(encoding="utf-8")
            assert secret not in text
            assert read(root)["brave_search"] is True  # the sentinel (D4)
            assert store.reveal_secret("brave_search", root=root, env=env) == secret
        assert secret not in "\n".join(report.lines())
        assert not report.can_undo
        with pytest.raises(MsdError, match="cannot be undone"):
            undo_batch(report, env)
    finally:
        for root in roots:
            store.delete_secret("brave_search", root=root, env=env)
