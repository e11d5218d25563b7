"""Model resolution (spec §5, D1) as named layers with a full trace.

Why this shape: upstream returns only a model string, and users cannot tell *why* an agent
runs on a given model. Here every precedence layer is a named function in a table
(:data:`STATIC_LAYERS`, :data:`ATTEMPT_LAYERS`); the driver consults them in order and records,
for each one, whether it was consulted, what it held, whether it applied and why (not). The
explorer and ``msd resolve-model`` only display that trace.

The answer itself must equal upstream's ``resolveModelInternal`` / ``resolveModelForTier``
value for value, for *any* JSON config (hypothesis differential tests). Config values are
therefore read with JavaScript semantics, implemented by the small ``js_*`` helpers below:
JS truthiness (``[]``/``{}`` are truthy, ``0``/``""`` are not), ``typeof`` checks, own-key
lookups on objects, arrays and strings (``"abc"`` owns ``"0"`` and ``"length"``), property keys
converted with ``String()`` (``["codex"]`` indexes like ``"codex"``), and JS number printing.

The resolver takes plain data (:class:`ResolutionInput`) so it never depends on the config
loader's internals; ``config_input.input_from_loaded`` adapts a ``config_store.LoadedConfig``.
The JavaScript reading rules live in ``core/common/js_access.py``.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from types import MappingProxyType
from typing import Any, NamedTuple

from msd_desktop.core.common.js_access import (
    JS_PROTO_STRINGS,
    is_integer,
    js_get,
    js_json,
    js_key,
    js_own_get,
    utf16_units,
)
from msd_desktop.core.common.js_values import js_string, js_truthy
from msd_desktop.core.common.text import Text
from msd_desktop.core.models.catalog import (
    Catalog,
    canonical_agent,
    legacy_agent_name,
    load_catalog,
    runtime_from_candidates,
)
from msd_desktop.core.models.install_marker import InstallMarker


def max_escalations(dr: Mapping[str, Any]) -> int:
    """``dynamic_routing.max_escalations`` when a non-negative integer, else 1."""
    value: Any = dr.get("max_escalations")
    if is_integer(value) and value >= 0:
        return int(value)
    return 1


def escalation_steps(dr: Mapping[str, Any], attempt: int) -> int:
    """How many steps an attempt escalates: ``min(attempt, max)``, 0 when escalation is off."""
    if dr.get("escalate_on_failure") is False:
        return 0
    return int(min(attempt, max_escalations(dr)))


def own_agent_value(container: Any, agent: str) -> tuple[bool, Any]:
    """An agent's own entry in a per-agent map: the ``msd-*`` key, else its ``gsd-*`` spelling."""
    found, value = js_own_get(container, agent)
    if found:
        return found, value
    legacy = legacy_agent_name(agent)
    if legacy is not None:
        return js_own_get(container, legacy)
    return False, None


def agent_map_value(container: Any, agent: str) -> Any:
    """``container[agent]`` on a plain object (not own-guarded upstream; inherited → None)."""
    return own_agent_value(container, agent)[1] if isinstance(container, dict) else None


def _truncate(text: str, limit: int = 64) -> str:
    units = utf16_units(text)
    if len(units) > limit:
        return "".join(units[:limit]) + "…"
    return text


# ── input and result records ────────────────────────────────────────────────────────────

_EMPTY: Mapping[str, Any] = MappingProxyType({})

LAYERS = (
    "model_overrides",
    "dynamic_routing",
    "model_policy",
    "model_profile_overrides",
    "runtime_tier_default",
    "resolve_model_ids_omit",
    "unknown_agent_default",
    "inherit",
    "tier_full_id",
    "tier_alias",
)


class ResolutionInput(NamedTuple):
    """Everything a resolver reads, as plain data.

    ``config`` is the effective config the loader produced (§2.1/§4 case 2 plus D1's global
    ``model_overrides`` merge). ``explicit_omit`` answers §5.5's "does the project itself set
    ``resolve_model_ids: "omit"``". ``install_runtime`` is the install marker's value (§5.6);
    ``install_marker`` says which file it came from (or why there is none, with warnings) when
    :func:`input_from_loaded` looked it up (``None`` when a caller supplied the value).
    ``override_sources`` maps an agent to the file its ``model_overrides`` entry came from;
    ``global_defaults_path`` names ``~/.msd/defaults.json`` so a global entry can be flagged.
    ``load_warnings`` are the one-shot config warnings (unknown runtime/provider/tier).
    """

    config: Mapping[str, Any]
    env: Mapping[str, str] = _EMPTY
    explicit_omit: bool = False
    install_runtime: str | None = None
    override_sources: Mapping[str, str] = _EMPTY
    provenance: Mapping[str, Any] = _EMPTY
    global_defaults_path: str | None = None
    load_warnings: tuple[str, ...] = ()
    install_marker: InstallMarker | None = None


