"""Effort, fast_mode and resolve-execution (spec §6, D11, D12) with per-layer traces.

Why: the model alone does not say how an agent runs. Upstream's ``resolve-execution`` adds the
unified effort level (with per-runtime rendering and invocation argv), ``fast_mode``, the
dynamic-routing escalation for a retry attempt and the provider-escalation ladder for a
quota failure. This module reproduces that answer key for key and in upstream's JSON key order,
and, like :mod:`msd_desktop.core.models.resolution`, records each precedence layer as a
:class:`~msd_desktop.core.models.resolution.TraceStep` so the explorer can show why.

Effort layers (first valid wins; valid = a string in ``minimal…max`` or ``inherit``, which
upstream 1.11 accepts as "follow the session"): ``--effort`` → ``effort.agent_overrides`` →
``effort.routing_tier_defaults`` / built-in tier default, per key (D11) → ``effort.default`` (or
the built-in ``high`` when there is no ``effort`` block) → ``high``. fast_mode: ``--fast-mode`` →
``fast_mode.agent_overrides`` → ``fast_mode.routing_tier_defaults`` (built-in only when the
whole block is absent) → ``fast_mode.enabled`` → ``false``. Only real booleans count.
"""

from __future__ import annotations

import os
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.js_access import is_integer, js_get, js_json, js_key
from msd_desktop.core.common.js_values import js_truthy
from msd_desktop.core.common.safe_read import read_text
from msd_desktop.core.common.text import Text
from msd_desktop.core.models.catalog import Catalog, canonical_agent, load_catalog
from msd_desktop.core.models.resolution import (
    ModelResolution,
    ResolutionInput,
    TraceStep,
    agent_map_value,
    max_escalations,
    raw_profile,
    resolve_model,
    routing_tier_key,
)

EFFORT_LEVELS = ("minimal", "low", "medium", "high", "xhigh", "max")
EFFORT_VALUES = frozenset((*EFFORT_LEVELS, "inherit"))
# Manifest defaults (config-defaults.manifest.json `effort` / `fast_mode`).
BUILTIN_EFFORT_TIER_DEFAULTS: Mapping[str, str] = {"light": "low", "standard": "high",
                                                   "heavy": "xhigh"}
BUILTIN_EFFORT_DEFAULT = "high"
BUILTIN_FAST_MODE_TIER_DEFAULTS: Mapping[str, bool] = {"light": True, "standard": False,
                                                       "heavy": False}
# Each host's negotiated effort surface (upstream capability registry at 1.11.0): only these
# hosts take effort on the command line; every other host (and unknown ones) is "none".
HOST_EFFORT_SURFACES: Mapping[str, str] = {"claude": "argv", "codex": "argv", "opencode": "argv"}
FAILURE_CLASSES = ("quota-exceeded", "classify-handoff-bug", "unknown-failure")
VALID_GRANULARITIES = ("coarse", "standard", "fine")

ATTEMPT_ERROR = Text.of("--attempt requires a non-negative integer")
FAILURE_CLASS_ERROR = Text.of("--failure-class must be one of: {classes}",
                              classes=", ".join(FAILURE_CLASSES))
AGENT_REQUIRED_ERROR = Text.of("agent-type required")


def _valid_effort(value: Any) -> bool:
    return isinstance(value, str) and value in EFFORT_VALUES


def _dict_or_none(value: Any) -> dict[str, Any] | None:
    return value if isinstance(value, dict) and value is not None else None


class Resolved(NamedTuple):
    """A value plus the layer that produced it and the whole trace."""

    value: Any
    layer: str
    trace: list[TraceStep]


class _Tracer:
    """Collects trace steps; after the first applied layer the rest are 'not reached'."""

    def __init__(self, layers: tuple[str, ...]) -> None:
        self.layers = layers
        self.steps: list[TraceStep] = []
        self.winner: str | None = None
        self.value: Any = None

    def skip(self, layer: str, value: Any, reason: str, *, consulted: bool = True) -> None:
        self.steps.append(TraceStep(layer, consulted, value, False, reason))

    def apply(self, layer: str, value: Any, reason: str) -> None:
        self.steps.append(TraceStep(layer, True, value, True, reason))
        self.winner, self.value = layer, value

    def rest(self, *layers: str) -> None:
        for layer in layers:
            self.steps.append(
                TraceStep(layer, False, None, False, Text.of("not reached: {winner} applied",
                                                             winner=self.winner))
            )

    def finish(self) -> Resolved:
        """Mark the layers not consulted yet as 'not reached' and return the result."""
        self.rest(*self.layers[len(self.steps):])
        return Resolved(self.value, self.winner or "builtin.default", self.steps)


