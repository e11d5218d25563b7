"""new-project (spec §4 case 1, Appendix B D4/D6): the built file, defaults.json handling, CLI.

Real files under tmp HOME (the autouse fixture); the keyring is the ``fail`` backend in the
CLI subprocess tests, so "not detected" really means not detected.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from msd_desktop.core.common.errors import MsdError
from msd_desktop.core.secrets.store import has_secret, secret_keys
from msd_desktop.core.workspace.new_project import (
    MERGED_SECTIONS,
    build_new_project_config,
    builtin_new_project_config,
    choices_from_assignments,
    create_new_project,
    new_project,
)
from msd_desktop.core.workspace.paths import defaults_path
from tests.prerequisites import require_keyring

REPO = Path(__file__).resolve().parents[3]


@pytest.fixture
def env(isolated_home: Path) -> dict[str, str]:
    return {"HOME": str(isolated_home), "PATH": os.environ.get("PATH", "")}


def write_defaults(env: dict[str, str], data: object | str) -> Path:
    path = defaults_path(env)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(data if isinstance(data, str) else json.dumps(data), encoding="utf-8")
    return path


def _undetected(key: str, env: dict[str, str]) -> object:
    return True if has_secret(key, env=env) else None


def test_builtins_follow_upstream_order_with_d6_values(env: dict[str, str]) -> None:
    config, notes = build_new_project_config({}, env)
    assert list(config)[:4] == ["model_profile", "commit_docs", "parallelization",
                                "search_gitignored"]
    assert config["claude_md_path"] == "./CLAUDE.md"  # D6
    assert "phase_naming" not in config  # D6: no default
    assert config["git"]["phase_branch_template"] == "msd/phase-{phase}-{slug}"
    assert config["workflow"]["security_block_on"] == "high"
    for key in secret_keys():
        assert config[key] == _undetected(key, env)
    assert notes.defaults_used is False
    assert set(MERGED_SECTIONS) <= set(config)


def test_api_key_detected_from_env_and_file(env: dict[str, str]) -> None:
    env["BRAVE_API_KEY"] = "x" * 12
    f = Path(env["HOME"]) / ".msd" / "exa_api_key"
    f.parent.mkdir(parents=True)
    f.write_text("key", encoding="utf-8")
    config, notes = build_new_project_config({}, env)
    assert config["brave_search"] is True
    assert notes.detected_keys["brave_search"] == "env"
    assert config["exa_search"] is True
    assert notes.detected_keys["exa_search"] == "file"


def test_three_layers_and_one_level_section_merge(env: dict[str, str]) -> None:
    write_defaults(env, {
        "model_profile": "quality",
        "mode": "yolo",
        "git": {"branching_strategy": "phase", "base_branch": "develop"},
        "workflow": {"research": False},
        "review": {"models": {"codex": "x"}},
        "custom_key": 1,
    })
    choices = {"mode": "interactive", "workflow": {"verifier": False},
               "review": {"default_reviewers": ["codex"]}}
    config, notes = build_new_project_config(choices, env)
    assert notes.defaults_used
    assert config["model_profile"] == "quality"  # defaults over built-in
    assert config["mode"] == "interactive"  # choices over defaults
    assert config["git"]["branching_strategy"] == "phase"
    assert config["git"]["base_branch"] == "develop"
    assert config["git"]["create_tag"] is True  # built-in kept inside the section
    assert config["workflow"]["research"] is False
    assert config["workflow"]["verifier"] is False
    assert config["workflow"]["plan_check"] is True
    assert config["review"] == {"default_reviewers": ["codex"]}  # not a merged section
    assert config["custom_key"] == 1
    # new keys from defaults then choices come after the built-ins, sections keep their place
    keys = list(config)
    assert keys[:len(builtin_new_project_config(env))] == list(builtin_new_project_config(env))
    assert keys[-3:] == ["mode", "review", "custom_key"]


def test_runtime_from_defaults_is_dropped_but_choice_kept(env: dict[str, str]) -> None:
    write_defaults(env, {"runtime": "codex", "model_profile": "budget"})
    config, notes = build_new_project_config({}, env)
    assert "runtime" not in config
    assert notes.runtime_dropped == "codex"
    config, _ = build_new_project_config({"runtime": "claude"}, env)
    assert config["runtime"] == "claude"


@pytest.mark.parametrize(("depth", "granularity"), [
    ("quick", "coarse"), ("standard", "standard"), ("comprehensive", "fine"), ("odd", "odd"),
])
def test_depth_in_defaults_is_migrated_and_file_rewritten(
    env: dict[str, str], depth: str, granularity: str
) -> None:
    path = write_defaults(env, {"depth": depth, "mode": "yolo"})
    config, notes = build_new_project_config({}, env)
    assert config["granularity"] == granularity
    assert "depth" not in config
    assert notes.defaults_rewritten
    assert json.loads(path.read_text(encoding="utf-8")) == {"mode": "yolo",
                                                            "granularity": granularity}


def test_depth_left_alone_when_granularity_present(env: dict[str, str]) -> None:
    path = write_defaults(env, {"depth": "quick", "granularity": "fine"})
    before = path.read_bytes()
    config, notes = build_new_project_config({}, env)
    assert config["granularity"] == "fine"
    assert config["depth"] == "quick"
    assert path.read_bytes() == before
    assert not notes.defaults_rewritten


@pytest.mark.parametrize("text", ["{not json", "[1, 2]", "null", '"x"', ""])
def test_malformed_defaults_are_ignored(env: dict[str, str], text: str) -> None:
    write_defaults(env, text)
    config, notes = build_new_project_config({"mode": "yolo"}, env)
    assert config == build_new_project_config({"mode": "yolo"}, {**env, "HOME": "/nonexistent"})[0]
    assert notes.defaults_ignored


def test_invalid_pr_body_sections_refused_with_upstream_wording(env: dict[str, str]) -> None:
    with pytest.raises(MsdError, match=r"Invalid ship.pr_body_sections\[0\]. heading must"):
        build_new_project_config({"ship": {"pr_body_sections": [{"source": "PLAN.md ## Risks"}]}},
                                 env)
    write_defaults(env, {"ship": {"pr_body_sections": "nope"}})
    with pytest.raises(MsdError, match="Expected a JSON array"):
        build_new_project_config({}, env)


def test_non_object_section_spreads_like_javascript(env: dict[str, str]) -> None:
    config, _ = build_new_project_config({"hooks": "ab", "agent_skills": 5}, env)
    assert list(config["hooks"]) == ["0", "1", "context_warnings"]  # index keys first
    assert config["agent_skills"] == {}


def test_create_writes_file_and_never_overwrites(env: dict[str, str], tmp_path: Path) -> None:
    root = tmp_path / "proj"
    root.mkdir()
    path = create_new_project(root, {"mode": "yolo"}, env)
    assert path == root / ".planning" / "config.json"
    text = path.read_text(encoding="utf-8")
    assert text.endswith("}\n")
    assert json.loads(text)["mode"] == "yolo"
    with pytest.raises(MsdError, match="already exists"):
        create_new_project(root, {"mode": "interactive"}, env)
    assert path.read_text(encoding="utf-8") == text


def test_create_refuses_missing_folder(env: dict[str, str], tmp_path: Path) -> None:
    with pytest.raises(MsdError, match="Not a folder"):
        create_new_project(tmp_path / "nope", {}, env)


def test_secret_choice_without_keyring_writes_nothing(tmp_path: Path) -> None:
    """D4: a plaintext key never lands in config.json; with no keyring nothing is written."""
    root = tmp_path / "p"
    root.mkdir()
    code = (
        "import sys, json; from pathlib import Path\n"
        "from msd_desktop.core.workspace.new_project import new_project\n"
        "from msd_desktop.core.common.errors import KeyringUnavailableError\n"
        "try:\n"
        f"    new_project(Path({str(root)!r}), {{'brave_search': 'sk-plaintext-123'}}, "
        f"{{'HOME': {str(tmp_path)!r}}})\n"
        "except KeyringUnavailableError as e: print('refused')\n"
    )
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert out.strip() == "refused"
    assert not (root / ".planning" / "config.json").exists()


@pytest.mark.keyring
def test_secret_choice_goes_to_keyring(env: dict[str, str], tmp_path: Path) -> None:
    from msd_desktop.core.secrets import store as secrets

    require_keyring()
    root = tmp_path / "p"
    root.mkdir()
    result = new_project(root, {"exa_search": "exa-secret-value"}, env)
    data = json.loads(result.path.read_text(encoding="utf-8"))
    assert data["exa_search"] is True
    assert "exa-secret-value" not in result.path.read_text(encoding="utf-8")
    assert secrets.reveal_secret("exa_search", root=root, env=env) == "exa-secret-value"
    secrets.delete_secret("exa_search", root=root, env=env)


def test_choices_from_assignments_coerce_and_validate() -> None:
    assert choices_from_assignments(["mode=yolo", "workflow.research=false",
                                     "workflow.node_repair_budget=3"]) == {
        "mode": "yolo", "workflow": {"research": False, "node_repair_budget": 3}}
    with pytest.raises(MsdError, match="Invalid mode 'bad'"):
        choices_from_assignments(["mode=bad"])
    with pytest.raises(MsdError, match="Unknown config key"):
        choices_from_assignments(["nonsense.key=1"])
    with pytest.raises(MsdError, match="KEY=VALUE"):
        choices_from_assignments(["mode"])


def test_builtin_helper_marks_detected_keys(env: dict[str, str]) -> None:
    config = builtin_new_project_config(env, {"jina": "env"})
    assert config["jina"] is True
    assert config["brave_search"] is None


def _cli(args: list[str], cwd: Path, home: Path) -> subprocess.CompletedProcess[str]:
    env = {"PATH": os.environ.get("PATH", ""), "HOME": str(home),
           "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    return subprocess.run([sys.executable, "-m", "msd_desktop.cli", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=60, check=False)


def test_cli_new_project(tmp_path: Path) -> None:
    home, proj = tmp_path / "home", tmp_path / "proj"
    home.mkdir()
    proj.mkdir()
    r = _cli(["new-project"], proj, home)
    assert r.returncode == 1
    assert "--from-defaults" in r.stderr
    r = _cli(["new-project", "mode=yolo", "granularity=fine"], proj, home)
    assert r.returncode == 0, r.stderr
    out = json.loads(r.stdout)
    assert out["created"] is True
    assert out["path"] == ".planning/config.json"
    on_disk = json.loads((proj / ".planning" / "config.json").read_text(encoding="utf-8"))
    assert out["config"] == on_disk
    assert on_disk["granularity"] == "fine"
    r = _cli(["new-project", "--from-defaults"], proj, home)
    assert r.returncode == 1
    assert "already exists" in r.stderr


def test_cli_new_project_from_defaults_and_bad_value(tmp_path: Path) -> None:
    home, proj = tmp_path / "home", tmp_path / "proj"
    (home / ".msd").mkdir(parents=True)
    proj.mkdir()
    (home / ".msd" / "defaults.json").write_text('{"model_profile": "budget"}', encoding="utf-8")
    r = _cli(["new-project", "mode=sometimes"], proj, home)
    assert r.returncode == 1
    assert "Invalid mode 'sometimes'" in r.stderr
    assert not (proj / ".planning").exists()
    r = _cli(["new-project", "--from-defaults"], proj, home)
    assert r.returncode == 0, r.stderr
    assert json.loads(r.stdout)["config"]["model_profile"] == "budget"


def test_preview_does_not_rewrite_defaults(env: dict[str, str]) -> None:
    path = write_defaults(env, {"depth": "quick"})
    before = path.read_bytes()
    config, notes = build_new_project_config({}, env, rewrite_defaults=False)
    assert config["granularity"] == "coarse"
    assert notes.depth_migration is not None
    assert path.read_bytes() == before
    assert not notes.defaults_rewritten


# --------------------------------------------------------------------------- the window's create


def _tree(root: Path) -> list[str]:
    return sorted(str(p.relative_to(root)) for p in root.rglob("*"))


def test_seed_state_parses_and_names_the_next_step(env: dict[str, str], tmp_path: Path) -> None:
    from msd_desktop.core.state.next_command import next_command
    from msd_desktop.core.state.project import load_project_state
    from msd_desktop.core.state.state_md import parse_state_file
    from msd_desktop.core.state.statusline import parse_statusline_fields

    root = tmp_path / "fresh"
    root.mkdir()
    result = new_project(root, {"mode": "yolo"}, env, seed_state=True)
    assert result.state_path == root / ".planning" / "STATE.md"
    text = result.state_path.read_text(encoding="utf-8")
    doc = parse_state_file(result.state_path)
    assert doc.version == "1.0"
    assert doc.fm["status"] == "planning"
    assert doc.fm["milestone"] == "v1.0"
    assert doc.fm["progress"] == {"total_plans": 0, "completed_plans": 0, "percent": 0}
    fields = parse_statusline_fields(text)
    assert fields["status"] == "planning"
    state = load_project_state(root, env)
    assert state.problems == []
    assert state.status.value == "planning"
    # a project that has not started is never "milestone complete" (spec §7.6 scene 3)
    assert state.statusline_full == "v1.0 [░░░░░░░░░░] 0% · planning"
    assert "complete" not in state.statusline_compact
    command = next_command(state.statusline_fields, normalized_status=state.status.value)
    assert command is not None
    assert command.text == "/msd-new-project"
    # the config is the one the CLI writes (the seed is the only addition)
    assert json.loads(result.path.read_text(encoding="utf-8"))["mode"] == "yolo"
    assert _tree(root) == [".planning", ".planning/STATE.md", ".planning/config.json"]


def test_missing_folder_is_created_only_when_asked(env: dict[str, str], tmp_path: Path) -> None:
    root = tmp_path / "work" / "clients" / "new-app"
    with pytest.raises(MsdError, match="Not a folder"):
        new_project(root, {}, env, seed_state=True)
    assert not (tmp_path / "work").exists()
    result = new_project(root, {}, env, create_folder=True, seed_state=True)
    assert result.path.is_file()
    assert result.state_path is not None
    assert result.state_path.is_file()


def test_check_project_folder_names_each_odd_target(tmp_path: Path) -> None:
    from msd_desktop.core.workspace.project_folder import check_project_folder

    a_file = tmp_path / "notes.txt"
    a_file.write_text("x", encoding="utf-8")
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    loop = tmp_path / "loop"
    loop.symlink_to(loop)
    dangling = tmp_path / "dangling"
    dangling.symlink_to(tmp_path / "gone")
    has_planning = tmp_path / "old"
    (has_planning / ".planning").mkdir(parents=True)
    cases = {
        a_file: "is a file, not a folder",
        fifo: "is a FIFO (named pipe), not a folder",
        loop: "is a symlink loop",
        dangling: "symlink to something that does not exist",
        a_file / "sub": "is a file, not a folder",  # a missing folder below a file
        has_planning: "already has .planning/",
        Path("relative/dir"): "not an absolute path",
    }
    for target, words in cases.items():
        check = check_project_folder(target)
        assert check.problem is not None, target
        assert words in check.problem, (target, check.problem)
    assert check_project_folder(tmp_path).ok
    missing = check_project_folder(tmp_path / "a" / "b")
    assert missing.ok
    assert missing.missing


def test_odd_targets_are_refused_and_nothing_is_written(env: dict[str, str],
                                                        tmp_path: Path) -> None:
    targets = tmp_path / "targets"
    targets.mkdir()
    a_file = targets / "file"
    a_file.write_text("keep me", encoding="utf-8")
    fifo = targets / "fifo"
    os.mkfifo(fifo)
    loop = targets / "loop"
    loop.symlink_to(loop)
    before = _tree(targets)
    for target in (a_file, fifo, loop, a_file / "below", loop / "below"):
        with pytest.raises(MsdError) as info:
            new_project(target, {}, env, create_folder=True, seed_state=True)
        assert str(target) in str(info.value) or str(target.parent) in str(info.value)
    assert _tree(targets) == before
    assert a_file.read_text(encoding="utf-8") == "keep me"


def test_existing_state_md_is_never_overwritten(env: dict[str, str], tmp_path: Path) -> None:
    root = tmp_path / "p"
    (root / ".planning").mkdir(parents=True)
    state = root / ".planning" / "STATE.md"
    state.write_text("---\nstatus: executing\n---\n", encoding="utf-8")
    with pytest.raises(MsdError, match=r"STATE\.md already exists"):
        new_project(root, {}, env, seed_state=True)
    assert state.read_text(encoding="utf-8") == "---\nstatus: executing\n---\n"
    assert not (root / ".planning" / "config.json").exists()
    # a looping symlink where STATE.md goes is refused too (it would be replaced)
    state.unlink()
    state.symlink_to(state)
    with pytest.raises(MsdError, match="cannot be followed"):
        new_project(root, {}, env, seed_state=True)
    assert not (root / ".planning" / "config.json").exists()


def test_failure_after_creating_the_folder_leaves_nothing(tmp_path: Path) -> None:
    """No usable keyring (a real backend that fails): the folders made for it are gone."""
    base = tmp_path / "base"
    base.mkdir()
    root = base / "deep" / "new-app"
    code = (
        "from pathlib import Path\n"
        "from msd_desktop.core.workspace.new_project import new_project\n"
        "from msd_desktop.core.common.errors import KeyringUnavailableError\n"
        "try:\n"
        f"    new_project(Path({str(root)!r}), {{'brave_search': 'sk-plaintext-123'}}, "
        f"{{'HOME': {str(tmp_path)!r}}}, create_folder=True, seed_state=True)\n"
        "except KeyringUnavailableError as e: print('refused')\n"
    )
    env = {**os.environ, "PYTHON_KEYRING_BACKEND": "keyring.backends.fail.Keyring"}
    out = subprocess.run([sys.executable, "-c", code], env=env, capture_output=True, text=True,
                         timeout=60, check=True).stdout
    assert out.strip() == "refused"
    assert _tree(base) == []


def test_new_project_lands_in_the_scan_root_that_covers_it(tmp_path: Path) -> None:
    from msd_desktop.core.workspace.registry import Workspace, WorkspaceRegistry

    reg = WorkspaceRegistry(tmp_path / "cfg" / "workspaces.json", env={"HOME": str(tmp_path)})
    projects = tmp_path / "projects"
    projects.mkdir()
    root_ws = reg.add(projects, kind="scan_root", scan_depth=2)
    covered = projects / "clients" / "app"
    covered.mkdir(parents=True)
    (covered / ".planning").mkdir()
    assert reg.place_project(covered) == (root_ws, False)
    assert [w.path for w in reg.list()] == [projects]  # no one-project workspace
    # out of the scan's reach: too deep, hidden on the way, below another project, elsewhere
    deep = projects / "a" / "b" / "c"
    hidden = projects / ".cache" / "app"
    nested = covered / "tools"
    elsewhere = tmp_path / "elsewhere" / "app"
    for root in (deep, hidden, nested, elsewhere):
        (root / ".planning").mkdir(parents=True)
        ws, added = reg.place_project(root)
        assert added, root
        assert ws.kind == "folder"
        assert ws.path == root.resolve()
    assert len(reg.list()) == 5
    # a transient workspace the window shows (the demo) counts as well
    demo = tmp_path / "demo"
    (demo / "x" / ".planning").mkdir(parents=True)
    shown = Workspace("Demo workspace", demo, "scan_root", 2)
    assert reg.place_project(demo / "x", [shown]) == (shown, False)


@pytest.mark.parametrize("mask", [0o022, 0o027])
def test_planning_files_follow_the_umask_secrets_stay_private(
        env: dict[str, str], tmp_path: Path, mask: int) -> None:
    """STATE.md and config.json are shared (in git, with a team): the user's umask decides
    their mode; a plaintext key file is the user's alone, whatever the umask."""
    import stat

    from msd_desktop.core.secrets.store import store_secret_file

    before = os.umask(mask)
    try:
        result = new_project(tmp_path / "shared", {}, env, create_folder=True, seed_state=True)
        key_file = store_secret_file("exa_search", "exa-not-real-0000", env)
    finally:
        os.umask(before)
    assert result.state_path is not None
    for path in (result.path, result.state_path):
        assert stat.S_IMODE(path.stat().st_mode) == 0o666 & ~mask, path
    assert stat.S_IMODE(key_file.stat().st_mode) == 0o600
