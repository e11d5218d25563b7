"""One project's routing as it really runs: the runtime grid, the active runtime, stale installs.

Why one assembly: ``msd routing`` and the Models tab's runtime grid must show the same facts,
so both ask :func:`routing_report`. It loads the config once, looks the install markers up
once (``input_from_loaded``), resolves the grid (``routing.build_grid``), lists the §5.6 rungs
(``routing.active_runtime_rungs``) and, when ``read_installs`` is set, compares every baking
install's agent files (``install_drift``). Reading installs opens up to one file per agent and
install, so the window does that off the GUI thread.
"""

from __future__ import annotations

from collections.abc import Mapping
from pathlib import Path
from typing import Any, NamedTuple

from msd_desktop.core.models.config_input import input_from_loaded
from msd_desktop.core.models.install_bake import InstallConfig
from msd_desktop.core.models.install_drift import (
    AgentDrift,
    InstallDrift,
    install_drift,
    installs_of,
)
from msd_desktop.core.models.resolution import ResolutionInput
from msd_desktop.core.models.routing import (
    ActiveRuntime,
    RoutingGrid,
    active_runtime_rungs,
    build_grid,
)


class RoutingReport(NamedTuple):
    """The grid, the active runtime's rungs and each baking install's comparison."""

    root: str
    active: ActiveRuntime
    grid: RoutingGrid
    installs: tuple[InstallDrift, ...]
    installs_read: bool

    @property
    def stale(self) -> tuple[InstallDrift, ...]:
        """The installs with at least one stale agent file."""
        return tuple(d for d in self.installs if d.stale)

    def drift_for(self, agent: str, runtime: str) -> list[tuple[InstallDrift, AgentDrift]]:
        """Each install of ``runtime`` with its row for ``agent``."""
        out: list[tuple[InstallDrift, AgentDrift]] = []
        for drift in self.installs:
            if drift.install.runtime == runtime:
                out.extend((drift, row) for row in drift.agents if row.agent == agent)
        return out

    def to_dict(self) -> dict[str, Any]:
        return {
            "root": self.root,
            "active_runtime": self.active.to_dict(),
            "grid": self.grid.to_dict(),
            "installs": [d.to_dict() for d in self.installs],
            "stale": [
                {"runtime": d.install.runtime, "scope": d.install.scope,
                 "directory": d.install.directory, "stale_agents": d.count("stale"),
                 "command": d.command}
                for d in self.stale
            ],
        }


def report_from_input(
    inp: ResolutionInput,
    root: str,
    env: Mapping[str, str],
    *,
    runtime_source: str | None = None,
    read_installs: bool = True,
    install_configs: Mapping[str, InstallConfig] | None = None,
) -> RoutingReport:
    """The report for a resolution input already built (``install_configs``: per install
    directory, the config to compare with instead of the files — the window's after-save)."""
    grid = build_grid(inp)
    active = active_runtime_rungs(inp, runtime_source=runtime_source)
    drifts: tuple[InstallDrift, ...] = ()
    if read_installs:
        configs = install_configs or {}
        drifts = tuple(
            install_drift(install, grid.agents, env, configs.get(install.directory))
            for install in installs_of(inp.install_marker)
        )
    return RoutingReport(root, active, grid, drifts, read_installs)


def routing_report(
    root: str | Path, env: Mapping[str, str], *, read_installs: bool = True
) -> RoutingReport:
    """Load the project's config and build its routing report."""
    from msd_desktop.core.config.store import load_config

    loaded = load_config(Path(root), env)
    inp = input_from_loaded(loaded, env)
    source = loaded.provenance("runtime")
    return report_from_input(
        inp, str(loaded.root), env,
        runtime_source=source.path if source.present else None,
        read_installs=read_installs,
    )
