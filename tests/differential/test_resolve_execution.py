"""Differential: ``msd resolve-execution`` vs upstream ``gsd-tools resolve-execution`` (1.11.0).

Each generated project is resolved for a sample of agents, each with generated flags
(``--effort``, ``--fast-mode``, ``--attempt``, ``--failure-class``, ``--host``). Allowed
deviations: D1 (proven against upstream on the merged config) and D12 (``--attempt``).
D11 (effort tier defaults per key) is what 1.11.0 does, so it must show no difference;
``test_d11_effort_tier_defaults_per_key`` pins it explicitly.
"""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from .conftest import base_env, case_dir, diff_settings, require_msd
from .harness import raise_failures, run_resolution
from .strategies import ALL_AGENTS, Project, execution_flags, materialize, projects

MODULES = (
    "msd_desktop.commands.resolve",
    "msd_desktop.core.models.resolution",
    "msd_desktop.core.models.execution",
    "msd_desktop.core.config.store",
)


@pytest.fixture(autouse=True)
def _needs_msd() -> None:
    require_msd(*MODULES)


calls = st.lists(
    st.tuples(st.just("resolve-execution"), st.sampled_from(ALL_AGENTS), execution_flags()),
    min_size=4,
    max_size=10,
)


@diff_settings()
@given(project=projects(), calls=calls)
def test_resolve_execution_matches_upstream(
    project: Project, calls, upstream, msd, diff_root
) -> None:
    with case_dir(diff_root) as root:
        raise_failures(run_resolution(upstream, msd, root, project, calls))


@pytest.mark.parametrize(
    "flags",
    [
        [],
        ["--failure-class", "bogus"],
        ["--attempt", "-1"],
        ["--attempt", "1.5"],
        ["--attempt", "2abc"],
        ["--attempt", "x"],
        ["--attempt", "-0"],  # zero: accepted by both (lead's decision; parseInt gives -0)
        ["--attempt=-0"],
    ],
)
def test_resolve_execution_errors(flags, upstream, msd, diff_root) -> None:
    """Usage errors agree, except the ``--attempt`` refusals D12 adds (asserted as D12)."""
    from .harness import DEVIATION_COUNTS

    agent = "" if not flags else "msd-planner"
    before = DEVIATION_COUNTS.get("D12", 0)
    with case_dir(diff_root) as root:
        raise_failures(
            run_resolution(
                upstream, msd, root, Project(config={}), [("resolve-execution", agent, flags)]
            )
        )
    if flags[:1] == ["--attempt"] and flags[1] in ("1.5", "2abc"):
        # upstream parseInt()s these; msd must refuse them (D12), i.e. a classified deviation.
        assert DEVIATION_COUNTS.get("D12", 0) == before + 1


def test_d11_effort_tier_defaults_per_key(upstream, msd, diff_root) -> None:
    """D11: ``effort: {default: medium}`` leaves msd-planner at xhigh — and so does 1.11.0."""
    project = Project(config={"effort": {"default": "medium"}, "fast_mode": {"enabled": True}})
    with case_dir(diff_root) as root:
        calls = [
            ("resolve-execution", a, [])
            for a in ("msd-planner", "msd-executor", "msd-codebase-mapper", "msd-custom-agent")
        ]
        raise_failures(run_resolution(upstream, msd, root, project, calls))
        proj, env = materialize(project, root / "check", "msd", base_env("msd"))
        planner = msd.inprocess(["resolve-execution", "msd-planner"], proj, env).json()
        unknown = msd.inprocess(["resolve-execution", "msd-custom-agent"], proj, env).json()
        mapper = msd.inprocess(["resolve-execution", "msd-codebase-mapper"], proj, env).json()
    assert planner["effort"] == "xhigh"
    assert unknown["effort"] == "medium"
    assert mapper["fast_mode"] is True  # fast_mode.enabled applies once a fast_mode block exists