class TraceStep(NamedTuple):
    """One layer as the resolver saw it."""

    layer: str
    consulted: bool
    value: Any
    applied: bool
    reason: str
    source: str | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "layer": self.layer,
            "consulted": self.consulted,
            "value": js_json(self.value),
            "applied": self.applied,
            "reason": self.reason,
            "source": self.source,
        }


class ModelResolution(NamedTuple):
    """The resolved model and how it was reached (spec §5.9)."""

    agent: str
    model: Any
    layer: str
    tier: str | None
    tier_source: str | None
    policy_source: str | None
    routing_tier: str | None
    warnings: list[str]
    tier_reasoning_effort: str | None
    unknown_agent: bool
    override_source: str | None
    global_override: bool
    reported_tier: str
    trace: list[TraceStep]
    attempt: int | None = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "model": js_json(self.model),
            "layer": self.layer,
            "tier": self.tier,
            "tier_source": self.tier_source,
            "policy_source": self.policy_source,
            "routing_tier": self.routing_tier,
            "warnings": list(self.warnings),
            "tier_reasoning_effort": self.tier_reasoning_effort,
            "unknown_agent": self.unknown_agent,
            "override_source": self.override_source,
            "global_override": self.global_override,
            "reported_tier": self.reported_tier,
            "attempt": self.attempt,
            "trace": [s.to_dict() for s in self.trace],
        }


# ── shared computations ─────────────────────────────────────────────────────────────────


def profile_string(config: Mapping[str, Any]) -> str:
    """``String(config.model_profile || 'balanced').toLowerCase()``."""
    raw = config.get("model_profile")
    return js_string(raw if js_truthy(raw) else "balanced").lower()


def raw_profile(config: Mapping[str, Any]) -> Any:
    """``config.model_profile || 'balanced'`` — what resolve-model prints as ``profile``."""
    raw = config.get("model_profile")
    return raw if js_truthy(raw) else "balanced"


def _phase_type_key(cat: Catalog, agent: str) -> str | None:
    meta = cat.agents.get(agent)
    if meta is not None:
        return meta.phase_type
    return JS_PROTO_STRINGS.get(agent)


def routing_tier_key(cat: Catalog, agent: str) -> str | None:
    """``AGENT_DEFAULT_TIERS[agent]`` as a property key (Object.prototype names leak through)."""
    meta = cat.agents.get(agent)
    if meta is not None:
        return meta.routing_tier
    return JS_PROTO_STRINGS.get(agent)


def compute_tier(
    cat: Catalog, config: Mapping[str, Any], agent: str
) -> tuple[str | None, str | None]:
    """§5.2: the tier and where it came from (``models`` or ``model_profile``)."""
    profile = profile_string(config)
    meta = cat.agents.get(agent)
    phase_key = _phase_type_key(cat, agent)
    models = config.get("models")
    pt_tier = None
    if phase_key and isinstance(models, dict):
        pt_tier = models.get(phase_key)
    if isinstance(pt_tier, str) and pt_tier in cat.valid_tiers:
        return pt_tier, "models"
    if profile == "inherit":
        return "inherit", "model_profile"
    if meta is not None:
        return (meta.profile_tier(profile) or meta.profile_tier("balanced")), "model_profile"
    return None, None


def _map_policy_id_to_alias(cat: Catalog, value: Any) -> str | None:
    alias = cat.claude_id_to_alias.get(js_key(value))
    return alias if alias else None


class PolicyHit(NamedTuple):
    model: Any
    source: str
    entry: Any


