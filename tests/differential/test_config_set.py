"""Differential: ``msd config-set`` vs upstream ``gsd-tools config-set`` (1.11.0).

Generated (start config, key, raw value) triples over listed keys, dynamic-pattern keys,
suggestion keys, unknown keys, prototype keys, secrets and odd numeric/JSON strings. Each
tool gets its own copy of the same start config; stdout JSON / error text and the resulting
``config.json`` (parsed, key order kept) are compared. Allowed deviations: D2 (msd refuses
invalid typed values and writes nothing), D3 (four more masked keys), D4 (secrets go to the
keyring: here the keyring backend is ``fail``, so msd must refuse clearly and write nothing),
D5, D7 (``context`` free text / ``context_profile``), D8 (extra accepted keys).
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from tests.prerequisites import require_keyring

from .conftest import Msd, Upstream, case_dir, diff_settings, require_msd
from .deviations import ConfigSetCase
from .harness import raise_failures, run_config_set
from .strategies import (
    D3_KEYS,
    SECRET_KEYS,
    RawText,
    config_set_keys,
    config_set_values,
    start_configs,
)

MODULES = ("msd_desktop.commands.config", "msd_desktop.core.config.setter")


@pytest.fixture(autouse=True)
def _needs_msd() -> None:
    require_msd(*MODULES)


@st.composite
def config_set_cases(draw: st.DrawFn) -> ConfigSetCase:
    shape = draw(st.integers(0, 39))
    key = draw(config_set_keys)
    raw = draw(config_set_values)
    if shape == 0:
        key, raw = None, None  # no arguments
    elif shape == 1:
        raw = None  # key without value
    elif shape == 2:
        key = ""
    start = (
        None
        if shape == 3
        else draw(st.one_of(start_configs, st.sampled_from([RawText("{"), RawText("[]")])))
    )
    return ConfigSetCase(key=key, raw=raw, start=start, planning=shape != 4)


@diff_settings(scale=1.5)
@given(case=config_set_cases())
@example(case=ConfigSetCase("model_profile", "budget", {"model_profile": "quality"}))
@example(case=ConfigSetCase("context_window", "0x10", None))
@example(case=ConfigSetCase("workflow.research", " 7 ", {}))
@example(
    case=ConfigSetCase(
        "model_overrides.msd-planner", "1e6", {"model_overrides": {"msd-executor": "opus"}}
    )
)
@example(case=ConfigSetCase("workflow.nyquist_validation_enabled", "true", {}))
@example(case=ConfigSetCase("model_overrides.__proto__", "1", {}))
@example(case=ConfigSetCase("review.default_reviewers", '["Codex","codex","gemini"]', {}))
@example(case=ConfigSetCase("project_code", "007", {}))
@example(case=ConfigSetCase("workflow.research", "null", {"workflow": {"research": True}}))
def test_config_set_matches_upstream(case: ConfigSetCase, upstream, msd, diff_root) -> None:
    # Secret keys go through an msd process of their own (``Msd.forked``) so the keyring
    # backend is the one the environment names (``fail``), whatever another test initialised
    # in this process, and their no-core-dump guard stays out of this one.
    secret = case.key in SECRET_KEYS or case.key in D3_KEYS
    with case_dir(diff_root) as root:
        raise_failures(run_config_set(upstream, msd, root, case, msd_cli=secret))


# One case per decision on docs/differential-findings.md F1–F9 (and D4's empty secret):
# ``None`` = msd and upstream must now agree; otherwise the category the classifier must give.
LEAD_DECISIONS = [
    ("F1", ConfigSetCase("phase_commit_docs.3", "true", None), None),
    ("F1", ConfigSetCase("phase_commit_docs.12A.1", "7", {}), None),
    ("F1", ConfigSetCase("workflow.agent_hint_routing", "true", {}), None),
    ("F1", ConfigSetCase("workflow.agent_hint_routing", "maybe", {}), None),
    ("F1", ConfigSetCase("nope", "1", {}), "D8"),  # key lists differ by D7/D8 keys only
    ("F2", ConfigSetCase("workflow.build_command", "7", {}), "D2"),
    ("F2", ConfigSetCase("git.milestone_branch_template", '["a","b"]', {}), "D2"),
    ("F2", ConfigSetCase("manager.flags.plan", " ", {}), "D2"),
    ("F2", ConfigSetCase("runtime", "9007199254740993", {}), "D2"),
    ("F3", ConfigSetCase("manager.flags.plan", "low", RawText("[]")), "GUIDE"),
    ("F4", ConfigSetCase("model_overrides.x_y", "opus", RawText("{")), "GUIDE"),
    ("F5", ConfigSetCase("agent_skills.constructor", "null", {}), "SPEC"),
    ("F5", ConfigSetCase("model_overrides.__proto__", "null", None), "SPEC"),
    ("F5", ConfigSetCase("features.prototype", "true", RawText("{")), "SPEC"),
    ("F6", ConfigSetCase("workflow.security_asvs_level", "abc", {}), "SPEC"),
    ("F6", ConfigSetCase("workflow.security_asvs_level", "true", {}), "SPEC"),
    ("F6", ConfigSetCase("workflow.security_asvs_level", "4", {}), None),
    ("F7", ConfigSetCase("agent_skills_security.trusted_global_roots", "null", None), "GUIDE"),
    ("F7", ConfigSetCase("review.models.cursor", "null", None), "D8"),
    ("F8", ConfigSetCase("workflow.build_command", "--", {}), None),
    ("F9", ConfigSetCase("constructor", "true", {}), "SPEC"),
    ("F9", ConfigSetCase("__proto__", "true", {}), "SPEC"),
    ("F9", ConfigSetCase("toString", "true", {}), "SPEC"),
    ("D4", ConfigSetCase("brave_search", "", {}), "D4"),
    ("D4", ConfigSetCase("brave_search", " ", {}), "D4"),
]


@pytest.mark.parametrize(
    ("finding", "case", "expected"),
    LEAD_DECISIONS,
    ids=[f"{f}-{c.key}-{c.raw!r}" for f, c, _ in LEAD_DECISIONS],
)
def test_lead_decisions(
    finding: str,
    case: ConfigSetCase,
    expected: str | None,
    upstream: Upstream,
    msd: Msd,
    diff_root: Path,
) -> None:
    """Each finding resolves as decided: agreement, or exactly the expected category."""
    from .harness import DEVIATION_COUNTS

    before = dict(DEVIATION_COUNTS)
    secret = case.key in SECRET_KEYS or case.key in D3_KEYS
    with case_dir(diff_root) as root:
        raise_failures(run_config_set(upstream, msd, root, case, msd_cli=secret))
    grew = {k for k, n in DEVIATION_COUNTS.items() if n != before.get(k, 0)}
    assert grew == ({expected} if expected else set()), finding


@pytest.mark.keyring
def test_secret_goes_to_keyring(upstream, msd, diff_root) -> None:
    """D4 with a real keyring: msd stores ``true`` in config.json, upstream the plaintext."""
    require_keyring()
    import json

    from .harness import _write_start, config_set_argv, read_config

    case = ConfigSetCase("brave_search", "sk-differential-0001", {"model_profile": "quality"})
    with case_dir(diff_root) as root:
        mproj, menv = _write_start(case, root, "msd")
        gproj, genv = _write_start(case, root, "gsd")
        menv = {
            **menv,
            **{
                k: v
                for k, v in os.environ.items()
                if k in ("DBUS_SESSION_BUS_ADDRESS", "GNOME_KEYRING_CONTROL")
            },
        }
        menv.pop("PYTHON_KEYRING_BACKEND", None)
        m = msd.cli(config_set_argv(case, "msd"), mproj, menv)
        g = upstream.cli(config_set_argv(case, "gsd"), gproj, genv)
        try:
            assert m.code == 0, m.stderr
            assert g.code == 0, g.stderr
            mfile, _ = read_config(mproj, "msd")
            gfile, _ = read_config(gproj, "gsd")
            assert mfile["brave_search"] is True
            assert gfile["brave_search"] == "sk-differential-0001"
            assert "sk-differential-0001" not in m.stdout
            assert json.loads(m.stdout)["value"] == json.loads(g.stdout)["value"] == "****0001"
        finally:
            msd.cli(["secrets", "remove", "brave_search", "--project"], mproj, menv)
            msd.cli(["secrets", "remove", "brave_search"], mproj, menv)
