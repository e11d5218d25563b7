"""A project's own stale installs, counted for the overview and the tray (and their signature)."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path

import pytest

from msd_desktop.core.models.local_installs import (
    install_stat_parts,
    local_installs,
    stale_local_installs,
)
from msd_desktop.core.models.routing_report import routing_report
from msd_desktop.core.workspace.demo import demo_source

from .routing_fixtures import codex_agent, defaults, mark, markdown_agent, project


@pytest.fixture
def home(tmp_path: Path) -> Path:
    h = tmp_path / "home"
    h.mkdir()
    return h


def test_the_demos_stale_codex_install_is_counted_like_msd_routing(tmp_path: Path,
                                                                     home: Path) -> None:
    root = tmp_path / "checklist-printer"
    shutil.copytree(demo_source() / "checklist-printer", root)
    env = {"HOME": str(home)}
    assert stale_local_installs(root, env) == {"codex": 1}
    report = routing_report(root, env)
    assert [(d["runtime"], d["stale_agents"]) for d in report.to_dict()["stale"]] == [
        ("codex", 1)]
    # refreshing the one stale file (what `msd install codex --local` writes now) clears it
    executor = root / ".codex" / "agents" / "msd-executor.toml"
    text = executor.read_text()
    executor.write_text("".join(line for line in text.splitlines(keepends=True)
                                if not line.startswith(("model =", "model_reasoning_effort"))))
    assert stale_local_installs(root, env) == {}


def test_every_other_demo_project_has_none(tmp_path: Path, home: Path) -> None:
    shutil.copytree(demo_source(), tmp_path / "demo")
    counts = {p.name: stale_local_installs(p, {"HOME": str(home)})
              for p in sorted((tmp_path / "demo").iterdir()) if (p / ".planning").is_dir()}
    assert counts.pop("checklist-printer") == {"codex": 1}
    assert counts
    assert all(c == {} for c in counts.values())


def test_only_the_projects_own_installs_count(tmp_path: Path, home: Path) -> None:
    # a global install reads defaults.json, not the project: the same for every project
    defaults(home, {"model_overrides": {"msd-planner": "gpt-5.1"}})
    mark(home / ".codex", "codex")
    codex_agent(home / ".codex", "msd-planner", "gpt-5", "xhigh")
    env = {"HOME": str(home)}
    root = project(tmp_path / "p", {"model_overrides": {"msd-planner": "gpt-5.1"}})
    assert routing_report(root, env).stale  # the Models tab lists the global one
    assert local_installs(root) == []
    assert stale_local_installs(root, env) == {}
    assert install_stat_parts(root) == []  # nothing added to the summary's signature

    # a local OpenCode install baking another model than config resolves now
    local = root / ".opencode"
    mark(local, "opencode")
    markdown_agent(local, "msd-planner", model="gpt-5")
    assert [i.runtime for i in local_installs(root)] == ["opencode"]
    assert stale_local_installs(root, env) == {"opencode": 1}


def test_an_edit_of_the_config_makes_the_install_stale(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path / "p", {"model_overrides": {"msd-planner": "gpt-5"}})
    mark(root / ".codex", "codex")
    codex_agent(root / ".codex", "msd-planner", "gpt-5", "xhigh")
    env = {"HOME": str(home)}
    assert stale_local_installs(root, env) == {}
    (root / ".planning" / "config.json").write_text(json.dumps(
        {"model_overrides": {"msd-planner": "gpt-5.1", "msd-executor": "o3"}}))
    assert stale_local_installs(root, env) == {"codex": 1}  # executor has no file: not stale


@pytest.mark.timeout(60)
def test_hostile_files_are_never_opened_blindly(tmp_path: Path, home: Path) -> None:
    root = project(tmp_path / "p", {"model_overrides": {"msd-planner": "gpt-5.1"}})
    install = root / ".codex"
    mark(install, "codex")
    (install / "agents").mkdir()
    os.mkfifo(install / "agents" / "msd-planner.toml")  # would block a plain open()
    (install / "agents" / "msd-executor.toml").symlink_to("/dev/zero")
    assert stale_local_installs(root, {"HOME": str(home)}) == {}  # unreadable, not stale
    # a FIFO as the marker: not an install, and never read
    other = project(tmp_path / "q", {})
    (other / ".codex" / "msd-core").mkdir(parents=True)
    os.mkfifo(other / ".codex" / "msd-core" / ".msd-runtime")
    assert local_installs(other) == []
    assert stale_local_installs(other, {"HOME": str(home)}) == {}


def test_the_signature_parts_follow_a_reinstall(tmp_path: Path) -> None:
    root = project(tmp_path / "p", {})
    mark(root / ".codex", "codex")
    codex_agent(root / ".codex", "msd-planner", "gpt-5", "xhigh")
    before = install_stat_parts(root)
    assert len(before) == 2  # the marker and the one agent file
    agent = root / ".codex" / "agents" / "msd-planner.toml"
    agent.write_text(agent.read_text().replace("gpt-5", "gpt-5.1"))
    assert install_stat_parts(root) != before
    after = install_stat_parts(root)
    codex_agent(root / ".codex", "msd-executor")  # a file added
    assert install_stat_parts(root) != after
