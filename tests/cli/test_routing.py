"""``msd routing``: the grid, the rungs and the stale installs as JSON; ``--check`` for CI."""

from __future__ import annotations

import json
import os
from pathlib import Path

from tests.cli import inprocess
from tests.core.models.routing_fixtures import codex_agent, mark, project


def _env(home: Path) -> dict[str, str]:
    return {"HOME": str(home), "PATH": os.environ.get("PATH", "")}


def test_routing_json_and_check_on_a_stale_codex_install(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    root = project(tmp_path / "p", {"model_overrides": {"msd-planner": "gpt-5.1"}})
    mark(root / ".codex", "codex")
    codex_agent(root / ".codex", "msd-planner", "gpt-5", "xhigh")

    plain = inprocess.run(["routing", "--cwd", str(root)], env=_env(home))
    assert plain.returncode == 0, plain.stderr
    data = json.loads(plain.stdout)
    assert list(data) == ["root", "active_runtime", "grid", "installs", "stale"]
    assert data["active_runtime"]["runtime"] == "codex"
    assert data["active_runtime"]["rung"] == "install marker"
    assert data["grid"]["runtimes"] == ["codex", "claude", "opencode"]
    planner = next(a for a in data["grid"]["agents"] if a["agent"] == "msd-planner")
    assert planner["cells"]["codex"]["model"] == "gpt-5.1"
    assert planner["cells"]["codex"]["layer"] == "model_overrides"
    assert data["stale"] == [{"runtime": "codex", "scope": "project",
                              "directory": str(root / ".codex"), "stale_agents": 1,
                              "command": "msd install codex --local"}]
    row = next(a for a in data["installs"][0]["agents"] if a["agent"] == "msd-planner")
    assert (row["status"], row["installed"]["model"], row["expected"]["model"]) == (
        "stale", "gpt-5", "gpt-5.1")

    check = inprocess.run(["routing", "--check", "--cwd", str(root)], env=_env(home))
    assert check.returncode == 1
    assert json.loads(check.stdout) == data
    assert "1 stale agent file in the codex install" in check.stderr
    assert "msd install codex --local" in check.stderr


def test_check_passes_once_the_install_is_refreshed(tmp_path: Path) -> None:
    home = tmp_path / "home"
    home.mkdir()
    root = project(tmp_path / "p", {"model_overrides": {"msd-planner": "gpt-5.1"}})
    mark(root / ".codex", "codex")
    codex_agent(root / ".codex", "msd-planner", "gpt-5.1", "xhigh")
    check = inprocess.run(["routing", "--check", "--cwd", str(root)], env=_env(home))
    assert check.returncode == 0, check.stderr
    assert json.loads(check.stdout)["stale"] == []
    assert check.stderr == ""
