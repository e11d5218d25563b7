"""The precedence ladders of one agent (model, effort, fast_mode) as rungs to draw.

Why: the Models tab draws how a value was chosen as a column of rungs — every layer the core
consulted, in precedence order, the winner marked, the rest with their reason. The rungs are
derived here, without Qt, from the core's own answer (:class:`ExecutionResolution`: the model's
``trace``/``layer``/``tier`` and the effort and fast_mode traces), so the diagram, the trace
table and the tests all read the same facts and the widget only paints them.

Where a value came from (the rung's *source*) is a file path, ``built-in`` or ``what-if``.
A what-if (runtime, profile, attempt, ``--effort`` or the unsaved Settings draft, applied to a
copy) must be credited to the what-if, not to the file the key would normally come from:
:class:`WhatIf` carries what the what-if changed, and :func:`rung_source` uses it.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any, NamedTuple

from msd_desktop.core.common.js_access import js_json
from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.models.execution import ExecutionResolution
from msd_desktop.core.models.resolution import TraceStep

KINDS = ("model", "effort", "fast_mode")

# Rung states, in the words the diagram and its accessible text are keyed by.
WINNER = "winner"  # this layer decided the value
SUPERSEDED = "superseded"  # applied, then replaced by a later step (dynamic routing)
SKIPPED = "skipped"  # consulted, did not apply (reason says why)
CLOSED = "not_consulted"  # a gate kept the layer from being consulted (reason says why)
NOT_REACHED = "not_reached"  # after the winner

SOURCE_BUILTIN = "built-in"
SOURCE_WHATIF = "what-if"

# Plain names of the layers, by ladder: the one mapping the routing diagram, the agents table
# and the trace table show (the id stays in their tooltips and in Copy as JSON). English here;
# the window translates them (``ui.models.layer_names``, context "RoutingDiagram").
LAYER_NAMES: Mapping[str, Mapping[str, str]] = {
    "model": {
        "model_overrides": "Per-agent override",
        "dynamic_routing": "Dynamic routing (retry)",
        "model_policy": "Model policy",
        "model_profile_overrides": "Runtime tier override",
        "runtime_tier_default": "Runtime tier default",
        "resolve_model_ids_omit": "Omit model IDs",
        "unknown_agent_default": "Default for an unknown agent",
        "inherit": "Inherit the session model",
        "tier_full_id": "Full model ID",
        "tier_alias": "Tier alias",
        "provider_escalation": "Provider escalation",
    },
    "effort": {
        "--effort": "Effort override",
        "effort.agent_overrides": "Per-agent effort",
        "effort.routing_tier_defaults": "Routing-tier effort",
        "builtin.routing_tier_defaults": "Built-in routing-tier effort",
        "effort.default": "Effort default",
        "builtin.default": "Built-in default",
        "dynamic_routing": "Dynamic routing escalation",
    },
    "fast_mode": {
        "--fast-mode": "Fast-mode override",
        "fast_mode.agent_overrides": "Per-agent fast mode",
        "fast_mode.routing_tier_defaults": "Routing-tier fast mode",
        "builtin.routing_tier_defaults": "Built-in routing-tier fast mode",
        "fast_mode.enabled": "Fast mode switch",
        "builtin.default": "Built-in default",
    },
}


def layer_name(kind: str, layer: str) -> str:
    """The plain English name of a layer id (the id itself when it has none)."""
    return LAYER_NAMES.get(kind, {}).get(layer, layer)


# Given a config key (dotted), the file that supplies it (None when no file does).
FileLookup = Callable[[str], str | None]

# Model layers whose outcome depends on which runtime is configured.
_RUNTIME_LAYERS = frozenset(
    ("model_policy", "model_profile_overrides", "runtime_tier_default", "resolve_model_ids_omit")
)
_MISSING = object()


class WhatIf(NamedTuple):
    """What a what-if changed, to credit the rungs it supplied.

    ``base_config`` / ``config`` are the effective configs as on disk and as resolved (after
    the draft and the runtime/profile choices); ``runtime``/``profile`` are the chosen values
    (``None`` = as configured); ``effort``/``attempt`` the invocation overrides; ``draft`` says
    the unsaved Settings draft was applied.
    """

    base_config: Mapping[str, Any]
    config: Mapping[str, Any]
    runtime: str | None = None
    profile: str | None = None
    effort: str | None = None
    attempt: int | None = None
    draft: bool = False


class Rung(NamedTuple):
    """One precedence layer as drawn: what it held, what happened, where it came from."""

    kind: str  # "model" | "effort" | "fast_mode"
    layer: str  # the core's layer id (e.g. "tier_alias", "effort.agent_overrides")
    state: str  # WINNER, SUPERSEDED, SKIPPED, CLOSED or NOT_REACHED
    value: str | None  # the layer's value as text (None: the layer held nothing)
    outcome: str | None  # the winner's resolved value when it differs from ``value``
    reason: str  # the core's reason (applied or why not)
    source: str  # a file path, SOURCE_BUILTIN, SOURCE_WHATIF or ""
    whatif: str  # what the what-if supplied here ("profile quality"), "" when nothing
    config_key: str | None  # the config key the layer reads (for the tooltip)


class Ladder(NamedTuple):
    """One value's ladder: its rungs in precedence order and the value it resolved to."""

    kind: str
    winner: str  # the winning layer id
    result: Any  # the resolved value (model string, effort level, fast_mode bool)
    rungs: tuple[Rung, ...]

    def winner_rung(self) -> Rung | None:
        return next((r for r in self.rungs if r.state == WINNER), None)


