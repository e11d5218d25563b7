"""The ``resolve-model`` / ``resolve-execution`` answers as JSON, shared by ``msd`` and the window.

Why here: scripts and the differential tests compare the first keys with upstream ``gsd-tools``
byte for byte (same keys, same order, same values), so those come first exactly as upstream
prints them; MSD's explanation (winning layer, tiers, warnings, the per-layer trace, config
provenance) follows as extra keys. The Models tab's "Copy as JSON" gives the same text.
"""

from __future__ import annotations

import json
from typing import Any

from msd_desktop.core.common import lazy_re
from msd_desktop.core.common.js_access import js_json
from msd_desktop.core.models.execution import resolve_effort
from msd_desktop.core.models.execution import resolve_execution as core_resolve_execution
from msd_desktop.core.models.resolution import ResolutionInput, raw_profile
from msd_desktop.core.models.resolution import resolve_model as core_resolve_model

SURROGATE_RE = lazy_re.compile("[\ud800-\udfff]")


def dumps(payload: Any) -> str:
    """2-space JSON, non-ASCII kept, lone surrogates escaped like ``JSON.stringify``."""
    text = json.dumps(payload, indent=2, ensure_ascii=False)
    return SURROGATE_RE.sub(lambda m: f"\\u{ord(m.group()):04x}", text)


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
