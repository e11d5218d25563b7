"""What a change of one config file does to model routing: each agent's model and effort as
the resolver answers with one state of the file, then with another.

Why the resolver itself and not a look at the changed keys: a change of ``model_profile``,
``runtime``, ``model_policy`` or a workstream's file moves agents through precedence layers
that no key list shows, and an edit of a key that a higher layer overrides moves nothing. So
both states are loaded by the loader's own rules (``load_config(drafts=…)``: the file's
content in memory, the project's other files as they are on disk, the install marker looked up
as for the project) and every agent is resolved twice; only the agents whose model or effort
differ are reported. ``~/.msd/defaults.json`` is resolved as a folder without a project config
sees it (global defaults only). An absent or unreadable state reads as an empty object.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.common.text import Text


class Route(NamedTuple):
    """One agent's routing as the resolver answers: the model (``""``: omit the parameter,
    ``None``: none) and the reasoning effort."""

    model: Any
    effort: Any


class RouteChange(NamedTuple):
    """One agent whose routing differs between two states (``None``: not resolved there)."""

    agent: str
    before: Route | None
    after: Route | None


class Place(NamedTuple):
    """Where a config file sits: the project root it configures, its workstream and the
    environment that makes the loader read it (``root`` ``None``: the global defaults)."""

    root: Path | None
    workstream: str | None
    env: dict[str, str]


def place_of(path: Path, env: Mapping[str, str]) -> Place:
    """The project, workstream and ``MSD_PROJECT`` the config file ``path`` belongs to:
    ``<root>/.planning[/<project>][/workstreams/<name>]/config.json`` or the global defaults.
    Raises :class:`MsdError` for a file the loader never reads."""
    from msd_desktop.core.workspace.paths import defaults_path

    out = {k: v for k, v in env.items() if k != "MSD_PROJECT"}
    real = Path(os.path.abspath(path))
    if real == Path(os.path.abspath(defaults_path(env))):
        return Place(None, None, out)
    parts = real.parts
    if real.name == "config.json" and ".planning" in parts[:-1]:
        at = len(parts) - 2 - parts[-2::-1].index(".planning")
        root, rest = Path(*parts[:at]), list(parts[at + 1:-1])
        workstream = None
        if len(rest) >= 2 and rest[-2] == "workstreams":
            workstream = rest[-1]
            rest = rest[:-2]
        if len(rest) <= 1:
            if rest:
                out["MSD_PROJECT"] = rest[0]
            return Place(root, workstream, out)
    raise MsdError(Text.of("{path} is not a config file the model resolver reads", path=path))


def routes(place: Place, path: Path, document: Any) -> dict[str, Route]:
    """Every agent's routing with ``document`` as the content of ``path``."""
    from msd_desktop.core.config.store import load_config
    from msd_desktop.core.models.catalog import canonical_agent, load_catalog
    from msd_desktop.core.models.config_input import input_from_loaded
    from msd_desktop.core.models.execution import resolve_execution

    data = document if isinstance(document, dict) else {}
    drafts = {Path(os.path.abspath(path)): data}
    if place.root is None:  # global defaults: a folder with no project config reads them
        loaded = load_config(Path(path).parent, place.env, None, drafts=drafts)
        inp = input_from_loaded(loaded, place.env, locate_install=False)
    else:
        loaded = load_config(place.root, place.env, place.workstream, drafts=drafts)
        inp = input_from_loaded(loaded, place.env)
    agents = list(load_catalog().agents)
    overrides = inp.config.get("model_overrides")
    if isinstance(overrides, dict):
        agents += [a for a in (canonical_agent(str(k)) for k in overrides) if a not in agents]
    out: dict[str, Route] = {}
    for agent in agents:
        try:
            res = resolve_execution(inp, agent)
        except MsdError:
            continue
        out[agent] = Route(res.model, res.effort)
    return out


def _same(a: Route | None, b: Route | None) -> bool:
    if a is None or b is None:
        return a is b
    return all(x == y and type(x) is type(y) for x, y in zip(a, b, strict=True))


def routing_changes(path: Path | str, before: Any, after: Any,
                    env: Mapping[str, str] | None = None) -> list[RouteChange]:
    """The agents whose model or effort differ when ``path`` holds ``before`` and when it
    holds ``after`` (documents), in catalog order; empty when routing does not change."""
    place = place_of(Path(path), os.environ if env is None else env)
    old, new = routes(place, Path(path), before), routes(place, Path(path), after)
    return [RouteChange(agent, old.get(agent), new.get(agent))
            for agent in [*old, *(a for a in new if a not in old)]
            if not _same(old.get(agent), new.get(agent))]
