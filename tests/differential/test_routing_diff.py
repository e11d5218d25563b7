"""Differential: the runtime grid and the install bake against upstream 1.11.0.

* **Grid.** Each cell is what ``resolve-model`` answers when that runtime runs. Upstream is
  asked exactly that: the generated project with ``runtime`` set to the column's runtime in its
  config and ``GSD_RUNTIME`` set to it, ``resolve-model`` for every catalog agent; the cell's
  model and unified effort must be upstream's ``model`` and ``effort``. The global
  ``model_overrides`` are merged into upstream's project first (D1, as the resolve-model
  differential proves it).
* **Bake.** What ``install_bake.expected_bake`` says a fresh install writes must be what
  upstream's installer functions write (``install_bake_driver.cjs``: ``generateCodexAgentToml``,
  ``convertClaudeToOpencodeFrontmatter`` with ``resolveAgentModelOverride``,
  ``applyAgentFrontmatterExtensions``) for the same project config and defaults.json, read back
  with our own agent-file parsers — so the rules and the reader are both checked.
"""

from __future__ import annotations

import copy
import json
import subprocess
from pathlib import Path

import pytest
from hypothesis import assume, example, given

from msd_desktop.core.common.js_access import js_json
from msd_desktop.core.config.store import load_config
from msd_desktop.core.models.catalog import load_catalog
from msd_desktop.core.models.config_input import input_from_loaded
from msd_desktop.core.models.install_bake import expected_bake, read_install_config
from msd_desktop.core.models.installed_agents import parse_markdown, parse_toml
from msd_desktop.core.models.routing import build_grid

from .conftest import base_env, case_dir, diff_settings, require_msd
from .deviations import d1_reference_project
from .strategies import Project, agent_to_gsd, materialize, projects

MODULES = ("msd_desktop.core.models.routing", "msd_desktop.core.models.install_bake",
           "msd_desktop.core.models.installed_agents")
RUNTIMES = ("claude", "codex", "opencode", "copilot", "kilo", "qwen")
DRIVER = Path(__file__).with_name("install_bake_driver.cjs")


@pytest.fixture(autouse=True)
def _needs_msd() -> None:
    require_msd(*MODULES)


def _under(project: Project, runtime: str) -> Project:
    forced = copy.deepcopy(project)
    forced.config = {**forced.config, "runtime": runtime}
    forced.runtime_env = runtime
    return forced


@pytest.mark.timeout(900)
@diff_settings(0.05)
@given(project=projects())
@example(project=Project(config={"model_profile": "quality", "resolve_model_ids": "omit"}))
@example(project=Project(config={"model_profile_overrides": {"codex": {"opus": "gpt-x"}},
                                 "model_profile": "quality"}))
@example(project=Project(config={"model_policy": {"provider": "openai"},
                                 "effort": {"default": "max"}}))
def test_grid_cells_are_upstream_resolve_model_under_each_runtime(
        project: Project, upstream, diff_root) -> None:  # type: ignore[no-untyped-def]
    assume(project.planning == "config" and isinstance(project.config, dict))
    assume(project.workstream is None)
    agents = list(load_catalog().agents)
    with case_dir(diff_root) as root:
        mproj, menv = materialize(project, root, "msd", base_env("msd"))
        grid = build_grid(input_from_loaded(load_config(mproj, menv), menv), RUNTIMES, agents)
        reference = d1_reference_project(project)
        cases = []
        for runtime in RUNTIMES:
            gproj, genv = materialize(_under(reference, runtime), root / runtime, "gsd",
                                      base_env("gsd"))
            cases += [(["resolve-model", agent_to_gsd(a)], gproj, genv) for a in agents]
        results = upstream.batch(cases, read_only=True)
        wrong = []
        for i, (runtime, agent) in enumerate((rt, a) for rt in RUNTIMES for a in agents):
            got = results[i].json()
            cell = grid.cell(agent, runtime)
            mine = (js_json(cell.model), cell.effort_level)
            if mine != (got["model"], got["effort"]):
                wrong.append(f"{agent} under {runtime}: grid {mine}, upstream "
                             f"{(got['model'], got['effort'])}")
        assert not wrong, project.describe() + "\n" + "\n".join(wrong[:10])


@pytest.mark.timeout(900)
@diff_settings(0.05)
@given(project=projects())
@example(project=Project(config={"model_overrides": {"msd-planner": "gpt-5.1",
                                                     "msd-executor": "opus"},
                                 "runtime": "opencode",
                                 "effort": {"agent_overrides": {"msd-planner": "max"}}}))
@example(project=Project(config={}, global_defaults={"runtime": "kilo",
                                                    "model_profile": "budget"}))
@example(project=Project(planning="dir", global_defaults={
    "model_overrides": {"msd-verifier": "  gpt-5  "}, "effort": {"default": "minimal"}}))
def test_expected_bake_is_what_upstreams_installer_writes(
        project: Project, diff_root, upstream_pkg) -> None:  # type: ignore[no-untyped-def]
    assume(project.workstream is None)
    project.alt_home = False  # the installer reads ~/.gsd/defaults.json, not $GSD_HOME
    pkg = upstream_pkg.parent  # the npm package (bin/install.js beside gsd-core/)
    agents = list(load_catalog().agents)
    with case_dir(diff_root) as root:
        mproj, menv = materialize(project, root, "msd", base_env("msd"))
        gproj, genv = materialize(project, root, "gsd", base_env("gsd"))
        out = root / "bake.json"
        proc = subprocess.run(
            ["node", str(DRIVER), str(pkg), str(gproj / ".codex"),
             ",".join(agent_to_gsd(a) for a in agents), str(out)],
            env=genv, capture_output=True, text=True, timeout=120,
        )
        assert proc.returncode == 0, proc.stderr[-2000:]
        written = json.loads(out.read_text(encoding="utf-8"))
        cfg = read_install_config(str(mproj / ".codex"), menv)
        wrong = []
        for agent in agents:
            gsd = agent_to_gsd(agent)
            codex = parse_toml(written["codex"][gsd])
            opencode = parse_markdown(written["opencode"][gsd])[0]
            claude = parse_markdown(written["claude"][gsd])[1]
            mine = {rt: expected_bake(rt, agent, cfg) for rt in ("codex", "opencode", "claude")}
            theirs = {"codex": codex, "opencode": (opencode, None), "claude": (None, claude)}
            for rt in mine:
                if tuple(mine[rt]) != tuple(theirs[rt]):
                    wrong.append(f"{agent} {rt}: msd {tuple(mine[rt])}, upstream {theirs[rt]}")
        assert not wrong, project.describe() + "\n" + "\n".join(wrong[:10])
