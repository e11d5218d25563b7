"""Differential: MSD new-project vs upstream ``gsd-tools config-new-project`` (1.11.0).

Generated (defaults.json, choices) pairs; upstream runs in its batch driver with HOME pointing
at a case folder holding ``~/.gsd/defaults.json``, msd's :func:`build_new_project_config`
runs with ``~/.msd/defaults.json``. The configs must agree except for the documented
deviations, each translated explicitly here (spec §4 case 1, Appendix B):

* naming: the built-in branch templates are ``msd/…``;
* D6: ``claude_md_path`` ``./CLAUDE.md`` and no ``phase_naming`` unless someone set them;
  an integration key nobody set is ``null`` (upstream ``false``);
* D4: an API key given as text becomes the sentinel ``true`` (the plaintext goes to the
  keyring when the project is created);
* a defaults.json that parses to a non-object is ignored by msd (upstream spreads it by index,
  or crashes on ``null``) — not generated here.

The rewritten defaults.json (legacy ``depth``) is compared too, and two cases go through both
real CLIs end to end.
"""

from __future__ import annotations

import json
import os
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest
from hypothesis import example, given
from hypothesis import strategies as st

from .conftest import Msd, Upstream, base_env, case_dir, diff_settings, require_msd

MODULES = ("msd_desktop.core.workspace.new_project",)
SECRETS = ("brave_search", "firecrawl", "exa_search", "tavily_search", "ref_search",
           "perplexity", "jina")
TEMPLATES = {"gsd/phase-{phase}-{slug}": "msd/phase-{phase}-{slug}",
             "gsd/{milestone}-{slug}": "msd/{milestone}-{slug}"}


@pytest.fixture(autouse=True)
def _needs_msd() -> None:
    require_msd(*MODULES)


@dataclass(frozen=True)
class NewProjectCase:
    defaults: Any  # a dict, a raw text (malformed), or None (no file)
    choices: dict[str, Any]


# ------------------------------------------------------------------ strategies

ascii_text = st.text(alphabet="abcxyz019 -_/{}.", max_size=8)
scalars = st.one_of(st.none(), st.booleans(), st.integers(-3, 3), ascii_text)
keys = st.sampled_from(["mode", "granularity", "model_profile", "custom", "0", "1", "10",
                        "claude_md_path", "phase_naming", "project_code", "runtime", "review",
                        *SECRETS])
SECTION_KEYS = ["research", "plan_check", "branching_strategy", "base_branch", "context_warnings",
                "source_grounding", "msd-planner", "extra", "2", "0"]
ship_sections = st.sampled_from([
    [], [{"heading": "Risks", "source": "PLAN.md ## Risks"}],
    [{"heading": "T", "template": "{phase_number} {phase_name}"}],
    [{"heading": "", "source": "PLAN.md ## Risks"}], [{"heading": "T", "template": "{nope}"}],
    "nope", [{"heading": "T"}],
])


@st.composite
def section_value(draw: st.DrawFn, name: str) -> Any:
    kind = draw(st.integers(0, 9))
    if kind == 0:
        return draw(st.one_of(st.none(), st.integers(0, 2), st.sampled_from(["ab", ""]),
                              st.lists(st.integers(0, 2), max_size=2)))
    out = draw(st.dictionaries(st.sampled_from(SECTION_KEYS), scalars, max_size=3))
    if name == "ship" and draw(st.booleans()):
        out["pr_body_sections"] = draw(ship_sections)
    return out


@st.composite
def layer(draw: st.DrawFn) -> dict[str, Any]:
    out: dict[str, Any] = draw(st.dictionaries(keys, scalars, max_size=5))
    for name in draw(st.lists(st.sampled_from(
            ["git", "workflow", "ship", "hooks", "agent_skills", "plan_review"]),
            max_size=3, unique=True)):
        out[name] = draw(section_value(name))
    if draw(st.integers(0, 4)) == 0:
        out["depth"] = draw(st.sampled_from(["quick", "standard", "comprehensive", "odd"]))
    return out


@st.composite
def new_project_cases(draw: st.DrawFn) -> NewProjectCase:
    kind = draw(st.integers(0, 9))
    if kind == 0:
        defaults: Any = None
    elif kind == 1:
        defaults = draw(st.sampled_from(["{broken", "", "{\"a\": 1,}"]))
    else:
        defaults = draw(layer())
    choices = draw(layer())
    choices.pop("depth", None)
    return NewProjectCase(defaults, choices)


# ------------------------------------------------------------------ running


def _home(root: Path, flavor: str, case: NewProjectCase) -> Path:
    home = root / f"home-{flavor}"
    d = home / (".gsd" if flavor == "gsd" else ".msd")
    d.mkdir(parents=True)
    if case.defaults is not None:
        text = case.defaults if isinstance(case.defaults, str) else json.dumps(case.defaults)
        (d / "defaults.json").write_text(text, encoding="utf-8")
    return home


def _read_defaults(home: Path, flavor: str) -> Any:
    p = home / (".gsd" if flavor == "gsd" else ".msd") / "defaults.json"
    try:
        return json.loads(p.read_text(encoding="utf-8"))
    except (OSError, ValueError):
        return None