def resolve_model_policy(cat: Catalog, config: Mapping[str, Any], tier: str) -> PolicyHit | None:
    """§5.3 lookup: ``runtime_tiers`` → generic keys / provider preset (no Claude mapping)."""
    raw_policy = config.get("model_policy")
    if not js_truthy(raw_policy):
        return None
    runtime = config.get("runtime")
    effective_runtime = runtime if js_truthy(runtime) else "claude"
    policy: dict[str, Any] = dict(raw_policy) if isinstance(raw_policy, dict) else {}
    if isinstance(raw_policy, list | str):
        seq = raw_policy if isinstance(raw_policy, list) else utf16_units(raw_policy)
        policy = {str(i): v for i, v in enumerate(seq)}
    policy["runtime"] = effective_runtime
    rt_overrides = policy.get("runtime_tiers")
    if (
        isinstance(effective_runtime, str)
        and effective_runtime
        and js_truthy(rt_overrides)
        and isinstance(rt_overrides, dict | list)
    ):
        found, runtime_entry = js_own_get(rt_overrides, effective_runtime)
        if found and js_truthy(runtime_entry) and isinstance(runtime_entry, dict | list):
            found_tier, raw = js_own_get(runtime_entry, tier)
            if found_tier and raw is not None:
                entry = {"model": raw} if isinstance(raw, str) else raw
                model = entry.get("model") if isinstance(entry, dict) else None
                if js_truthy(entry) and js_truthy(model):
                    return PolicyHit(model, "runtime_tiers", entry)
    provider = policy.get("provider")
    if not js_truthy(provider) or not isinstance(provider, str):
        return None
    if provider in ("generic", "custom"):
        key = cat.generic_tier_keys.get(tier)
        if not key:
            return None
        v = policy.get(key)
        return PolicyHit(v, "generic_keys", None) if js_truthy(v) and isinstance(v, str) else None
    presets = cat.provider_presets
    if provider not in presets:
        return None
    per_provider = presets[provider]
    if not isinstance(per_provider, dict) or tier not in per_provider:
        return None
    tier_presets = per_provider[tier]
    if not isinstance(tier_presets, dict):
        return None
    budget_raw = policy.get("budget")
    budget = budget_raw if js_truthy(budget_raw) and isinstance(budget_raw, str) else "medium"
    if budget not in tier_presets:
        return None
    budget_entry = tier_presets[budget]
    if not isinstance(budget_entry, dict) or not js_truthy(budget_entry.get("model")):
        return None
    return PolicyHit(budget_entry["model"], "provider_preset", budget_entry)


def runtime_tier_entry(
    cat: Catalog, config: Mapping[str, Any], tier: str
) -> tuple[dict[str, Any] | None, Any, Any]:
    """§5.4: (merged entry or None, built-in entry, user entry) for ``runtime`` × ``tier``."""
    runtime = config.get("runtime")
    if not js_truthy(runtime) or not tier:
        return None, None, None
    key = js_key(runtime)
    builtin = (cat.runtime_profile_map.get(key) or {}).get(tier) or None
    user_raw = js_get(js_get(config.get("model_profile_overrides"), key), tier)
    user: Any = None
    if js_truthy(user_raw):
        user = {"model": user_raw} if isinstance(user_raw, str) else user_raw
    if not builtin and not js_truthy(user):
        return None, builtin, user
    merged: dict[str, Any] = dict(builtin or {})
    if isinstance(user, dict):
        merged.update(user)
    elif isinstance(user, list):
        merged.update({str(i): v for i, v in enumerate(user)})
    return merged, builtin, user


def active_runtime(inp: ResolutionInput) -> str:
    """§5.6: ``MSD_RUNTIME`` → ``config.runtime`` → install marker → ``claude`` (canonical)."""
    return active_runtime_source(inp)[0]


def active_runtime_source(inp: ResolutionInput) -> tuple[str, str, str | None]:
    """§5.6 with provenance: ``(runtime, rung, marker path)``.

    ``rung`` is ``MSD_RUNTIME``, ``config.runtime``, ``install marker`` or ``default``; the
    path is the marker file when the marker rung decides (``None`` when a caller supplied the
    value without a lookup).
    """
    for rung, candidate in (
        ("MSD_RUNTIME", inp.env.get("MSD_RUNTIME")),
        ("config.runtime", inp.config.get("runtime")),
        ("install marker", inp.install_runtime),
    ):
        runtime = runtime_from_candidates(candidate)
        if runtime:
            path = inp.install_marker.path if (
                rung == "install marker" and inp.install_marker is not None
            ) else None
            return runtime, rung, path
    return "claude", "default", None


