"""``msd config-set`` / ``config-get`` / ``schema`` as a user runs them.

Checks exit codes, ``Error: …`` on stderr and the JSON on stdout, calling the CLI in-process
(``tests/cli/inprocess.py``); one test runs the installed ``msd`` entry script as a real
process. The differential test runs the same command sequence through upstream ``gsd-tools``
and compares stdout, stderr, exit codes and the resulting file, command by command.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

from msd_desktop.core.config import schema as cs
from tests.cli import inprocess

if TYPE_CHECKING:
    from tests.differential.conftest import Upstream

MSD = Path(sys.executable).parent / "msd"


def _env() -> dict[str, str]:
    return {k: v for k, v in os.environ.items() if not k.startswith(("MSD_", "GSD_"))}


def run_msd(cwd: Path, *args: str) -> subprocess.CompletedProcess[str]:
    """``msd ARGS… --cwd CWD``, in-process."""
    return inprocess.run([*args, "--cwd", str(cwd)], env=_env())


@pytest.fixture
def project(tmp_path: Path) -> Path:
    root = tmp_path / "proj"
    (root / ".planning").mkdir(parents=True)
    return root


def test_the_entry_script_is_the_cli(project: Path) -> None:
    """The installed ``msd`` script, as a real process: exit code, stdout, the file written."""
    proc = subprocess.run(
        [str(MSD), "config-set", "workflow.research", "false", "--cwd", str(project)],
        capture_output=True, text=True, timeout=60, env=_env(), check=False,
    )
    assert (proc.returncode, proc.stderr) == (0, "")
    assert json.loads(proc.stdout) == {"updated": True, "key": "workflow.research", "value": False}
    proc = subprocess.run([str(MSD), "config-get", "nope", "--cwd", str(project)],
                          capture_output=True, text=True, timeout=60, env=_env(), check=False)
    assert proc.returncode == 1
    assert proc.stderr.startswith("Error: ")
    assert json.loads((project / ".planning" / "config.json").read_text()) == {
        "workflow": {"research": False}}


def test_set_and_get_roundtrip(project: Path) -> None:
    proc = run_msd(project, "config-set", "workflow.research", "false")
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    assert json.loads(proc.stdout) == {"updated": True, "key": "workflow.research", "value": False}
    proc = run_msd(project, "config-get", "workflow.research")
    assert (proc.returncode, proc.stdout) == (0, "false\n")
    proc = run_msd(project, "config-get", "context_window")
    assert (proc.returncode, proc.stdout) == (0, "200000\n")  # a number, not an exit code
    proc = run_msd(project, "config-get", "nope", "--default", "5")
    assert (proc.returncode, proc.stdout) == (0, '"5"\n')


@pytest.mark.parametrize(
    ("args", "stderr"),
    [
        (("config-set",), "Error: Usage: config-set <key.path> <value>\n"),
        (("config-set", "mode"), "Error: Usage: config-set <key.path> <value>\n"),
        (("config-set", "sub_repos", "x"),
         "Error: Unknown config key: sub_repos. Did you mean planning.sub_repos?\n"),
        (("config-set", "workflow.security_asvs_level", "9"),
         "Error: Invalid workflow.security_asvs_level '9'. Must be an integer 1, 2, or 3.\n"),
        (("config-set", "model_profile", "turbo"),
         "Error: Invalid model_profile 'turbo'. Valid values: quality, balanced, budget, "
         "adaptive, inherit\n"),
        (("config-get", "nope"), "Error: Key not found: nope\n"),
        (("config-get",), "Error: Usage: config-get <key.path> [--default <value>]\n"),
    ],
)
def test_errors(project: Path, args: tuple[str, ...], stderr: str) -> None:
    (project / ".planning" / "config.json").write_text('{"mode": "yolo"}', encoding="utf-8")
    proc = run_msd(project, *args)
    assert proc.returncode == 1
    assert proc.stdout == ""
    assert proc.stderr == stderr
    assert (project / ".planning" / "config.json").read_text() == '{"mode": "yolo"}'


def test_unknown_key_lists_valid_keys(project: Path) -> None:
    proc = run_msd(project, "config-set", "foo.bar", "1")
    assert proc.returncode == 1
    assert proc.stderr.startswith('Error: Unknown config key: "foo.bar". Valid keys: ')
    assert proc.stderr.endswith(
        "agent_skills.<agent-type>, features.<feature_name>, phase_commit_docs.<phase-id>\n"
    )


def test_secret_output_masked(project: Path) -> None:
    (project / ".planning" / "config.json").write_text(
        '{"perplexity": "pplx-secret-7777"}', encoding="utf-8"
    )
    proc = run_msd(project, "config-get", "perplexity")
    assert (proc.returncode, proc.stdout) == (0, '"****7777"\n')
    proc = run_msd(project, "config-set", "perplexity", "false")
    assert "pplx" not in proc.stdout
    assert json.loads(proc.stdout) == {"updated": True, "key": "perplexity", "value": "****",
                                       "previousValue": "****7777", "masked": True}


def test_schema_verb(project: Path) -> None:
    proc = run_msd(project, "schema")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert [k["key"] for k in out["keys"]] == list(cs.SCHEMA)  # every key, the data's order
    assert len(out["dynamic_patterns"]) == len(cs.dynamic_patterns())
    assert out["sections"][0] == "core"
    one = json.loads(run_msd(project, "schema", "workflow.security_asvs_level").stdout)
    assert (one["minimum"], one["maximum"], one["widget"]) == (1, 3, "spin")
    js = json.loads(run_msd(project, "schema", "--json-schema").stdout)
    assert js["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    bad = run_msd(project, "schema", "no.such")
    assert (bad.returncode, bad.stderr) == (1, "Error: Unknown config key: no.such\n")


def test_migrate_config_verb(project: Path) -> None:
    cfg = project / ".planning" / "config.json"
    cfg.write_text('{"depth": "quick", "mode": "yolo"}', encoding="utf-8")
    proc = run_msd(project, "migrate-config")
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "migrated": True,
        "normalizations": [{"from": "depth", "to": "granularity", "value": "coarse"}],
        "wrote": str(cfg),
    }
    assert json.loads(cfg.read_text()) == {"mode": "yolo", "granularity": "coarse"}


# ── differential against upstream gsd-tools ─────────────────────────────────────────────────

SEQUENCE: list[tuple[str, ...]] = [
    ("config-set", "workflow.research", "false"),
    ("config-set", "context_window", " 7 "),
    ("config-set", "context_window", "1e21"),
    ("config-set", "context_window", "0x10"),
    ("config-set", "context_window", "Infinity"),
    ("config-set", "review.max_prompt_tokens", "0.0000001"),
    ("config-set", "review.max_prompt_tokens", "123456789012345678901"),
    ("config-set", "review.max_prompt_tokens", "-0"),
    ("config-set", "agent_skills.msd-x", '{"a": 1.0, "b": "é", "2": 0}'),
    ("config-set", "agent_skills.msd-y", "[1, 2"),
    ("config-set", "agent_skills.msd-z", "TRUE"),
    ("config-set", "agent_skills.msd-z", "   "),
    ("config-set", "agent_skills.msd-z", ""),
    ("config-set", "review.max_prompt_tokens", "null"),
    ("config-set", "review.max_prompt_tokens", "null"),
    ("config-set", "project_code", "007"),
    ("config-set", "mode", "yolo"),
    ("config-set", "statusline.context_position", '["front"]'),
    ("config-set", "statusline.context_position", "front"),
    ("config-set", "workflow.drift_threshold", "0"),
    ("config-set", "workflow.smart_zone_tokens", "9007199254740992"),
    ("config-set", "review.default_reviewers", '["Codex", "codex", "Claude"]'),
    ("config-set", "review.default_reviewers", "[]"),
    ("config-set", "review.reviewer_instances.claude.cli", "codex"),
    ("config-set", "review.reviewer_instances.fast.cli", "bash"),
    ("config-set", "ship.pr_body_sections", '[{"heading": "H", "source": "PLAN.md Risks"}]'),
    ("config-set", "ship.pr_body_sections", '[{"heading": "R", "source": "PLAN.md ## Risks"}]'),
    ("config-set", "features.constructor", "x"),
    ("config-set", "plan_checker", "true"),
    ("config-set", "workflow.research", "maybe"),
    ("config-set", "external_job.poll_timeout_ms", "soon"),
    ("config-set", "firecrawl", "false"),
    ("config-set", "firecrawl", "null"),
    ("config-set", "workflow.build_command", "--"),  # F8
    ("config-set", "workflow.agent_hint_routing", "maybe"),  # upstream 1.11.0 key (F1)
    ("config-set", "workflow.agent_hint_routing", "false"),
    ("config-set", "phase_commit_docs.3", "true"),
    ("config-set", "phase_commit_docs.2A.1", "false"),
    ("config-get", "workflow"),
    ("config-get", "agent_skills.msd-x.2"),
    ("config-get", "context_window"),
    ("config-get", "workflow.verifier"),
    ("config-get", "git.create_tag"),
    ("config-get", "nope", "--default", "5"),
    ("config-get", "review.ollama_host"),  # D6 differs: checked separately below
]


@pytest.mark.differential
def test_matches_upstream(tmp_path: Path, gsd_driver: Upstream) -> None:
    ours = tmp_path / "msd"
    theirs = tmp_path / "gsd"
    for root in (ours, theirs):
        (root / ".planning").mkdir(parents=True)
        (root / ".planning" / "config.json").write_text('{"zzz": 1}', encoding="utf-8")
    for args in SEQUENCE:
        mine = run_msd(ours, *args)
        (ref,) = gsd_driver.batch([(list(args), theirs, _env())])
        if args == ("config-get", "review.ollama_host"):
            assert (mine.stdout, ref.stdout) == ('"http://localhost:11434"\n', '""')  # D6
            continue
        assert mine.returncode == ref.code, (args, mine.stderr, ref.stderr)
        assert mine.stdout.rstrip("\n") == ref.stdout, args
        assert mine.stderr == ref.stderr, args
        mine_file = (ours / ".planning" / "config.json").read_text(encoding="utf-8")
        ref_file = (theirs / ".planning" / "config.json").read_text(encoding="utf-8")
        if ref.code == 0 and args[0] == "config-set":
            assert mine_file == ref_file, args


@pytest.mark.parametrize(("raw", "stored"), [("-1e3", -1000), ("-Infinity", "-Infinity")])
def test_value_that_looks_like_an_option(project: Path, raw: str, stored: object) -> None:
    """A value starting with '-' is the value, not an option (free-form key: no validation)."""
    proc = run_msd(project, "config-set", "model_overrides.msd-planner", raw)
    assert proc.returncode == 0, proc.stderr
    data = json.loads((project / ".planning" / "config.json").read_text())
    assert data["model_overrides"]["msd-planner"] == stored


@pytest.mark.parametrize("cwd_first", [False, True])
def test_double_dash_is_a_value(project: Path, cwd_first: bool) -> None:
    """F8: ``config-set KEY --`` stores the string "--" like upstream (argparse would eat it as
    the end-of-options marker); ``--cwd`` still works before the verb or after the value."""
    args = ["config-set", "workflow.build_command", "--"]
    argv = ["--cwd", str(project), *args] if cwd_first else [*args, "--cwd", str(project)]
    proc = inprocess.run(argv, env=_env())
    assert proc.returncode == 0, proc.stderr
    assert json.loads(proc.stdout) == {
        "updated": True, "key": "workflow.build_command", "value": "--"
    }
    data = json.loads((project / ".planning" / "config.json").read_text())
    assert data == {"workflow": {"build_command": "--"}}


def test_double_dash_as_key_is_the_key(project: Path) -> None:
    proc = run_msd(project, "config-set", "--", "x")
    assert proc.returncode == 1
    assert proc.stderr.startswith('Error: Unknown config key: "--". Valid keys: ')
    assert not (project / ".planning" / "config.json").exists()


def test_migrate_config_dry_run_shows_the_resulting_config(project: Path) -> None:
    path = project / ".planning" / "config.json"
    before = '{"depth": "quick", "zzz": 1}'
    path.write_text(before, encoding="utf-8")
    out = run_msd(project, "migrate-config", "--dry-run")
    assert out.returncode == 0, out.stderr
    report = json.loads(out.stdout)
    assert report["dry_run"] is True
    assert report["migrated"] is True
    assert report["wrote"] is None
    assert report["config"]["zzz"] == 1
    assert "depth" not in report["config"]
    assert path.read_text(encoding="utf-8") == before  # a preview writes nothing
    real = json.loads(run_msd(project, "migrate-config").stdout)
    assert "config" not in real  # upstream's report, key for key
    assert json.loads(path.read_text(encoding="utf-8")) == report["config"]