EFFORT_LAYERS = (
    "--effort",
    "effort.agent_overrides",
    "effort.routing_tier_defaults",
    "builtin.routing_tier_defaults",
    "effort.default",
    "builtin.default",
)


def resolve_effort(inp: ResolutionInput, agent: str, *, override: Any = None) -> Resolved:
    """§6.1 without an attempt: the unified effort for one agent."""
    cat = load_catalog()
    name = canonical_agent(agent)
    t = _Tracer(EFFORT_LAYERS)
    done = t.finish

    if override is None:
        t.skip("--effort", None, Text.of("no --effort given"), consulted=False)
    elif _valid_effort(override):
        t.apply("--effort", override, Text.of("invocation override"))
        return done()
    else:
        t.skip("--effort", override, Text.of("'{override}' is not an effort level",
                                             override=override))

    effort = _dict_or_none(inp.config.get("effort"))
    if effort is None:
        t.skip("effort.agent_overrides", None,
               Text.of("no effort block (built-in agent_overrides is empty)"))
    else:
        ao = effort.get("agent_overrides")
        if not isinstance(ao, dict):
            t.skip("effort.agent_overrides", None,
                   Text.of("effort.agent_overrides is not an object"))
        else:
            v = agent_map_value(ao, name)
            if _valid_effort(v):
                t.apply("effort.agent_overrides", v, Text.of("effort.agent_overrides.{name}",
                                                             name=name))
                return done()
            t.skip("effort.agent_overrides", v,
                   Text.of("no entry for {name}", name=name) if v is None
                   else Text.of("'{value}' is not an effort level", value=v))

    tier_key = routing_tier_key(cat, name)
    if not tier_key:
        t.skip("effort.routing_tier_defaults", None, Text.of("{name} has no routing tier",
                                                             name=name),
               consulted=False)
        t.skip("builtin.routing_tier_defaults", None, Text.of("{name} has no routing tier",
                                                              name=name),
               consulted=False)
    else:
        rtd = effort.get("routing_tier_defaults") if effort is not None else None
        user = None
        if isinstance(rtd, dict) and tier_key not in ("__proto__", "constructor", "prototype"):
            user = rtd.get(tier_key)
        if _valid_effort(user):
            t.apply("effort.routing_tier_defaults", user,
                    Text.of("effort.routing_tier_defaults.{tier_key}", tier_key=tier_key))
            return done()
        t.skip("effort.routing_tier_defaults", user,
               Text.of("no effort block") if effort is None else
               Text.of("no valid effort.routing_tier_defaults.{tier_key}", tier_key=tier_key))
        builtin = BUILTIN_EFFORT_TIER_DEFAULTS.get(tier_key)
        if builtin is not None:
            t.apply("builtin.routing_tier_defaults", builtin,
                    Text.of("built-in default for the {tier_key} tier", tier_key=tier_key))
            return done()
        t.skip("builtin.routing_tier_defaults", None, Text.of(
            "no built-in default for '{tier_key}'", tier_key=tier_key,
        ))

    if effort is None:
        t.skip("effort.default", None, Text.of("no effort block"), consulted=False)
        t.apply("builtin.default", BUILTIN_EFFORT_DEFAULT, Text.of("built-in effort.default"))
        return done()
    d = effort.get("default")
    if _valid_effort(d):
        t.apply("effort.default", d, Text.of("effort.default"))
        return done()
    t.skip("effort.default", d, Text.of("effort.default is not an effort level"))
    t.apply("builtin.default", "high", Text.of("hard-coded default"))
    return done()