def reported_tier(cat: Catalog, config: Mapping[str, Any], agent: str) -> str:
    """Upstream ``resolveTierFromConfig``: the ``tier`` field resolve-model prints (#2229)."""
    overrides = config.get("model_overrides")
    if isinstance(overrides, dict):
        _, override = own_agent_value(overrides, agent)
        if js_truthy(override) and isinstance(override, str):
            if override in cat.claude_agent_aliases:
                return override
            alias = cat.claude_id_to_alias.get(override)
            return alias if alias else "unknown"
    tier, _ = compute_tier(cat, config, agent)
    if tier and tier != "inherit":
        hit = resolve_model_policy(cat, config, tier)
        if hit is not None:
            alias = _map_policy_id_to_alias(cat, hit.model)
            if alias:
                return alias
            if isinstance(hit.model, str) and hit.model in cat.claude_agent_aliases:
                return hit.model
            return "unknown"
    return tier or "unknown"


# ── the layer machinery ─────────────────────────────────────────────────────────────────


class _Outcome:
    """What one layer reports: applied (with the model) or skipped (with why)."""

    __slots__ = ("applied", "consulted", "extra", "model", "reason", "source", "value")

    def __init__(
        self,
        applied: bool,
        value: Any,
        reason: str,
        model: Any = None,
        source: str | None = None,
        consulted: bool = True,
        extra: dict[str, Any] | None = None,
    ) -> None:
        self.applied = applied
        self.value = value
        self.reason = reason
        self.model = model
        self.source = source
        self.consulted = consulted
        self.extra: dict[str, Any] = extra if extra is not None else {}


class _State:
    """The per-call facts every layer reads (computed once)."""

    __slots__ = ("agent", "attempt", "cat", "inp", "on_claude", "profile", "runtime", "tier",
                 "tier_source", "warnings")

    def __init__(
        self,
        inp: ResolutionInput,
        cat: Catalog,
        agent: str,
        attempt: int,
        tier: str | None,
        tier_source: str | None,
        profile: str,
        warnings: list[str],
        runtime: Any,
        on_claude: bool,
    ) -> None:
        self.inp = inp
        self.cat = cat
        self.agent = agent
        self.attempt = attempt
        self.tier = tier
        self.tier_source = tier_source
        self.profile = profile
        self.warnings = warnings
        self.runtime = runtime
        self.on_claude = on_claude


def _warn(state: _State, text: str) -> None:
    if text not in state.warnings:
        state.warnings.append(text)


def _runtime_label(state: _State) -> str:
    return js_string(state.runtime) if js_truthy(state.runtime) else Text.of("claude (default)")


def _layer_model_overrides(state: _State) -> _Outcome:
    overrides = state.inp.config.get("model_overrides")
    source = state.inp.override_sources.get(state.agent)
    if not js_truthy(overrides):
        return _Outcome(False, None, Text.of("model_overrides is not set"))
    found, ov = own_agent_value(overrides, state.agent)
    if not found:
        return _Outcome(False, None, Text.of("no entry for {agent}",
                                             agent=state.agent), source=source)
    if not js_truthy(ov):
        return _Outcome(False, ov, Text.of("entry is empty (ignored)"), source=source)
    if not isinstance(ov, str):
        return _Outcome(True, ov, Text.of("non-string value returned verbatim"), model=ov,
                        source=source)
    if not state.on_claude:
        return _Outcome(
            True, ov, Text.of("runtime is {runtime_label}: value used verbatim",
                              runtime_label=_runtime_label(state)), model=ov,
            source=source,
        )
    alias = state.cat.claude_id_to_alias.get(ov)
    if alias:
        return _Outcome(
            True, ov, Text.of("Claude model ID mapped to its agent alias '{alias}'",
                              alias=alias), model=alias,
            source=source,
        )
    if ov in state.cat.claude_agent_aliases:
        return _Outcome(True, ov, Text.of("Claude agent alias"), model=ov, source=source)
    if ov.startswith("claude-"):
        _warn(
            state,
            Text.of(
                'model_overrides value "{value}" for {agent} has no Claude agent alias; '
                "falling through to tier resolution.", value=_truncate(ov), agent=state.agent,
            ),
        )
        return _Outcome(
            False, ov, Text.of("value '{ov}' has no Claude alias; falling through",
                               ov=ov), source=source
        )
    return _Outcome(True, ov, Text.of("value used verbatim"), model=ov, source=source)