def layer_config_key(kind: str, step: TraceStep, res: ExecutionResolution) -> str | None:
    """The config key a layer reads; ``"builtin"``/``"override"`` for built-in / invocation
    layers (the File column of the trace and the rung's source both come from it)."""
    agent = res.agent
    mr = res.model_resolution
    layer = step.layer
    if kind == "model":
        table = {
            "model_overrides": f"model_overrides.{agent}",
            "dynamic_routing": "dynamic_routing",
            "model_policy": "model_policy",
            "model_profile_overrides": "model_profile_overrides",
            "runtime_tier_default": "builtin",
            "resolve_model_ids_omit": "resolve_model_ids",
            "unknown_agent_default": "model_profile",
            "tier_full_id": "resolve_model_ids",
        }
        if layer in ("inherit", "tier_alias"):
            return "models" if mr.tier_source == "models" else "model_profile"
        return table.get(layer)
    if layer.startswith("--"):
        return "override"
    if layer.startswith("builtin."):
        return "builtin"
    if layer == "dynamic_routing":
        return "dynamic_routing"
    tier = mr.routing_tier or _routing_tier(res.agent)
    if layer.endswith(".agent_overrides"):
        return f"{layer}.{agent}"
    if layer.endswith(".routing_tier_defaults"):
        return f"{layer}.{tier}" if tier else layer
    return layer


def _routing_tier(agent: str) -> str | None:
    meta = load_catalog().agents.get(agent)
    return meta.routing_tier if meta else None


def lookup(config: Mapping[str, Any], key: str) -> Any:
    """``config`` at a dotted key (the last part may itself hold dots: agent names)."""
    parts = key.split(".")
    current: Any = config
    for i, part in enumerate(parts):
        if not isinstance(current, Mapping):
            return _MISSING
        rest = ".".join(parts[i:])
        if i and rest in current:
            return current[rest]
        current = current.get(part, _MISSING)
    return current


def whatif_note(kind: str, step: TraceStep, key: str | None, whatif: WhatIf | None) -> str:
    """What the what-if supplied for this rung (``""`` when the rung is as configured)."""
    if whatif is None or (not step.consulted and step.reason.startswith("not reached")):
        return ""  # nothing was read below the winner: the what-if supplied nothing there
    layer = step.layer
    if layer == "--effort" and whatif.attempt is None and whatif.effort is not None:
        return f"--effort {whatif.effort}"
    if layer == "dynamic_routing" and whatif.attempt is not None:
        return f"attempt {whatif.attempt}"
    read = step.value is not None  # a layer that read nothing took nothing from the what-if
    if read and key == "model_profile" and whatif.profile is not None:
        return f"profile {whatif.profile}"
    if read and whatif.draft and key and key not in ("builtin", "override") and (
        lookup(whatif.base_config, key) != lookup(whatif.config, key)
    ):
        return "unsaved Settings draft"
    if kind == "model" and whatif.runtime is not None and (
        (step.consulted and layer in _RUNTIME_LAYERS) or "runtime" in step.reason
    ):
        return f"runtime {whatif.runtime}"
    return ""