def escalate_effort(
    inp: ResolutionInput, agent: str, attempt: int
) -> Resolved:
    """§6.1 with an attempt: the base effort (no ``--effort``) stepped up by dynamic routing."""
    base = resolve_effort(inp, agent)
    steps = [TraceStep("--effort", False, None, False, Text.of("ignored: --attempt given")),
             *base.trace[1:]]
    dr = inp.config.get("dynamic_routing")
    n = attempt if is_integer(attempt) and attempt > 0 else 0
    if not js_truthy(dr) or not isinstance(dr, dict | list) or js_get(dr, "enabled") is not True:
        steps.append(TraceStep("dynamic_routing", True, None, False,
                               Text.of("dynamic_routing.enabled is not true")))
        return Resolved(base.value, base.layer, steps)
    assert isinstance(dr, dict)
    if dr.get("escalate_on_failure") is False:
        steps.append(TraceStep("dynamic_routing", True, base.value, False,
                               Text.of("dynamic_routing.escalate_on_failure is false")))
        return Resolved(base.value, base.layer, steps)
    count = min(n, max_escalations(dr))
    current = base.value
    for _ in range(min(count, len(EFFORT_LEVELS))):
        if current not in EFFORT_LEVELS:
            break
        nxt = EFFORT_LEVELS[min(EFFORT_LEVELS.index(current) + 1, len(EFFORT_LEVELS) - 1)]
        if nxt == current:
            break
        current = nxt
    if current == base.value:
        steps.append(TraceStep("dynamic_routing", True, current, False,
                               Text.of("attempt {n}: no escalation from '{value}'",
                                       n=n, value=base.value)))
        return Resolved(base.value, base.layer, steps)
    steps.append(TraceStep("dynamic_routing", True, current, True,
                           Text.of("attempt {n}: escalated from '{value}'", n=n, value=base.value)))
    return Resolved(current, "dynamic_routing", steps)


FAST_MODE_LAYERS = (
    "--fast-mode",
    "fast_mode.agent_overrides",
    "fast_mode.routing_tier_defaults",
    "builtin.routing_tier_defaults",
    "fast_mode.enabled",
    "builtin.default",
)


def resolve_fast_mode(inp: ResolutionInput, agent: str, *, override: Any = None) -> Resolved:
    """§6.2: fast_mode for one agent (only real booleans count)."""
    cat = load_catalog()
    name = canonical_agent(agent)
    t = _Tracer(FAST_MODE_LAYERS)
    done = t.finish

    if isinstance(override, bool):
        t.apply("--fast-mode", override, Text.of("invocation override"))
        return done()
    t.skip("--fast-mode", override, Text.of("no --fast-mode given") if override is None
           else Text.of("--fast-mode is not true/false"), consulted=override is not None)

    fm = _dict_or_none(inp.config.get("fast_mode"))
    if fm is None:
        t.skip("fast_mode.agent_overrides", None, Text.of("no fast_mode block"))
    else:
        ao = fm.get("agent_overrides")
        v = agent_map_value(ao, name) if isinstance(ao, dict) else None
        if isinstance(v, bool):
            t.apply("fast_mode.agent_overrides", v, Text.of("fast_mode.agent_overrides.{name}",
                                                            name=name))
            return done()
        t.skip("fast_mode.agent_overrides", v,
               Text.of("fast_mode.agent_overrides is not an object") if not isinstance(ao, dict)
               else Text.of("no boolean entry for {name}", name=name))

    tier_key = routing_tier_key(cat, name)
    if not tier_key:
        t.skip("fast_mode.routing_tier_defaults", None, Text.of("{name} has no routing tier",
                                                                name=name),
               consulted=False)
        t.skip("builtin.routing_tier_defaults", None, Text.of("{name} has no routing tier",
                                                              name=name),
               consulted=False)
    elif fm is not None:
        rtd = fm.get("routing_tier_defaults")
        if isinstance(rtd, dict):
            v = rtd.get(tier_key)
            if isinstance(v, bool):
                t.apply("fast_mode.routing_tier_defaults", v,
                        Text.of("fast_mode.routing_tier_defaults.{tier_key}", tier_key=tier_key))
                return done()
            t.skip("fast_mode.routing_tier_defaults", v, Text.of("no boolean for tier {tier_key}",
                                                                 tier_key=tier_key))
        else:
            t.skip("fast_mode.routing_tier_defaults", None,
                   Text.of("fast_mode.routing_tier_defaults is not an object"))
        t.skip("builtin.routing_tier_defaults", None,
               Text.of("a fast_mode block exists: built-in tier defaults not used"),
               consulted=False)
    else:
        t.skip("fast_mode.routing_tier_defaults", None, Text.of("no fast_mode block"))
        builtin = BUILTIN_FAST_MODE_TIER_DEFAULTS.get(tier_key)
        if builtin is not None:
            t.apply("builtin.routing_tier_defaults", builtin,
                    Text.of("built-in default for the {tier_key} tier", tier_key=tier_key))
            return done()
        t.skip("builtin.routing_tier_defaults", None, Text.of(
            "no built-in default for '{tier_key}'", tier_key=tier_key,
        ))

    enabled = fm.get("enabled") if fm is not None else None
    if isinstance(enabled, bool):
        t.apply("fast_mode.enabled", enabled, Text.of("fast_mode.enabled"))
        return done()
    t.skip("fast_mode.enabled", enabled, Text.of("no fast_mode block") if fm is None
           else Text.of("fast_mode.enabled is not a boolean"))
    t.apply("builtin.default", False, Text.of("hard-coded default"))
    return done()


