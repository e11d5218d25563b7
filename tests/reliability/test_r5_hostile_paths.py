"""R5 — hostile paths: nothing escapes the project, and a scan of a hostile tree ends.

* ``agent_skills`` paths with ``..``, absolute paths, or a symlink out of the project are
  refused by ``config_set`` / ``config_set_typed`` / ``msd config-set`` and nothing is written
  (``core/skill_paths.py``, fixed finding F1); the control case (a plain relative path) keeps
  working.
* ``discover_projects`` / ``msd workspaces scan`` over symlink loops, unreadable folders and
  20-deep nesting terminates within its bound (directories visited, depth), and never
  follows a symlink out of the scan root (``ln -s / escape``; fixed finding F2). How long the
  scan takes is measured by ``bench/bench_core_limits.py``.
* ``MSD_PROJECT`` and workstream names containing ``/``, ``\\`` or ``..`` are refused with the
  spec's message (§1) in the core and through the CLI, and nothing is created outside.

The CLI is called in this process (``msd_here``) except for the scan of the hostile tree, a
real process with a hang guard.
"""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.config.setter import config_set, config_set_typed
from msd_desktop.core.workspace.discovery import discover_projects
from msd_desktop.core.workspace.paths import planning_dir
from tests.reliability.helpers import make_project, msd, msd_here, record_figure, tree_bytes


def _dirs(root: Path) -> set[str]:
    return {str(Path(d).relative_to(root)) for d, _, _ in os.walk(root, followlinks=False)}


def _penv(home: Path, **extra: str) -> dict[str, str]:
    return {**os.environ, "HOME": str(home), "MSD_HOME": str(home), **extra}


# --- agent_skills ---------------------------------------------------------------------------


@pytest.fixture
def skills_project(tmp_path: Path) -> Path:
    root = make_project(tmp_path)
    outside = tmp_path / "outside-skills"
    (outside / "evil").mkdir(parents=True)
    (root / "skills" / "mine").mkdir(parents=True)
    (root / "linked").symlink_to(outside, target_is_directory=True)
    return root


HOSTILE_SKILLS = {
    "dotdot": "../outside-skills/evil",
    "dotdot-inside": "skills/../../outside-skills",
    "absolute": "/etc",
    "symlink-out": "linked/evil",
    "array-with-dotdot": '["skills/mine", "../outside-skills/evil"]',
}


@pytest.mark.parametrize("value", list(HOSTILE_SKILLS.values()), ids=list(HOSTILE_SKILLS))
def test_core_refuses_agent_skills_outside_project(skills_project: Path, value: str) -> None:
    cfg = skills_project / ".planning" / "config.json"
    with pytest.raises(MsdError) as info:
        config_set(skills_project, "agent_skills.msd-planner", value, env={})
    assert str(info.value).startswith(f"Invalid agent_skills.msd-planner '{value}'. Must be ")
    assert not cfg.exists()
    with pytest.raises(MsdError):
        config_set_typed(skills_project, "agent_skills.msd-planner", json.loads(value)
                         if value.startswith("[") else value, env={})
    assert not cfg.exists()


def test_cli_refuses_agent_skills_dotdot(skills_project: Path, tmp_path: Path) -> None:
    for value in ("../x", "/etc"):
        proc = msd_here("config-set", "agent_skills.msd-planner", value, cwd=skills_project,
                        env=_penv(tmp_path))
        assert proc.returncode == 1, proc.stdout
        assert proc.stderr.startswith(f"Error: Invalid agent_skills.msd-planner '{value}'. "), \
            proc.stderr
        assert not (skills_project / ".planning" / "config.json").exists()


def test_agent_skills_inside_project_accepted(skills_project: Path, tmp_path: Path) -> None:
    proc = msd_here("config-set", "agent_skills.msd-planner", "skills/mine",
                    cwd=skills_project, env=_penv(tmp_path))
    assert proc.returncode == 0, proc.stderr
    cfg = json.loads((skills_project / ".planning" / "config.json").read_text())
    assert cfg == {"agent_skills": {"msd-planner": "skills/mine"}}


# --- scanning a hostile tree ------------------------------------------------------------------

