"""The routing ladders (core.models.ladder) over real config files, loaded as the window does."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from msd_desktop.core.config.store import LoadedConfig, load_config
from msd_desktop.core.models.config_input import input_from_loaded
from msd_desktop.core.models.execution import resolve_execution
from msd_desktop.core.models.ladder import (
    CLOSED,
    NOT_REACHED,
    SKIPPED,
    SOURCE_BUILTIN,
    SOURCE_WHATIF,
    SUPERSEDED,
    WINNER,
    Ladder,
    WhatIf,
    build_ladders,
    lookup,
)
from msd_desktop.core.models.resolution import ResolutionInput


def _project(tmp_path: Path, config: dict[str, Any] | None,
             defaults: dict[str, Any] | None = None
             ) -> tuple[LoadedConfig, ResolutionInput, dict[str, str]]:
    """A project with ``config`` as its config.json (no ``.planning/`` when None)."""
    root = tmp_path / "proj"
    root.mkdir(parents=True)
    if config is not None:
        (root / ".planning").mkdir()
        (root / ".planning" / "config.json").write_text(json.dumps(config), encoding="utf-8")
    home = tmp_path / "home"
    env = {"HOME": str(home)}
    if defaults is not None:
        (home / ".msd").mkdir(parents=True)
        (home / ".msd" / "defaults.json").write_text(json.dumps(defaults), encoding="utf-8")
    loaded = load_config(root, env)
    return loaded, input_from_loaded(loaded, env, locate_install=False), env


def _file_of(loaded: LoadedConfig) -> Any:
    def file_of(key: str) -> str | None:
        prov = loaded.provenance(key)
        return prov.path if prov.present else None
    return file_of


def _by_layer(ladder: Ladder) -> dict[str, Any]:
    return {r.layer: r for r in ladder.rungs}


def _only_winner(ladder: Ladder) -> Any:
    winners = [r for r in ladder.rungs if r.state == WINNER]
    assert len(winners) == 1, ladder
    return winners[0]


def test_per_agent_override_wins_and_names_its_file(tmp_path: Path) -> None:
    loaded, inp, _ = _project(tmp_path, {"model_profile": "budget",
                                         "model_overrides": {"msd-planner": "claude-opus-4-8"}})
    res = resolve_execution(inp, "msd-planner")
    model, _, _ = build_ladders(res, _file_of(loaded))
    win = _only_winner(model)
    assert (model.winner, model.result) == ("model_overrides", "opus")
    assert win.layer == "model_overrides"
    assert win.value == "claude-opus-4-8"
    assert win.outcome == "opus"
    assert win.source == str(tmp_path / "proj" / ".planning" / "config.json")
    assert model.rungs[0] is win  # the first rung: nothing above it
    later = model.rungs[1:]
    assert later
    assert all(r.state == NOT_REACHED and r.source == "" for r in later)
    assert [r.layer for r in model.rungs] == [s.layer for s in res.model_resolution.trace]


def test_profile_tier_wins_after_skipped_rungs_with_reasons(tmp_path: Path) -> None:
    loaded, inp, _ = _project(tmp_path, {"model_profile": "quality"})
    res = resolve_execution(inp, "msd-executor")
    model, _, _ = build_ladders(res, _file_of(loaded))
    rungs = _by_layer(model)
    assert model.winner == "tier_alias"
    assert _only_winner(model) is rungs["tier_alias"]
    assert rungs["tier_alias"].value == res.model_resolution.tier == model.result
    assert rungs["tier_alias"].source.endswith(".planning/config.json")  # model_profile's file
    assert rungs["tier_alias"].config_key == "model_profile"
    assert rungs["model_overrides"].state == SKIPPED
    assert rungs["model_policy"].state == CLOSED
    assert rungs["model_policy"].reason == "model_policy is not set"
    assert rungs["runtime_tier_default"].state == CLOSED
    assert "runtime is claude" in rungs["runtime_tier_default"].reason
    assert all(r.whatif == "" for r in model.rungs)  # no what-if, no what-if marks


def test_profile_from_defaults_or_built_in_is_credited_so(tmp_path: Path) -> None:
    # no .planning/: ~/.msd/defaults.json is the config
    loaded, inp, _ = _project(tmp_path, None, defaults={"model_profile": "budget"})
    res = resolve_execution(inp, "msd-executor")
    model, _, _ = build_ladders(res, _file_of(loaded))
    assert loaded.values["model_profile"] == "budget"
    assert (model.winner, model.result) == ("tier_alias", res.model_resolution.tier)
    assert _by_layer(model)["tier_alias"].source.endswith(".msd/defaults.json")
    # a project config without model_profile: the built-in "balanced"
    loaded, inp, _ = _project(tmp_path / "b", {"mode": "yolo"})
    model, _, _ = build_ladders(resolve_execution(inp, "msd-executor"), _file_of(loaded))
    assert (model.winner, model.result) == ("tier_alias", "sonnet")
    assert _by_layer(model)["tier_alias"].source == SOURCE_BUILTIN


def _whatif(inp: ResolutionInput, **config: Any) -> tuple[ResolutionInput, dict[str, Any]]:
    new = dict(inp.config)
    new.update(config)
    return inp._replace(config=new), new


def test_whatif_profile_is_credited_to_the_whatif_not_the_file(tmp_path: Path) -> None:
    loaded, inp, _ = _project(tmp_path, {"model_profile": "balanced"})
    what, config = _whatif(inp, model_profile="quality")
    res = resolve_execution(what, "msd-executor")
    wi = WhatIf(base_config=inp.config, config=config, profile="quality")
    model, effort, _ = build_ladders(res, _file_of(loaded), wi)
    win = _only_winner(model)
    assert win.layer == "tier_alias"
    assert win.source == SOURCE_WHATIF  # not .planning/config.json, which says "balanced"
    assert win.whatif == "profile quality"
    # the same rung without the what-if context names the file (what the trace used to say)
    plain, _, _ = build_ladders(res, _file_of(loaded))
    assert _only_winner(plain).source.endswith(".planning/config.json")
    assert all(r.whatif == "" for r in effort.rungs)  # the effort ladder is not touched


def test_whatif_runtime_marks_the_runtime_rungs_and_keeps_built_in(tmp_path: Path) -> None:
    loaded, inp, _ = _project(tmp_path, {"model_profile": "balanced"})
    what, config = _whatif(inp, runtime="codex")
    res = resolve_execution(what, "msd-executor")
    wi = WhatIf(base_config=inp.config, config=config, runtime="codex")
    model, _, _ = build_ladders(res, _file_of(loaded), wi)
    rungs = _by_layer(model)
    assert model.winner == "runtime_tier_default"
    win = _only_winner(model)
    assert win is rungs["runtime_tier_default"]
    assert win.source == SOURCE_BUILTIN
    assert win.whatif == "runtime codex"
    assert win.outcome == res.model
    assert win.outcome != win.value
    assert rungs["model_profile_overrides"].whatif == "runtime codex"
    assert rungs["model_overrides"].whatif == ""
    assert rungs["tier_alias"].state == NOT_REACHED


def test_whatif_attempt_and_effort_override(tmp_path: Path) -> None:
    cfg = {"dynamic_routing": {"enabled": True, "tier_models": {"light": "haiku",
                                                                "standard": "sonnet",
                                                                "heavy": "opus"}}}
    loaded, inp, _ = _project(tmp_path, cfg)
    wi = WhatIf(base_config=inp.config, config=inp.config, attempt=1)
    res = resolve_execution(inp, "msd-executor", attempt=1)
    model, effort, _ = build_ladders(res, _file_of(loaded), wi)
    win = _only_winner(model)
    assert (win.layer, win.whatif) == ("dynamic_routing", "attempt 1")
    assert win.source.endswith(".planning/config.json")  # the tier_models map is the file's
    eff = _by_layer(effort)
    assert effort.winner == "dynamic_routing"
    assert effort.result == "xhigh"
    assert eff["builtin.routing_tier_defaults"].state == SUPERSEDED  # high, then escalated
    assert _only_winner(effort) is eff["dynamic_routing"]
    assert eff["--effort"].state == CLOSED
    assert eff["--effort"].reason.startswith("ignored")

    wi = WhatIf(base_config=inp.config, config=inp.config, effort="low")
    res = resolve_execution(inp, "msd-executor", effort="low")
    _, effort, _ = build_ladders(res, _file_of(loaded), wi)
    win = _only_winner(effort)
    assert (win.layer, win.value, win.source, win.whatif) == (
        "--effort", "low", SOURCE_WHATIF, "--effort low")


def test_draft_changed_key_is_credited_to_the_whatif(tmp_path: Path) -> None:
    loaded, inp, _ = _project(tmp_path, {"model_profile": "balanced",
                                         "model_overrides": {"msd-planner": "haiku"}})
    what, config = _whatif(inp, model_overrides={"msd-planner": "sonnet"})
    res = resolve_execution(what, "msd-planner")
    wi = WhatIf(base_config=inp.config, config=config, draft=True)
    model, _, _ = build_ladders(res, _file_of(loaded), wi)
    win = _only_winner(model)
    assert (win.value, win.source, win.whatif) == ("sonnet", SOURCE_WHATIF,
                                                   "unsaved Settings draft")
    # an agent the draft leaves alone keeps its file
    res = resolve_execution(what, "msd-executor")
    model, _, _ = build_ladders(res, _file_of(loaded), wi)
    assert _only_winner(model).source.endswith(".planning/config.json")


def test_omit_gate_from_the_project_wins_and_from_defaults_is_skipped(tmp_path: Path) -> None:
    loaded, inp, _ = _project(tmp_path, {"resolve_model_ids": "omit"})
    res = resolve_execution(inp, "msd-executor")
    model, _, _ = build_ladders(res, _file_of(loaded))
    win = _only_winner(model)
    assert (win.layer, win.value, win.outcome) == ("resolve_model_ids_omit", "omit", '""')
    assert win.source.endswith(".planning/config.json")
    assert model.result == ""

    # "omit" only from ~/.msd/defaults.json (no .planning/): Claude has native aliases
    loaded, inp, _ = _project(tmp_path / "g", None, defaults={"resolve_model_ids": "omit"})
    res = resolve_execution(inp, "msd-executor")
    model, _, _ = build_ladders(res, _file_of(loaded))
    omit = _by_layer(model)["resolve_model_ids_omit"]
    assert omit.state == SKIPPED
    assert "only from global defaults" in omit.reason
    assert model.winner == "tier_alias"


@pytest.mark.parametrize(
    ("config", "agent", "effort", "effort_layer", "fast", "fast_layer"),
    [
        ({}, "msd-executor", "high", "builtin.routing_tier_defaults", False,
         "builtin.routing_tier_defaults"),
        ({"effort": {"agent_overrides": {"msd-executor": "max"}, "default": "low"},
          "fast_mode": {"enabled": True}},
         "msd-executor", "max", "effort.agent_overrides", True, "fast_mode.enabled"),
        ({"effort": {"default": "medium"},
          "fast_mode": {"agent_overrides": {"my-own-agent": True}}},
         "my-own-agent", "medium", "effort.default", True, "fast_mode.agent_overrides"),
        ({"effort": {"routing_tier_defaults": {"standard": "minimal"}},
          "fast_mode": {"routing_tier_defaults": {"standard": True}}},
         "msd-executor", "minimal", "effort.routing_tier_defaults", True,
         "fast_mode.routing_tier_defaults"),
    ],
)
def test_effort_and_fast_mode_ladders(
    tmp_path: Path, config: dict[str, Any], agent: str, effort: str, effort_layer: str,
    fast: bool, fast_layer: str,
) -> None:
    loaded, inp, _ = _project(tmp_path, config)
    res = resolve_execution(inp, agent)
    _, eff, fm = build_ladders(res, _file_of(loaded))
    assert (eff.result, eff.winner, _only_winner(eff).layer) == (effort, effort_layer,
                                                                 effort_layer)
    assert (fm.result, fm.winner, _only_winner(fm).layer) == (fast, fast_layer, fast_layer)
    for ladder in (eff, fm):
        win = _only_winner(ladder)
        expected = SOURCE_BUILTIN if win.layer.startswith("builtin.") else "config.json"
        assert win.source.endswith(expected)
        idx = ladder.rungs.index(win)
        assert all(r.state != NOT_REACHED for r in ladder.rungs[:idx])
        assert all(r.state == NOT_REACHED for r in ladder.rungs[idx + 1:])
    assert [r.layer for r in eff.rungs] == [s.layer for s in res.effort_resolution.trace]
    assert [r.layer for r in fm.rungs] == [s.layer for s in res.fast_mode_resolution.trace]


def test_lookup_reads_dotted_keys_and_agent_names_with_dots() -> None:
    config = {"model_overrides": {"a.b": "opus", "c": "haiku"}, "effort": {"default": "low"}}
    assert lookup(config, "model_overrides.a.b") == "opus"
    assert lookup(config, "model_overrides.c") == "haiku"
    assert lookup(config, "effort.default") == "low"
    assert lookup(config, "effort.missing") != lookup(config, "effort.default")
    assert lookup(config, "model_overrides.zz") == lookup(config, "nothing")