# ── rendering ────────────────────────────────────────────────────────────────────────────


def render_effort(cat: Catalog, runtime: Any, effort: Any) -> tuple[Any, str | None, str | None]:
    """``(value, param, channel)`` of an effort level for a runtime (§6.1 rendering)."""
    if effort == "inherit":
        return "inherit", None, None
    spec = cat.effort_rendering.get(js_key(runtime))
    if not isinstance(spec, dict):
        return effort, None, None
    clamp = spec.get("clamp") or {}
    value = clamp.get(effort, effort) if isinstance(effort, str) else effort
    return value, spec.get("param"), spec.get("channel")


def host_effort_surface(host: str) -> str:
    """The negotiated effort surface of a host (``argv`` or ``none``)."""
    return HOST_EFFORT_SURFACES.get(host, "none")


def render_effort_argv(cat: Catalog, host: str, effort: Any, surface: str) -> tuple[list[str],
                                                                                     str | None]:
    """``(argv, value)`` for the invocation-time effort flag; empty unless surface is argv."""
    if surface != "argv":
        return [], None
    spec = cat.effort_argv.get(host)
    if not isinstance(spec, dict) or not isinstance(effort, str) or not effort:
        return [], None
    clamp = spec.get("clamp") or {}
    clamped = clamp.get(effort, effort)
    supported = _ARGV_SUPPORTED.get(host, frozenset())
    if clamped not in supported:
        return [], None
    argv = [str(part).replace("{level}", clamped) for part in spec.get("argv") or []]
    return argv, clamped


_ARGV_SUPPORTED: Mapping[str, frozenset[str]] = {
    "claude": frozenset({"low", "medium", "high", "xhigh", "max"}),
    "opencode": frozenset(EFFORT_LEVELS),
    "codex": frozenset({"minimal", "low", "medium", "high", "xhigh"}),
}


# ── the frontmatter evidence (#3534) ────────────────────────────────────────────────────

_LT = "\n\r\u2028\u2029"
_BOL = f"(?:(?<=[{_LT}])|\\A)"
_EOL = f"(?=[{_LT}]|\\Z)"
# compiled on first use (re's cache): most invocations never read an agent file
_FRONTMATTER_RE = f"{_BOL}---\\r?\\n([\\s\\S]*?){_BOL}---\\r?{_EOL}"
_EFFORT_LINE_RE = f"{_BOL}effort:[ \\t]*([^{_LT}]+?)[ \\t]*{_EOL}"


def claude_config_dir(env: Mapping[str, str]) -> Path:
    """``$CLAUDE_CONFIG_DIR`` (non-blank, ``~`` expanded) or ``~/.claude``."""
    home = Path(env.get("HOME") or Path.home())
    value = env.get("CLAUDE_CONFIG_DIR")
    if isinstance(value, str) and value.strip():
        if value == "~" or value.startswith("~/"):
            return home / value[2:] if value != "~" else home
        return Path(value)
    return home / ".claude"


def effective_effort(env: Mapping[str, str], agent: str, effort: Any) -> tuple[Any, str]:
    """The installed Claude agent file's ``effort:`` frontmatter, else the resolved value.

    Mirrors upstream #3534: a file with frontmatter but no ``effort:`` line means the agent
    follows the session (``inherit``); no file or no frontmatter is no evidence.
    """
    agents_dir = os.path.abspath(claude_config_dir(env) / "agents")
    # string join, like node's path.join: an absolute-looking agent name stays inside
    path = os.path.normpath(agents_dir + os.sep + f"{agent}.md")
    if not path.startswith(agents_dir + os.sep):
        return effort, "resolved"
    try:
        text = read_text(path, "markdown")
    except (OSError, ValueError):
        return effort, "resolved"
    match = re.search(_FRONTMATTER_RE, text)
    if not match:
        return effort, "resolved"
    line = re.search(_EFFORT_LINE_RE, match.group(1))
    if line:
        return line.group(1), "frontmatter"
    return "inherit", "frontmatter-absent"


# ── provider escalation (§5.8, #2296) ───────────────────────────────────────────────────


