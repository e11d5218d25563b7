"""Installed agent files against what a fresh install would write: same, stale, missing.

Why: ``msd install <runtime>`` after editing ``model_overrides`` (or effort) is required on
runtimes that bake the model into agent files, and nothing tells you when you forgot. Each
install the marker lookup found (``install_marker``: project-local, global, ``MSD_INSTALL_DIR``)
of a runtime that bakes (``installed_agents.BAKING_RUNTIMES``) is compared agent by agent:

* ``same`` — the file bakes what a fresh install would;
* ``stale`` — it bakes something else (the installed and the expected model and effort);
* ``not_installed`` — the install has no file for this agent;
* ``unreadable`` — the file is there but refused by the safe reader or not parseable.

Only what the runtime's installer writes is compared (Codex: model and effort; OpenCode and
Kilo: model; Claude: effort). The refresh is ``msd install <runtime>`` with the install's scope.
"""

from __future__ import annotations

import os
import shlex
from collections.abc import Iterable, Mapping
from typing import Any, NamedTuple

from msd_desktop.core.models.install_bake import (
    TAKES_EFFORT,
    TAKES_MODEL,
    Bake,
    InstallConfig,
    expected_bake,
    read_install_config,
)
from msd_desktop.core.models.install_marker import InstallMarker
from msd_desktop.core.models.installed_agents import (
    BAKING_RUNTIMES,
    MISSING,
    UNREADABLE,
    read_installed_agent,
)

SAME = "same"
STALE = "stale"
NOT_INSTALLED = "not_installed"
UNREADABLE_STATUS = "unreadable"
STATUSES = (SAME, STALE, NOT_INSTALLED, UNREADABLE_STATUS)


class Install(NamedTuple):
    """One install found by the marker lookup."""

    runtime: str
    scope: str
    directory: str
    marker: str

    def to_dict(self) -> dict[str, str]:
        return {"runtime": self.runtime, "scope": self.scope, "directory": self.directory,
                "marker": self.marker}


class AgentDrift(NamedTuple):
    """One agent file of one install compared with a fresh install."""

    agent: str
    status: str
    path: str
    installed: Bake | None
    expected: Bake
    problem: str | None = None

    def to_dict(self) -> dict[str, Any]:
        def bake(b: Bake | None) -> dict[str, str | None] | None:
            return None if b is None else {"model": b.model, "effort": b.effort}

        return {"agent": self.agent, "status": self.status, "path": self.path,
                "installed": bake(self.installed), "expected": bake(self.expected),
                "problem": self.problem}


class InstallDrift(NamedTuple):
    """Every agent of one install, and the command that refreshes it."""

    install: Install
    agents: tuple[AgentDrift, ...]
    command: str
    project_config: str | None

    def count(self, status: str) -> int:
        return sum(1 for a in self.agents if a.status == status)

    @property
    def stale(self) -> bool:
        return any(a.status == STALE for a in self.agents)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.install.to_dict(),
            "command": self.command,
            "project_config": self.project_config,
            "counts": {s: self.count(s) for s in STATUSES},
            "agents": [a.to_dict() for a in self.agents],
        }


def installs_of(marker: InstallMarker | None) -> list[Install]:
    """The installs of baking runtimes among the markers found, in lookup order."""
    out: list[Install] = []
    for found in marker.found if marker is not None else ():
        if found.status != "ok" or found.runtime not in BAKING_RUNTIMES:
            continue
        directory = os.path.dirname(os.path.dirname(found.path))
        out.append(Install(found.runtime, found.scope, directory, found.path))
    return out


def refresh_command(install: Install) -> str:
    """``msd install <runtime>`` with the scope the install was made with."""
    if install.scope == "project":
        return f"msd install {install.runtime} --local"
    if install.scope == "global":
        return f"msd install {install.runtime} --global"
    return f"msd install {install.runtime} --config-dir {shlex.quote(install.directory)}"


def compare_agent(install: Install, agent: str, cfg: InstallConfig) -> AgentDrift:
    """One agent's file in one install against what a fresh install would write."""
    expected = expected_bake(install.runtime, agent, cfg)
    found = read_installed_agent(install.directory, install.runtime, agent)
    if found.status == MISSING:
        return AgentDrift(agent, NOT_INSTALLED, found.path, None, expected)
    if found.status == UNREADABLE:
        return AgentDrift(agent, UNREADABLE_STATUS, found.path, None, expected, found.problem)
    installed = Bake(found.model if install.runtime in TAKES_MODEL else None,
                     found.effort if install.runtime in TAKES_EFFORT else None)
    status = SAME if installed == expected else STALE
    return AgentDrift(agent, status, found.path, installed, expected)


def install_drift(
    install: Install, agents: Iterable[str], env: Mapping[str, str],
    cfg: InstallConfig | None = None,
) -> InstallDrift:
    """Every agent of ``install`` compared (``cfg``: the config to compare with, else read)."""
    config = cfg if cfg is not None else read_install_config(install.directory, env)
    rows = tuple(compare_agent(install, agent, config) for agent in agents)
    return InstallDrift(install, rows, refresh_command(install), config.project_config)
