"""Every agent's model and effort under every runtime, and which runtime is active and why.

Why: the resolver answers for one runtime, the one config names. What people run into is the
other case — two runtimes installed, a ``runtime`` inherited from ``~/.msd/defaults.json`` —
where the runtime that really runs resolves something else. The grid asks the same resolver
(:func:`~msd_desktop.core.models.resolution.resolve_model`, §5) once per runtime with that
runtime forced (``config.runtime`` and ``MSD_RUNTIME`` both set to it, so the omit gate of §5.5
sees it as active too), so a cell is exactly what ``msd resolve-model`` answers when that
runtime runs. Effort (§6.1) does not depend on the runtime; how a runtime receives it does
(rendered per runtime, none where the runtime takes no effort parameter).

Column order: the active runtime, then each runtime with an install found for the project
(``install_marker``), then ``claude``, ``codex`` and ``opencode`` always.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import Any, NamedTuple

from msd_desktop.core.common.js_access import js_json
from msd_desktop.core.common.js_values import js_string
from msd_desktop.core.common.text import Text
from msd_desktop.core.models.catalog import load_catalog, runtime_from_candidates
from msd_desktop.core.models.execution import render_effort, resolve_effort
from msd_desktop.core.models.install_marker import InstallMarker
from msd_desktop.core.models.resolution import ResolutionInput, active_runtime_source, resolve_model

ALWAYS_SHOWN = ("claude", "codex", "opencode")

# What a model value means when it is not a model name.
KIND_MODEL = "model"
KIND_OMIT = "omit"  # "": the runtime's own default model
KIND_INHERIT = "inherit"  # the session's model

# Rung states.
DECIDED = "decided"
SHADOWED = "shadowed"
EMPTY = "empty"


class RoutingCell(NamedTuple):
    """One agent under one runtime: the model and effort config resolves to, and why.

    ``effort`` is what the runtime receives (``None``: it takes no effort); ``effort_level``
    the unified level of §6.1 it was rendered from.
    """

    agent: str
    runtime: str
    model: Any
    kind: str
    layer: str
    reason: str
    effort: str | None
    effort_param: str | None
    effort_layer: str
    tier_reasoning_effort: str | None
    effort_level: Any = None

    def to_dict(self) -> dict[str, Any]:
        return {
            "agent": self.agent,
            "runtime": self.runtime,
            "model": js_json(self.model),
            "kind": self.kind,
            "layer": self.layer,
            "reason": self.reason,
            "effort": self.effort,
            "effort_param": self.effort_param,
            "effort_layer": self.effort_layer,
            "effort_level": self.effort_level,
            "tier_reasoning_effort": self.tier_reasoning_effort,
        }


class RoutingGrid(NamedTuple):
    """Cells by ``(agent, runtime)``, with the row and column order."""

    agents: tuple[str, ...]
    runtimes: tuple[str, ...]
    cells: Mapping[tuple[str, str], RoutingCell]

    def cell(self, agent: str, runtime: str) -> RoutingCell:
        return self.cells[(agent, runtime)]

    def differs(self, agent: str) -> bool:
        """Whether the agent's model, or the effort of the runtimes that take one, is not the
        same under every runtime shown (a runtime with no effort setting is no difference)."""
        cells = [self.cells[(agent, rt)] for rt in self.runtimes]
        models = {js_string(c.model) for c in cells}
        efforts = {c.effort for c in cells if c.effort_param is not None}
        return len(models) > 1 or len(efforts) > 1

    def to_dict(self) -> dict[str, Any]:
        return {
            "runtimes": list(self.runtimes),
            "agents": [
                {
                    "agent": agent,
                    "differs": self.differs(agent),
                    "cells": {rt: self.cells[(agent, rt)].to_dict() for rt in self.runtimes},
                }
                for agent in self.agents
            ],
        }


def model_kind(model: Any) -> str:
    """``omit`` for ``""``, ``inherit`` for ``inherit``, else ``model``."""
    if model == "":
        return KIND_OMIT
    if model == "inherit":
        return KIND_INHERIT
    return KIND_MODEL


def forced(inp: ResolutionInput, runtime: str) -> ResolutionInput:
    """``inp`` as it reads when ``runtime`` runs: ``config.runtime`` and ``MSD_RUNTIME`` set."""
    return inp._replace(
        config={**inp.config, "runtime": runtime},
        env={**inp.env, "MSD_RUNTIME": runtime},
    )


def grid_runtimes(active: str, marker: InstallMarker | None) -> tuple[str, ...]:
    """The columns: active first, then runtimes with an install, then the three always shown."""
    order: list[str] = [active]
    for found in marker.found if marker is not None else ():
        if found.status == "ok" and found.runtime:
            order.append(found.runtime)
    order.extend(ALWAYS_SHOWN)
    return tuple(dict.fromkeys(order))


def build_grid(
    inp: ResolutionInput,
    runtimes: Sequence[str] | None = None,
    agents: Iterable[str] | None = None,
) -> RoutingGrid:
    """Resolve every agent (the catalog's, unless given) under every runtime (§5, §6.1)."""
    cat = load_catalog()
    names = tuple(agents) if agents is not None else tuple(cat.agents)
    columns = tuple(runtimes) if runtimes is not None else grid_runtimes(
        active_runtime_source(inp)[0], inp.install_marker)
    efforts = {agent: resolve_effort(inp, agent) for agent in names}
    cells: dict[tuple[str, str], RoutingCell] = {}
    for runtime in columns:
        under = forced(inp, runtime)
        for agent in names:
            res = resolve_model(under, agent, reported=False)
            effort = efforts[agent]
            value, param, _ = render_effort(cat, runtime, effort.value)
            shown = value if param is not None or value == "inherit" else None
            winner = next(s for s in res.trace if s.applied and s.layer == res.layer)
            cells[(agent, runtime)] = RoutingCell(
                agent=res.agent,
                runtime=runtime,
                model=res.model,
                kind=model_kind(res.model),
                layer=res.layer,
                reason=winner.reason,
                effort=shown if isinstance(shown, str) else None,
                effort_param=param,
                effort_layer=effort.layer,
                tier_reasoning_effort=res.tier_reasoning_effort,
                effort_level=effort.value,
            )
    return RoutingGrid(names, columns, cells)


# ── the active runtime's rungs (§5.6) ────────────────────────────────────────────────────


class RuntimeRung(NamedTuple):
    """One rung of §5.6: its value, the runtime it names, and whether it decided."""

    rung: str
    value: str | None
    runtime: str | None
    state: str
    source: str | None
    detail: str

    def to_dict(self) -> dict[str, Any]:
        return {
            "rung": self.rung,
            "value": self.value,
            "runtime": self.runtime,
            "state": self.state,
            "source": self.source,
            "detail": self.detail,
        }


class ActiveRuntime(NamedTuple):
    """The active runtime, its four rungs and the warnings that come with them."""

    runtime: str
    rung: str
    rungs: tuple[RuntimeRung, ...]
    warnings: tuple[str, ...]

    def to_dict(self) -> dict[str, Any]:
        return {
            "runtime": self.runtime,
            "rung": self.rung,
            "rungs": [r.to_dict() for r in self.rungs],
            "warnings": list(self.warnings),
        }


def _raw(value: Any) -> str | None:
    return value if isinstance(value, str) else (None if value is None else js_string(value))


def active_runtime_rungs(
    inp: ResolutionInput, *, runtime_source: str | None = None
) -> ActiveRuntime:
    """Every §5.6 rung with its state; ``runtime_source`` names the file ``runtime`` came from.

    The first rung naming a runtime decides; later rungs that name one are *shadowed*; rungs
    that name none are *empty*. The ``claude`` default decides only when nothing else does.
    """
    marker = inp.install_marker
    from_defaults = inp.provenance.get("config_source") == "global-defaults"
    config_src = runtime_source or (inp.global_defaults_path if from_defaults else None)
    env_value = inp.env.get("MSD_RUNTIME")
    candidates: list[tuple[str, str | None, str | None, str]] = [
        ("MSD_RUNTIME", _raw(env_value), None, Text.of("the MSD_RUNTIME variable")),
        ("config.runtime", _raw(inp.config.get("runtime")), config_src,
         Text.of("the runtime key of the config")),
        ("install marker", inp.install_runtime,
         marker.path if marker is not None else None,
         marker.reason if marker is not None else Text.of("no install marker looked up")),
    ]
    rungs: list[RuntimeRung] = []
    decided: str | None = None
    for name, value, source, detail in candidates:
        runtime = runtime_from_candidates(value) if value is not None else None
        if not runtime:
            state = EMPTY
        elif decided is None:
            state, decided = DECIDED, name
        else:
            state = SHADOWED
        rungs.append(RuntimeRung(name, value, runtime or None, state, source, detail))
    rungs.append(RuntimeRung("default", "claude", "claude",
                             DECIDED if decided is None else SHADOWED, None,
                             Text.of("built in: claude when no rung names a runtime")))
    runtime, rung, _ = active_runtime_source(inp)
    warnings: list[str] = list(marker.warnings if marker is not None else ())
    warnings.extend(inp.load_warnings)
    if from_defaults:
        for key in ("runtime", "resolve_model_ids"):
            if key in inp.config:
                warnings.append(Text.of(
                    '"{key}" comes from {path}, which every project on this machine without '
                    "a .planning folder shares; set it in the project config to pin it",
                    key=key, path=inp.global_defaults_path or "~/.msd/defaults.json",
                ))
    return ActiveRuntime(runtime, rung, tuple(rungs), tuple(dict.fromkeys(warnings)))