def _real_tier(state: _State) -> bool:
    return bool(state.tier) and state.tier != "inherit"


def _layer_model_policy(state: _State) -> _Outcome:
    if not js_truthy(state.inp.config.get("model_policy")):
        return _Outcome(False, None, Text.of("model_policy is not set"), consulted=False)
    if not _real_tier(state):
        return _Outcome(
            False, None, Text.of("tier is {tier}: model_policy not used",
                                 tier=state.tier or Text.of("unknown")),
            consulted=False,
        )
    assert state.tier is not None
    hit = resolve_model_policy(state.cat, state.inp.config, state.tier)
    if hit is None:
        return _Outcome(False, None, Text.of("no model_policy entry for tier {tier}",
                                             tier=state.tier))
    extra = {"policy_source": hit.source, "policy_entry": hit.entry}
    if not state.on_claude:
        return _Outcome(
            True, hit.model, Text.of(
                "{source} for tier {tier} (full ID on {runtime_label})",
                source=hit.source, tier=state.tier, runtime_label=_runtime_label(state),
            ), model=hit.model, extra=extra,
        )
    alias = _map_policy_id_to_alias(state.cat, hit.model)
    if alias:
        return _Outcome(
            True, hit.model, Text.of("{source}: Claude model ID mapped to alias '{alias}'",
                                     source=hit.source, alias=alias),
            model=alias, extra=extra,
        )
    if isinstance(hit.model, str) and hit.model in state.cat.claude_agent_aliases:
        return _Outcome(True, hit.model, Text.of("{source}: Claude agent alias",
                                                 source=hit.source), model=hit.model,
                        extra=extra)
    shown = js_string(hit.model)
    _warn(
        state,
        Text.of(
            'model_policy resolved "{shown}" for {agent}, but it has no Claude agent alias; '
            'using "{tier}" instead.', shown=shown, agent=state.agent, tier=state.tier,
        ),
    )
    return _Outcome(False, hit.model, Text.of(
        "value '{shown}' has no Claude alias; falling through", shown=shown,
    ))


def _runtime_gate(state: _State) -> str | None:
    if not js_truthy(state.runtime) or state.runtime == "claude":
        return Text.of("runtime is {runtime_label}: built-in runtime tiers not used",
                       runtime_label=_runtime_label(state))
    if not _real_tier(state):
        return Text.of("tier is {tier}: runtime tiers not used",
                       tier=state.tier or Text.of("unknown"))
    return None


def _layer_profile_overrides(state: _State) -> _Outcome:
    why = _runtime_gate(state)
    if why:
        return _Outcome(False, None, why, consulted=False)
    assert state.tier is not None
    merged, _, user = runtime_tier_entry(state.cat, state.inp.config, state.tier)
    key = js_key(state.runtime)
    if user is None:
        return _Outcome(False, None, Text.of("no model_profile_overrides.{key}.{tier}",
                                             key=key, tier=state.tier))
    if not (isinstance(user, dict) and "model" in user):
        why = Text.of("entry has no model (other fields merged into the built-in)")
        return _Outcome(False, user, why)
    model = merged.get("model") if merged else None
    if not js_truthy(model):
        return _Outcome(False, user, Text.of("entry's model is empty; falling through"))
    return _Outcome(True, user, Text.of("model_profile_overrides.{key}.{tier}",
                                        key=key, tier=state.tier), model=model,
                    extra={"entry": merged})


def _layer_runtime_default(state: _State) -> _Outcome:
    why = _runtime_gate(state)
    if why:
        return _Outcome(False, None, why, consulted=False)
    assert state.tier is not None
    merged, builtin, _ = runtime_tier_entry(state.cat, state.inp.config, state.tier)
    key = js_key(state.runtime)
    if not builtin:
        return _Outcome(False, None, Text.of("no built-in tier map for runtime '{key}'", key=key))
    model = merged.get("model") if merged else None
    if not js_truthy(model):
        return _Outcome(False, builtin, Text.of("merged entry has no model; falling through"))
    return _Outcome(True, builtin, Text.of("built-in {key} tier {tier}",
                                           key=key, tier=state.tier), model=model,
                    extra={"entry": merged})


