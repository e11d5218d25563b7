"""Model resolution (spec §5, D1): every layer winning, every skip reason, JS value semantics.

Expected values follow upstream gsd-core 1.11 (checked against the real gsd-tools while
writing; the differential suite re-checks them on random configs).
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from msd_desktop.core.common.js_access import js_json, js_key, js_keys, js_own_get
from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.models.config_input import (
    config_load_warnings,
    explicit_omit,
    input_from_loaded,
)
from msd_desktop.core.models.resolution import (
    LAYERS,
    ResolutionInput,
    TraceStep,
    compute_tier,
    resolve_model,
)
from tests.property_examples import examples


def res(config: dict[str, Any], agent: str = "msd-planner", **kw: Any) -> Any:
    attempt = kw.pop("attempt", None)
    return resolve_model(ResolutionInput(config=config, **kw), agent, attempt=attempt)


def step(result: Any, layer: str) -> TraceStep:
    found: TraceStep = next(s for s in result.trace if s.layer == layer)
    return found


# ── JS semantics helpers ────────────────────────────────────────────────────────────────


def test_js_key_is_the_string_of_the_value() -> None:
    assert js_key(["codex"]) == "codex"
    assert js_key(1.0) == "1"


def test_js_own_get_on_strings_and_arrays() -> None:
    assert js_own_get("abc", "length") == (True, 3)
    assert js_own_get("abc", "1") == (True, "b")
    assert js_own_get("abc", "01") == (False, None)
    assert js_own_get(["x"], "0") == (True, "x")
    assert js_own_get(["x"], "toString") == (False, None)
    assert js_own_get({"__proto__": 1}, "__proto__") == (True, 1)
    assert js_own_get({}, "constructor") == (False, None)
    assert js_own_get(5, "x") == (False, None)
    assert js_own_get("😀", "length") == (True, 2)  # UTF-16 code units


def test_js_json_key_order_and_numbers() -> None:
    assert list(js_json({"b": 1, "2": 1, "1": 1, "01": 1})) == ["1", "2", "b", "01"]
    assert js_json(2.0) == 2
    assert isinstance(js_json(2.0), int)
    assert js_json(12345678901234567890) == 12345678901234567000
    assert js_keys({"x": 1, "10": 2, "9": 3}) == ["9", "10", "x"]


# ── step 1: model_overrides ─────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("override", "model"),
    [("claude-opus-4-8", "opus"), ("claude-sonnet-5", "sonnet"), ("claude-haiku-4-5", "haiku"),
     ("claude-fable-5", "fable"), ("sonnet", "sonnet"), ("fable", "fable"),
     ("openai/gpt-5", "openai/gpt-5"), ("inherit", "inherit"),
     ("Claude-Sonnet-5", "Claude-Sonnet-5"), ("my-custom-model", "my-custom-model")],
)
def test_override_on_claude(override: str, model: str) -> None:
    r = res({"model_overrides": {"msd-planner": override}})
    assert (r.model, r.layer, r.tier) == (model, "model_overrides", None)
    assert step(r, "model_overrides").applied


def test_override_accepts_gsd_key_and_msd_wins() -> None:
    assert res({"model_overrides": {"gsd-planner": "haiku"}}).model == "haiku"
    both = {"model_overrides": {"gsd-planner": "haiku", "msd-planner": "sonnet"}}
    assert res(both).model == "sonnet"
    assert res({"model_overrides": {"msd-planner": "haiku"}}, "gsd-planner").model == "haiku"


def test_unmappable_claude_id_warns_and_falls_through() -> None:
    r = res({"model_overrides": {"msd-planner": "claude-opus-4-5"}})
    assert (r.model, r.layer) == ("opus", "tier_alias")
    assert r.warnings == [
        'model_overrides value "claude-opus-4-5" for msd-planner has no Claude agent alias; '
        "falling through to tier resolution."
    ]
    s = step(r, "model_overrides")
    assert s.consulted
    assert not s.applied
    assert s.reason == "value 'claude-opus-4-5' has no Claude alias; falling through"


def test_unmappable_warning_truncates_to_64_units() -> None:
    value = "claude-" + "x" * 80
    r = res({"model_overrides": {"msd-planner": value}})
    assert f'"{value[:64]}…"' in r.warnings[0]


def test_override_verbatim_on_other_runtime_and_non_strings() -> None:
    r = res({"runtime": "codex", "model_overrides": {"msd-planner": "claude-opus-4-8"}})
    assert r.model == "claude-opus-4-8"
    assert "runtime is codex" in step(r, "model_overrides").reason
    assert res({"model_overrides": {"msd-planner": {"a": 1}}}).model == {"a": 1}
    assert res({"model_overrides": {"msd-planner": 7}}).model == 7


def test_empty_override_is_ignored_and_skip_reasons() -> None:
    r = res({"model_overrides": {"msd-planner": ""}})
    assert r.layer == "tier_alias"
    assert step(r, "model_overrides").reason == "entry is empty (ignored)"
    assert step(res({"model_overrides": {"x": "y"}}), "model_overrides").reason == (
        "no entry for msd-planner"
    )
    assert step(res({}), "model_overrides").reason == "model_overrides is not set"


def test_override_lookup_is_own_key_even_on_strings() -> None:
    # upstream: Object.hasOwn("abcdef", "length") is true → the number 6 is "the model"
    assert res({"model_overrides": "abcdef"}, "length").model == 6
    assert res({"model_overrides": {}}, "toString").model == "sonnet"


def test_override_source_and_global_flag() -> None:
    inp: dict[str, Any] = dict(override_sources={"msd-planner": "/h/.msd/defaults.json"},
                               global_defaults_path="/h/.msd/defaults.json")
    r = res({"model_overrides": {"msd-planner": "haiku"}}, **inp)
    assert r.override_source == "/h/.msd/defaults.json"
    assert r.global_override is True
    r2 = res({"model_overrides": {"msd-planner": "haiku"}},
             override_sources={"msd-planner": "/p/.planning/config.json"},
             global_defaults_path="/h/.msd/defaults.json")
    assert r2.global_override is False
    assert res({}, **inp).override_source is None


# ── step 2: tier ────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("config", "agent", "tier", "source"),
    [({}, "msd-planner", "opus", "model_profile"),
     ({"model_profile": "budget"}, "msd-planner", "sonnet", "model_profile"),
     ({"model_profile": "Quality"}, "msd-verifier", "sonnet", "model_profile"),
     ({"model_profile": "turbo"}, "msd-roadmapper", "sonnet", "model_profile"),
     ({"model_profile": "adaptive"}, "msd-codebase-mapper", "haiku", "model_profile"),
     ({"model_profile": "inherit"}, "msd-planner", "inherit", "model_profile"),
     ({"models": {"planning": "haiku"}}, "msd-planner", "haiku", "models"),
     ({"models": {"planning": "inherit"}}, "msd-planner", "inherit", "models"),
     ({"models": {"planning": "claude-opus-4-8"}}, "msd-planner", "opus", "model_profile"),
     ({"models": {"execution": "haiku"}}, "msd-planner", "opus", "model_profile"),
     ({"models": ["haiku"]}, "msd-planner", "opus", "model_profile"),
     ({"model_profile": ["Budget"]}, "msd-planner", "sonnet", "model_profile"),
     ({"model_profile": "constructor"}, "msd-planner", "opus", "model_profile"),
     ({}, "msd-nope", None, None),
     ({"model_profile": "inherit"}, "msd-nope", "inherit", "model_profile")],
)
def test_compute_tier(config: dict[str, Any], agent: str, tier: str | None,
                      source: str | None) -> None:
    assert compute_tier(load_catalog(), config, agent) == (tier, source)


def test_models_phase_type_wins_over_profile() -> None:
    r = res({"model_profile": "quality", "models": {"verification": "haiku"}}, "msd-verifier")
    assert (r.model, r.tier, r.tier_source) == ("haiku", "haiku", "models")


# ── step 3: model_policy ────────────────────────────────────────────────────────────────


def test_policy_preset_maps_to_claude_alias() -> None:
    r = res({"model_policy": {"provider": "anthropic"}})
    assert (r.model, r.layer, r.policy_source) == ("opus", "model_policy", "provider_preset")


def test_policy_preset_without_alias_warns_and_falls_through() -> None:
    r = res({"model_policy": {"provider": "anthropic", "budget": "low"}})
    assert (r.model, r.layer) == ("opus", "tier_alias")
    assert r.warnings == [
        'model_policy resolved "claude-opus-4-5" for msd-planner, but it has no Claude agent '
        'alias; using "opus" instead.'
    ]


def test_policy_fable_preset() -> None:
    r = res({"model_policy": {"provider": "anthropic-fable", "budget": "high"}})
    assert r.model == "fable"


def test_policy_preset_on_codex_returns_full_id_with_reasoning_effort() -> None:
    r = res({"runtime": "codex", "model_policy": {"provider": "openai"}})
    assert (r.model, r.layer, r.tier_reasoning_effort) == ("gpt-5.6-sol", "model_policy", "high")


def test_policy_generic_keys() -> None:
    cfg = {"runtime": "opencode", "model_policy": {"provider": "custom", "high": "big",
                                                   "medium": "mid", "low": ""}}
    r = res(cfg)
    assert (r.model, r.policy_source) == ("big", "generic_keys")
    assert res(cfg, "msd-executor").model == "mid"
    # low is empty → no policy result; the built-in opencode tier answers
    assert res(cfg, "msd-codebase-mapper").model == "anthropic/claude-haiku-4-5"


def test_policy_generic_on_claude_without_alias_falls_through() -> None:
    r = res({"model_policy": {"provider": "generic", "high": "my-big"}})
    assert r.model == "opus"
    assert "my-big" in r.warnings[0]


def test_policy_runtime_tiers() -> None:
    cfg = {"runtime": "codex", "model_policy": {"runtime_tiers": {"codex": {
        "opus": {"model": "rt-x", "reasoning_effort": "low"}, "sonnet": "rt-s"}}}}
    r = res(cfg)
    assert (r.model, r.policy_source, r.tier_reasoning_effort) == ("rt-x", "runtime_tiers", "low")
    assert res(cfg, "msd-executor").model == "rt-s"
    # haiku has no entry and no provider → no policy result → built-in codex tier
    assert res(cfg, "msd-codebase-mapper").layer == "runtime_tier_default"
    on_claude = {"model_policy": {"runtime_tiers": {"claude": {"opus": "sonnet"}}}}
    assert res(on_claude).model == "sonnet"


def test_policy_budget_and_unknowns() -> None:
    assert res({"runtime": "codex", "model_policy": {"provider": "openai", "budget": "nope"}}
               ).layer == "runtime_tier_default"
    r = res({"model_policy": {"provider": "bogus"}})
    assert r.layer == "tier_alias"
    assert step(r, "model_policy").reason == "no model_policy entry for tier opus"


def test_policy_skipped_for_inherit_tier() -> None:
    r = res({"model_profile": "inherit", "model_policy": {"provider": "anthropic"}})
    assert r.model == "inherit"
    assert step(r, "model_policy").consulted is False


# ── step 4: runtime tiers ───────────────────────────────────────────────────────────────


def test_builtin_runtime_tier() -> None:
    r = res({"runtime": "codex"}, "msd-executor")
    assert (r.model, r.layer, r.tier_reasoning_effort) == (
        "gpt-5.6-terra", "runtime_tier_default", "medium")
    assert res({"runtime": "opencode"}).model == "anthropic/claude-opus-4-8"
    assert res({"runtime": "opencode"}).tier_reasoning_effort is None


def test_profile_override_model_wins() -> None:
    r = res({"runtime": "codex", "model_profile_overrides": {"codex": {"sonnet": "my-terra"}}},
            "msd-executor")
    assert (r.model, r.layer, r.tier_reasoning_effort) == (
        "my-terra", "model_profile_overrides", "medium")


def test_profile_override_without_model_keeps_builtin() -> None:
    cfg = {"runtime": "codex",
           "model_profile_overrides": {"codex": {"sonnet": {"reasoning_effort": "low"}}}}
    r = res(cfg, "msd-executor")
    assert (r.model, r.layer, r.tier_reasoning_effort) == (
        "gpt-5.6-terra", "runtime_tier_default", "low")
    assert step(r, "model_profile_overrides").reason.startswith("entry has no model")


def test_runtime_is_verbatim_and_null_tier_runtimes_fall_through() -> None:
    r = res({"runtime": "Codex"}, "msd-executor")
    assert r.model == "sonnet"
    assert step(r, "runtime_tier_default").reason == "no built-in tier map for runtime 'Codex'"
    assert res({"runtime": "cline"}, "msd-executor").model == "sonnet"
    assert res({"runtime": "cline", "model_profile_overrides": {"cline": {"sonnet": "x"}}},
               "msd-executor").model == "x"


def test_claude_runtime_skips_runtime_tiers() -> None:
    r = res({"runtime": "claude", "model_profile": "quality"})
    assert r.model == "opus"  # Appendix A #1: the alias, not the full ID
    s = step(r, "runtime_tier_default")
    assert not s.consulted
    assert s.reason == "runtime is claude: built-in runtime tiers not used"
    assert step(res({}), "model_profile_overrides").reason == (
        "runtime is claude (default): built-in runtime tiers not used")


def test_array_runtime_indexes_like_its_string() -> None:
    # upstream: RUNTIME_PROFILE_MAP[["codex"]] is RUNTIME_PROFILE_MAP["codex"]
    assert res({"runtime": ["codex"]}).model == "gpt-5.6-sol"


# ── step 5: omit gate ───────────────────────────────────────────────────────────────────


def test_omit_explicit_project() -> None:
    r = res({"resolve_model_ids": "omit"}, explicit_omit=True)
    assert (r.model, r.layer) == ("", "resolve_model_ids_omit")
    assert step(r, "resolve_model_ids_omit").reason == 'the project config sets "omit"'


@pytest.mark.parametrize(
    ("env", "marker", "model"),
    [({}, None, "opus"), ({"MSD_RUNTIME": "claude-code"}, None, "opus"),
     ({"MSD_RUNTIME": "Claude"}, None, "opus"), ({"MSD_RUNTIME": " claude_cli "}, None, "opus"),
     ({"MSD_RUNTIME": "codex"}, None, ""), ({"MSD_RUNTIME": "Codex-CLI"}, None, ""),
     ({}, "codex", ""), ({}, "claude", "opus"), ({"MSD_RUNTIME": ""}, "codex", ""),
     ({"MSD_RUNTIME": "claude"}, "codex", "opus")],
)
def test_omit_from_global_only_depends_on_active_runtime(
    env: dict[str, str], marker: str | None, model: str
) -> None:
    r = res({"resolve_model_ids": "omit"}, env=env, install_runtime=marker)
    assert r.model == model


def test_omit_with_config_runtime_without_tiers() -> None:
    assert res({"resolve_model_ids": "omit", "runtime": "cline"}).model == ""
    # a runtime with a tier map answers before the gate
    assert res({"resolve_model_ids": "omit", "runtime": "codex"}).model == "gpt-5.6-sol"


def test_omit_before_inherit_and_unknown_agent() -> None:
    cfg = {"resolve_model_ids": "omit", "model_profile": "inherit"}
    assert res(cfg, explicit_omit=True).model == ""
    assert res({"resolve_model_ids": "omit"}, "foo", explicit_omit=True).model == ""


# ── steps 6–: unknown agents, inherit, full IDs ─────────────────────────────────────────


@pytest.mark.parametrize(
    ("profile", "model"),
    [("quality", "opus"), ("budget", "haiku"), ("inherit", "inherit"), ("balanced", "sonnet"),
     ("adaptive", "sonnet"), ("QUALITY", "opus")],
)
def test_unknown_agent_default(profile: str, model: str) -> None:
    r = res({"model_profile": profile, "models": {"planning": "haiku"}}, "msd-nope")
    assert (r.model, r.layer, r.unknown_agent) == (model, "unknown_agent_default", True)
    assert r.reported_tier == ("inherit" if profile == "inherit" else "unknown")


def test_unknown_agent_never_gets_a_full_id() -> None:
    assert res({"resolve_model_ids": True, "model_profile": "quality"}, "foo").model == "opus"


def test_inherit_layer() -> None:
    r = res({"model_profile": "inherit", "resolve_model_ids": True})
    assert (r.model, r.layer) == ("inherit", "inherit")


def test_full_id_only_for_boolean_true() -> None:
    r = res({"resolve_model_ids": True})
    assert (r.model, r.layer) == ("claude-opus-4-8", "tier_full_id")
    assert res({"resolve_model_ids": "true"}).model == "opus"
    assert res({"resolve_model_ids": 1}).model == "opus"
    assert res({"resolve_model_ids": True}, "msd-codebase-mapper").model == "claude-haiku-4-5"


def test_tier_alias_layer_and_full_trace() -> None:
    r = res({})
    assert (r.model, r.layer, r.tier, r.tier_source) == ("opus", "tier_alias", "opus",
                                                         "model_profile")
    assert [s.layer for s in r.trace] == [x for x in LAYERS if x != "dynamic_routing"]
    assert [s.applied for s in r.trace].count(True) == 1
    assert r.trace[-1].applied


def test_not_reached_layers_after_the_winner() -> None:
    r = res({"model_overrides": {"msd-planner": "haiku"}})
    later = r.trace[1:]
    assert all(not s.consulted and s.reason == "not reached: model_overrides applied"
               for s in later)


# ── §5.8 dynamic routing ────────────────────────────────────────────────────────────────

DR = {"enabled": True, "tier_models": {"light": "L", "standard": "S", "heavy": "H"}}


@pytest.mark.parametrize(
    ("dr", "agent", "attempt", "model", "routing_tier"),
    [(DR, "msd-executor", 0, "S", "standard"), (DR, "msd-executor", 1, "H", "heavy"),
     (DR, "msd-executor", 5, "H", "heavy"), (DR, "msd-codebase-mapper", 1, "S", "standard"),
     ({**DR, "max_escalations": 2}, "msd-codebase-mapper", 2, "H", "heavy"),
     ({**DR, "max_escalations": 2}, "msd-codebase-mapper", 1, "S", "standard"),
     ({**DR, "max_escalations": 0}, "msd-codebase-mapper", 3, "L", "light"),
     ({**DR, "max_escalations": -1}, "msd-codebase-mapper", 3, "S", "standard"),
     ({**DR, "max_escalations": 1.5}, "msd-codebase-mapper", 3, "S", "standard"),
     ({**DR, "max_escalations": 2.0}, "msd-codebase-mapper", 3, "H", "heavy"),
     ({**DR, "escalate_on_failure": False}, "msd-executor", 3, "S", "standard"),
     (DR, "msd-planner", 2, "H", "heavy")],
)
def test_dynamic_routing(dr: dict[str, Any], agent: str, attempt: int, model: str,
                         routing_tier: str) -> None:
    r = res({"dynamic_routing": dr}, agent, attempt=attempt)
    assert (r.model, r.layer, r.routing_tier, r.tier) == (model, "dynamic_routing",
                                                          routing_tier, None)


@pytest.mark.parametrize(
    "config",
    [{"dynamic_routing": {**DR, "enabled": "true"}},
     {"dynamic_routing": {"enabled": True, "tier_models": {"light": "L"}}},
     {"dynamic_routing": {"enabled": True, "tier_models": ["x"]}},
     {"dynamic_routing": [DR]},
     {"dynamic_routing": DR, "model_policy": {"provider": "openai"}, "runtime": "codex"}],
)
def test_dynamic_routing_falls_back_to_static(config: dict[str, Any]) -> None:
    r = res(config, "msd-executor", attempt=1)
    assert r.layer != "dynamic_routing"
    assert not step(r, "dynamic_routing").applied


def test_dynamic_routing_only_with_an_attempt() -> None:
    r = res({"dynamic_routing": DR}, "msd-executor")
    assert r.model == "sonnet"
    assert "dynamic_routing" not in [s.layer for s in r.trace]


def test_dynamic_routing_after_override_and_ignores_models() -> None:
    cfg = {"dynamic_routing": DR, "model_overrides": {"msd-executor": "haiku"}}
    assert res(cfg, "msd-executor", attempt=1).layer == "model_overrides"
    cfg2 = {"dynamic_routing": DR, "model_overrides": {"msd-executor": "claude-x"},
            "models": {"execution": "haiku"}, "resolve_model_ids": "omit"}
    r = res(cfg2, "msd-executor", attempt=1, explicit_omit=True)
    assert (r.model, r.layer) == ("H", "dynamic_routing")
    assert len(r.warnings) == 1
    assert res({"dynamic_routing": DR}, "foo", attempt=1).layer == "unknown_agent_default"


# ── load-time warnings ──────────────────────────────────────────────────────────────────


def test_config_load_warnings_texts_and_order() -> None:
    known = ", ".join(load_catalog().known_runtimes)
    cfg = {
        "runtime": "weird",
        "model_profile_overrides": {"codex": {"giant": "x"}, "nope": {}},
        "model_policy": {"provider": "bogus", "runtime_tiers": {"zz": {"opus": "m", "x": 1}}},
    }
    assert config_load_warnings(cfg) == [
        f'config key "runtime" has unknown value "weird". Known runtimes: {known}. '
        "Resolution will fall back to safe defaults. (#2517)",
        'model_profile_overrides.codex.giant uses unknown tier "giant". Allowed tiers: opus, '
        "sonnet, haiku. (#2517)",
        f'model_profile_overrides.nope.* uses unknown runtime "nope". Known runtimes: {known}. '
        "(#2517)",
        'model_policy.provider has unknown value "bogus". Known providers: anthropic, '
        'anthropic-fable, google, openai, qwen. For manual model IDs use provider="custom". (#49)',
        f'model_policy.runtime_tiers.zz.* uses unknown runtime "zz". Known runtimes: {known}. '
        "(#49)",
        'model_policy.runtime_tiers.zz.x uses unknown tier "x". Allowed: opus, sonnet, haiku. '
        "(#49)",
    ]
    assert config_load_warnings({"runtime": "codex", "model_policy": {"provider": "custom"}}) == []


def test_load_warnings_come_first_in_the_result() -> None:
    r = res({"model_overrides": {"msd-planner": "claude-x"}}, load_warnings=("first",))
    assert r.warnings[0] == "first"
    assert len(r.warnings) == 2


# ── with real files through config_store ────────────────────────────────────────────────


def _write(path: Path, data: Any) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data), encoding="utf-8")


def _loaded_input(root: Path, env: dict[str, str]) -> ResolutionInput:
    from msd_desktop.core.config.store import load_config

    return input_from_loaded(load_config(root, env), env)


def test_project_omit_is_explicit(tmp_path: Path, isolated_home: Path) -> None:
    _write(tmp_path / ".planning" / "config.json", {"resolve_model_ids": "omit"})
    inp = _loaded_input(tmp_path, {"HOME": str(isolated_home)})
    assert inp.explicit_omit is True
    assert resolve_model(inp, "gsd-planner").model == ""
    assert inp.provenance["config_source"] == "root"


def test_global_only_omit_is_ignored_on_claude(tmp_path: Path, isolated_home: Path) -> None:
    _write(isolated_home / ".msd" / "defaults.json", {"resolve_model_ids": "omit"})
    env = {"HOME": str(isolated_home)}
    inp = _loaded_input(tmp_path, env)  # no .planning/ at all → global defaults apply
    assert inp.config.get("resolve_model_ids") == "omit"
    assert inp.explicit_omit is False
    assert resolve_model(inp, "msd-planner").model == "opus"
    inp2 = _loaded_input(tmp_path, {**env, "MSD_RUNTIME": "codex"})
    assert resolve_model(inp2, "msd-planner").model == ""


def test_explicit_omit_first_defining_layer_decides(tmp_path: Path) -> None:
    planning = tmp_path / ".planning"
    ws_dir = planning / "workstreams" / "ws1"
    _write(planning / "config.json", {"resolve_model_ids": "omit"})
    _write(ws_dir / "config.json", {"model_profile": "budget"})
    assert explicit_omit(tmp_path, ws_dir) is True
    _write(ws_dir / "config.json", {"resolve_model_ids": None})
    assert explicit_omit(tmp_path, ws_dir) is False
    (ws_dir / "config.json").write_text("{not json", encoding="utf-8")
    assert explicit_omit(tmp_path, ws_dir) is True
    _write(planning / "config.json", {"resolve_model_ids": False})
    assert explicit_omit(tmp_path, planning) is False


def test_workstream_inherits_root_omit(tmp_path: Path, isolated_home: Path) -> None:
    planning = tmp_path / ".planning"
    _write(planning / "config.json", {"resolve_model_ids": "omit"})
    _write(planning / "workstreams" / "ws1" / "config.json", {"model_profile": "budget"})
    env = {"HOME": str(isolated_home), "MSD_WORKSTREAM": "ws1"}
    inp = _loaded_input(tmp_path, env)
    assert inp.provenance["config_source"] == "workstream"
    assert inp.explicit_omit is True
    assert resolve_model(inp, "msd-planner").model == ""


def test_global_override_flag_from_real_defaults(tmp_path: Path, isolated_home: Path) -> None:
    defaults = isolated_home / ".msd" / "defaults.json"
    _write(defaults, {"model_overrides": {"gsd-planner": "haiku", "msd-executor": "opus"}})
    _write(tmp_path / ".planning" / "config.json", {"model_overrides": {"msd-executor": "sonnet"}})
    inp = _loaded_input(tmp_path, {"HOME": str(isolated_home)})
    r = resolve_model(inp, "msd-planner")
    assert (r.model, r.layer, r.global_override) == ("haiku", "model_overrides", True)
    assert r.override_source == str(defaults)
    e = resolve_model(inp, "msd-executor")
    assert (e.model, e.global_override) == ("sonnet", False)
    assert e.override_source == str(tmp_path / ".planning" / "config.json")


def test_load_warnings_only_for_project_configs(tmp_path: Path, isolated_home: Path) -> None:
    _write(isolated_home / ".msd" / "defaults.json", {"runtime": "weird"})
    assert _loaded_input(tmp_path, {"HOME": str(isolated_home)}).load_warnings == ()
    _write(tmp_path / ".planning" / "config.json", {"runtime": "weird"})
    inp = _loaded_input(tmp_path, {"HOME": str(isolated_home)})
    assert len(inp.load_warnings) == 1


# ── robustness ──────────────────────────────────────────────────────────────────────────

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 3) | st.floats(allow_nan=False)
    | st.sampled_from(["", "opus", "sonnet", "haiku", "inherit", "omit", "codex", "claude",
                       "claude-opus-4-8", "claude-x", "light", "heavy", "quality", "model",
                       "length", "0", "__proto__", "high"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["model", "opus", "light", "enabled", "msd-planner",
                                       "codex", "provider", "0", "__proto__"]), inner,
                      max_size=3),
    max_leaves=8,
)
config_keys = st.sampled_from(
    ["model_overrides", "model_profile", "models", "runtime", "model_policy",
     "model_profile_overrides", "resolve_model_ids", "dynamic_routing"]
)


@settings(max_examples=examples(300), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=st.dictionaries(config_keys, json_values, max_size=6),
    agent=st.sampled_from(["msd-planner", "gsd-executor", "msd-codebase-mapper", "foo",
                           "constructor", "__proto__", "length", "0"]),
    attempt=st.none() | st.integers(0, 4),
    explicit=st.booleans(),
)
def test_never_crashes_and_traces_every_layer(
    config: dict[str, Any], agent: str, attempt: int | None, explicit: bool
) -> None:
    r = resolve_model(ResolutionInput(config=config, explicit_omit=explicit), agent,
                      attempt=attempt)
    assert r.layer in LAYERS
    expected = [x for x in LAYERS if attempt is not None or x != "dynamic_routing"]
    expected.remove("model_overrides")
    assert [s.layer for s in r.trace] == ["model_overrides", *expected]
    assert sum(s.applied for s in r.trace) == 1
    json.dumps(r.to_dict())
