"""Effort, fast_mode, rendering, provider escalation and resolve-execution (spec §6, D11, D12)."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.models.execution import (
    ATTEMPT_ERROR,
    EFFORT_LAYERS,
    FAST_MODE_LAYERS,
    claude_config_dir,
    escalate_effort,
    parse_attempt,
    parse_fast_mode,
    render_effort,
    render_effort_argv,
    resolve_effort,
    resolve_execution,
    resolve_fast_mode,
    resolve_granularity,
)
from msd_desktop.core.models.resolution import ResolutionInput
from tests.property_examples import examples


def inp(config: dict[str, Any] | None = None, **kw: Any) -> ResolutionInput:
    return ResolutionInput(config=config or {}, **kw)


def effort(config: dict[str, Any], agent: str = "msd-planner", **kw: Any) -> Any:
    return resolve_effort(inp(config), agent, **kw)


def fast(config: dict[str, Any], agent: str = "msd-planner", **kw: Any) -> Any:
    return resolve_fast_mode(inp(config), agent, **kw)


# ── effort (§6.1, D11) ──────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("config", "agent", "value", "layer"),
    [({}, "msd-planner", "xhigh", "builtin.routing_tier_defaults"),
     ({}, "msd-executor", "high", "builtin.routing_tier_defaults"),
     ({}, "msd-codebase-mapper", "low", "builtin.routing_tier_defaults"),
     ({}, "msd-nope", "high", "builtin.default"),
     # D11: effort.default does not hide the per-key tier defaults
     ({"effort": {"default": "medium"}}, "msd-planner", "xhigh", "builtin.routing_tier_defaults"),
     ({"effort": {"default": "medium"}}, "msd-nope", "medium", "effort.default"),
     ({"effort": {}}, "msd-nope", "high", "builtin.default"),
     ({"effort": {"routing_tier_defaults": {"heavy": "max"}}}, "msd-planner", "max",
      "effort.routing_tier_defaults"),
     ({"effort": {"routing_tier_defaults": {"heavy": "max"}}}, "msd-executor", "high",
      "builtin.routing_tier_defaults"),
     ({"effort": {"routing_tier_defaults": {"heavy": "bogus"}}}, "msd-planner", "xhigh",
      "builtin.routing_tier_defaults"),
     ({"effort": {"agent_overrides": {"msd-planner": "low"}}}, "msd-planner", "low",
      "effort.agent_overrides"),
     ({"effort": {"agent_overrides": {"gsd-planner": "minimal"}}}, "gsd-planner", "minimal",
      "effort.agent_overrides"),
     ({"effort": {"agent_overrides": {"msd-planner": "LOW"}}}, "msd-planner", "xhigh",
      "builtin.routing_tier_defaults"),
     ({"effort": {"agent_overrides": {"msd-planner": "inherit"}}}, "msd-planner", "inherit",
      "effort.agent_overrides"),
     ({"effort": "low"}, "msd-planner", "xhigh", "builtin.routing_tier_defaults"),
     ({"effort": ["low"]}, "msd-nope", "high", "builtin.default"),
     ({"effort": {"routing_tier_defaults": {"[object Object]": "low"}}}, "__proto__", "low",
      "effort.routing_tier_defaults")],
)
def test_effort_layers(config: dict[str, Any], agent: str, value: str, layer: str) -> None:
    r = effort(config, agent)
    assert (r.value, r.layer) == (value, layer)
    assert [s.layer for s in r.trace] == list(EFFORT_LAYERS)
    assert sum(s.applied for s in r.trace) == 1


def test_effort_invocation_override() -> None:
    assert effort({}, override="minimal").value == "minimal"
    r = effort({}, override="bogus")
    assert r.value == "xhigh"
    assert r.trace[0].reason == "'bogus' is not an effort level"
    assert effort({}).trace[0].consulted is False


@pytest.mark.parametrize(
    ("config", "agent", "attempt", "value"),
    [({"dynamic_routing": {"enabled": True}}, "msd-planner", 1, "max"),
     ({"dynamic_routing": {"enabled": True}}, "msd-planner", 3, "max"),
     ({"dynamic_routing": {"enabled": True}}, "msd-executor", 3, "xhigh"),
     ({"dynamic_routing": {"enabled": True, "max_escalations": 2}}, "msd-executor", 3, "max"),
     ({"dynamic_routing": {"enabled": True, "max_escalations": 2}}, "msd-codebase-mapper", 1,
      "medium"),
     ({"dynamic_routing": {"enabled": True, "escalate_on_failure": False}}, "msd-executor", 2,
      "high"),
     ({"dynamic_routing": {"enabled": "true"}}, "msd-executor", 2, "high"),
     ({"dynamic_routing": {"enabled": True}}, "msd-nope", 1, "xhigh"),
     ({"dynamic_routing": {"enabled": True}}, "msd-executor", 0, "high"),
     ({"dynamic_routing": {"enabled": True},
       "effort": {"agent_overrides": {"msd-executor": "inherit"}}}, "msd-executor", 2, "inherit")],
)
def test_effort_escalation(config: dict[str, Any], agent: str, attempt: int, value: str) -> None:
    assert escalate_effort(inp(config), agent, attempt).value == value


def test_effort_escalation_trace() -> None:
    r = escalate_effort(inp({"dynamic_routing": {"enabled": True}}), "msd-executor", 1)
    assert (r.value, r.layer) == ("xhigh", "dynamic_routing")
    assert r.trace[0].reason == "ignored: --attempt given"
    assert r.trace[-1].applied
    assert r.trace[-1].reason == "attempt 1: escalated from 'high'"


# ── fast_mode (§6.2) ────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("config", "agent", "value", "layer"),
    [({}, "msd-codebase-mapper", True, "builtin.routing_tier_defaults"),
     ({}, "msd-planner", False, "builtin.routing_tier_defaults"),
     ({}, "msd-nope", False, "builtin.default"),
     ({"fast_mode": {"enabled": True}}, "msd-planner", True, "fast_mode.enabled"),
     ({"fast_mode": {"enabled": False}}, "msd-codebase-mapper", False, "fast_mode.enabled"),
     ({"fast_mode": {}}, "msd-codebase-mapper", False, "builtin.default"),
     ({"fast_mode": {"enabled": "true"}}, "msd-planner", False, "builtin.default"),
     ({"fast_mode": {"routing_tier_defaults": {"light": False}, "enabled": True}},
      "msd-codebase-mapper", False, "fast_mode.routing_tier_defaults"),
     ({"fast_mode": {"routing_tier_defaults": {"light": False}, "enabled": True}},
      "msd-planner", True, "fast_mode.enabled"),
     ({"fast_mode": {"agent_overrides": {"msd-planner": True}}}, "msd-planner", True,
      "fast_mode.agent_overrides"),
     ({"fast_mode": {"agent_overrides": {"gsd-planner": True}}}, "msd-planner", True,
      "fast_mode.agent_overrides"),
     ({"fast_mode": {"agent_overrides": {"msd-planner": "true"}}}, "msd-planner", False,
      "builtin.default"),
     ({"fast_mode": True}, "msd-codebase-mapper", True, "builtin.routing_tier_defaults")],
)
def test_fast_mode_layers(config: dict[str, Any], agent: str, value: bool, layer: str) -> None:
    r = fast(config, agent)
    assert (r.value, r.layer) == (value, layer)
    assert [s.layer for s in r.trace] == list(FAST_MODE_LAYERS)


def test_fast_mode_override() -> None:
    assert fast({}, "msd-codebase-mapper", override=False).value is False
    assert fast({"fast_mode": {"enabled": False}}, override=True).layer == "--fast-mode"
    assert parse_fast_mode("true") is True
    assert parse_fast_mode("false") is False
    assert parse_fast_mode("yes") is None


# ── rendering ───────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("runtime", "level", "expected"),
    [("claude", "minimal", ("low", "output_config.effort", "frontmatter")),
     ("claude", "max", ("max", "output_config.effort", "frontmatter")),
     ("codex", "max", ("xhigh", "model_reasoning_effort", "api")),
     ("codex", "minimal", ("minimal", "model_reasoning_effort", "api")),
     ("opencode", "max", ("max", None, None)),
     (["codex"], "max", ("xhigh", "model_reasoning_effort", "api")),
     ("claude", "inherit", ("inherit", None, None))],
)
def test_render_effort(runtime: Any, level: str, expected: tuple[Any, ...]) -> None:
    assert render_effort(load_catalog(), runtime, level) == expected


@pytest.mark.parametrize(
    ("host", "level", "argv", "value"),
    [("claude", "minimal", ["--effort", "low"], "low"),
     ("codex", "max", ["-c", "model_reasoning_effort=xhigh"], "xhigh"),
     ("opencode", "max", ["--variant", "max"], "max"),
     ("claude", "inherit", [], None)],
)
def test_render_effort_argv(host: str, level: str, argv: list[str], value: str | None) -> None:
    assert render_effort_argv(load_catalog(), host, level, "argv") == (argv, value)
    assert render_effort_argv(load_catalog(), host, level, "none") == ([], None)


# ── resolve-execution ───────────────────────────────────────────────────────────────────

UPSTREAM_KEYS = ["model", "profile", "effort", "effort_rendered", "effort_param",
                 "effort_propagation", "effort_effective", "effort_effective_source",
                 "fast_mode", "fast_mode_supported"]


def test_execution_key_order_and_defaults() -> None:
    r = resolve_execution(inp(), "gsd-codebase-mapper")
    d = r.to_dict()
    assert list(d)[: len(UPSTREAM_KEYS)] == UPSTREAM_KEYS
    assert list(r.upstream_dict()) == UPSTREAM_KEYS
    assert r.upstream_dict() == {
        "model": "haiku", "profile": "balanced", "effort": "low", "effort_rendered": "low",
        "effort_param": "output_config.effort", "effort_propagation": "frontmatter",
        "effort_effective": "low", "effort_effective_source": "resolved", "fast_mode": True,
        "fast_mode_supported": False,
    }
    assert d["layer"] == "tier_alias"
    assert [s["layer"] for s in d["effort_trace"]] == list(EFFORT_LAYERS)
    assert [s["layer"] for s in d["fast_mode_trace"]] == list(FAST_MODE_LAYERS)


def test_execution_host_unknown_agent_and_escalation_keys() -> None:
    cfg = {"dynamic_routing": {"enabled": True, "provider_escalation": ["p1"]}}
    r = resolve_execution(inp(cfg), "foo", host="codex", failure_class="unknown-failure",
                          effort="max")
    d = r.upstream_dict()
    assert list(d)[len(UPSTREAM_KEYS):] == [
        "host", "effort_surface", "effort_argv", "effort_argv_string", "effort_argv_value",
        "unknown_agent", "escalation"]
    assert d["effort_argv"] == ["-c", "model_reasoning_effort=xhigh"]
    assert d["effort_argv_string"] == "-c model_reasoning_effort=xhigh"
    assert d["escalation"] == {"class": "unknown-failure", "from": "sonnet", "to": "sonnet",
                               "escalated": False, "exhausted": False,
                               "attempted": ["sonnet"], "index": 0}
    none_host = resolve_execution(inp(), "msd-planner", host="cline").upstream_dict()
    assert (none_host["effort_surface"], none_host["effort_argv"],
            none_host["effort_argv_value"]) == ("none", [], None)
    assert "host" not in resolve_execution(inp(), "msd-planner", host="").upstream_dict()


def test_execution_runtime_specific_fields() -> None:
    r = resolve_execution(inp({"runtime": "codex", "model_profile": "quality"}), "msd-planner",
                          effort="max")
    assert (r.model, r.effort, r.effort_rendered, r.effort_param, r.effort_propagation) == (
        "gpt-5.6-sol", "max", "xhigh", "model_reasoning_effort", "api")
    assert resolve_execution(inp({"runtime": "api"}), "msd-planner").fast_mode_supported is True


def test_attempt_path_uses_dynamic_routing_and_ignores_effort_flag() -> None:
    cfg = {"dynamic_routing": {"enabled": True,
                               "tier_models": {"light": "L", "standard": "S", "heavy": "H"}}}
    r = resolve_execution(inp(cfg), "msd-executor", attempt=1, effort="low")
    assert (r.model, r.effort, r.layer) == ("H", "xhigh", "dynamic_routing")
    r0 = resolve_execution(inp(cfg), "msd-executor", effort="low")
    assert (r0.model, r0.effort) == ("sonnet", "low")


PE = {"enabled": True, "provider_escalation": ["p1", "", 3, " ", "p2"], "max_escalations": 2}


@pytest.mark.parametrize(
    ("dr", "attempt", "expected"),
    [(PE, 1, ("p1", True, False, ["opus", "p1"], 1)),
     (PE, 2, ("p2", True, False, ["opus", "p1", "p2"], 2)),
     (PE, 3, ("p2", True, True, ["opus", "p1", "p2"], 2)),
     (PE, None, ("opus", False, False, ["opus"], 0)),
     (PE, 0, ("opus", False, False, ["opus"], 0)),
     ({**PE, "max_escalations": 0}, 1, ("opus", False, True, ["opus"], 0)),
     ({**PE, "escalate_on_failure": False}, 1, ("opus", False, False, ["opus"], 0)),
     ({**PE, "provider_escalation": ["", None]}, 1, ("opus", False, False, ["opus"], 0)),
     ({**PE, "max_escalations": -5}, 2, ("p1", True, True, ["opus", "p1"], 1))],
)
def test_provider_escalation(dr: dict[str, Any], attempt: int | None,
                             expected: tuple[Any, ...]) -> None:
    r = resolve_execution(inp({"dynamic_routing": dr}), "msd-planner", attempt=attempt,
                          failure_class="quota-exceeded")
    esc = r.upstream_dict()["escalation"]
    assert (esc["to"], esc["escalated"], esc["exhausted"], esc["attempted"], esc["index"]) == (
        expected)
    assert r.model == expected[0]
    assert r.layer == ("provider_escalation" if expected[1] else r.model_resolution.layer)


def test_escalation_from_is_the_attempt_zero_model() -> None:
    dr = {**PE, "tier_models": {"heavy": "H0"}}
    r = resolve_execution(inp({"dynamic_routing": dr}), "msd-planner",
                          failure_class="quota-exceeded")
    assert r.upstream_dict()["escalation"]["from"] == "H0"
    assert r.model == "opus"  # no --attempt: the static model


def test_errors() -> None:
    with pytest.raises(MsdError, match=r"^agent-type required$"):
        resolve_execution(inp(), "")
    with pytest.raises(MsdError, match=(
            r"^--failure-class must be one of: quota-exceeded, classify-handoff-bug, "
            r"unknown-failure$")):
        resolve_execution(inp(), "msd-planner", failure_class="oops")
    with pytest.raises(MsdError, match=f"^{re.escape(ATTEMPT_ERROR)}$"):
        resolve_execution(inp(), "msd-planner", attempt=-1)


@pytest.mark.parametrize("raw", ["-1", "1.5", "abc", "", "2abc", "1e3", "0x1"])
def test_parse_attempt_refuses_negative_and_non_integer(raw: str) -> None:
    with pytest.raises(MsdError, match=r"^--attempt requires a non-negative integer$"):
        parse_attempt(raw)


@pytest.mark.parametrize(("raw", "value"), [("0", 0), ("2", 2), (" 3", 3), ("+4", 4),
                                            (None, None)])
def test_parse_attempt_accepts(raw: str | None, value: int | None) -> None:
    assert parse_attempt(raw) == value


# ── effective effort from the installed Claude agent file ───────────────────────────────


def _agent_file(home: Path, text: str, name: str = "msd-planner") -> None:
    agents = home / ".claude" / "agents"
    agents.mkdir(parents=True, exist_ok=True)
    (agents / f"{name}.md").write_text(text, encoding="utf-8")


@pytest.mark.parametrize(
    ("text", "value", "source"),
    [("---\nname: x\neffort: medium  \n---\nbody\n", "medium", "frontmatter"),
     ("---\r\nname: x\r\n---\r\n", "inherit", "frontmatter-absent"),
     ("no frontmatter\neffort: low\n", "xhigh", "resolved"),
     ("intro\n---\neffort: max\n---\n", "max", "frontmatter")],
)
def test_effective_effort(tmp_path: Path, text: str, value: str, source: str) -> None:
    _agent_file(tmp_path, text)
    r = resolve_execution(inp(env={"HOME": str(tmp_path)}), "gsd-planner")
    assert (r.effort_effective, r.effort_effective_source) == (value, source)
    codex = resolve_execution(inp({"runtime": "codex"}, env={"HOME": str(tmp_path)}),
                              "msd-planner")
    assert codex.effort_effective_source == "resolved"


def test_claude_config_dir(tmp_path: Path) -> None:
    assert claude_config_dir({"HOME": "/h"}) == Path("/h/.claude")
    assert claude_config_dir({"HOME": "/h", "CLAUDE_CONFIG_DIR": "  "}) == Path("/h/.claude")
    assert claude_config_dir({"HOME": "/h", "CLAUDE_CONFIG_DIR": "~/cc"}) == Path("/h/cc")
    _agent_file(tmp_path / "x", "---\neffort: low\n---\n")
    env = {"HOME": "/nowhere", "CLAUDE_CONFIG_DIR": str(tmp_path / "x" / ".claude")}
    assert resolve_execution(inp(env=env), "msd-planner").effort_effective == "low"


def test_agent_path_cannot_escape(tmp_path: Path) -> None:
    (tmp_path / ".claude").mkdir()
    (tmp_path / "evil.md").write_text("---\neffort: max\n---\n", encoding="utf-8")
    r = resolve_execution(inp(env={"HOME": str(tmp_path)}), "../../evil")
    assert r.effort_effective_source == "resolved"


# ── granularity ─────────────────────────────────────────────────────────────────────────


@pytest.mark.parametrize(
    ("config", "phase", "override", "value"),
    [({}, "planning", None, "standard"),
     ({}, "planning", "fine", "fine"),
     ({"granularities": {"planning": "coarse"}}, "planning", "bogus", "coarse"),
     ({"granularities": {"planning": "huge"}, "granularity": "fine"}, "planning", None, "fine"),
     ({"granularity": "anything"}, "planning", None, "anything"),
     ({"granularity": 0}, "planning", None, 0),
     ({"granularity": "", "planning": {"granularity": "coarse"}}, "planning", None, "coarse"),
     ({"planning": "coarse"}, "planning", None, "standard")],
)
def test_granularity(config: dict[str, Any], phase: str, override: str | None,
                     value: Any) -> None:
    assert resolve_granularity(config, phase, override) == value


# ── robustness ──────────────────────────────────────────────────────────────────────────

values = st.recursive(
    st.none() | st.booleans() | st.integers(-2, 5) | st.floats(allow_nan=False)
    | st.sampled_from(["", "low", "max", "minimal", "inherit", "light", "heavy", "true",
                       "msd-planner", "p1"]),
    lambda inner: st.lists(inner, max_size=3)
    | st.dictionaries(st.sampled_from(["enabled", "default", "routing_tier_defaults",
                                       "agent_overrides", "light", "heavy", "msd-planner",
                                       "provider_escalation", "max_escalations",
                                       "escalate_on_failure", "tier_models"]), inner,
                      max_size=4),
    max_leaves=10,
)


@settings(max_examples=examples(250), deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    config=st.dictionaries(st.sampled_from(["effort", "fast_mode", "dynamic_routing", "runtime",
                                            "model_profile"]), values, max_size=4),
    agent=st.sampled_from(["msd-planner", "msd-codebase-mapper", "foo", "constructor"]),
    attempt=st.none() | st.integers(0, 4),
    failure=st.none() | st.sampled_from(["quota-exceeded", "unknown-failure"]),
    host=st.none() | st.sampled_from(["claude", "codex", "cline"]),
)
def test_never_crashes(config: dict[str, Any], agent: str, attempt: int | None,
                       failure: str | None, host: str | None) -> None:
    r = resolve_execution(inp(config), agent, attempt=attempt, failure_class=failure, host=host)
    assert r.effort in ("minimal", "low", "medium", "high", "xhigh", "max", "inherit")
    assert isinstance(r.fast_mode, bool)
    json.dumps(r.to_dict())