def _layer_omit(state: _State) -> _Outcome:
    value = state.inp.config.get("resolve_model_ids")
    if value != "omit" or not isinstance(value, str):
        return _Outcome(False, value, Text.of('resolve_model_ids is not "omit"'))
    if state.inp.explicit_omit:
        return _Outcome(True, value, Text.of('the project config sets "omit"'), model="")
    runtime, rung, marker_path = active_runtime_source(state.inp)
    marker = state.inp.install_marker
    how: str
    if rung == "install marker":
        how = (Text.of("install marker {path}", path=marker_path) if marker_path
               else Text.of("install marker"))
    elif rung == "default":
        how = Text.of("default; {reason}", reason=marker.reason if marker is not None
                      else Text.of("no install marker"))
        for text in marker.warnings if marker is not None else ():
            _warn(state, text)
    else:
        how = rung
    label = Text.of("active runtime {runtime} (from {how})", runtime=runtime, how=how)
    if runtime not in state.cat.runtimes_with_native_aliases:
        return _Outcome(True, value, Text.of("{label} has no native model aliases",
                                             label=label), model="",
                        source=marker_path)
    why = Text.of('"omit" comes only from global defaults and {label} has native aliases',
                  label=label)
    return _Outcome(False, value, why, source=marker_path)


def _layer_unknown_agent(state: _State) -> _Outcome:
    if state.agent in state.cat.agents:
        return _Outcome(False, None, Text.of("{agent} is a catalog agent", agent=state.agent))
    model = {"quality": "opus", "budget": "haiku", "inherit": "inherit"}.get(
        state.profile, "sonnet"
    )
    return _Outcome(True, state.profile, Text.of("unknown agent: default for profile {profile}",
                                                 profile=state.profile),
                    model=model)


def _layer_inherit(state: _State) -> _Outcome:
    if state.tier == "inherit":
        return _Outcome(True, state.tier, Text.of("tier is inherit (use the session model)"),
                        model="inherit")
    return _Outcome(False, state.tier, Text.of("tier is {tier}", tier=state.tier))


def _layer_full_id(state: _State) -> _Outcome:
    value = state.inp.config.get("resolve_model_ids")
    if value is not True:
        return _Outcome(False, value, Text.of("resolve_model_ids is not true"))
    tier = state.tier or ""
    return _Outcome(True, value, Text.of("resolve_model_ids: true materializes the full ID"),
                    model=state.cat.claude_alias_to_id.get(tier) or tier)


def _layer_alias(state: _State) -> _Outcome:
    return _Outcome(True, state.tier, Text.of("tier alias"), model=state.tier)


def _layer_dynamic_routing(state: _State) -> _Outcome:
    cfg = state.inp.config
    if (
        js_truthy(cfg.get("model_policy"))
        and js_truthy(state.runtime)
        and state.runtime != "claude"
    ):
        why = Text.of("model_policy on a non-Claude runtime: static resolution")
        return _Outcome(False, None, why)
    dr = cfg.get("dynamic_routing")
    if not isinstance(dr, dict) or dr.get("enabled") is not True:
        return _Outcome(False, dr if isinstance(dr, dict) else None,
                        Text.of("dynamic_routing.enabled is not true"))
    tier_models = dr.get("tier_models")
    if not js_truthy(tier_models) or not isinstance(tier_models, dict | list):
        return _Outcome(False, None, Text.of("dynamic_routing.tier_models is not an object"))
    meta = state.cat.agents.get(state.agent)
    if meta is None or meta.routing_tier not in state.cat.routing_tiers:
        return _Outcome(False, None, Text.of("{agent} has no routing tier", agent=state.agent))
    steps = escalation_steps(dr, state.attempt)
    ladder = list(state.cat.routing_tiers)
    idx = min(ladder.index(meta.routing_tier) + min(steps, len(ladder)), len(ladder) - 1)
    tier = ladder[idx]
    alias = js_get(tier_models, tier)
    if not isinstance(alias, str) or not alias:
        return _Outcome(False, alias, Text.of(
            "dynamic_routing.tier_models.{tier} is not a model name", tier=tier,
        ),
                        extra={"routing_tier": tier})
    return _Outcome(True, alias, Text.of("attempt {attempt}: routing tier {tier}",
                                         attempt=state.attempt, tier=tier), model=alias,
                    extra={"routing_tier": tier})


