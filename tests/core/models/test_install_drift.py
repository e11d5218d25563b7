"""Stale installs: fixture homes with installs for several runtimes, compared with config."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from msd_desktop.core.models.install_bake import (
    expected_bake,
    find_project_config,
    merge_install_config,
    read_install_config,
)
from msd_desktop.core.models.install_drift import (
    NOT_INSTALLED,
    SAME,
    STALE,
    UNREADABLE_STATUS,
)
from msd_desktop.core.models.routing_report import routing_report

from .routing_fixtures import codex_agent, defaults, mark, markdown_agent, project


@pytest.fixture
def home(tmp_path: Path) -> Path:
    h = tmp_path / "home"
    h.mkdir()
    return h


def _rows(report, runtime: str, scope: str | None = None):  # type: ignore[no-untyped-def]
    drift = next(d for d in report.installs if d.install.runtime == runtime
                 and (scope is None or d.install.scope == scope))
    return drift, {row.agent: row for row in drift.agents}


def test_codex_bake_goes_stale_after_a_model_overrides_edit(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path / "p", {"model_overrides": {"msd-planner": "gpt-5"}})
    install = root / ".codex"
    mark(install, "codex")
    codex_agent(install, "msd-planner", "gpt-5", "xhigh")  # what the install wrote then
    codex_agent(install, "msd-executor")  # no override: no model line, no effort
    env = {"HOME": str(home)}
    drift, rows = _rows(routing_report(root, env), "codex")
    assert rows["msd-planner"].status == SAME
    assert rows["msd-executor"].status == SAME
    assert not drift.stale

    config = root / ".planning" / "config.json"
    config.write_text(json.dumps({"model_overrides": {"msd-planner": "gpt-5.1",
                                                      "msd-executor": "gpt-5-mini"}}))
    report = routing_report(root, env)
    drift, rows = _rows(report, "codex")
    planner, executor = rows["msd-planner"], rows["msd-executor"]
    assert planner.status == STALE
    assert (planner.installed.model, planner.expected.model) == ("gpt-5", "gpt-5.1")
    # an agent file without a model line is stale once config pins one
    assert executor.status == STALE
    assert (executor.installed.model, executor.expected.model) == (None, "gpt-5-mini")
    assert executor.expected.effort == "high"  # effort is pinned with the model
    assert drift.count(STALE) == 2
    assert drift.count(NOT_INSTALLED) == len(drift.agents) - 2
    assert drift.command == "msd install codex --local"
    assert [d.command for d in report.stale] == ["msd install codex --local"]
    assert report.to_dict()["stale"][0]["stale_agents"] == 2


def test_effort_baked_differently_is_stale(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path / "p", {"model_overrides": {"msd-planner": "gpt-5"},
                                    "effort": {"agent_overrides": {"msd-planner": "max"}}})
    mark(root / ".codex", "codex")
    codex_agent(root / ".codex", "msd-planner", "gpt-5", "high")
    mark(root / ".claude", "claude")
    markdown_agent(root / ".claude", "msd-planner", effort="high")
    markdown_agent(root / ".claude", "msd-executor", effort="high")
    report = routing_report(root, {"HOME": str(home)})
    _, codex = _rows(report, "codex")
    assert codex["msd-planner"].status == STALE
    assert (codex["msd-planner"].installed.effort, codex["msd-planner"].expected.effort) == (
        "high", "xhigh")  # max clamps to xhigh on Codex
    _, claude = _rows(report, "claude")
    assert (claude["msd-planner"].status, claude["msd-planner"].expected.effort) == (STALE, "max")
    assert claude["msd-executor"].status == SAME  # standard tier: high
    assert claude["msd-planner"].expected.model is None  # Claude bakes no model


def test_opencode_bakes_the_override_or_the_configured_runtimes_tier(
        tmp_path: Path, home: Path) -> None:
    root = project(tmp_path / "p", {"runtime": "opencode", "model_profile": "quality",
                                    "model_overrides": {"msd-verifier": "openai/gpt-5"}})
    mark(root / ".opencode", "opencode")
    markdown_agent(root / ".opencode", "msd-verifier", model="openai/gpt-5")
    markdown_agent(root / ".opencode", "msd-planner")  # installed before the runtime was set
    report = routing_report(root, {"HOME": str(home)})
    _, rows = _rows(report, "opencode")
    assert rows["msd-verifier"].status == SAME
    assert rows["msd-planner"].status == STALE
    assert rows["msd-planner"].expected.model == "anthropic/claude-opus-4-8"


def test_two_global_installs_are_both_compared(tmp_path: Path, home: Path) -> None:
    defaults(home, {"model_overrides": {"msd-planner": "gpt-5.1"}})
    mark(home / ".codex", "codex")
    codex_agent(home / ".codex", "msd-planner", "gpt-5", "xhigh")
    opencode_dir = home / ".config" / "opencode"
    mark(opencode_dir, "opencode")
    markdown_agent(opencode_dir, "msd-planner", model="gpt-5.1")
    root = project(tmp_path / "p", {"model_overrides": {"msd-planner": "project-only"}})
    report = routing_report(root, {"HOME": str(home)})
    codex, rows = _rows(report, "codex", "global")
    # a global install reads defaults.json, not the project (no config above ~/.codex)
    assert codex.project_config is None
    assert rows["msd-planner"].expected.model == "gpt-5.1"
    assert rows["msd-planner"].status == STALE
    assert codex.command == "msd install codex --global"
    _, rows = _rows(report, "opencode", "global")
    assert rows["msd-planner"].status == SAME


@pytest.mark.timeout(60)
def test_hostile_agent_files_are_unreadable_and_the_rest_still_compared(
        tmp_path: Path, home: Path) -> None:
    root = project(tmp_path / "p", {})
    install = root / ".codex"
    mark(install, "codex")
    (install / "agents").mkdir()
    os.mkfifo(install / "agents" / "msd-planner.toml")
    codex_agent(install, "msd-executor")
    report = routing_report(root, {"HOME": str(home)})
    _, rows = _rows(report, "codex")
    assert rows["msd-planner"].status == UNREADABLE_STATUS
    assert rows["msd-planner"].problem
    assert rows["msd-executor"].status == SAME
    assert not report.stale


def test_install_config_merges_project_over_defaults_per_key(tmp_path: Path) -> None:
    cfg = merge_install_config(
        {"model_overrides": {"a": "p"}, "effort": {"agent_overrides": {"x": "low"}},
         "runtime": ""},
        {"model_overrides": {"a": "g", "b": "g"}, "runtime": "codex",
         "effort": {"agent_overrides": {"y": "max"}, "default": "low"}},
        "/p/.planning/config.json",
    )
    assert cfg.model_overrides == {"a": "p", "b": "g"}
    assert cfg.effort == {"agent_overrides": {"y": "max", "x": "low"}, "default": "low",
                          "routing_tier_defaults": {}}
    assert cfg.runtime == "codex"  # an empty project value does not count
    assert cfg.model_profile == "balanced"


def test_codex_never_bakes_a_claude_model_and_trims(tmp_path: Path) -> None:
    def bake(value: object) -> object:
        cfg = merge_install_config({"model_overrides": {"msd-planner": value}}, None, None)
        return expected_bake("codex", "msd-planner", cfg)

    assert bake("opus").model is None
    assert bake("claude-opus-4-8").model is None
    assert bake("  gpt-5  ").model == "gpt-5"
    assert bake("   ").model is None
    assert bake("gpt-5").effort == "xhigh"  # heavy tier, built-in xhigh
    cfg = merge_install_config({"model_overrides": {"msd-planner": "gpt-5"},
                                "effort": {"agent_overrides": {"msd-planner": "inherit"}}},
                               None, None)
    assert expected_bake("codex", "msd-planner", cfg) == ("gpt-5", None)


def test_the_walk_up_stops_after_eight_levels(tmp_path: Path) -> None:
    project(tmp_path, {})
    deep = tmp_path.joinpath(*"abcdefgh")
    deep.mkdir(parents=True)
    assert find_project_config(str(deep / "x")) is None
    assert find_project_config(str(deep)) is None
    assert find_project_config(str(deep.parent)) == str(tmp_path / ".planning" / "config.json")


@pytest.mark.timeout(60)
def test_install_config_reads_through_the_safe_reader(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path / "p", None)
    (root / ".planning").mkdir()
    os.mkfifo(root / ".planning" / "config.json")  # a hostile config is no config, no hang
    cfg = read_install_config(str(root / ".codex"), {"HOME": str(home)})
    assert cfg.model_overrides == {}
    assert cfg.project_config == str(root / ".planning" / "config.json")


def test_the_demo_shows_a_stale_codex_install(tmp_path: Path, home: Path) -> None:
    import shutil

    from msd_desktop.core.workspace.demo import demo_source

    root = tmp_path / "checklist-printer"
    shutil.copytree(demo_source() / "checklist-printer", root)
    report = routing_report(root, {"HOME": str(home)})
    assert report.active.runtime == "codex"
    assert [d.command for d in report.stale] == ["msd install codex --local"]
    drift, rows = _rows(report, "codex", "project")
    assert [a for a, row in rows.items() if row.status == STALE] == ["msd-executor"]
    assert rows["msd-executor"].installed.model == "gpt-5"
    assert rows["msd-executor"].expected.model is None  # the pin was removed since
    assert drift.count(SAME) == len(drift.agents) - 1  # every other agent file matches
