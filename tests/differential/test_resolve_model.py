"""Differential: ``msd resolve-model`` vs upstream ``gsd-tools resolve-model`` (1.11.0).

Each generated project is resolved for every catalog agent (34) plus two unknown agents, in
both tools; every difference must be an Appendix B deviation (here only D1, which is proven
by re-running upstream on the project with the global overrides merged in).
"""

from __future__ import annotations

import pytest
from hypothesis import example, given

from .conftest import case_dir, diff_settings, require_msd
from .harness import raise_failures, run_resolution
from .strategies import ALL_AGENTS, Project, RawText, projects

MODULES = (
    "msd_desktop.commands.resolve",
    "msd_desktop.core.models.resolution",
    "msd_desktop.core.config.store",
)


@pytest.fixture(autouse=True)
def _needs_msd() -> None:
    require_msd(*MODULES)


@diff_settings()
@given(project=projects())
@example(project=Project(planning="absent"))
@example(project=Project(planning="dir"))
@example(project=Project(config={"model_profile": "quality", "resolve_model_ids": True}))
@example(project=Project(config={"runtime": "codex", "model_profile": "adaptive"}))
@example(project=Project(config=RawText("{")))
@example(
    project=Project(
        config={"model_overrides": {"msd-executor": "opus"}},
        global_defaults={"model_overrides": {"msd-planner": "haiku", "msd-executor": "sonnet"}},
    )
)
def test_resolve_model_every_agent(project: Project, upstream, msd, diff_root) -> None:
    with case_dir(diff_root) as root:
        calls = [("resolve-model", agent, []) for agent in ALL_AGENTS]
        raise_failures(run_resolution(upstream, msd, root, project, calls))


def test_resolve_model_usage_error(upstream, msd, diff_root) -> None:
    """No agent: both print the same usage error and exit 1."""
    with case_dir(diff_root) as root:
        raise_failures(
            run_resolution(upstream, msd, root, Project(config={}), [("resolve-model", "", [])])
        )


def test_gsd_agent_names_are_accepted(msd, diff_root) -> None:
    """msd maps ``gsd-*`` to ``msd-*`` (naming map): same answer for both spellings."""
    from .conftest import base_env
    from .strategies import AGENTS, materialize

    with case_dir(diff_root) as root:
        proj, env = materialize(
            Project(config={"model_profile": "budget"}), root, "msd", base_env("msd")
        )
        for agent in AGENTS[:5]:
            a = msd.inprocess(["resolve-model", agent], proj, env)
            b = msd.inprocess(["resolve-model", "gsd-" + agent[4:]], proj, env)
            assert (a.code, a.json()["model"]) == (b.code, b.json()["model"])