Layer = Callable[[_State], _Outcome]

STATIC_LAYERS: tuple[tuple[str, Layer], ...] = (
    ("model_overrides", _layer_model_overrides),
    ("model_policy", _layer_model_policy),
    ("model_profile_overrides", _layer_profile_overrides),
    ("runtime_tier_default", _layer_runtime_default),
    ("resolve_model_ids_omit", _layer_omit),
    ("unknown_agent_default", _layer_unknown_agent),
    ("inherit", _layer_inherit),
    ("tier_full_id", _layer_full_id),
    ("tier_alias", _layer_alias),
)
ATTEMPT_LAYERS: tuple[tuple[str, Layer], ...] = (
    STATIC_LAYERS[0],
    ("dynamic_routing", _layer_dynamic_routing),
    *STATIC_LAYERS[1:],
)


def _tier_reasoning_effort(state: _State, layer: str, outcome: _Outcome) -> str | None:
    if not isinstance(state.runtime, str) or (
        state.runtime not in state.cat.runtimes_with_reasoning_effort
    ):
        return None
    entry: Any = None
    if layer in ("runtime_tier_default", "model_profile_overrides"):
        entry = outcome.extra.get("entry")
    elif layer == "model_policy":
        entry = outcome.extra.get("policy_entry")
    value = entry.get("reasoning_effort") if isinstance(entry, dict) else None
    return value if isinstance(value, str) and value else None


def resolve_model(
    inp: ResolutionInput, agent: str, *, attempt: int | None = None, reported: bool = True
) -> ModelResolution:
    """Resolve one agent's model: static path (§5.1–5.7) or, with ``attempt``, §5.8's path.

    ``reported=False`` leaves ``reported_tier`` empty (a fifth of the cost): for callers that
    resolve many runtimes at once and never print upstream's ``tier`` field.
    """
    cat = load_catalog()
    name = canonical_agent(agent)
    tier, tier_source = compute_tier(cat, inp.config, name)
    runtime = inp.config.get("runtime")
    state = _State(
        inp=inp,
        cat=cat,
        agent=name,
        attempt=attempt if attempt is not None and is_integer(attempt) and attempt > 0 else 0,
        tier=tier,
        tier_source=tier_source,
        profile=profile_string(inp.config),
        warnings=list(inp.load_warnings),
        runtime=runtime,
        on_claude=not js_truthy(runtime) or runtime == "claude",
    )
    layers = ATTEMPT_LAYERS if attempt is not None else STATIC_LAYERS
    trace: list[TraceStep] = []
    winner: tuple[str, _Outcome] | None = None
    for layer_name, func in layers:
        if winner is not None:
            trace.append(
                TraceStep(layer_name, False, None, False,
                          Text.of("not reached: {layer} applied", layer=winner[0]))
            )
            continue
        outcome = func(state)
        trace.append(
            TraceStep(layer_name, outcome.consulted, outcome.value, outcome.applied,
                      outcome.reason, outcome.source)
        )
        if outcome.applied:
            winner = (layer_name, outcome)
    assert winner is not None  # tier_alias always applies
    layer, outcome = winner
    override_source = inp.override_sources.get(name) if layer == "model_overrides" else None
    no_tier = layer in ("model_overrides", "dynamic_routing")
    return ModelResolution(
        agent=name,
        model=outcome.model,
        layer=layer,
        tier=None if no_tier else tier,
        tier_source=None if no_tier else tier_source,
        policy_source=outcome.extra.get("policy_source") if layer == "model_policy" else None,
        routing_tier=outcome.extra.get("routing_tier") if layer == "dynamic_routing" else None,
        warnings=state.warnings,
        tier_reasoning_effort=_tier_reasoning_effort(state, layer, outcome),
        unknown_agent=name not in cat.agents,
        override_source=override_source,
        global_override=bool(
            override_source
            and inp.global_defaults_path
            and override_source == inp.global_defaults_path
        ),
        reported_tier=reported_tier(cat, inp.config, name) if reported else "",
        trace=trace,
        attempt=attempt,
    )
