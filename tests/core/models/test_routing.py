"""The runtime grid and the active runtime's rungs, on real projects in tmp folders."""

from __future__ import annotations

from pathlib import Path

import pytest

from msd_desktop.core.config.store import load_config
from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.models.config_input import input_from_loaded
from msd_desktop.core.models.execution import resolve_effort
from msd_desktop.core.models.resolution import ResolutionInput, resolve_model
from msd_desktop.core.models.routing import (
    DECIDED,
    EMPTY,
    KIND_INHERIT,
    KIND_MODEL,
    KIND_OMIT,
    SHADOWED,
    active_runtime_rungs,
    build_grid,
)
from msd_desktop.core.models.routing_report import routing_report

from .routing_fixtures import defaults, mark, project


@pytest.fixture
def home(tmp_path: Path) -> Path:
    h = tmp_path / "home"
    h.mkdir()
    return h


def _input(root: Path, env: dict[str, str]) -> ResolutionInput:
    return input_from_loaded(load_config(root, env), env)


def test_columns_active_first_then_installs_then_the_three(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path / "p", {})
    mark(home / ".config" / "kilo", "kilo")
    env = {"HOME": str(home), "MSD_RUNTIME": "Copilot"}
    grid = build_grid(_input(root, env))
    assert grid.runtimes == ("copilot", "kilo", "claude", "codex", "opencode")
    assert grid.agents == tuple(load_catalog().agents)


def test_without_anything_claude_leads_and_nothing_repeats(tmp_path: Path, home: Path) -> None:
    grid = build_grid(_input(project(tmp_path / "p", {}), {"HOME": str(home)}))
    assert grid.runtimes == ("claude", "codex", "opencode")


def test_each_cell_is_the_resolver_with_that_runtime(tmp_path: Path, home: Path) -> None:
    config = {
        "model_profile": "quality",
        "runtime": "claude",
        "model_overrides": {"msd-verifier": "openai/gpt-5"},
        "model_profile_overrides": {"codex": {"opus": "gpt-custom-opus"}},
    }
    env = {"HOME": str(home)}
    inp = _input(project(tmp_path / "p", config), env)
    grid = build_grid(inp, runtimes=("claude", "codex", "opencode", "qwen"))
    for runtime in grid.runtimes:
        forced = inp._replace(config={**inp.config, "runtime": runtime},
                              env={**env, "MSD_RUNTIME": runtime})
        for agent in grid.agents:
            want = resolve_model(forced, agent)
            cell = grid.cell(agent, runtime)
            assert (cell.model, cell.layer) == (want.model, want.layer), (agent, runtime)
    assert grid.cell("msd-planner", "codex").model == "gpt-custom-opus"
    assert grid.cell("msd-planner", "codex").layer == "model_profile_overrides"
    assert grid.cell("msd-planner", "claude").model == "opus"
    assert grid.cell("msd-planner", "opencode").model == "anthropic/claude-opus-4-8"
    assert grid.cell("msd-verifier", "claude").model == "openai/gpt-5"
    assert grid.differs("msd-planner")


def test_omit_and_inherit_are_named(tmp_path: Path, home: Path) -> None:
    env = {"HOME": str(home)}
    grid = build_grid(_input(project(tmp_path / "a", {"resolve_model_ids": "omit"}), env))
    # the omit gate comes after the runtime tier maps (§5.11): only Claude reaches it here
    assert {grid.cell(a, "claude").kind for a in grid.agents} == {KIND_OMIT}
    assert grid.cell("msd-planner", "claude").model == ""
    assert grid.cell("msd-planner", "codex").layer == "runtime_tier_default"
    grid = build_grid(_input(project(tmp_path / "b", {"model_profile": "inherit"}), env))
    assert grid.cell("msd-planner", "claude").kind == KIND_INHERIT
    assert grid.cell("msd-planner", "codex").kind == KIND_INHERIT
    assert grid.cell("msd-planner", "codex").model == "inherit"


def test_effort_rendered_where_the_runtime_takes_it(tmp_path: Path, home: Path) -> None:
    config = {"effort": {"agent_overrides": {"msd-planner": "max", "msd-executor": "minimal"}}}
    inp = _input(project(tmp_path / "p", config), {"HOME": str(home)})
    grid = build_grid(inp)
    assert grid.cell("msd-planner", "claude").effort == "max"
    assert grid.cell("msd-planner", "codex").effort == "xhigh"  # Codex clamps max
    assert grid.cell("msd-planner", "opencode").effort is None  # takes no effort
    assert grid.cell("msd-executor", "claude").effort == "low"  # Claude clamps minimal
    assert grid.cell("msd-executor", "codex").effort == "minimal"
    assert grid.cell("msd-planner", "codex").effort_layer == "effort.agent_overrides"
    assert resolve_effort(inp, "msd-planner").value == "max"


