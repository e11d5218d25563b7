"""``msd resolve-model`` and ``msd resolve-execution``: upstream's answer, then why.

Why this layout: scripts and the differential tests compare the first keys with upstream
``gsd-tools`` byte for byte (same keys, same order, same values), so those come first exactly
as upstream prints them; MSD's explanation (winning layer, tiers, warnings, the per-layer trace,
config provenance) follows as extra keys that upstream consumers ignore.

Kept light on purpose: ``msd resolve-model`` runs on every agent spawn, so this module imports
only the stdlib and our small core modules (no ruamel.yaml, watchdog, keyring or Qt). Results
are printed here rather than by the CLI front so that a config value holding a lone UTF-16
surrogate is written as ``\\udXXX`` (as ``JSON.stringify`` does) instead of crashing the encoder.
"""

from __future__ import annotations

import json
import re
import sys
from typing import TYPE_CHECKING, Any

from msd_desktop.core.errors import MsdError
from msd_desktop.core.execution import (
    AGENT_REQUIRED_ERROR,
    FAILURE_CLASS_ERROR,
    FAILURE_CLASSES,
    parse_attempt,
    parse_fast_mode,
    resolve_effort,
)
from msd_desktop.core.execution import (
    resolve_execution as core_resolve_execution,
)
from msd_desktop.core.resolution import (
    ResolutionInput,
    input_from_loaded,
    js_json,
    raw_profile,
)
from msd_desktop.core.resolution import resolve_model as core_resolve_model

if TYPE_CHECKING:
    import argparse

    from msd_desktop.cli import CliContext

_SURROGATE_RE = re.compile("[\ud800-\udfff]")


def _input(ctx: CliContext) -> ResolutionInput:
    from msd_desktop.core.config_store import load_config

    loaded = load_config(ctx.root, ctx.env)
    return input_from_loaded(loaded, ctx.env)


def dumps(payload: Any) -> str:
    """2-space JSON, non-ASCII kept, lone surrogates escaped like ``JSON.stringify``."""
    text = json.dumps(payload, indent=2, ensure_ascii=False)
    return _SURROGATE_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


def _emit(payload: dict[str, Any], warnings: list[str]) -> int:
    for warning in warnings:
        sys.stderr.write(_SURROGATE_RE.sub("\ufffd", f"msd: warning — {warning}") + "\n")
    sys.stdout.write(dumps(payload) + "\n")
    return 0


def resolve_model_payload(inp: ResolutionInput, agent: str) -> dict[str, Any]:
    """The resolve-model JSON: upstream's keys in upstream order, then MSD's extras."""
    res = core_resolve_model(inp, agent)
    effort = resolve_effort(inp, agent)
    out: dict[str, Any] = {
        "model": js_json(res.model),
        "profile": js_json(raw_profile(inp.config)),
        "effort": effort.value,
        "tier": res.reported_tier,
    }
    if res.unknown_agent:
        out["unknown_agent"] = True
    out.update(
        {
            "layer": res.layer,
            "profile_tier": res.tier,
            "tier_source": res.tier_source,
            "policy_source": res.policy_source,
            "routing_tier": res.routing_tier,
            "tier_reasoning_effort": res.tier_reasoning_effort,
            "override_source": res.override_source,
            "global_override": res.global_override,
            "warnings": list(res.warnings),
            "trace": [step.to_dict() for step in res.trace],
            "effort_layer": effort.layer,
            "config_source": inp.provenance.get("config_source"),
            "degraded": inp.provenance.get("degraded"),
            "reason": inp.provenance.get("reason"),
            "diagnostics": list(inp.provenance.get("diagnostics") or ()),
        }
    )
    return out


def resolve_model(args: argparse.Namespace, ctx: CliContext) -> int:
    """``msd resolve-model <agent>``."""
    agent = getattr(args, "agent", None)
    if not agent:
        raise MsdError(AGENT_REQUIRED_ERROR)
    payload = resolve_model_payload(_input(ctx), agent)
    return _emit(payload, payload["warnings"])


def resolve_execution_payload(
    inp: ResolutionInput,
    agent: str,
    *,
    effort: str | None = None,
    fast_mode: bool | None = None,
    attempt: int | None = None,
    failure_class: str | None = None,
    host: str | None = None,
) -> dict[str, Any]:
    """The resolve-execution JSON: upstream's keys in order, then layer and the traces."""
    res = core_resolve_execution(
        inp, agent, effort=effort, fast_mode=fast_mode, attempt=attempt,
        failure_class=failure_class, host=host,
    )
    out = res.to_dict()
    out["config_source"] = inp.provenance.get("config_source")
    out["degraded"] = inp.provenance.get("degraded")
    out["reason"] = inp.provenance.get("reason")
    out["diagnostics"] = list(inp.provenance.get("diagnostics") or ())
    return out


def resolve_execution(args: argparse.Namespace, ctx: CliContext) -> int:
    """``msd resolve-execution <agent> [--effort L] [--fast-mode B] [--attempt N] …``."""
    attempt = parse_attempt(getattr(args, "attempt", None))
    failure_class = getattr(args, "failure_class", None)
    if failure_class is not None and failure_class not in FAILURE_CLASSES:
        raise MsdError(FAILURE_CLASS_ERROR)
    agent = getattr(args, "agent", None)
    if not agent:
        raise MsdError(AGENT_REQUIRED_ERROR)
    payload = resolve_execution_payload(
        _input(ctx),
        agent,
        effort=getattr(args, "effort", None),
        fast_mode=parse_fast_mode(getattr(args, "fast_mode", None)),
        attempt=attempt,
        failure_class=failure_class,
        host=getattr(args, "host", None),
    )
    return _emit(payload, payload["warnings"])