class Escalation(NamedTuple):
    failure_class: str
    from_model: Any
    to_model: Any
    escalated: bool
    exhausted: bool
    attempted: list[Any]
    ladder_index: int

    def to_dict(self) -> dict[str, Any]:
        return {
            "class": self.failure_class,
            "from": js_json(self.from_model),
            "to": js_json(self.to_model),
            "escalated": self.escalated,
            "exhausted": self.exhausted,
            "attempted": [js_json(m) for m in self.attempted],
            "index": self.ladder_index,
        }


def provider_escalation(
    inp: ResolutionInput, agent: str, attempt: int | None, failure_class: str
) -> Escalation:
    """Walk ``dynamic_routing.provider_escalation`` for a quota failure."""
    source = resolve_model(inp, agent, attempt=0).model

    def stay(exhausted: bool = False) -> Escalation:
        return Escalation(failure_class, source, source, False, exhausted, [source], 0)

    if failure_class != "quota-exceeded":
        return stay()
    dr = inp.config.get("dynamic_routing")
    if not isinstance(dr, dict) or dr.get("enabled") is not True:
        return stay()
    if dr.get("escalate_on_failure") is False:
        return stay()
    raw = dr.get("provider_escalation")
    ladder = [m for m in raw if isinstance(m, str) and m.strip()] if isinstance(raw, list) else []
    if not ladder:
        return stay()
    cap = min(max_escalations(dr), len(ladder))
    if cap == 0:
        return stay(True)
    n = attempt if attempt is not None and is_integer(attempt) and attempt > 0 else 0
    if n == 0:
        return stay()
    index = min(n, cap)
    return Escalation(failure_class, source, ladder[index - 1], True, n > cap,
                      [source, *ladder[:index]], index)


# ── resolve-execution ────────────────────────────────────────────────────────────────────


def parse_attempt(raw: str | None) -> int | None:
    """``--attempt`` as a non-negative integer; anything else is refused (D12).

    ``-0`` (any number of zeros) is zero, so it is accepted as 0 — as upstream, whose
    ``parseInt`` gives ``-0`` and lets it pass its ``n < 0`` check.
    """
    if raw is None:
        return None
    if not re.fullmatch(r"[ \t]*(\+?[0-9]+|-0+)[ \t]*", raw):
        raise MsdError(ATTEMPT_ERROR)
    return abs(int(raw))


def parse_fast_mode(raw: str | None) -> bool | None:
    """``--fast-mode``: ``true``/``false``; any other value is no override (as upstream)."""
    return {"true": True, "false": False}.get(raw) if raw is not None else None


class ExecutionResolution(NamedTuple):
    """The resolve-execution answer (§6.3) plus the model, effort and fast_mode traces."""

    agent: str
    model: Any
    profile: Any
    effort: Any
    effort_rendered: Any
    effort_param: str | None
    effort_propagation: str | None
    effort_effective: Any
    effort_effective_source: str
    fast_mode: bool
    fast_mode_supported: bool
    unknown_agent: bool
    model_resolution: ModelResolution
    effort_resolution: Resolved
    fast_mode_resolution: Resolved
    host: str | None = None
    effort_surface: str | None = None
    effort_argv: tuple[str, ...] = ()
    effort_argv_value: str | None = None
    escalation: Escalation | None = None

    @property
    def layer(self) -> str:
        """The model's winning layer (``provider_escalation`` when the ladder moved it)."""
        if self.escalation is not None and self.escalation.escalated:
            return "provider_escalation"
        return self.model_resolution.layer

    def upstream_dict(self) -> dict[str, Any]:
        """Exactly upstream's keys, in upstream's order."""
        out: dict[str, Any] = {
            "model": js_json(self.model),
            "profile": js_json(self.profile),
            "effort": self.effort,
            "effort_rendered": self.effort_rendered,
            "effort_param": self.effort_param,
            "effort_propagation": self.effort_propagation,
            "effort_effective": self.effort_effective,
            "effort_effective_source": self.effort_effective_source,
            "fast_mode": self.fast_mode,
            "fast_mode_supported": self.fast_mode_supported,
        }
        if self.host is not None:
            out["host"] = self.host
            out["effort_surface"] = self.effort_surface
            out["effort_argv"] = list(self.effort_argv)
            out["effort_argv_string"] = " ".join(self.effort_argv)
            out["effort_argv_value"] = self.effort_argv_value
        if self.unknown_agent:
            out["unknown_agent"] = True
        if self.escalation is not None:
            out["escalation"] = self.escalation.to_dict()
        return out

    def to_dict(self) -> dict[str, Any]:
        """Upstream's keys, then ``layer`` and the three traces."""
        out = self.upstream_dict()
        out["layer"] = self.layer
        out["warnings"] = list(self.model_resolution.warnings)
        out["trace"] = [s.to_dict() for s in self.model_resolution.trace]
        out["effort_layer"] = self.effort_resolution.layer
        out["effort_trace"] = [s.to_dict() for s in self.effort_resolution.trace]
        out["fast_mode_layer"] = self.fast_mode_resolution.layer
        out["fast_mode_trace"] = [s.to_dict() for s in self.fast_mode_resolution.trace]
        return out


