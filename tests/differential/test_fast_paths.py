"""The fast paths agree with the real CLIs they stand in for.

The bulk of the differential cases run upstream through ``gsd_driver.cjs`` (gsd-tools'
``main()`` many times in one node process) and msd through ``cli.main`` in-process. Here a
sample of the same generated cases runs both ways and must give identical exit codes, stdout
and stderr: the CLI processes are the reference.
"""

from __future__ import annotations

from hypothesis import given
from hypothesis import strategies as st

from .conftest import base_env, case_dir, diff_settings, require_msd
from .deviations import ConfigSetCase
from .harness import _write_start, config_set_argv, read_config
from .strategies import (
    ALL_AGENTS,
    agent_to_gsd,
    config_set_keys,
    config_set_values,
    execution_flags,
    materialize,
    projects,
    start_configs,
)


def _same(fast, real, what: str) -> None:
    assert (fast.code, fast.stdout, fast.stderr) == (real.code, real.stdout, real.stderr), what


resolution_call = st.one_of(
    st.tuples(st.just("resolve-model"), st.sampled_from(ALL_AGENTS), st.just([])),
    st.tuples(st.just("resolve-execution"), st.sampled_from(ALL_AGENTS), execution_flags()),
)


@diff_settings(scale=0.08)
@given(project=projects(), call=resolution_call)
def test_gsd_driver_matches_gsd_cli(project, call, upstream, diff_root) -> None:
    verb, agent, flags = call
    with case_dir(diff_root) as root:
        proj, env = materialize(project, root, "gsd", base_env("gsd"))
        args = [verb, agent_to_gsd(agent), *flags]
        (fast,) = upstream.batch([(args, proj, env)])
        real = upstream.cli(args, proj, env)
        _same(fast, real, f"gsd-tools {args} on {project.describe()}")


@diff_settings(scale=0.05)
@given(key=config_set_keys, raw=config_set_values, start=start_configs)
def test_gsd_driver_matches_gsd_cli_config_set(key, raw, start, upstream, diff_root) -> None:
    case = ConfigSetCase(key, raw, start)
    with case_dir(diff_root) as root:
        p1, env1 = _write_start(case, root / "a", "gsd")
        p2, env2 = _write_start(case, root / "b", "gsd")
        (fast,) = upstream.batch([(config_set_argv(case, "gsd"), p1, env1)])
        real = upstream.cli(config_set_argv(case, "gsd"), p2, env2)
        _same(fast, real, f"config-set {key!r} {raw!r}")
        assert read_config(p1, "gsd")[1] == read_config(p2, "gsd")[1]


@diff_settings(scale=0.08)
@given(project=projects(), call=resolution_call)
def test_msd_inprocess_matches_msd_cli(project, call, msd, diff_root) -> None:
    require_msd("msd_desktop.commands.resolve")
    verb, agent, flags = call
    with case_dir(diff_root) as root:
        proj, env = materialize(project, root, "msd", base_env("msd"))
        args = [verb, agent, *flags]
        fast = msd.inprocess(args, proj, env)
        real = msd.cli(args, proj, env)
        _same(fast, real, f"msd {args} on {project.describe()}")


@diff_settings(scale=0.05)
@given(key=config_set_keys, raw=config_set_values, start=start_configs)
def test_msd_inprocess_matches_msd_cli_config_set(key, raw, start, msd, diff_root) -> None:
    require_msd("msd_desktop.commands.config")
    case = ConfigSetCase(key, raw, start)
    with case_dir(diff_root) as root:
        p1, env1 = _write_start(case, root / "a", "msd")
        p2, env2 = _write_start(case, root / "b", "msd")
        fast = msd.inprocess(config_set_argv(case, "msd"), p1, env1)
        real = msd.cli(config_set_argv(case, "msd"), p2, env2)
        norm = lambda s: s.replace(str(p1), "<P>").replace(str(p2), "<P>")  # noqa: E731
        assert (fast.code, norm(fast.stdout), norm(fast.stderr)) == (
            real.code,
            norm(real.stdout),
            norm(real.stderr),
        )
        assert read_config(p1, "msd")[1] == read_config(p2, "msd")[1]
