"""Closest known names for a misspelled config key or agent ("did you mean …?").

Why a module of its own: ``msd config-set``, the Settings JSON tab and the overrides tables
must propose the same names, and those come from data only — the schema's keys and the model
catalog's agents — never from a list kept by hand. Upstream's own fixed suggestions
(``config_set_key_suggestions``) stay where they are (:mod:`.setter`); this module only adds
the nearest names where upstream says nothing.

The forms a name takes here: a dotted **key** (``model_overides.msd-planner``), an **agent map**
(``model_overrides``, the per-agent effort and fast-mode maps, ``agent_skills``) and an
**agent** (``msd-planer``; ``gsd-*`` spellings count as their ``msd-*`` agent).
"""

from __future__ import annotations

import difflib
from functools import cache

from msd_desktop.core.common.text import Text
from msd_desktop.core.config import schema
from msd_desktop.core.models.catalog import agents, canonical_agent

__all__ = [
    "AGENT_MAPS",
    "agent_in_map",
    "agent_note",
    "close_agents",
    "close_keys",
    "did_you_mean",
    "known_agents",
]

AGENT_MAPS: tuple[str, ...] = (
    "model_overrides", "effort.agent_overrides", "fast_mode.agent_overrides", "agent_skills",
)
"""Maps keyed by agent name (``<map>.<agent>``)."""

_CUTOFF = 0.75  # difflib's similarity ratio: 0.6 proposes unrelated names for short keys
_MAX = 3


def known_agents() -> list[str]:
    """The catalog's agent names, in catalog order (what completion offers)."""
    return agents()


def agent_in_map(key: str) -> tuple[str, str] | None:
    """``(map, agent)`` when ``key`` is one entry of an agent map, else ``None``."""
    for group in AGENT_MAPS:
        head = group + "."
        if key.startswith(head) and key[len(head):] and "." not in key[len(head):]:
            return group, key[len(head):]
    return None


def close_agents(name: str, n: int = _MAX) -> list[str]:
    """The known agents nearest to ``name`` (none when it is one of them)."""
    known = known_agents()
    if canonical_agent(name) in known:
        return []
    return difflib.get_close_matches(canonical_agent(name), known, n=n, cutoff=_CUTOFF)


@cache
def _candidate_keys() -> tuple[str, ...]:
    """Every key ``config-set`` takes by name, and every agent map entry of a known agent."""
    names = [spec.key for spec in schema.SCHEMA.values() if spec.settable]
    names += [f"{group}.{agent}" for group in AGENT_MAPS for agent in known_agents()]
    return tuple(dict.fromkeys(names))


def close_keys(key: str, n: int = _MAX) -> list[str]:
    """The settable keys nearest to ``key`` (none when ``key`` itself is settable)."""
    if schema.is_settable(key):
        return []
    return difflib.get_close_matches(key, _candidate_keys(), n=n, cutoff=_CUTOFF)


def _listed(names: list[str]) -> str:
    """Names joined with commas (no "or": the sentence is translated, the names are not)."""
    return ", ".join(names)


def did_you_mean(key: str) -> Text | None:
    """"Did you mean …?" for a key ``config-set`` refuses as unknown, or ``None``."""
    names = close_keys(key)
    if not names:
        return None
    return Text.of("Did you mean {names}?", names=_listed(names))


def agent_note(key: str) -> Text | None:
    """A note for an agent map entry naming no known agent but close to one, else ``None``
    (the entry is still taken, as upstream takes it: an agent can be added later)."""
    found = agent_in_map(key)
    if found is None:
        return None
    _group, agent = found
    names = close_agents(agent)
    if not names:
        return None
    return Text.of("{agent} is not a known agent. Did you mean {names}?", agent=agent,
                   names=_listed(names))