def resolve_execution(
    inp: ResolutionInput,
    agent: str,
    *,
    effort: Any = None,
    fast_mode: Any = None,
    attempt: int | None = None,
    failure_class: str | None = None,
    host: str | None = None,
) -> ExecutionResolution:
    """Model + effort + fast_mode for one invocation (upstream ``cmdResolveExecution``)."""
    if not agent:
        raise MsdError(AGENT_REQUIRED_ERROR)
    if attempt is not None and (not is_integer(attempt) or attempt < 0):
        raise MsdError(ATTEMPT_ERROR)
    if failure_class is not None and failure_class not in FAILURE_CLASSES:
        raise MsdError(FAILURE_CLASS_ERROR)
    cat = load_catalog()
    name = canonical_agent(agent)
    model_res = resolve_model(inp, name, attempt=attempt)
    model = model_res.model
    escalation = None
    if failure_class is not None:
        escalation = provider_escalation(inp, name, attempt, failure_class)
        if escalation.escalated:
            model = escalation.to_model
    if attempt is not None:
        effort_res = escalate_effort(inp, name, attempt)
    else:
        effort_res = resolve_effort(inp, name, override=effort if isinstance(effort, str)
                                    else None)
    fast_res = resolve_fast_mode(inp, name, override=fast_mode)
    runtime_raw = inp.config.get("runtime")
    runtime = runtime_raw if js_truthy(runtime_raw) else "claude"
    rendered, param, channel = render_effort(cat, runtime, effort_res.value)
    eff_value, eff_source = effort_res.value, "resolved"
    if runtime == "claude" and isinstance(runtime, str):
        eff_value, eff_source = effective_effort(inp.env, name, effort_res.value)
    surface = None
    argv: list[str] = []
    argv_value = None
    use_host = host if isinstance(host, str) and host else None
    if use_host is not None:
        surface = host_effort_surface(use_host)
        argv, argv_value = render_effort_argv(cat, use_host, effort_res.value, surface)
    return ExecutionResolution(
        agent=name,
        model=model,
        profile=raw_profile(inp.config),
        effort=effort_res.value,
        effort_rendered=rendered,
        effort_param=param,
        effort_propagation=channel,
        effort_effective=eff_value,
        effort_effective_source=eff_source,
        fast_mode=bool(fast_res.value),
        fast_mode_supported=isinstance(runtime, str) and runtime in cat.runtimes_with_fast_mode,
        unknown_agent=name not in cat.agents,
        model_resolution=model_res,
        effort_resolution=effort_res,
        fast_mode_resolution=fast_res,
        host=use_host,
        effort_surface=surface,
        effort_argv=tuple(argv),
        effort_argv_value=argv_value,
        escalation=escalation,
    )


# ── granularity (§6.3, upstream-only) ───────────────────────────────────────────────────


def resolve_granularity(
    config: Mapping[str, Any], phase_type: str | None, override: str | None = None
) -> Any:
    """Valid override → ``granularities[pt]`` → ``granularity`` (any non-empty value) →
    ``planning.granularity`` → ``standard``."""
    if override is not None and override != "" and override in VALID_GRANULARITIES:
        return override
    per_phase_map = config.get("granularities")
    if phase_type and js_truthy(per_phase_map) and isinstance(per_phase_map, dict | list):
        per_phase = js_get(per_phase_map, phase_type)
        if isinstance(per_phase, str) and per_phase in VALID_GRANULARITIES:
            return per_phase
    value = config.get("granularity")
    if value is not None and value != "":
        return value
    planning = config.get("planning")
    planning_gran = js_get(planning, "granularity") if js_truthy(planning) else None
    if planning_gran is not None and planning_gran != "":
        return planning_gran
    return "standard"