def rung_source(
    kind: str,
    step: TraceStep,
    res: ExecutionResolution,
    file_of: FileLookup | None = None,
    whatif: WhatIf | None = None,
) -> tuple[str, str]:
    """``(source, what-if note)`` for one step.

    A value the what-if itself supplied (``--effort``, a what-if profile, a key the draft
    changed) is credited to ``what-if``; a rung the what-if only steered (the runtime chose
    which tier map was read, the attempt which routing tier) keeps its file and the note.
    """
    key = layer_config_key(kind, step, res)
    note = whatif_note(kind, step, key, whatif)
    if not step.consulted or (step.value is None and not step.source and key != "override"):
        return "", note  # nothing was read here, so nothing came from anywhere
    supplied = bool(note) and not note.startswith(("runtime ", "attempt "))
    if key == "override" or (supplied and key != "builtin"):
        return SOURCE_WHATIF, note
    if step.source:
        return step.source, note
    if key == "builtin":
        return SOURCE_BUILTIN, note
    if key and file_of is not None and step.value is not None:
        # no file sets the key: the value is the built-in default the loader filled in
        return file_of(key) or SOURCE_BUILTIN, note
    return "", note


def value_text(value: Any) -> str | None:
    """A layer's value as one line of text (JSON for objects); ``None`` when it held nothing."""
    if value is None:
        return None
    if value == "" and isinstance(value, str):
        return '""'
    if isinstance(value, dict | list):
        import json

        return json.dumps(js_json(value), ensure_ascii=False)
    return js_string(value)


def _real_key(key: str | None) -> str | None:
    return None if key in ("builtin", "override") else key


def _state(step: TraceStep, is_winner: bool) -> str:
    if step.applied:
        return WINNER if is_winner else SUPERSEDED
    if step.consulted:
        return SKIPPED
    if step.reason.startswith("not reached"):
        return NOT_REACHED
    return CLOSED


def _ladder(
    kind: str,
    steps: list[TraceStep],
    winner: str,
    result: Any,
    res: ExecutionResolution,
    file_of: FileLookup | None,
    whatif: WhatIf | None,
    outcome: str | None = None,
) -> Ladder:
    # the last applied step of the winning layer wins (an escalated effort keeps its base
    # layer applied earlier in the list: that one is superseded)
    win_index = max(
        (i for i, s in enumerate(steps) if s.applied and s.layer == winner), default=-1
    )
    rungs = []
    for i, step in enumerate(steps):
        source, note = rung_source(kind, step, res, file_of, whatif)
        value = value_text(step.value)
        is_winner = i == win_index
        rungs.append(Rung(
            kind=kind,
            layer=step.layer,
            state=_state(step, is_winner),
            value=value,
            outcome=outcome if is_winner and outcome is not None and outcome != value else None,
            reason=step.reason,
            source=source,
            whatif=note,
            config_key=_real_key(layer_config_key(kind, step, res)),
        ))
    return Ladder(kind, winner, result, tuple(rungs))


def model_value_text(model: Any) -> str:
    """The resolved model as text (``""`` means: omit the model parameter)."""
    return '""' if model == "" else js_string(model)


def build_ladders(
    res: ExecutionResolution,
    file_of: FileLookup | None = None,
    whatif: WhatIf | None = None,
) -> tuple[Ladder, Ladder, Ladder]:
    """The model, effort and fast_mode ladders of one resolved agent."""
    mr = res.model_resolution
    model = _ladder("model", list(mr.trace), mr.layer, mr.model, res, file_of, whatif,
                    outcome=model_value_text(mr.model))
    er = res.effort_resolution
    effort = _ladder("effort", list(er.trace), er.layer, er.value, res, file_of, whatif)
    fr = res.fast_mode_resolution
    fast = _ladder("fast_mode", list(fr.trace), fr.layer, bool(fr.value), res, file_of, whatif)
    return model, effort, fast