HANG_GUARD_S = 60.0  # a hang, not a speed target (speed lives in bench/)
DEEP = 20


def _unreadable_target() -> Path | None:
    """A directory this process cannot list (root ignores mode bits, so look for one)."""
    for candidate in ("/proc/1/map_files", "/proc/self/map_files/../../1/map_files"):
        try:
            os.scandir(candidate).close()
        except PermissionError:
            return Path(candidate)
        except OSError:
            continue
    return None


def _hostile_tree(base: Path) -> dict[str, Path]:
    root = base / "ws"
    (root / "a" / "b").mkdir(parents=True)
    (root / "a" / "b" / "loop").symlink_to(root / "a", target_is_directory=True)
    (root / "a" / "self").symlink_to(".", target_is_directory=True)
    (root / "x").mkdir()
    (root / "z").mkdir()
    (root / "x" / "to-z").symlink_to("../z", target_is_directory=True)
    (root / "z" / "to-x").symlink_to("../x", target_is_directory=True)
    (root / "z" / "to-root").symlink_to(root, target_is_directory=True)
    (root / "dangling").symlink_to(root / "nowhere")
    shallow = make_project(root / "a", "p1")
    deep = root
    for i in range(DEEP):
        deep = deep / f"d{i:02d}"
    deep_project = make_project(deep, "deep-proj")
    locked = root / "locked"
    make_project(locked, "hidden-proj")
    locked.chmod(0)
    target = _unreadable_target()
    if target is not None:
        (root / "unreadable-link").symlink_to(target, target_is_directory=True)
    return {"root": root, "shallow": shallow, "deep": deep_project, "locked": locked}


def test_scan_of_hostile_tree_terminates_within_bound(tmp_path: Path) -> None:
    tree = _hostile_tree(tmp_path)
    try:
        real_dirs = len(_dirs(tree["root"]))
        seen: list[int] = []
        found = discover_projects(tree["root"], on_progress=lambda n, _p: seen.append(n))
        roots = {ref.root for ref in found}
        assert tree["shallow"] in roots
        assert tree["deep"] not in roots, "the default depth bound was not applied"
        assert len(seen) <= real_dirs, "a directory was visited twice (symlink loop)"
        deep_found = discover_projects(tree["root"], max_depth=DEEP + 5)
        assert tree["deep"] in {ref.root for ref in deep_found}
        if os.geteuid() != 0:
            assert all("hidden-proj" not in str(r.root) for r in deep_found)
        record_figure("r5_scan", {"real_dirs": real_dirs, "visited_default": len(seen)})
    finally:
        tree["locked"].chmod(0o755)


def test_cli_scan_of_hostile_tree(tmp_path: Path) -> None:
    tree = _hostile_tree(tmp_path)
    try:
        proc = msd("workspaces", "scan", str(tree["root"]), "--depth", str(DEEP + 5),
                   cwd=tmp_path, env=_penv(tmp_path), timeout=HANG_GUARD_S)
        assert proc.returncode == 0, proc.stderr
        roots = {entry["root"] for entry in json.loads(proc.stdout)}
        assert str(tree["deep"]) in roots
        assert str(tree["shallow"]) in roots
    finally:
        tree["locked"].chmod(0o755)


