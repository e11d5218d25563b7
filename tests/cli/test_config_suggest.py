"""``msd config-set`` proposes the nearest known names without changing upstream's error line."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.cli.test_config import run_msd


@pytest.fixture
def project(tmp_path: Path) -> Path:
    (tmp_path / ".planning").mkdir()
    (tmp_path / ".planning" / "config.json").write_text('{"mode": "yolo"}', encoding="utf-8")
    return tmp_path


def test_unknown_key_keeps_the_error_line_and_adds_the_nearest_key(project: Path) -> None:
    proc = run_msd(project, "config-set", "model_profil", "quality")
    assert proc.returncode == 1
    lines = proc.stderr.splitlines()
    assert lines[0].startswith('Error: Unknown config key: "model_profil". Valid keys: ')
    assert lines[1:] == ["Did you mean model_profile?"]
    assert json.loads((project / ".planning" / "config.json").read_text()) == {"mode": "yolo"}


def test_far_unknown_key_has_no_hint(project: Path) -> None:
    proc = run_msd(project, "config-set", "foo.bar", "1")
    assert proc.returncode == 1
    assert len(proc.stderr.splitlines()) == 1


def test_upstreams_own_suggestion_is_not_doubled(project: Path) -> None:
    proc = run_msd(project, "config-set", "sub_repos", "x")
    assert proc.stderr == "Error: Unknown config key: sub_repos. Did you mean planning.sub_repos?\n"


def test_misspelled_agent_is_stored_as_upstream_does_with_a_note(project: Path) -> None:
    proc = run_msd(project, "config-set", "model_overrides.msd-planer", "opus")
    assert proc.returncode == 0
    assert json.loads(proc.stdout)["key"] == "model_overrides.msd-planer"
    assert proc.stderr.startswith("msd: warning: msd-planer is not a known agent. "
                                  "Did you mean msd-planner")
    saved = json.loads((project / ".planning" / "config.json").read_text())
    assert saved["model_overrides"] == {"msd-planer": "opus"}


def test_known_agent_has_no_note(project: Path) -> None:
    proc = run_msd(project, "config-set", "model_overrides.msd-planner", "opus")
    assert (proc.returncode, proc.stderr) == (0, "")