def test_cells_that_agree_everywhere_are_not_marked(tmp_path: Path, home: Path) -> None:
    config = {"model_overrides": {"msd-planner": "my-model"},
              "effort": {"agent_overrides": {"msd-planner": "inherit"}}}
    grid = build_grid(_input(project(tmp_path / "p", config), {"HOME": str(home)}))
    assert {grid.cell("msd-planner", rt).model for rt in grid.runtimes} == {"my-model"}
    assert not grid.differs("msd-planner")
    # a runtime that takes no effort is no difference; two efforts that disagree are
    config = {"model_overrides": {"msd-planner": "my-model"},
              "effort": {"agent_overrides": {"msd-planner": "max"}}}
    grid = build_grid(_input(project(tmp_path / "q", config), {"HOME": str(home)}),
                      runtimes=("claude", "opencode"))
    assert not grid.differs("msd-planner")  # max on Claude, none on OpenCode
    grid = build_grid(_input(project(tmp_path / "q", config), {"HOME": str(home)}),
                      runtimes=("claude", "codex"))
    assert grid.differs("msd-planner")  # max on Claude, xhigh on Codex
    assert grid.cell("msd-planner", "claude").kind == KIND_MODEL


def test_rungs_env_decides_and_shadows_config_and_marker(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path / "p", {"runtime": "opencode"})
    marker = mark(root / ".codex", "codex")
    env = {"HOME": str(home), "MSD_RUNTIME": "claude-code"}
    loaded = load_config(root, env)
    active = active_runtime_rungs(input_from_loaded(loaded, env),
                                  runtime_source=loaded.provenance("runtime").path)
    assert active.runtime == "claude"
    assert active.rung == "MSD_RUNTIME"
    states = {r.rung: (r.state, r.runtime) for r in active.rungs}
    assert states == {
        "MSD_RUNTIME": (DECIDED, "claude"),
        "config.runtime": (SHADOWED, "opencode"),
        "install marker": (SHADOWED, "codex"),
        "default": (SHADOWED, "claude"),
    }
    rungs = {r.rung: r for r in active.rungs}
    assert rungs["install marker"].source == str(marker)
    assert rungs["config.runtime"].source == str(root / ".planning" / "config.json")


def test_the_default_decides_when_no_rung_names_a_runtime(tmp_path: Path, home: Path) -> None:
    active = active_runtime_rungs(_input(project(tmp_path / "p", {}), {"HOME": str(home)}))
    assert [(r.rung, r.state) for r in active.rungs] == [
        ("MSD_RUNTIME", EMPTY), ("config.runtime", EMPTY), ("install marker", EMPTY),
        ("default", DECIDED)]
    assert active.warnings == ()


def test_runtime_from_defaults_json_is_named_and_warned(tmp_path: Path, home: Path) -> None:
    path = defaults(home, {"runtime": "codex", "resolve_model_ids": "omit"})
    root = project(tmp_path / "p", None)  # no .planning: defaults.json is read (§4 case 2)
    report = routing_report(root, {"HOME": str(home)}, read_installs=False)
    config_rung = next(r for r in report.active.rungs if r.rung == "config.runtime")
    assert (config_rung.state, config_rung.runtime, config_rung.source) == (
        DECIDED, "codex", str(path))
    assert report.grid.runtimes[0] == "codex"
    joined = "\n".join(report.active.warnings)
    assert '"runtime" comes from ' + str(path) in joined
    assert '"resolve_model_ids" comes from' in joined


def test_two_global_installs_leave_the_marker_rung_empty_with_a_warning(
        tmp_path: Path, home: Path) -> None:
    mark(home / ".codex", "codex")
    mark(home / ".config" / "opencode", "opencode")
    root = project(tmp_path / "p", {})
    report = routing_report(root, {"HOME": str(home)}, read_installs=False)
    marker_rung = next(r for r in report.active.rungs if r.rung == "install marker")
    assert marker_rung.state == EMPTY
    assert report.active.runtime == "claude"
    assert any("install markers name different runtimes" in w for w in report.active.warnings)
    # both installs still get a column, after the active runtime
    assert report.grid.runtimes == ("claude", "codex", "opencode")