def test_scan_does_not_follow_links_out_of_the_scan_root(tmp_path: Path) -> None:
    # Fixed finding F2: `ln -s / ws/escape` made `msd workspaces scan ws` list projects all
    # over the disk. Links whose real path leaves the scan root are not entered.
    ws = tmp_path / "ws"
    mine = make_project(ws, "mine")
    outside = make_project(tmp_path / "elsewhere", "outside-proj")
    (ws / "escape").symlink_to("/", target_is_directory=True)
    (ws / "to-outside").symlink_to(outside, target_is_directory=True)
    (ws / "to-parent").symlink_to("..", target_is_directory=True)
    (ws / "to-mine").symlink_to("mine", target_is_directory=True)  # inside: followed
    seen: list[Path] = []
    found = discover_projects(ws, max_depth=DEEP, on_progress=lambda _n, p: seen.append(p))
    assert [ref.root for ref in found] == [mine]
    assert len(seen) == 2, seen  # ws and mine (reached once, through either path)
    proc = msd_here("workspaces", "scan", str(ws), "--depth", str(DEEP), cwd=tmp_path,
                    env=_penv(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert [entry["root"] for entry in json.loads(proc.stdout)] == [str(mine)]


# --- MSD_PROJECT and workstream names ---------------------------------------------------------

BAD_NAMES = ["a/b", "a\\b", "..", "../x", "x/..", "..\\x", "../../etc"]


@pytest.mark.parametrize("name", BAD_NAMES)
def test_core_refuses_bad_names(tmp_path: Path, name: str) -> None:
    root = make_project(tmp_path)
    with pytest.raises(MsdError) as info:
        planning_dir(root, {"MSD_PROJECT": name}, None)
    assert str(info.value) == f"MSD_PROJECT contains invalid path characters: {name}"
    with pytest.raises(MsdError) as info:
        planning_dir(root, {}, name)
    assert str(info.value) == f"MSD_WORKSTREAM contains invalid path characters: {name}"
    with pytest.raises(MsdError):
        config_set(root, "mode", "yolo", env={"MSD_PROJECT": name})
    with pytest.raises(MsdError):
        config_set(root, "mode", "yolo", env={"MSD_WORKSTREAM": name})
    assert _dirs(tmp_path) == {".", "proj", "proj/.planning"}


@pytest.mark.parametrize("name", ["a/b", "a\\b", "..", "../x"])
def test_cli_refuses_bad_msd_project(tmp_path: Path, name: str) -> None:
    root = make_project(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    (root / "STATE.md").write_text("---\nstatus: OUTSIDE-MARKER\n---\n")
    before_files, before_dirs = tree_bytes(tmp_path), _dirs(tmp_path)
    env = _penv(home, MSD_PROJECT=name)
    message = f"MSD_PROJECT contains invalid path characters: {name}"
    for args in (("config-set", "mode", "yolo"), ("config-get", "mode"), ("migrate-config",),
                 ("resolve-model", "msd-planner"), ("state",)):  # state: fixed finding F4
        proc = msd_here(*args, cwd=root, env=env)
        assert proc.returncode == 1, (args, proc.stdout)
        assert proc.stderr == f"Error: {message}\n", (args, proc.stderr)
    line = msd_here("statusline", cwd=root, env=env)
    assert line.returncode == 0
    assert "OUTSIDE-MARKER" not in line.stdout
    assert tree_bytes(tmp_path) == before_files
    assert _dirs(tmp_path) == before_dirs


@pytest.mark.parametrize("name", ["a/b", "a\\b", "..", "../x"])
def test_cli_refuses_bad_msd_workstream(tmp_path: Path, name: str) -> None:
    root = make_project(tmp_path)
    home = tmp_path / "home"
    home.mkdir()
    before_files, before_dirs = tree_bytes(tmp_path), _dirs(tmp_path)
    env = _penv(home, MSD_WORKSTREAM=name)
    expected = f"Error: MSD_WORKSTREAM contains invalid path characters: {name}\n"  # §1, F3
    for args in (("config-set", "mode", "yolo"), ("config-get", "mode"), ("state",),
                 ("resolve-model", "msd-planner")):
        proc = msd_here(*args, cwd=root, env=env)
        assert proc.returncode == 1, (args, proc.stdout)
        assert proc.stderr == expected, (args, proc.stderr)
    assert tree_bytes(tmp_path) == before_files
    assert _dirs(tmp_path) == before_dirs


def test_hostile_active_workstream_pointer_is_ignored(tmp_path: Path) -> None:
    root = make_project(tmp_path)
    (root / ".planning" / "active-workstream").write_text("../../escape\n")
    (root / ".planning" / "workstreams").mkdir()
    proc = msd_here("config-set", "mode", "yolo", cwd=root, env=_penv(tmp_path))
    assert proc.returncode == 0, proc.stderr
    assert json.loads((root / ".planning" / "config.json").read_text()) == {"mode": "yolo"}
    assert not (tmp_path / "escape").exists()
    assert (root / ".planning" / "active-workstream").read_text() == "../../escape\n"