def _set_by_user(case: NewProjectCase, key: str) -> bool:
    in_defaults = isinstance(case.defaults, dict) and key in case.defaults and key != "runtime"
    return in_defaults or key in case.choices


def expected_from_upstream(up: dict[str, Any], case: NewProjectCase, env: dict[str, str]
                           ) -> dict[str, Any]:
    from msd_desktop.core.secrets.store import has_secret

    out = json.loads(json.dumps(up))
    git = out.get("git")
    if isinstance(git, dict):
        for k, v in git.items():
            if isinstance(v, str) and v in TEMPLATES:
                git[k] = TEMPLATES[v]
    if not _set_by_user(case, "claude_md_path"):
        out["claude_md_path"] = "./CLAUDE.md"
    if not _set_by_user(case, "phase_naming"):
        out.pop("phase_naming", None)
    for key in SECRETS:
        value = out.get(key)
        if value is False and not _set_by_user(case, key):
            out[key] = True if has_secret(key, env=env) else None
        elif isinstance(value, str) and value.strip():
            out[key] = True
    return out


def _order(value: Any) -> Any:
    if isinstance(value, dict):
        return [(k, _order(v)) for k, v in value.items() if k != "phase_naming"]
    return value


def run_case(upstream: Upstream, root: Path, case: NewProjectCase) -> None:
    from msd_desktop.core.common.errors import MsdError
    from msd_desktop.core.workspace.new_project import build_new_project_config

    gsd_home, msd_home = _home(root, "gsd", case), _home(root, "msd", case)
    proj = root / "proj"
    proj.mkdir()
    genv = {**base_env("gsd"), "HOME": str(gsd_home)}
    [res] = upstream.batch([(["config-new-project", json.dumps(case.choices)], proj, genv)])
    menv = {"HOME": str(msd_home), "PATH": os.environ.get("PATH", "")}
    try:
        mine, _notes = build_new_project_config(case.choices, menv)
        error = None
    except MsdError as exc:
        mine, error = None, str(exc)
    if res.code != 0:
        assert error is not None, f"upstream failed ({res.stderr.strip()}) but msd built {mine}"
        assert error in res.stderr, (error, res.stderr)
    else:
        assert error is None, f"msd refused ({error}); upstream wrote a config"
        up = json.loads((proj / ".planning" / "config.json").read_text(encoding="utf-8"))
        want = expected_from_upstream(up, case, menv)
        assert mine == want
        assert _order(mine) == _order(want)
    assert _read_defaults(msd_home, "msd") == _read_defaults(gsd_home, "gsd")


@diff_settings(scale=0.5)
@given(case=new_project_cases())
@example(case=NewProjectCase({"depth": "quick", "runtime": "codex", "git": {"base_branch": "dev"}},
                             {"mode": "yolo", "workflow": {"research": False}}))
@example(case=NewProjectCase({"hooks": "ab", "1": 1}, {"agent_skills": [1, 2], "0": "x"}))
@example(case=NewProjectCase(None, {"brave_search": "plain-text-key-1234"}))
@example(case=NewProjectCase("{broken", {"ship": {"pr_body_sections": [{"heading": "T"}]}}))
def test_new_project_matches_upstream(case: NewProjectCase, upstream: Upstream,
                                      diff_root: Path) -> None:
    with case_dir(diff_root) as root:
        run_case(upstream, root, case)


def test_cli_end_to_end(upstream: Upstream, msd: Msd, diff_root: Path) -> None:
    """Both real CLIs on the same defaults.json with a legacy ``depth``."""
    case = NewProjectCase({"depth": "comprehensive", "model_profile": "budget",
                           "workflow": {"text_mode": True}}, {"mode": "yolo"})
    with case_dir(diff_root) as root:
        gsd_home, msd_home = _home(root, "gsd", case), _home(root, "msd", case)
        gp, mp = root / "gp", root / "mp"
        gp.mkdir()
        mp.mkdir()
        g = upstream.cli(["config-new-project", json.dumps(case.choices)], gp,
                         {**base_env("gsd"), "HOME": str(gsd_home)})
        m = msd.cli(["new-project", "mode=yolo"], mp, {**base_env("msd"), "HOME": str(msd_home)})
        assert g.code == 0, g.stderr
        assert m.code == 0, m.stderr
        up = json.loads((gp / ".planning" / "config.json").read_text(encoding="utf-8"))
        mine = json.loads((mp / ".planning" / "config.json").read_text(encoding="utf-8"))
        assert mine == m.json()["config"]
        want = expected_from_upstream(up, case, {"HOME": str(msd_home)})
        assert _order(mine) == _order(want)
        assert _read_defaults(msd_home, "msd") == _read_defaults(gsd_home, "gsd")
        # both refuse to touch an existing config
        m2 = msd.cli(["new-project", "--from-defaults"], mp,
                      {**base_env("msd"), "HOME": str(msd_home)})
        assert m2.code == 1
        assert "already exists" in m2.stderr
